//! No typed figure that the engine computes: a number written into lesson text (not a
//! placeholder) that equals, to its written precision, a quantity the engine computes for the
//! text's own scenario is reported, located. Such a literal goes stale silently when the
//! catalog, the engine or the learner's cluster changes; `{batch_to_ridge:.0}` does not.
//!
//! Every number is read, a round one too: "30 FLOP/byte" goes stale as surely as "30.2". A number
//! of one significant digit is read at its last written digit (`30` and `300` at the unit, `0.5`
//! at the tenth), so "30" is a typed 29.6 but not a typed 27; a longer one ending in zeros at its
//! last nonzero digit ("about 14,300"). What the scenario sets (batch, TP, a 10 ms target, an
//! 80 % efficiency …) and datasheet figures (peak, bandwidth, capacity, board power) are inputs,
//! not computations; fractions (`9/16`) and ordinals ("step 3") are not figures.

mod entities;
mod inputs;
mod named;
mod ratio;
mod stale;
mod variants;
mod written;

use super::Problem;
use super::leaks::texts;
use super::spot::{Needle, Spot};
use crate::domain::catalog::Catalog;
use crate::domain::lesson::template::{self, Change};
use crate::domain::lesson::{Answer, Lesson, ScenarioPatch, Step, scenario_for};
use crate::domain::quantity::{Quantity, QuantityValue};
use crate::domain::scenario::{Evaluation, Scenario};
use crate::domain::withhold::{Token, tokens};
use inputs::{SettingUnit, settings};
use variants::{Variant, sentence_around, variants};
use written::{in_a_unit, written_as};

/// Every literal in `lesson`'s text (its questions, explanations, traps, model answers and
/// choices) that a quantity computes, at the step's scenario or at a setting the text names.
pub(super) fn check(lesson: &Lesson, catalog: &Catalog, base: &Scenario) -> Vec<Problem> {
    let mut problems = Vec::new();
    for (index, step) in lesson.steps.iter().enumerate() {
        let passages = texts(step);
        let choices = options(step);
        // The settings any text of the step names hold for all of them: a trap answers the
        // question's "short prompts" as much as the question does.
        let mut changes: Vec<Change> = Vec::new();
        let bodies = passages
            .iter()
            .map(|p| p.body)
            .chain(choices.iter().map(String::as_str));
        for body in bodies {
            for change in named::settings(&without_placeholders(body)) {
                if !changes.contains(&change) {
                    changes.push(change);
                }
            }
        }
        let front = match step {
            Step::Recall(card) => card.front.as_str(),
            Step::Read(_)
            | Step::Predict(_)
            | Step::Example(_)
            | Step::Explore(_)
            | Step::Explain(_) => "",
        };
        for passage in &passages {
            let at = Place {
                index,
                fields: &[passage.field],
                patch: passage.patch,
                changes: &changes,
                topic: if passage.field == "back" { front } else { "" },
            };
            problems.extend(in_passage(&at, passage.body, catalog, base));
            // An explore step's preset is only where the plot starts: its task moves it.
            if !matches!(step, Step::Explore(_)) {
                let raw = without_placeholders(passage.body);
                problems.extend(stale::check(
                    index,
                    &[passage.field],
                    passage.body,
                    &raw,
                    passage.patch,
                ));
            }
        }
        for option in choices {
            // An option answers its question: a bare figure in it ("about 4") is what the
            // question shows through its placeholders, as a card's back is what its front asks.
            let question = step.question();
            let at = Place {
                index,
                fields: &["answer", "options"],
                patch: question.as_ref().and_then(|q| q.scenario),
                changes: &changes,
                topic: question.as_ref().map_or("", |q| q.text),
            };
            problems.extend(in_passage(&at, option, catalog, base));
        }
    }
    problems
}

/// Where a text sits: its step, its field, and the scenario patch it is read with.
struct Place<'a> {
    index: usize,
    fields: &'a [&'static str],
    patch: Option<&'a ScenarioPatch>,
    /// The settings the step's texts name.
    changes: &'a [Change],
    /// What the text answers, where that names what its figures are (a card's front, for its
    /// back), else empty.
    topic: &'a str,
}

/// A choice's options, which a learner reads as much as its question.
fn options(step: &Step) -> &[String] {
    match step.answer() {
        Some(Answer::Choice(c)) => &c.options,
        Some(Answer::Number(_)) | None => &[],
    }
}

fn in_passage(at: &Place<'_>, body: &str, catalog: &Catalog, base: &Scenario) -> Vec<Problem> {
    let scenario = scenario_for(at.patch, base);
    if scenario.evaluate(catalog).is_err() {
        // An unevaluable scenario is reported by the step checks.
        return Vec::new();
    }
    let raw = without_placeholders(body);
    // The step's own scenario first, then the settings its texts name, one at a time and all
    // together ("4.48 ms per step with short prompts" is the step time at no context), then
    // the same on each GPU or model the passage names ("326 on the H100").
    let entities = entities::named(&format!("{} {raw}", at.topic), catalog, &scenario.gpu);
    let variants = variants(&scenario, at.changes, &entities, catalog);
    let settings: Vec<(f64, SettingUnit)> = variants
        .iter()
        .flat_map(|v| settings(&v.scenario, &v.evaluation))
        .collect();
    tokens(&raw)
        .filter(|token| token.value > 0.0 && !ordinal(&raw[..token.range.start]))
        .filter(|token| {
            let after = raw[token.range.end..].trim_start();
            let before = raw[..token.range.start].trim_end();
            !settings
                .iter()
                .any(|(v, unit)| near(*v, token.value, token.resolution) && unit.fits(before, after))
        })
        .filter_map(|token| {
            let token = to_its_precision(token, &raw);
            // The sentence around the number says which GPU or model it is for, and (with its
            // placeholders, which name their quantities) what it is.
            let sentence = sentence_around(&raw, token.range.clone());
            let here = entities::named(
                &format!("{} {}", at.topic, &raw[sentence.clone()]),
                catalog,
                &scenario.gpu,
            );
            let context = format!("{} {}", at.topic, &body[sentence]).to_lowercase();
            let named: Vec<&Variant> = variants
                .iter()
                .filter(|v| v.entity.as_ref().is_none_or(|e| here.contains(e)))
                .collect();
            let written = raw[token.range.clone()].to_owned();
            let message = if ratio::written_as_ratio(&raw[token.range.end..]) {
                let computed = ratio::computed_ratio(&token, &named, &context)?;
                format!(
                    "'{written}' is a ratio typed where the engine computes it ({computed}): show the figures as placeholders so the text stays right when the cluster or the catalog changes"
                )
            } else {
                let (variant, quantity) = named.iter().find_map(|v| {
                    computed_as(&token, &raw, &context, &v.evaluation).map(|q| (v, q))
                })?;
                format!(
                    "'{written}' is typed where the engine computes it: write {} (with a format such as :.0) so the text stays right when the cluster or the catalog changes",
                    variant.placeholder(quantity)
                )
            };
            Some(Problem {
                spot: Spot::step(at.index, at.fields, Some(Needle::whole(written))),
                message,
            })
        })
        .collect()
}

/// The quantity whose value, rounded to the token's precision, is the token, written as that
/// quantity is written: followed by its unit, or (a ridge, a batch) named just before it or in
/// `context` (its sentence, and what the step asks where the text answers it).
fn computed_as(
    token: &Token,
    text: &str,
    context: &str,
    evaluation: &Evaluation,
) -> Option<Quantity> {
    let written_after = text[token.range.end..].trim_start();
    let before = &text[..token.range.start];
    let after = inherited_unit(before)
        .or_else(|| shared_unit(written_after))
        .unwrap_or(written_after);
    let mut from = before.len().saturating_sub(40);
    while !before.is_char_boundary(from) {
        from += 1;
    }
    let before = &before[from..].to_lowercase();
    if before.ends_with('/') || after.starts_with('/') {
        // A fraction (`9/16`) or a ratio, not a figure.
        return None;
    }
    let words = Words { before, context };
    // A step time reads better in the message than the memory time it equals below the ridge.
    std::iter::once(Quantity::StepTimeMs)
        .chain(Quantity::ALL)
        .filter(|q| {
            written_as(*q, after, &words) || (!in_a_unit(after) && words.holds_placeholder(*q))
        })
        .find(|q| {
            matches!(q.value(evaluation), Some(QuantityValue::Number(v))
                if near(v, token.value, token.resolution))
        })
}

/// The words around a number that may name what it is: the 40 characters before it, and its
/// sentence with what the step asks.
struct Words<'a> {
    before: &'a str,
    context: &'a str,
}

impl Words<'_> {
    /// Whether any of `words` is written before the number or in its sentence.
    fn names(&self, words: &[&str]) -> bool {
        words
            .iter()
            .any(|w| self.before.contains(w) || self.context.contains(w))
    }

    /// Whether the sentence shows quantity `q` in a placeholder: a number beside
    /// `{batch_to_ridge}` ("against about 326 on the H100") is that quantity elsewhere.
    fn holds_placeholder(&self, q: Quantity) -> bool {
        let name = format!("{{{}", q.name());
        self.context.match_indices(&name).any(|(at, _)| {
            matches!(
                self.context[at + name.len()..].chars().next(),
                Some('}' | ':' | '@')
            )
        })
    }
}

/// The unit a number shares with the next one in a range (`from 295 to 206 FLOP/byte`,
/// `10.4 and 5.2 ms`): the text from that unit on.
fn shared_unit(after: &str) -> Option<&str> {
    let rest = ["to ", "and ", "or ", "→ "]
        .into_iter()
        .find_map(|joint| after.strip_prefix(joint))?;
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit() || c == ',' || c == ' ');
    let rest = rest
        .strip_prefix('.')
        .map_or(rest, |r| r.trim_start_matches(|c: char| c.is_ascii_digit()));
    Some(rest.trim_start())
}

/// The unit a bare number compared with a figure before it takes from that figure
/// (`{step_time_ms:.2} ms instead of 4.48`, `tok/s instead of about 14,300`): the text from
/// that unit on, or `None` where the number is not such a comparison.
fn inherited_unit(before: &str) -> Option<&str> {
    let trimmed = before.trim_end();
    let lower = trimmed.to_lowercase();
    let phrase = [
        "instead of about",
        "instead of",
        "against about",
        "rather than",
    ]
    .into_iter()
    .find(|p| lower.ends_with(p))?;
    let head = trimmed.get(..trimmed.len().checked_sub(phrase.len())?)?;
    let head = head.trim_end().trim_end_matches(',');
    let start = head.rfind(|c: char| c.is_ascii_digit() || c == ' ')?;
    let unit = head[start..].trim_start_matches(|c: char| c.is_ascii_digit() || c == ' ');
    (!unit.is_empty()).then_some(unit)
}

/// A whole number written with trailing zeros (`14,300`, `1,300`) is precise to its last
/// nonzero digit: "about 14,300" is 14,286 rounded to the hundred.
fn to_its_precision(token: Token, raw: &str) -> Token {
    let written = &raw[token.range.clone()];
    if written.contains('.') || !written.ends_with('0') || round(written) {
        return token;
    }
    let digits: String = written.chars().filter(char::is_ascii_digit).collect();
    let zeros = digits.len() - digits.trim_end_matches('0').len();
    let scale = 10f64.powi(i32::try_from(zeros).unwrap_or(0));
    Token {
        resolution: token.resolution.max(scale),
        ..token
    }
}

/// Whether a whole number has one significant digit before its trailing zeros (`30`, `300`):
/// read at the unit, as written, not at the ten or the hundred.
fn round(written: &str) -> bool {
    let digits: String = written.chars().filter(char::is_ascii_digit).collect();
    !written.contains('.') && digits.trim_end_matches('0').len() < 2
}

/// Whether the number after `before` counts something's place, not an amount ("step 3",
/// "lesson 12", "#4").
fn ordinal(before: &str) -> bool {
    let lower = before.trim_end().to_lowercase();
    [
        "step", "lesson", "stage", "question", "part", "chapter", "#", "§", "no.",
    ]
    .iter()
    .any(|w| {
        lower.strip_suffix(w).is_some_and(|head| {
            w.starts_with(|c: char| !c.is_alphabetic())
                || !head.ends_with(|c: char| c.is_alphanumeric())
        })
    })
}

/// Whether `v`, rounded to `resolution`, is `written`.
fn near(v: f64, written: f64, resolution: f64) -> bool {
    v.is_finite() && (v - written).abs() <= resolution / 2.0 * (1.0 + 1e-9)
}

/// `text` with each `{placeholder}` blanked (same length, so ranges still point into it), read
/// by the template's own parser (`{{` stays a brace). Holes are ASCII, so blanking their bytes
/// keeps the text UTF-8.
pub(super) fn without_placeholders(text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for hole in template::placeholders(text).unwrap_or_default() {
        bytes[hole.offset..hole.offset + hole.raw.len()].fill(b' ');
    }
    String::from_utf8(bytes).unwrap_or_else(|_| text.to_owned())
}
