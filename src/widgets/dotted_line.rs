//! A dotted straight line for the canvas: the ridge marker and the comparison GPU's roofline,
//! which must read as "not the active roof" even without colour.

use ratatui::style::Color;
use ratatui::widgets::canvas::{Painter, Shape};

/// A line on a canvas whose bounds are the unit square (axis fractions), painting one dot in
/// every `period` along it. `period` 1 is a solid line.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DottedLine {
    /// Start, as axis fractions.
    pub from: (f64, f64),
    /// End, as axis fractions.
    pub to: (f64, f64),
    /// Paint every `period`-th dot (at least 1).
    pub period: usize,
    /// Dot colour.
    pub color: Color,
}

impl Shape for DottedLine {
    fn draw(&self, painter: &mut Painter) {
        let Some((from, to)) = clip_to_unit_square(self.from, self.to) else {
            return;
        };
        let (Some((x1, y1)), Some((x2, y2))) = (
            painter.get_point(from.0, from.1),
            painter.get_point(to.0, to.1),
        ) else {
            return;
        };
        let (dx, dy) = (x2 as f64 - x1 as f64, y2 as f64 - y1 as f64);
        let steps = dx.abs().max(dy.abs()) as usize;
        for step in (0..=steps).step_by(self.period.max(1)) {
            let t = if steps == 0 {
                0.0
            } else {
                step as f64 / steps as f64
            };
            let x = (x1 as f64 + t * dx).round() as usize;
            let y = (y1 as f64 + t * dy).round() as usize;
            painter.paint(x, y, self.color);
        }
    }
}

/// The part of a segment inside `[0, 1]²` (Liang–Barsky); `None` when it misses the square
/// or a coordinate is not a number.
#[must_use]
pub fn clip_to_unit_square(from: (f64, f64), to: (f64, f64)) -> Option<((f64, f64), (f64, f64))> {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
    for (p, q) in [
        (-dx, from.0),
        (dx, 1.0 - from.0),
        (-dy, from.1),
        (dy, 1.0 - from.1),
    ] {
        if !(p.is_finite() && q.is_finite()) {
            return None;
        }
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    (t0 <= t1).then_some({
        (
            (from.0 + t0 * dx, from.1 + t0 * dy),
            (from.0 + t1 * dx, from.1 + t1 * dy),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::widgets::plot_layout::unit_canvas;
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::symbols::Marker;
    use ratatui::widgets::Widget;
    use rstest::rstest;

    #[rstest]
    #[case::inside((0.2, 0.2), (0.8, 0.5), Some(((0.2, 0.2), (0.8, 0.5))))]
    #[case::crossing((-1.0, 0.5), (2.0, 0.5), Some(((0.0, 0.5), (1.0, 0.5))))]
    #[case::diagonal_in((-0.5, -0.5), (0.5, 0.5), Some(((0.0, 0.0), (0.5, 0.5))))]
    #[case::outside((1.5, 0.0), (2.0, 1.0), None)]
    #[case::vertical_outside((0.5, 1.2), (0.5, 3.0), None)]
    #[case::not_a_number((f64::NAN, 0.0), (1.0, 1.0), None)]
    fn clips(
        #[case] from: (f64, f64),
        #[case] to: (f64, f64),
        #[case] expected: Option<((f64, f64), (f64, f64))>,
    ) {
        assert_eq!(clip_to_unit_square(from, to), expected);
    }

    #[track_caller]
    fn draw(period: usize) -> String {
        let line = DottedLine {
            from: (0.0, 0.5),
            to: (1.0, 0.5),
            period,
            color: Color::Red,
        };
        let area = Rect::new(0, 0, 8, 1);
        let mut buf = Buffer::empty(area);
        unit_canvas(Marker::Custom('.'), |ctx| ctx.draw(&line)).render(area, &mut buf);
        buf.content()
            .iter()
            .map(ratatui::buffer::Cell::symbol)
            .collect()
    }

    #[test]
    fn paints_every_period_th_dot() {
        assert_eq!(draw(1), "........");
        assert_eq!(draw(2), ". . . . ");
        assert_eq!(draw(3), ".  .  . ");
    }
}
