//! A setting typed with its naming word ("TP 4", "at batch 64", "an 8,192-token context", "PP 2",
//! "EP 8") where the step's own scenario sets another value: the text went stale when the
//! scenario moved. Only a value the step's `scenario` sets itself is compared (a step that sets
//! no batch says nothing of the learner's), and a sentence that names another value as a what-if
//! ("at batch 1 it would …", "raise the batch to 64", a `{…@…}` placeholder) is no claim about it.

use super::named;
use super::variants::sentence_around;
use crate::domain::lesson::ScenarioPatch;
use crate::domain::lesson::template::Change;
use crate::domain::lesson::validate::Problem;
use crate::domain::lesson::validate::spot::{Needle, Spot};

/// Words that make a sentence a comparison or a what-if rather than a statement of the step's
/// own setting.
const WHAT_IF: [&str; 23] = [
    "would", "if ", "could", "instead", "than", "against", "compared", "versus", " vs", "raise",
    "lower", "from ", " to ", "→", "@", "between", "were", "was ", "like ", "same", "figure",
    "times", "×",
];

/// Every setting `body` (with its placeholders) types against a different value of `patch`.
pub(super) fn check(
    index: usize,
    fields: &[&'static str],
    body: &str,
    raw: &str,
    patch: Option<&ScenarioPatch>,
) -> Vec<Problem> {
    let Some(patch) = patch else {
        return Vec::new();
    };
    named::spans(raw)
        .into_iter()
        .filter(|(_, at)| !at.is_empty())
        .filter_map(|(change, at)| {
            let (name, set, spelling) = own(&change, patch)?;
            let sentence = body[sentence_around(raw, at.clone())].to_lowercase();
            if WHAT_IF.iter().any(|w| sentence.contains(w)) {
                return None;
            }
            let written = match spelling {
                Spelling::WithUnit => raw[at].to_owned(),
                Spelling::AfterName => raw[naming_word(raw, at.start)..at.end].to_owned(),
            };
            Some(Problem {
                spot: Spot::step(index, fields, Some(Needle::whole(written.clone()))),
                message: format!(
                    "'{written}' disagrees with the step's scenario, which sets {name} {set}: write {{{placeholder}}} so the text follows its scenario, or name the other value as a what-if (\"at {name} … it would\")",
                    placeholder = name.to_lowercase(),
                ),
            })
        })
        .collect()
}

/// How a setting's value stands in prose, and so what of it a problem quotes.
enum Spelling {
    /// After the setting's name: "TP 4", "batch of 64".
    AfterName,
    /// Alone, its unit in the span: "an 8,192-token context".
    WithUnit,
}

/// The setting's name, the value `patch` sets for it where that differs from `change`, and how
/// the text spells it.
fn own(change: &Change, patch: &ScenarioPatch) -> Option<(&'static str, u64, Spelling)> {
    use Spelling::{AfterName, WithUnit};
    let (name, written, set, spelling) = match change {
        Change::Batch(n) => (
            "batch",
            u64::from(*n),
            patch.batch.map(u64::from),
            AfterName,
        ),
        Change::Tp(n) => ("TP", u64::from(*n), patch.tp.map(u64::from), AfterName),
        Change::Ep(n) => ("EP", u64::from(*n), patch.ep.map(u64::from), AfterName),
        Change::Pp(n) => ("PP", u64::from(*n), patch.pp.map(u64::from), AfterName),
        Change::Context(n) => ("context", *n, patch.context, WithUnit),
        Change::Prompt(n) => ("prompt", *n, patch.prompt, WithUnit),
        Change::Draft(_)
        | Change::Format(_)
        | Change::Weights(_)
        | Change::Gpu(_)
        | Change::Model(_) => return None,
    };
    set.filter(|s| *s != written).map(|s| (name, s, spelling))
}

/// Where the naming word before a bare value starts ("TP" of "TP 4", "batch of" of "batch of
/// 64").
fn naming_word(raw: &str, value: usize) -> usize {
    let before = raw[..value].trim_end();
    let start = |s: &str| s.rfind(' ').map_or(0, |i| i + 1);
    let word = start(before);
    if before[word..].eq_ignore_ascii_case("of") {
        start(before[..word].trim_end())
    } else {
        word
    }
}
