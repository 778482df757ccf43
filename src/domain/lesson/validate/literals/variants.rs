//! The scenarios a typed figure is checked against: the step's own, with the settings its texts
//! name, and on each GPU or model they name; and the sentence that says which applies.

use crate::domain::catalog::Catalog;
use crate::domain::lesson::template::{self, Change};
use crate::domain::quantity::Quantity;
use crate::domain::scenario::{Evaluation, Scenario};

/// A scenario a literal is checked against, and what was changed to reach it.
pub(super) struct Variant {
    /// The changes from the step's scenario, as a placeholder's `@` writes them.
    pub(super) on: Vec<Change>,
    /// The GPU or model the text names that this variant substitutes, if any.
    pub(super) entity: Option<Change>,
    pub(super) scenario: Scenario,
    pub(super) evaluation: Evaluation,
}

impl Variant {
    /// The placeholder that computes `q` in this variant: `{q}` on the step's own scenario,
    /// `{q@on}` on another.
    pub(super) fn placeholder(&self, q: Quantity) -> String {
        if self.on.is_empty() {
            format!("{{{}}}", q.name())
        } else {
            format!("{{{}@{}}}", q.name(), template::spelled(&self.on))
        }
    }
}

/// The step's scenario with each named setting, with all of them (one of each kind at a time),
/// and the same again on each named GPU or model; those that do not evaluate are
/// left out.
pub(super) fn variants(
    scenario: &Scenario,
    changes: &[Change],
    entities: &[Change],
    catalog: &Catalog,
) -> Vec<Variant> {
    let mut sets: Vec<Vec<Change>> = vec![Vec::new()];
    sets.extend(changes.iter().map(|c| vec![c.clone()]));
    // All together, one of each kind at a time ("3 J at batch 1, 0.05 J at batch 64, short
    // context" is each batch at no context).
    for set in combinations(changes) {
        if set.len() > 1 && !sets.contains(&set) {
            sets.push(set);
        }
    }
    let own = |e: &Change| match e {
        Change::Gpu(id) => *id == scenario.gpu,
        Change::Model(id) => scenario.model.as_ref() == Some(id),
        Change::Batch(_)
        | Change::Context(_)
        | Change::Tp(_)
        | Change::Ep(_)
        | Change::Pp(_)
        | Change::Prompt(_)
        | Change::Draft(_)
        | Change::Format(_)
        | Change::Weights(_) => false,
    };
    let heads = std::iter::once(None).chain(entities.iter().filter(|e| !own(e)).cloned().map(Some));
    let mut out = Vec::new();
    for entity in heads {
        for set in &sets {
            let on: Vec<Change> = entity.iter().chain(set).cloned().collect();
            let mut s = scenario.clone();
            for c in &on {
                template::apply(&mut s, c.clone());
            }
            if let Ok(evaluation) = s.evaluate(catalog) {
                out.push(Variant {
                    on,
                    entity: entity.clone(),
                    scenario: s,
                    evaluation,
                });
            }
        }
    }
    out
}

/// Every way to take one change of each kind `changes` holds (a batch, a context …), kinds in
/// the order first written; at most 64.
fn combinations(changes: &[Change]) -> Vec<Vec<Change>> {
    let mut kinds: Vec<Vec<&Change>> = Vec::new();
    for change in changes {
        let kind = std::mem::discriminant(change);
        match kinds
            .iter_mut()
            .find(|k| std::mem::discriminant(k[0]) == kind)
        {
            Some(group) => group.push(change),
            None => kinds.push(vec![change]),
        }
    }
    let mut out: Vec<Vec<Change>> = vec![Vec::new()];
    for group in &kinds {
        out = out
            .iter()
            .flat_map(|set| {
                group.iter().map(move |c| {
                    let mut next = set.clone();
                    next.push((*c).clone());
                    next
                })
            })
            .take(64)
            .collect();
    }
    out
}

/// The byte range of the sentence of `text` that holds `range`: from the last full stop,
/// question mark, semicolon or line break before it (a decimal point is no full stop) to the
/// next after it.
pub(super) fn sentence_around(text: &str, range: std::ops::Range<usize>) -> std::ops::Range<usize> {
    const ENDS: [&str; 5] = [". ", "? ", "! ", "; ", "\n"];
    let start = ENDS
        .iter()
        .filter_map(|e| text[..range.start].rfind(e).map(|i| i + e.len()))
        .max()
        .unwrap_or(0);
    let end = ENDS
        .iter()
        .filter_map(|e| text[range.end..].find(e).map(|i| range.end + i))
        .min()
        .unwrap_or(text.len());
    start..end
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::middle("One. Two 3.35 here. Three", "3.35", "Two 3.35 here")]
    #[case::first("Two 4.8 here; three", "4.8", "Two 4.8 here")]
    #[case::last("One? Two 295", "295", "Two 295")]
    fn finds_the_sentence(#[case] text: &str, #[case] number: &str, #[case] expected: &str) {
        let at = text.find(number).expect("number");
        let range = sentence_around(text, at..at + number.len());
        assert_eq!(&text[range], expected);
    }
}
