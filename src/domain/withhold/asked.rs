//! Withholding by quantity: the one question every surface asks before it shows a figure.
//!
//! A figure of a quantity the step on screen asks for (or of its family) is masked whatever
//! its value, so the mask tells nothing about the value it hides; a setting (the batch, a
//! typed what-if value) is never masked; anything else is masked only where it states a
//! pending figure of another step.

use std::borrow::Cow;

use super::{Shown, Token, Withheld, family, replace, tokens};
use crate::domain::quantity::Quantity;

impl Withheld {
    /// Also withholds, at every setting, the quantity the step on screen asks for and its
    /// family; the figures its question states stay shown.
    #[must_use]
    pub fn asking(mut self, asked: Quantity, stated: impl IntoIterator<Item = f64>) -> Self {
        self.asked.extend(family(asked));
        self.asked.sort_by_key(|q| q.name());
        self.asked.dedup();
        self.stated
            .extend(stated.into_iter().filter(|f| f.is_finite()));
        self
    }

    /// The quantities withheld at every setting.
    #[must_use]
    pub fn asked(&self) -> &[Quantity] {
        &self.asked
    }

    /// Whether `shown`'s figure, `value` written to `resolution` (one unit of its last digit),
    /// may be on screen now.
    #[must_use]
    pub fn may_show(&self, shown: Shown, value: f64, resolution: f64) -> bool {
        match shown {
            Shown::Batch | Shown::Setting => true,
            Shown::Quantity(q) if self.asked.contains(&q) => {
                self.is_stated(value, resolution) && self.allows(value, resolution)
            }
            Shown::Measured if self.asked.contains(&Quantity::MeasuredTpotMs) => false,
            Shown::Quantity(_) | Shown::Measured => self.allows(value, resolution),
        }
    }

    /// A label or readout showing `shown`'s figure, with the figure masked where it may not be
    /// shown: every number of a withheld quantity's text (but what the question states), and
    /// any number that states a pending figure of another step.
    #[must_use]
    pub fn label<'t>(&self, shown: Shown, text: &'t str) -> Cow<'t, str> {
        match shown {
            Shown::Batch | Shown::Setting => Cow::Borrowed(text),
            Shown::Quantity(q) if self.asked.contains(&q) => {
                let hits = tokens(text)
                    .filter(|t| {
                        !self.is_stated(t.value, t.resolution) || self.stated_by(t).is_some()
                    })
                    .map(|t| t.range)
                    .collect();
                replace(text, hits)
            }
            // While the measured step is asked, every measured figure (MBU, MFU, a point's
            // label) gives it away beside the speed of light: all of them go.
            Shown::Measured if self.asked.contains(&Quantity::MeasuredTpotMs) => {
                let hits = tokens(text)
                    .filter(|t| text[t.range.end..].starts_with('%'))
                    .map(|t| t.range)
                    .collect();
                replace(text, hits)
            }
            Shown::Quantity(_) | Shown::Measured => self.mask(text),
        }
    }

    /// Whether the question on screen states this figure as written.
    fn is_stated(&self, value: f64, resolution: f64) -> bool {
        let token = Token {
            range: 0..0,
            value,
            resolution,
        };
        self.stated.iter().any(|s| token.states(*s))
    }
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
    fn what_the_question_states_stays_shown() {
        let withheld = Withheld::none().asking(Quantity::UsdPerMillionTokens, [4604.0]);
        let tokens_per_s = Shown::Quantity(Quantity::TokensPerS);
        assert_eq!(withheld.label(tokens_per_s, "4,604 tok/s"), "4,604 tok/s");
        assert_eq!(withheld.label(tokens_per_s, "9,208 tok/s"), "? tok/s");
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
        let withheld = Withheld::none().asking(Quantity::MeasuredTpotMs, []);
        assert_eq!(withheld.label(Shown::Measured, "MBU 84%"), "MBU ?%");
        assert_eq!(
            withheld.label(Shown::Measured, "measured B=1024 MFU 70%"),
            "measured B=1024 MFU ?%"
        );
        assert!(!withheld.may_show(Shown::Measured, 0.84, 0.01));
        let other = Withheld::none().asking(Quantity::StepTimeMs, []);
        assert_eq!(other.label(Shown::Measured, "MBU 84%"), "MBU 84%");
    }
}
