//! What later steps ask: until a step is revealed, its quantity (with its family) is withheld at
//! every setting, not only where a figure lies near its answer. Masking by value there would
//! make the `?` an oracle: in the batching lesson, tokens/s masked only from the ridge on (where
//! it equals the later step's answer) gave the batch to the ridge away. What an earlier reveal
//! said stays shown (`ridge 295` once the ridge step is revealed).
//!
//! The step on screen withholds more (see `asked.rs`): its quantity's whole dimension, and what
//! its question states is exempt; a later step withholds only its family.

use super::asked::Stated;
use super::{MeasuredFigure, Withheld, family, measured_family};
use crate::domain::quantity::Quantity;

/// The quantities later steps ask, and the figures earlier reveals said.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Later {
    quantities: Vec<Quantity>,
    measured: Vec<MeasuredFigure>,
    /// The figures earlier reveals said: they stay shown.
    pub(super) said: Vec<Stated>,
}

impl Later {
    pub(super) const NONE: Self = Self {
        quantities: Vec::new(),
        measured: Vec::new(),
        said: Vec::new(),
    };

    /// Whether a later step withholds `quantity`.
    pub(super) fn holds(&self, quantity: Quantity) -> bool {
        self.quantities.contains(&quantity)
    }

    /// Whether a later step withholds this measured figure.
    pub(super) fn holds_measured(&self, figure: MeasuredFigure) -> bool {
        self.measured.contains(&figure)
    }
}

impl Withheld {
    /// Also withholds, at every setting, the quantity a later step asks and its family; the
    /// figures earlier reveals `said` stay shown.
    #[must_use]
    pub fn later(mut self, asked: Quantity, said: impl IntoIterator<Item = Stated>) -> Self {
        let later = &mut self.later;
        later.quantities.extend(family(asked));
        later.quantities.sort_by_key(|q| q.name());
        later.quantities.dedup();
        later.measured.extend(measured_family(asked));
        later.measured.sort_by_key(|m| m.name());
        later.measured.dedup();
        for figure in said.into_iter().filter(|f| f.value.is_finite()) {
            if !later.said.contains(&figure) {
                later.said.push(figure);
            }
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::withhold::Shown;
    use rstest::rstest;

    #[rstest]
    #[case::near_its_answer(65_000.0)]
    #[case::far_from_it(223.0)]
    fn a_later_quantity_is_masked_at_any_value(#[case] tok_s: f64) {
        let withheld = Withheld::none().later(Quantity::TokensPerS, []);
        let shown = Shown::Quantity(Quantity::TokensPerS);
        assert!(!withheld.may_show(shown, tok_s, 1.0));
        assert_eq!(
            withheld.label(shown, &format!("{tok_s:.0} tok/s")),
            "? tok/s"
        );
        assert!(withheld.withholds(Quantity::TokensPerS));
    }

    #[test]
    fn a_later_step_does_not_widen_to_its_dimension() {
        // Only the step on screen withholds its whole dimension; a later step its family.
        let withheld = Withheld::none().later(Quantity::Ridge, []);
        assert!(withheld.asked().is_empty());
        assert!(!withheld.withholds(Quantity::KvGbPerSequence));
    }
}
