//! The room's spread as a picture: numeric guesses as dots on a log axis around the answer and
//! its tolerance band (with the median), or a bar per option of a choice step.

use crate::domain::classroom::spread;
use crate::domain::lesson::template::{Format, format_number};
use crate::domain::logscale::short_label;

use super::svg::{Anchor, Svg};

/// The picture's width in pixels.
pub const WIDTH: u32 = 640;

const LEFT: f64 = 30.0;
const RIGHT: f64 = 30.0;

const STYLE: &str = "\
.background{fill:#ffffff}
.axis{stroke:#333333;stroke-width:1.5}
.tick{font-size:12px;fill:#333333}
.band{fill:#c9e8d2}
.answer{stroke:#1a7f37;stroke-width:2.5}
.answer-label{font-size:13px;fill:#1a7f37;font-weight:bold}
.guess{fill:#1f5fbf;fill-opacity:0.75}
.median{stroke:#b3261e;stroke-width:2;stroke-dasharray:4 3}
.median-label{font-size:12px;fill:#b3261e}
.bar{fill:#9db8e0}
.bar-right{fill:#1a7f37}
.option{font-size:13px;fill:#111111}
.count{font-size:13px;fill:#333333}";

/// Numeric guesses against the answer: a log axis of whole decades, the band scored in full,
/// the answer, each guess as a dot (stacked where they crowd) and the median. `None` without
/// a guess that can go on a log axis.
#[must_use]
pub fn numbers(guesses: &[f64], answer: f64, unit: &str, tolerance: f64) -> Option<String> {
    let s = spread(guesses, answer, tolerance)?;
    let width = f64::from(WIDTH) - LEFT - RIGHT;
    let x = |v: f64| LEFT + s.axis.fraction(v).clamp(0.0, 1.0) * width;
    let axis_y = 130.0;
    let title = format!("The room's guesses, {unit}");
    let mut svg = Svg::new(WIDTH, 170, &title, STYLE);
    svg.rect(
        "band",
        (x(s.band.0), 30.0),
        (x(s.band.1) - x(s.band.0), axis_y - 30.0),
    );
    svg.line("axis", (LEFT, axis_y), (LEFT + width, axis_y));
    for tick in s.axis.decade_ticks() {
        svg.line("axis", (x(tick), axis_y), (x(tick), axis_y + 5.0));
        svg.text(
            "tick",
            (x(tick), axis_y + 20.0),
            Anchor::Middle,
            &short_label(tick),
        );
    }
    // Guesses in the same 8-pixel column stack upwards.
    let mut heights: Vec<(i64, u32)> = Vec::new();
    for &guess in &s.guesses {
        let column = (x(guess) / 8.0).round() as i64;
        let level = if let Some((_, level)) = heights.iter_mut().find(|(c, _)| *c == column) {
            *level += 1;
            *level
        } else {
            heights.push((column, 0));
            0
        };
        svg.circle(
            "guess",
            (x(guess), axis_y - 8.0 - 9.0 * f64::from(level)),
            4.5,
        );
    }
    svg.line("answer", (x(answer), 22.0), (x(answer), axis_y));
    let answer_text = format!("answer {} {unit}", format_number(answer, Format::Auto));
    svg.text(
        "answer-label",
        (x(answer), 16.0),
        Anchor::Middle,
        &answer_text,
    );
    svg.line("median", (x(s.median), 40.0), (x(s.median), axis_y));
    let median_text = format!(
        "median {} · {} of {} within ±{:.0}%",
        format_number(s.median, Format::Auto),
        s.within,
        s.guesses.len(),
        100.0 * tolerance
    );
    svg.text("median-label", (LEFT, 165.0), Anchor::Start, &median_text);
    Some(svg.finish())
}

/// A bar per option, the right one in green, with how many chose it.
#[must_use]
pub fn choices(options: &[String], counts: &[usize], correct: usize) -> String {
    let row = 28.0;
    let height = 20.0 + row * options.len() as f64;
    let most = counts.iter().copied().max().unwrap_or(0).max(1) as f64;
    let bar_left = 260.0;
    let bar_width = f64::from(WIDTH) - bar_left - 60.0;
    let mut svg = Svg::new(WIDTH, height as u32, "The room's choices", STYLE);
    for (i, option) in options.iter().enumerate() {
        let y = 10.0 + row * i as f64;
        let count = counts.get(i).copied().unwrap_or(0);
        let class = if i == correct { "bar-right" } else { "bar" };
        let mark = if i == correct { " ✓" } else { "" };
        let label: String = option.chars().take(36).collect();
        svg.text(
            "option",
            (bar_left - 10.0, y + 15.0),
            Anchor::End,
            &format!("{label}{mark}"),
        );
        svg.rect(
            class,
            (bar_left, y + 2.0),
            (bar_width * count as f64 / most, row - 8.0),
        );
        svg.text(
            "count",
            (bar_left + bar_width * count as f64 / most + 6.0, y + 15.0),
            Anchor::Start,
            &count.to_string(),
        );
    }
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guesses_around_the_answer() {
        let svg = numbers(
            &[100.0, 250.0, 300.0, 300.0, 1000.0],
            295.0,
            "FLOP/byte",
            0.1,
        )
        .unwrap();
        assert_eq!(svg.matches("class=\"guess\"").count(), 5);
        assert!(svg.contains("answer 295 FLOP/byte"), "{svg}");
        assert!(svg.contains("median 300 · 2 of 5 within ±10%"), "{svg}");
        for tick in [">100<", ">1k<"] {
            assert!(svg.contains(tick), "{tick} in {svg}");
        }
        assert!(!svg.contains("NaN"));
        // The two guesses of 300 stack.
        assert!(svg.contains("cy=\"113.0\""), "{svg}");
        assert_eq!(numbers(&[], 295.0, "FLOP/byte", 0.1), None);
    }

    #[test]
    fn a_bar_per_option() {
        let options = [
            "memory".to_owned(),
            "compute".to_owned(),
            "<both>".to_owned(),
        ];
        let svg = choices(&options, &[5, 1, 0], 0);
        assert_eq!(svg.matches("class=\"bar-right\"").count(), 1);
        assert_eq!(svg.matches("class=\"bar\"").count(), 2);
        assert!(
            svg.contains("memory ✓") && svg.contains("&lt;both&gt;"),
            "{svg}"
        );
    }
}
