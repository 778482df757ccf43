//! Withholding by quantity: the one question every surface asks before it shows a figure.
//!
//! A figure of a quantity the step on screen asks for (or of its family) is masked whatever
//! its value, so the mask tells nothing about the value it hides; a setting (the batch, a
//! typed what-if value) is never masked; anything else is masked only where it states a
//! pending figure of another step.

use std::borrow::Cow;

use super::{
    Dimension, MeasuredFigure, Shown, Token, Withheld, by_dimension, family, measured_family,
    of_dimension, replace, tokens,
};
use crate::domain::quantity::Quantity;

/// A figure a question states, with the word that says what it is: the unit after it
/// (`4 FLOPs`, `4,604 tok/s`, `90%`) or, without one, the word before it (`batch 8`).
#[derive(Debug, Clone, PartialEq)]
pub struct Stated {
    /// The figure as stated.
    pub value: f64,
    /// The word that names it, lowercase; empty when nothing does.
    pub word: String,
}

impl Stated {
    /// A figure stated with the word that names it.
    #[must_use]
    pub fn new(value: f64, word: &str) -> Self {
        Self {
            value,
            word: word.to_lowercase(),
        }
    }

    /// The figure a token states in `text`, named by the word after it or else the one before.
    #[must_use]
    pub fn in_text(text: &str, token: &Token) -> Self {
        let after = &text[token.range.end..];
        let unit: String = after
            .trim_start()
            .chars()
            .take_while(|c| c.is_alphabetic() || matches!(c, '%' | '/'))
            .collect();
        let before = text[..token.range.start]
            .trim_end()
            .rsplit(|c: char| !c.is_alphabetic())
            .next()
            .unwrap_or_default();
        let is_unit = Quantity::ALL.iter().any(|q| names(&unit, q.unit()));
        let word = if is_unit { &unit } else { before };
        Self::new(token.value, word)
    }

    /// Whether this states a figure of `quantity`: its word is the quantity's unit (`FLOPs`
    /// for FLOP/byte, `%`), or the batch for a count of sequences, or nothing says what it is.
    /// The `8` of `batch 8` does not state an intensity of 8.0.
    #[must_use]
    pub fn is_of(&self, quantity: Quantity) -> bool {
        self.word.is_empty()
            || names(&self.word, quantity.unit())
            || (self.word == "batch" && matches!(quantity.unit(), "sequences" | "tokens"))
    }
}

/// Whether `word` names `unit`: the unit up to its slash, maybe plural (`FLOPs` for FLOP/byte,
/// `tok/s`, `%`), or a short form of it (`TF` for TFLOP/s).
fn names(word: &str, unit: &str) -> bool {
    let head = |w: &str| w.split('/').next().unwrap_or_default().to_lowercase();
    let (word, unit) = (head(word), head(unit));
    !(word.is_empty() || unit.is_empty())
        && (word == unit
            || word.strip_suffix('s') == Some(unit.as_str())
            || (word.len() >= 2 && unit.starts_with(&word)))
}

impl Withheld {
    /// Also withholds, at every setting, the quantity the step on screen asks for and its
    /// family; the figures its question states stay shown.
    #[must_use]
    pub fn asking(mut self, asked: Quantity, stated: impl IntoIterator<Item = Stated>) -> Self {
        self.asked.extend(family(asked));
        self.measured.extend(measured_family(asked));
        let stated: Vec<Stated> = stated.into_iter().collect();
        self.withholding(by_dimension(asked, &stated))
            .stating(stated)
    }

    /// Also withholds, at every setting, every figure of the dimension `unit` names (a step
    /// whose answer is a literal figure, `754 TFLOP/s`); the figures its question states stay.
    #[must_use]
    pub fn asking_unit(self, unit: &str, stated: impl IntoIterator<Item = Stated>) -> Self {
        let stated: Vec<Stated> = stated.into_iter().collect();
        let shown = Dimension::of_unit(unit).map_or_else(Vec::new, |d| of_dimension(d, &stated));
        self.withholding(shown).stating(stated)
    }

    fn withholding(mut self, shown: Vec<Shown>) -> Self {
        for shown in shown {
            match shown {
                Shown::Quantity(q) => self.asked.push(q),
                Shown::Measured(m) => self.measured.push(m),
                Shown::Batch | Shown::Setting | Shown::Reserved => {}
            }
        }
        self.asked.sort_by_key(|q| q.name());
        self.asked.dedup();
        self.measured.sort_by_key(|m| m.name());
        self.measured.dedup();
        self
    }

    fn stating(mut self, stated: impl IntoIterator<Item = Stated>) -> Self {
        self.stated
            .extend(stated.into_iter().filter(|f| f.value.is_finite()));
        self
    }

    /// The quantities withheld at every setting.
    #[must_use]
    pub fn asked(&self) -> &[Quantity] {
        &self.asked
    }

    /// Whether `quantity` is withheld at every setting now: the step on screen asks for it (or
    /// its family), or a later step not yet revealed does.
    #[must_use]
    pub fn withholds(&self, quantity: Quantity) -> bool {
        self.asked.contains(&quantity) || self.later.holds(quantity)
    }

    /// Whether `shown`'s figure, `value` written to `resolution` (one unit of its last digit),
    /// may be on screen now.
    #[must_use]
    pub fn may_show(&self, shown: Shown, value: f64, resolution: f64) -> bool {
        match shown {
            Shown::Quantity(q) if self.asked.contains(&q) => {
                states(&self.stated, q, value, resolution) && self.allows(value, resolution)
            }
            Shown::Quantity(q) if self.later.holds(q) => {
                states(&self.later.said, q, value, resolution) && self.allows(value, resolution)
            }
            Shown::Measured(m) if self.measured.contains(&m) || self.later.holds_measured(m) => {
                false
            }
            // A measured point's batch is a setting of the measurement, withheld only by the
            // dimension rule (above).
            Shown::Batch
            | Shown::Setting
            | Shown::Reserved
            | Shown::Measured(MeasuredFigure::Batch) => true,
            Shown::Quantity(_) | Shown::Measured(_) => self.allows(value, resolution),
        }
    }

    /// A label or readout showing `shown`'s figure, with the figure masked where it may not be
    /// shown: every number of a withheld quantity's text (but what the question states), and
    /// any number that states a pending figure of another step.
    #[must_use]
    pub fn label<'t>(&self, shown: Shown, text: &'t str) -> Cow<'t, str> {
        match shown {
            Shown::Quantity(q) if self.asked.contains(&q) => self.mask_but(text, q, &self.stated),
            Shown::Quantity(q) if self.later.holds(q) => self.mask_but(text, q, &self.later.said),
            // A measured share in the family (MBU beside the step time while the measured step
            // is asked) goes whatever its value.
            Shown::Measured(m) if self.measured.contains(&m) || self.later.holds_measured(m) => {
                replace(text, tokens(text).map(|t| t.range).collect())
            }
            Shown::Batch
            | Shown::Setting
            | Shown::Reserved
            | Shown::Measured(MeasuredFigure::Batch) => Cow::Borrowed(text),
            Shown::Quantity(_) | Shown::Measured(_) => self.mask(text),
        }
    }

    /// `text` with every figure of a withheld quantity masked, given the quantities' values at
    /// the plot's setting (a notice that says `46.7 GB of weights per GPU`), and any number that
    /// states a pending figure.
    #[must_use]
    pub fn mask_quantities<'t>(&self, text: &'t str, values: &[(Quantity, f64)]) -> Cow<'t, str> {
        let hits: Vec<_> = tokens(text)
            .filter(|t| {
                self.stated_by(t).is_some()
                    || values.iter().any(|(q, v)| {
                        (self.asked.contains(q)
                            && t.states(*v)
                            && !states(&self.stated, *q, t.value, t.resolution))
                            || (self.later.holds(*q)
                                && t.states(*v)
                                && !states(&self.later.said, *q, t.value, t.resolution))
                    })
            })
            .map(|t| t.range)
            .collect();
        replace(text, hits)
    }

    /// `text` with every number masked but the figures of `quantity` that `kept` states (what
    /// the question on screen states, or what an earlier reveal said), and never one that
    /// states a pending figure of another step.
    fn mask_but<'t>(&self, text: &'t str, quantity: Quantity, kept: &[Stated]) -> Cow<'t, str> {
        let hits = tokens(text)
            .filter(|t| {
                !states(kept, quantity, t.value, t.resolution) || self.stated_by(t).is_some()
            })
            .map(|t| t.range)
            .collect();
        replace(text, hits)
    }
}

/// Whether one of `stated` states this figure of `quantity`, as written: the one test of what
/// the question on screen states and of what an earlier reveal said.
pub(super) fn states(stated: &[Stated], quantity: Quantity, value: f64, resolution: f64) -> bool {
    let token = Token {
        range: 0..0,
        value,
        resolution,
    };
    stated
        .iter()
        .any(|s| s.is_of(quantity) && token.states(s.value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_withheld_quantity_is_masked_at_any_value() {
        let withheld = Withheld::none().asking(Quantity::StepTimeMs, []);
        for text in ["13.9 ms", "0.42 ms", "1,024 ms"] {
            assert_eq!(
                withheld.label(Shown::Quantity(Quantity::StepTimeMs), text),
                "? ms"
            );
        }
        // tokens/s beside the batch gives the step time: it goes too.
        assert_eq!(
            withheld.label(Shown::Quantity(Quantity::TokensPerS), "4,604 tok/s"),
            "? tok/s"
        );
        assert!(!withheld.may_show(Shown::Quantity(Quantity::TpotMs), 9.6, 0.1));
    }

    #[test]
    fn the_batch_and_settings_are_never_masked() {
        let withheld = Withheld::new([1302.0]).asking(Quantity::BatchToRidge, []);
        assert_eq!(withheld.label(Shown::Batch, "batch 1,300"), "batch 1,300");
        assert!(withheld.may_show(Shown::Batch, 1302.0, 1.0));
        assert!(withheld.may_show(Shown::Setting, 1302.0, 1.0));
    }

    #[test]
    fn a_notice_masks_a_withheld_quantity_at_any_value() {
        let withheld = Withheld::none().asking(Quantity::WeightGbPerGpu, []);
        let text = "does not fit: 46.7 GB of weights per GPU, 27.9 GB usable";
        let values = [(Quantity::WeightGbStoredPerGpu, 46.71)];
        assert_eq!(
            withheld.mask_quantities(text, &values),
            "does not fit: ? GB of weights per GPU, 27.9 GB usable"
        );
    }

    #[test]
    fn a_stated_batch_does_not_unmask_an_intensity_of_the_same_value() {
        // W8A16 at batch 8 asks a share of the ridge: the intensity goes with it, and the
        // question's `batch 8` must not show an intensity of 8.0 (while 16.0 is masked).
        let text = "FP8 weights, batch 8: what share of the ridge?";
        let stated: Vec<Stated> = tokens(text).map(|t| Stated::in_text(text, &t)).collect();
        assert_eq!(stated, [Stated::new(8.0, "batch")]);
        let withheld = Withheld::none().asking(Quantity::RidgeSharePct, stated);
        let intensity = Shown::Quantity(Quantity::DecodeDotIntensity);
        assert_eq!(withheld.label(intensity, "AI 8.0"), "AI ?");
        let text = "A kernel does 4 FLOPs for every byte: what share of the roof?";
        let stated: Vec<Stated> = tokens(text).map(|t| Stated::in_text(text, &t)).collect();
        let withheld = Withheld::none().asking(Quantity::RidgeSharePct, stated);
        assert_eq!(withheld.label(intensity, "AI 4.0"), "AI 4.0");
    }

    #[test]
    fn other_quantities_are_masked_only_where_they_state_a_pending_figure() {
        let withheld = Withheld::new([98.0]).asking(Quantity::StepTimeMs, []);
        let wall = Shown::Quantity(Quantity::MaxBatchKv);
        assert_eq!(withheld.label(wall, "KV wall 98"), "KV wall ?");
        assert_eq!(withheld.label(wall, "KV wall 394"), "KV wall 394");
    }

    #[test]
    fn asking_the_measured_step_hides_every_measured_share() {
        let (mbu, mfu) = (
            Shown::Measured(MeasuredFigure::Mbu),
            Shown::Measured(MeasuredFigure::Mfu),
        );
        let batch = Shown::Measured(MeasuredFigure::Batch);
        let withheld = Withheld::none().asking(Quantity::MeasuredTpotMs, []);
        assert_eq!(withheld.label(mbu, "MBU 84%"), "MBU ?%");
        assert_eq!(withheld.label(mfu, "MFU 70%"), "MFU ?%");
        assert_eq!(withheld.label(batch, "measured B=1024"), "measured B=1024");
        assert!(!withheld.may_show(mbu, 0.84, 0.01));
        // The step time, tokens/s and the peak leave the measured shares shown.
        for asked in [
            Quantity::StepTimeMs,
            Quantity::TokensPerS,
            Quantity::PeakTflops,
        ] {
            let other = Withheld::none().asking(asked, []);
            assert_eq!(other.label(mbu, "MBU 84%"), "MBU 84%", "{asked:?}");
            assert_eq!(other.label(mfu, "MFU 70%"), "MFU 70%", "{asked:?}");
        }
        // A pending figure of another step is masked in a measured label as anywhere.
        let pending = Withheld::new([84.0]);
        assert_eq!(pending.label(mbu, "MBU 84%"), "MBU ?%");
    }
}
