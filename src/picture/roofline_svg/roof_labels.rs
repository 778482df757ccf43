//! The roofs' names and peaks, right of the plot.

use super::label_place::{CHAR_WIDTH, Placer};
use super::{Frame, LEFT, RIGHT};
use crate::picture::svg::{Anchor, Svg};
use crate::widgets::Roof;

/// Each roof's name and peak right of the plot, level with its roof: wrapped to the margin,
/// and pushed down clear of the label above it when two
/// roofs are close (a card's measured roof under its datasheet's). The marks' labels, placed
/// after, keep off them.
pub(super) fn draw<'a>(
    svg: &mut Svg,
    placer: &mut Placer,
    frame: &Frame,
    roofs: impl Iterator<Item = (&'a Roof, &'a str)>,
    mask: &dyn Fn(&str) -> String,
) {
    const LINE: f64 = 15.0;
    let width = ((RIGHT - 16.0) / CHAR_WIDTH) as usize;
    let mut labels: Vec<(f64, &str, Vec<String>)> = roofs
        .map(|(roof, class)| {
            let y = frame.on_roof(roof, frame.x.max).1 + 4.0;
            let text = mask(&format!("{} {}", roof.name, roof.peak_label()));
            let lines = textwrap::wrap(&text, width)
                .into_iter()
                .map(std::borrow::Cow::into_owned)
                .collect();
            (y, class, lines)
        })
        .collect();
    labels.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut free_from = f64::NEG_INFINITY;
    for (y, class, lines) in labels {
        let top = y.max(free_from);
        for (i, line) in lines.iter().enumerate() {
            let at = (LEFT + Frame::plot_width() + 8.0, top + LINE * i as f64);
            svg.text(class, at, Anchor::Start, line);
            placer.occupied(line, at, Anchor::Start);
        }
        free_from = top + LINE * lines.len() as f64;
    }
}
