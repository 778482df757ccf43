//! Where a mark's label goes in the picture: beside its mark, at the first of a few spots
//! that covers no mark, no roof's name and no label already placed.
//!
//! ```text
//!            above-left   above ┐
//!                  ╲       ╱     (each tried in turn, the mark's own spot first)
//!   below-left ──── ✕ ──── own spot
//!                          ╲
//!                           below
//! ```

use crate::picture::svg::{Anchor, Svg};

/// The label type's size: 13 px, about 7 px a character, 14 px a line.
const CHAR_WIDTH: f64 = 7.0;
const ASCENT: f64 = 11.0;
const DESCENT: f64 = 3.0;
/// Between a mark and its label.
const GAP: f64 = 9.0;
/// Half a mark's size: a label keeps off this square around it.
const MARK: f64 = 6.0;

/// A label's box, px: left, top, right, bottom.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Box4(f64, f64, f64, f64);

impl Box4 {
    fn of(text: &str, (x, y): (f64, f64), anchor: Anchor) -> Self {
        let width = CHAR_WIDTH * text.chars().count() as f64;
        let left = match anchor {
            Anchor::Start => x,
            Anchor::Middle => x - width / 2.0,
            Anchor::End => x - width,
        };
        Self(left, y - ASCENT, left + width, y + DESCENT)
    }

    /// The area two boxes share, px².
    fn shared(self, other: Self) -> f64 {
        let width = self.2.min(other.2) - self.0.max(other.0);
        let height = self.3.min(other.3) - self.1.max(other.1);
        width.max(0.0) * height.max(0.0)
    }
}

/// The marks drawn, the labels waiting to be placed, and the edges no label may cross.
pub(super) struct Placer {
    taken: Vec<Box4>,
    waiting: Vec<((f64, f64), f64, String)>,
    top_edge: f64,
    right_edge: f64,
}

impl Placer {
    /// Nothing placed yet; labels stay below `top_edge` (the title's) and left of
    /// `right_edge` (the picture's).
    pub(super) fn new(top_edge: f64, right_edge: f64) -> Self {
        Self {
            taken: Vec::new(),
            waiting: Vec::new(),
            top_edge,
            right_edge,
        }
    }

    /// A mark drawn at `at`: no label may cover it.
    pub(super) fn mark(&mut self, (x, y): (f64, f64)) {
        self.taken
            .push(Box4(x - MARK, y - MARK, x + MARK, y + MARK));
    }

    /// Text already drawn at `xy`: no label may cover it.
    pub(super) fn occupied(&mut self, text: &str, xy: (f64, f64), anchor: Anchor) {
        self.taken.push(Box4::of(text, xy, anchor));
    }

    /// `text` for the mark at `at` (itself a mark), to go right of it and `dy` down when that is
    /// free; placed by [`Self::place_all`], once every mark is known.
    pub(super) fn label(&mut self, at: (f64, f64), dy: f64, text: String) {
        self.mark(at);
        self.waiting.push((at, dy, text));
    }

    /// Draws every waiting label, in the order given, at its own spot when that is free, else
    /// at the first free spot of: right of the mark one and two lines further from it, right on
    /// the other side of it (and a line further), then the same on the left. With none free,
    /// the spot that covers the least (an edge crossed counts as a great deal).
    pub(super) fn place_all(&mut self, svg: &mut Svg) {
        for (at, dy, text) in std::mem::take(&mut self.waiting) {
            let away = if dy < 0.0 { -15.0 } else { 15.0 };
            let other_side = if dy < 0.0 { 16.0 } else { -10.0 };
            let dys = [
                dy,
                dy + away,
                dy + 2.0 * away,
                other_side,
                other_side - away,
            ];
            let spots: Vec<((f64, f64), Anchor)> = dys
                .iter()
                .map(|&d| ((at.0 + GAP, at.1 + d), Anchor::Start))
                .chain(dys.iter().map(|&d| ((at.0 - GAP, at.1 + d), Anchor::End)))
                .collect();
            let cost =
                |&(xy, anchor): &((f64, f64), Anchor)| self.cost(Box4::of(&text, xy, anchor));
            let (xy, anchor) = spots
                .iter()
                .find(|spot| cost(spot) == 0.0)
                .or_else(|| spots.iter().min_by(|a, b| cost(a).total_cmp(&cost(b))))
                .copied()
                .unwrap_or(((at.0 + GAP, at.1 + dy), Anchor::Start));
            self.taken.push(Box4::of(&text, xy, anchor));
            svg.text("label", xy, anchor, &text);
        }
    }

    /// How much `b` covers: the area it shares with marks and labels, px², plus a thousand a
    /// pixel past an edge.
    fn cost(&self, b: Box4) -> f64 {
        let past =
            (b.2 - self.right_edge).max(0.0) + (-b.0).max(0.0) + (self.top_edge - b.1).max(0.0);
        let shared: f64 = self.taken.iter().map(|t| t.shared(b)).sum();
        1000.0 * past + shared
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The (x, y, anchor) of every label `svg` holds, in order.
    fn spots(svg: Svg) -> Vec<(String, String, String)> {
        let text = svg.finish();
        text.lines()
            .filter(|l| l.starts_with("<text"))
            .map(|l| {
                let attr = |name: &str| {
                    let from = l.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
                    l[from..].split('"').next().unwrap().to_owned()
                };
                (attr("x"), attr("y"), attr("text-anchor"))
            })
            .collect()
    }

    #[test]
    fn a_free_label_goes_right_of_its_mark() {
        let mut svg = Svg::new(400, 200, "t", "");
        let mut placer = Placer::new(0.0, 300.0);
        placer.label((100.0, 100.0), 16.0, "measured B=1".into());
        placer.place_all(&mut svg);
        assert_eq!(
            spots(svg),
            [("109.0".into(), "116.0".into(), "start".into())]
        );
    }

    #[test]
    fn a_second_label_on_the_first_moves_a_line_away() {
        let mut svg = Svg::new(500, 200, "t", "");
        let mut placer = Placer::new(0.0, 450.0);
        placer.label((100.0, 100.0), 20.0, "prefill · 1.25k FLOP/byte".into());
        placer.label((200.0, 100.0), 20.0, "measured B=1024".into());
        placer.place_all(&mut svg);
        let got = spots(svg);
        assert_eq!(got[0], ("109.0".into(), "120.0".into(), "start".into()));
        assert_eq!(got[1], ("209.0".into(), "135.0".into(), "start".into()));
    }

    #[test]
    fn a_label_that_would_reach_the_roofs_names_goes_left() {
        let mut svg = Svg::new(400, 200, "t", "");
        let mut placer = Placer::new(0.0, 300.0);
        placer.label((280.0, 100.0), 16.0, "measured B=1024".into());
        placer.place_all(&mut svg);
        assert_eq!(spots(svg), [("271.0".into(), "116.0".into(), "end".into())]);
    }

    #[test]
    fn with_no_free_spot_a_label_takes_the_one_that_covers_least() {
        let mut svg = Svg::new(400, 200, "t", "");
        let mut placer = Placer::new(0.0, 60.0);
        placer.label(
            (30.0, 100.0),
            16.0,
            "a label far too long for the room".into(),
        );
        placer.place_all(&mut svg);
        assert_eq!(
            spots(svg),
            [("39.0".into(), "116.0".into(), "start".into())]
        );
    }

    #[test]
    fn a_label_keeps_off_the_marks_drawn_after_its_own() {
        let mut svg = Svg::new(400, 200, "t", "");
        let mut placer = Placer::new(0.0, 300.0);
        placer.label((100.0, 100.0), 16.0, "measured B=1024".into());
        // A cross where the label would start: the label takes the next spot, a line lower.
        placer.mark((115.0, 112.0));
        placer.place_all(&mut svg);
        assert_eq!(
            spots(svg),
            [("109.0".into(), "131.0".into(), "start".into())]
        );
    }
}
