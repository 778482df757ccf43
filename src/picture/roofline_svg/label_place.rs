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
pub(super) const CHAR_WIDTH: f64 = 7.0;
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
    use rstest::rstest;

    use super::*;

    /// A label waiting for its mark at (x, y), `dy` down, with its text.
    type Wanted = ((f64, f64), f64, &'static str);

    /// Where each label lands, as the SVG writes it: x, y and anchor.
    fn placed(right_edge: f64, labels: &[Wanted], marks: &[(f64, f64)]) -> Vec<String> {
        let mut svg = Svg::new(500, 200, "t", "");
        let mut placer = Placer::new(0.0, right_edge);
        for &(at, dy, text) in labels {
            placer.label(at, dy, text.to_owned());
        }
        for &at in marks {
            placer.mark(at);
        }
        placer.place_all(&mut svg);
        svg.finish()
            .lines()
            .filter(|l| l.starts_with("<text"))
            .map(|l| {
                let attr = |name: &str| {
                    let from = l.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
                    l[from..].split('"').next().unwrap().to_owned()
                };
                format!("{} {} {}", attr("x"), attr("y"), attr("text-anchor"))
            })
            .collect()
    }

    #[rstest]
    #[case::free_goes_right_of_its_mark(
        300.0, &[((100.0, 100.0), 16.0, "measured B=1")], &[], &["109.0 116.0 start"]
    )]
    #[case::a_second_on_the_first_moves_a_line_away(
        450.0,
        &[((100.0, 100.0), 20.0, "prefill · 1.25k FLOP/byte"), ((200.0, 100.0), 20.0, "measured B=1024")],
        &[],
        &["109.0 120.0 start", "209.0 135.0 start"]
    )]
    #[case::past_the_right_edge_goes_left(
        300.0, &[((280.0, 100.0), 16.0, "measured B=1024")], &[], &["271.0 116.0 end"]
    )]
    #[case::off_a_mark_drawn_later(
        300.0, &[((100.0, 100.0), 16.0, "measured B=1024")], &[(115.0, 112.0)], &["109.0 131.0 start"]
    )]
    #[case::with_no_free_spot_the_one_that_covers_least(
        60.0, &[((30.0, 100.0), 16.0, "a label far too long for the room")], &[], &["39.0 116.0 start"]
    )]
    fn a_label_lands(
        #[case] right_edge: f64,
        #[case] labels: &[Wanted],
        #[case] marks: &[(f64, f64)],
        #[case] want: &[&str],
    ) {
        assert_eq!(placed(right_edge, labels, marks), want);
    }
}
