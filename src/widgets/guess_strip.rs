//! The room's guesses on a log strip, against the answer and its tolerance band.
//!
//! ```text
//!  ·  ●      ●●  ░░░│░●░  ●            ●
//! 10          100          1k          10k
//! median 290 · 2 of 5 within ±10 % (40 %)
//! ```
//!
//! A cell with several guesses shows a digit (`3`); the answer is `│` (`|` in ASCII), the band
//! `░` (`:`), the median `◆` (`M`) under its guesses when it falls between them.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::theme::{Appearance, Element};
use crate::domain::classroom::Spread;
use crate::domain::format::group;
use crate::domain::logscale::short_label;

/// The strip for a spread around an answer.
#[derive(Debug, Clone)]
pub struct GuessStrip<'a> {
    spread: &'a Spread,
    answer: f64,
    appearance: Appearance,
}

impl<'a> GuessStrip<'a> {
    /// A strip of `spread` around `answer`.
    #[must_use]
    pub const fn new(spread: &'a Spread, answer: f64, appearance: Appearance) -> Self {
        Self {
            spread,
            answer,
            appearance,
        }
    }

    /// The column (from 0) of a value on a strip `width` cells wide.
    #[must_use]
    pub fn column(&self, value: f64, width: u16) -> u16 {
        let fraction = self.spread.axis.fraction(value).clamp(0.0, 1.0);
        (fraction * f64::from(width.saturating_sub(1))).round() as u16
    }

    /// The summary line: median, how many within tolerance, and the share.
    #[must_use]
    pub fn summary(&self) -> String {
        let s = self.spread;
        let tolerance = (s.band.1 / self.answer - 1.0) * 100.0;
        format!(
            "median {} · {} of {} within ±{tolerance:.0} % ({:.0} %)",
            figure(s.median),
            s.within,
            s.guesses.len(),
            s.within_pct()
        )
    }
}

impl Widget for GuessStrip<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        let look = self.appearance;
        let width = area.width;
        // The band, then the guesses, then the answer on top.
        let (from, to) = (
            self.column(self.spread.band.0, width),
            self.column(self.spread.band.1, width),
        );
        for x in from..=to.min(width - 1) {
            buf.set_string(
                area.x + x,
                area.y,
                look.pick("░", ":"),
                look.style(Element::Ridge),
            );
        }
        let mut counts = vec![0u32; usize::from(width)];
        for g in &self.spread.guesses {
            counts[usize::from(self.column(*g, width))] += 1;
        }
        for (x, n) in counts.iter().enumerate().filter(|(_, n)| **n > 0) {
            let glyph = match n {
                1 => look.pick("●", "o").to_owned(),
                2..=9 => n.to_string(),
                _ => "+".to_owned(),
            };
            buf.set_string(
                area.x + x as u16,
                area.y,
                glyph,
                look.style(Element::Decode),
            );
        }
        let answer_x = self.column(self.answer, width);
        buf.set_string(
            area.x + answer_x,
            area.y,
            look.pick("│", "|"),
            look.style(Element::Roof),
        );
        if area.height >= 2 {
            let median_x = self.column(self.spread.median, width);
            buf.set_string(
                area.x + median_x,
                area.y + 1,
                look.pick("◆", "M"),
                look.style(Element::Attention),
            );
            let axis = self.spread.axis;
            let mut decade = axis.min;
            while decade <= axis.max * 1.000_001 {
                let label = short_label(decade);
                let x = self.column(decade, width);
                let start = x
                    .saturating_sub(label.len() as u16 / 2)
                    .min(width.saturating_sub(label.len() as u16));
                if area.height >= 3 {
                    buf.set_string(
                        area.x + start,
                        area.y + 2,
                        &label,
                        look.style(Element::Axis),
                    );
                }
                decade *= 10.0;
            }
        }
        if area.height >= 4 {
            Line::from(Span::styled(self.summary(), look.style(Element::Axis)))
                .render(Rect::new(area.x, area.y + 3, width, 1), buf);
        }
    }
}

/// A figure as the strip's summary prints it.
fn figure(value: f64) -> String {
    if value >= 100.0 {
        group(value, 0)
    } else if value >= 10.0 {
        format!("{value:.1}")
    } else {
        format!("{value:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::classroom::spread;

    fn text(buf: &Buffer) -> Vec<String> {
        (0..buf.area.height)
            .map(|y| {
                (0..buf.area.width)
                    .map(|x| buf[(x, y)].symbol())
                    .collect::<String>()
            })
            .collect()
    }

    #[test]
    fn guesses_band_answer_median_and_summary() {
        let s = spread(&[30.0, 200.0, 290.0, 300.0, 1000.0], 295.0, 0.1).unwrap();
        let strip = GuessStrip::new(&s, 295.0, Appearance::default());
        let mut buf = Buffer::empty(Rect::new(0, 0, 121, 4));
        strip.clone().render(buf.area, &mut buf);
        let lines = text(&buf);
        // 10 … 1000 over 121 cells: one decade per 60 cells.
        assert_eq!(strip.column(10.0, 121), 0);
        assert_eq!(strip.column(100.0, 121), 60);
        assert_eq!(strip.column(1000.0, 121), 120);
        assert!(lines[0].contains('│'), "{lines:?}");
        assert!(lines[0].contains('●'), "{lines:?}");
        assert!(lines[0].contains('░'), "{lines:?}");
        assert!(lines[1].contains('◆'), "{lines:?}");
        assert!(
            lines[2].starts_with("10") && lines[2].trim_end().ends_with("1k"),
            "{lines:?}"
        );
        assert_eq!(
            lines[3].trim_end(),
            "median 290 · 2 of 5 within ±10 % (40 %)"
        );
    }

    #[test]
    fn several_guesses_in_one_cell_show_their_count() {
        let s = spread(&[100.0, 100.5, 101.0, 5000.0], 1000.0, 0.1).unwrap();
        let mut buf = Buffer::empty(Rect::new(0, 0, 20, 1));
        GuessStrip::new(&s, 1000.0, Appearance::default()).render(buf.area, &mut buf);
        assert!(text(&buf)[0].contains('3'), "{:?}", text(&buf));
    }

    #[test]
    fn tiny_areas_do_not_panic() {
        let s = spread(&[1.0], 1.0, 0.1).unwrap();
        for (w, h) in [(1, 1), (2, 1), (1, 4), (0, 0)] {
            let mut buf = Buffer::empty(Rect::new(0, 0, w, h));
            GuessStrip::new(&s, 1.0, Appearance::default()).render(buf.area, &mut buf);
        }
    }
}
