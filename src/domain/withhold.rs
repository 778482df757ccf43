//! Predict before you see: which figures may not be on screen yet, and the one function every
//! surface asks before it shows a number.
//!
//! A lesson's predict and explore steps ask for figures; until a step is revealed, no figure it
//! asks for may appear anywhere on screen (plot labels, readouts, slider, notices, templated
//! text). The figures are derived from the lesson itself (see `session::pending_figures`), so a
//! new lesson is covered without new code. A recall card's figures are withheld while the card is
//! up and unturned.
//!
//! A figure is recognised in text the way a reader would: a number token such as `295`,
//! `295.3`, `1,790`, `2.7%` or `1.3k` gives a figure away when the figure, rounded to the token's
//! precision (or to two significant digits: "about 300" for 295), is the token. Tokens glued to
//! letters (`H100`, `70B`, `4K`) are names and settings, not figures; a token with a single
//! significant digit (`8`, `3k`) says too little to count.

use std::borrow::Cow;
use std::ops::Range;

mod asked;
mod dimension;
mod family;
mod later;
mod step;
mod tokens;

pub use asked::Stated;
pub use dimension::{Dimension, by_dimension, of_dimension};
pub use family::{MeasuredFigure, Shown, family, measured_family};
pub use step::{asked_quantity, asked_unit, stated_figures};
pub use tokens::tokens;

/// What replaces a withheld figure.
pub const MASK: &str = "?";

/// The figures that may not be shown now.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Withheld {
    figures: Vec<f64>,
    /// The quantities withheld at every setting while the step on screen asks for one of them
    /// (see [`family`]).
    asked: Vec<crate::domain::quantity::Quantity>,
    /// The measured figures withheld with them (see [`measured_family`]).
    measured: Vec<MeasuredFigure>,
    /// The figures the question on screen states: they stay shown.
    stated: Vec<asked::Stated>,
    /// The unit a figure is asked in, where known (`98` → `sequences`): prose that writes the
    /// number with another unit (`98 layers`) is not stating it.
    units: Vec<(f64, String)>,
    /// The quantities later steps ask, withheld at every setting until they are revealed.
    later: later::Later,
}

/// A number as written in text.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    /// Byte range in the text.
    pub range: Range<usize>,
    /// The value it stands for (`1.3k` → 1300).
    pub value: f64,
    /// The value of one unit in its last written digit (`295.3` → 0.1, `1.3k` → 100).
    pub resolution: f64,
}

impl Token {
    /// Whether the token carries enough digits to give a figure away: more than one
    /// significant digit (`8`, `0.5` and `3k` say too little).
    #[must_use]
    pub fn is_telling(&self) -> bool {
        self.value > 0.0 && self.resolution / self.value <= 0.1 + 1e-12
    }

    /// Whether this token states `figure`: the figure rounded to the token's precision is the
    /// token, or the token is the figure to two significant digits.
    #[must_use]
    pub fn states(&self, figure: f64) -> bool {
        if !(self.is_telling() && figure.is_finite() && figure > 0.0) {
            return false;
        }
        let slack = self.resolution * 1e-9;
        (figure - self.value).abs() <= self.resolution / 2.0 + slack
            || (round_significant(figure, 2) - self.value).abs() <= slack
    }
}

impl Withheld {
    /// Nothing withheld.
    #[must_use]
    pub const fn none() -> Self {
        Self {
            figures: Vec::new(),
            asked: Vec::new(),
            measured: Vec::new(),
            stated: Vec::new(),
            units: Vec::new(),
            later: later::Later::NONE,
        }
    }

    /// Withholds figures asked in these units.
    #[must_use]
    pub fn with_units(figures: impl IntoIterator<Item = (f64, String)>) -> Self {
        let units: Vec<(f64, String)> = figures
            .into_iter()
            .filter(|(f, _)| f.is_finite() && *f > 0.0)
            .collect();
        let mut withheld = Self::new(units.iter().map(|(f, _)| *f));
        withheld.units = units;
        withheld
    }

    /// Withholds these figures (non-positive and non-finite values are ignored: they cannot
    /// be asked for).
    #[must_use]
    pub fn new(figures: impl IntoIterator<Item = f64>) -> Self {
        let mut figures: Vec<f64> = figures
            .into_iter()
            .filter(|f| f.is_finite() && *f > 0.0)
            .collect();
        figures.sort_by(f64::total_cmp);
        figures.dedup();
        Self {
            figures,
            ..Self::none()
        }
    }

    /// Also withholds these figures.
    #[must_use]
    pub fn with(self, more: impl IntoIterator<Item = f64>) -> Self {
        let Self {
            figures,
            asked,
            measured,
            stated,
            units,
            later,
        } = self;
        Self {
            asked,
            measured,
            stated,
            units,
            later,
            ..Self::new(figures.into_iter().chain(more))
        }
    }

    /// Also withholds these figures, asked in these units.
    #[must_use]
    pub fn with_unit_figures(self, more: impl IntoIterator<Item = (f64, String)>) -> Self {
        let more: Vec<(f64, String)> = more.into_iter().collect();
        let mut withheld = self.with(more.iter().map(|(f, _)| *f));
        withheld.units.extend(more);
        withheld
    }

    /// The withheld figure a token in prose states: as [`Self::stated_by`], unless the word
    /// after it is another unit than the figure is asked in (`32 layers` does not state a share
    /// of 32 %; `591 uses…` and `295 FLOP/byte` do state 591 and 295).
    #[must_use]
    pub fn stated_in_prose(&self, token: &Token, after: &str) -> Option<f64> {
        self.figures
            .iter()
            .copied()
            .find(|f| token.states(*f) && !self.names_another_unit(*f, after))
    }

    fn names_another_unit(&self, figure: f64, after: &str) -> bool {
        let word: String = after
            .trim_start()
            .chars()
            .take_while(|c| !c.is_whitespace() && !matches!(c, ',' | ';' | ')' | ':'))
            .collect::<String>()
            .trim_end_matches('.')
            .to_lowercase();
        // A ratio (`7.00× low`) names its own unit, `×`, which no figure in ms or % has; a
        // share (`62% of ridge`) names `%`, which no figure in ms or FLOP/byte has.
        let ratio = word.starts_with(['×', '%']);
        if !ratio && !word.starts_with(|c: char| c.is_alphabetic()) {
            return false;
        }
        let mut units = self
            .units
            .iter()
            .filter(|(f, _)| (f - figure).abs() <= f.abs() * 1e-12)
            .map(|(_, u)| u.trim().to_lowercase())
            .peekable();
        units.peek().is_some()
            && units.all(|unit| {
                let first = unit
                    .split_whitespace()
                    .next()
                    .unwrap_or_default()
                    .to_owned();
                !(first.is_empty() || first.starts_with(&word) || word.starts_with(&first))
            })
    }

    /// The first withheld figure prose states, with the token that states it.
    #[must_use]
    pub fn found_in_prose(&self, text: &str) -> Option<(Token, f64)> {
        if self.is_empty() {
            return None;
        }
        tokens(text).find_map(|t| {
            let after = &text[t.range.end..];
            self.stated_in_prose(&t, after).map(|f| (t, f))
        })
    }

    /// Prose with every token that states a withheld figure replaced by [`MASK`]: the lesson
    /// text's surface (a number written with another unit is left alone).
    #[must_use]
    pub fn mask_prose<'t>(&self, text: &'t str) -> Cow<'t, str> {
        if self.is_empty() {
            return Cow::Borrowed(text);
        }
        let hits: Vec<Range<usize>> = tokens(text)
            .filter(|t| self.stated_in_prose(t, &text[t.range.end..]).is_some())
            .map(|t| t.range)
            .collect();
        replace(text, hits)
    }

    /// Whether nothing is withheld.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.figures.is_empty() && self.asked.is_empty() && self.measured.is_empty()
    }

    /// The withheld figures, ascending.
    #[must_use]
    pub fn figures(&self) -> &[f64] {
        &self.figures
    }

    /// The withheld figure a token states, if any.
    #[must_use]
    pub fn stated_by(&self, token: &Token) -> Option<f64> {
        self.figures.iter().copied().find(|f| token.states(*f))
    }

    /// The first withheld figure `text` states, with the token that states it.
    #[must_use]
    pub fn found_in(&self, text: &str) -> Option<(Token, f64)> {
        if self.is_empty() {
            return None;
        }
        tokens(text).find_map(|t| self.stated_by(&t).map(|f| (t, f)))
    }

    /// `text` with every token that states a withheld figure replaced by [`MASK`]. Every
    /// surface that shows a figure passes its text through here.
    #[must_use]
    pub fn mask<'t>(&self, text: &'t str) -> Cow<'t, str> {
        if self.is_empty() {
            return Cow::Borrowed(text);
        }
        let hits: Vec<Range<usize>> = tokens(text)
            .filter(|t| self.stated_by(t).is_some())
            .map(|t| t.range)
            .collect();
        replace(text, hits)
    }

    /// `text` as [`Self::mask`] masks it, but a signed percentage (`+10 %`, `+1.10 %`,
    /// `-0.45 %`) stays: a change of an input or of a figure, which is no figure of any step,
    /// whatever its value (the derivation view's "moves it most" line).
    #[must_use]
    pub fn mask_beside_changes<'t>(&self, text: &'t str) -> Cow<'t, str> {
        if self.is_empty() {
            return Cow::Borrowed(text);
        }
        let hits: Vec<Range<usize>> = tokens(text)
            .filter(|t| !tokens::is_change(text, t) && self.stated_by(t).is_some())
            .map(|t| t.range)
            .collect();
        replace(text, hits)
    }

    /// Whether a computed value may be shown as it is (no withheld figure is within half a
    /// unit of its last shown digit, `resolution`).
    #[must_use]
    pub fn allows(&self, value: f64, resolution: f64) -> bool {
        let token = Token {
            range: 0..0,
            value,
            resolution,
        };
        self.stated_by(&token).is_none()
    }
}

/// Whether two figures are the same as a reader sees them (within half a percent): a figure an
/// earlier reveal showed (`1.00`) is known when a later step asks for it again (`0.999`).
#[must_use]
pub fn same_figure(a: f64, b: f64) -> bool {
    ((a - b) / b).abs() < 0.005
}

/// `text` with each range replaced by [`MASK`].
fn replace(text: &str, hits: Vec<Range<usize>>) -> Cow<'_, str> {
    if hits.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for range in hits {
        out.push_str(&text[at..range.start]);
        out.push_str(MASK);
        at = range.end;
    }
    out.push_str(&text[at..]);
    Cow::Owned(out)
}

/// The figures a text states, for withholding a recall card's answer: every telling token.
#[must_use]
pub fn figures_in(text: &str) -> Vec<f64> {
    tokens(text)
        .filter(Token::is_telling)
        .map(|t| t.value)
        .collect()
}

/// `value` rounded to `digits` significant digits.
#[must_use]
pub fn round_significant(value: f64, digits: i32) -> f64 {
    if value == 0.0 || !value.is_finite() {
        return value;
    }
    let magnitude = value.abs().log10().floor() as i32;
    let scale = 10f64.powi(digits - 1 - magnitude);
    (value * scale).round() / scale
}

#[cfg(test)]
mod tests;
