//! The figures a rendered screen shows, read as a learner reads them: each number with the
//! unit the words around it give it (`13.9 ms`, `ridge 295`, `5.4% of ridge`, `B=64`), in the
//! lesson pane (text) or the plot pane (the plot, its labels, the slider and the readouts).

#![allow(dead_code, reason = "each test file uses its own part")]

use roofline_tutor::domain::withhold::tokens;

/// A physical dimension: exponents of FLOP, byte, second and token (a sequence makes one
/// token a step, so a batch is tokens too).
pub type Dim = [i8; 4];

const FLOP_PER_BYTE: Dim = [1, -1, 0, 0];
const SECOND: Dim = [0, 0, 1, 0];
const TOKEN: Dim = [0, 0, 0, 1];
const TOKEN_PER_S: Dim = [0, 0, -1, 1];
const FLOP_PER_S: Dim = [1, 0, -1, 0];
const BYTE_PER_S: Dim = [0, 1, -1, 0];
const BYTE: Dim = [0, 1, 0, 0];
const NONE: Dim = [0, 0, 0, 0];

/// A value in base units with its dimension, or a bare number whose unit the screen does not say.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure {
    /// The number as written.
    pub shown: f64,
    /// In base units (FLOP, byte, second, token, a share as a fraction), where the unit is known.
    pub base: Option<(f64, Dim)>,
    /// Whether it has more than one significant digit.
    pub telling: bool,
    /// Its rounding, relative: half a unit of its last digit over its value.
    pub rounding: f64,
    /// The words either side of it (`ridge`, `% of`): which figure it is, from one screen to
    /// the next.
    pub label: String,
}

/// The unit an answer is asked in, as a scale to base units and a dimension.
pub fn unit(word: &str) -> Option<(f64, Dim)> {
    Some(match word.trim() {
        "FLOP/byte" => (1.0, FLOP_PER_BYTE),
        "ms" => (1e-3, SECOND),
        "s" => (1.0, SECOND),
        "tok/s" => (1.0, TOKEN_PER_S),
        "%" => (0.01, NONE),
        "TF" | "TFLOP/s" => (1e12, FLOP_PER_S),
        "TB/s" => (1e12, BYTE_PER_S),
        "GB" => (1e9, BYTE),
        "KiB" => (1024.0, BYTE),
        "sequences" | "tokens" => (1.0, TOKEN),
        _ => return None,
    })
}

/// The unit the words around a number give it.
fn unit_around(before: &str, after: &str) -> Option<(f64, Dim)> {
    if after.starts_with('%') {
        return unit("%");
    }
    let word: String = after
        .trim_start()
        .chars()
        .take_while(|c| !c.is_whitespace() && !matches!(c, ',' | ';' | ')' | '·' | '│'))
        .collect();
    if let Some(unit) = unit(word.trim_end_matches('.')) {
        return Some(unit);
    }
    let before = before.trim_end();
    if before.ends_with("ridge") || before.ends_with("AI") {
        return Some((1.0, FLOP_PER_BYTE));
    }
    if before.ends_with("batch") || before.ends_with("B=") || before.ends_with("KV wall") {
        return Some((1.0, TOKEN));
    }
    None
}

/// The figures of one pane's text (decade ticks and counters left out: they are furniture).
pub fn figures(text: &str) -> Vec<Figure> {
    let mut out = Vec::new();
    for line in text.lines() {
        for token in tokens(line) {
            let before = &line[..token.range.start];
            let named = unit_around(before, &line[token.range.end..]);
            // A bare decade is an axis tick; a named one (`batch 1`, `AI 1.0`) is a figure.
            if is_decade(token.value) && named.is_none() {
                continue;
            }
            if ["Step ", "Lesson ", "Score ", "Review "]
                .iter()
                .any(|w| before.ends_with(w))
                || line[token.range.end..].starts_with('/')
                    && before.ends_with(|c: char| c.is_whitespace())
                    && before.trim_end().ends_with("Step")
                || is_counter_total(before)
            {
                continue;
            }
            let base = named.map(|(scale, dim)| (token.value * scale, dim));
            out.push(Figure {
                shown: token.value,
                base,
                telling: token.is_telling(),
                rounding: token.resolution / 2.0 / token.value.max(f64::MIN_POSITIVE),
                label: label(before, &line[token.range.end..]),
            });
        }
    }
    out
}

/// Whether a number is the total of a counter (the `18` of `Step 5/18`): furniture.
fn is_counter_total(before: &str) -> bool {
    before.strip_suffix('/').is_some_and(|b| {
        let b = b.trim_end_matches(|c: char| c.is_ascii_digit());
        b.ends_with("Step ") || b.ends_with("Lesson ")
    })
}

/// What names a number: the unit after it (`ms`, `%`, `TF`), or else the word before it
/// (`ridge`, `AI`, `batch`, `B=`). The same figure has the same label from one screen to the
/// next, whatever the GPU's name or the slider beside it.
fn label(before: &str, after: &str) -> String {
    let part = |c: &char| c.is_ascii_alphanumeric() || matches!(c, '%' | '/' | '=');
    // The run of word characters next to the number: a label drawn against another
    // (`layers⠁ridge 295`) is read as `ridge`.
    let after: String = after.trim_start().chars().take_while(part).collect();
    if after.starts_with(|c: char| c.is_ascii_alphabetic() || c == '%') {
        return after;
    }
    let mut before: Vec<char> = before.trim_end().chars().rev().take_while(part).collect();
    before.reverse();
    before.into_iter().collect()
}

/// The screen split into its lesson pane (left) and plot pane (right) by the panes' borders.
pub fn panes(screen: &str) -> (String, String) {
    let split = screen
        .lines()
        .next()
        .and_then(|first| {
            let chars: Vec<char> = first.chars().collect();
            chars
                .windows(2)
                .position(|w| w == ['╮', '╭'])
                .map(|p| p + 1)
        })
        .unwrap_or(0);
    let (mut text, mut plot) = (String::new(), String::new());
    for line in screen.lines() {
        let chars: Vec<char> = line.chars().collect();
        let at = split.min(chars.len());
        text.extend(&chars[..at]);
        text.push('\n');
        plot.extend(&chars[at..]);
        plot.push('\n');
    }
    (text, plot)
}

/// Whether `value` lies within `tolerance` (relative) of `answer`.
pub fn near(value: f64, answer: f64, tolerance: f64) -> bool {
    value.is_finite() && answer > 0.0 && ((value - answer) / answer).abs() <= tolerance
}

fn is_decade(value: f64) -> bool {
    value > 0.0 && (value.log10() - value.log10().round()).abs() < 1e-12
}
