//! A classroom walkthrough's record: the guesses a room calls out for each step, counted (not
//! shown) until the presenter reveals, then summarised against the answer: every guess on a log
//! strip with the tolerance band, the median and the share within tolerance; a bar per option
//! for a choice. Nobody is named or scored.

pub mod room;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::logscale::LogScale;
use super::scoring::{GuessError, parse_guess};

/// The format of a classroom record file.
pub const RECORD_FORMAT_VERSION: u32 = 1;

/// The guesses one step collected.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepGuesses {
    /// Numbers, in the answer's unit, in the order they came.
    #[serde(default)]
    pub numbers: Vec<f64>,
    /// Chosen options (from 0), in the order they came.
    #[serde(default)]
    pub choices: Vec<usize>,
}

impl StepGuesses {
    /// How many guesses there are.
    #[must_use]
    pub fn count(&self) -> usize {
        self.numbers.len() + self.choices.len()
    }
}

/// The room's guesses, per step id: those the presenter typed, and those sent from the room's
/// devices (the last per participant).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RoomGuesses {
    steps: BTreeMap<String, StepGuesses>,
    sent: BTreeMap<String, BTreeMap<String, room::RoomValue>>,
}

impl RoomGuesses {
    /// The guesses of a step (empty before the first): the typed ones, then one per
    /// participant who sent an answer.
    #[must_use]
    pub fn of(&self, step: &str) -> StepGuesses {
        let mut guesses = self.steps.get(step).cloned().unwrap_or_default();
        for value in self.sent.get(step).into_iter().flat_map(BTreeMap::values) {
            match value {
                room::RoomValue::Number(n) => guesses.numbers.push(n.get()),
                room::RoomValue::Choice(c) => guesses.choices.push(*c),
            }
        }
        guesses
    }

    /// A participant's answer to a step, replacing the one they sent before.
    pub fn set_sent(&mut self, step: &str, participant: &str, value: room::RoomValue) {
        self.sent
            .entry(step.to_owned())
            .or_default()
            .insert(participant.to_owned(), value);
    }

    /// The answer a participant sent for a step, if any.
    #[must_use]
    pub fn sent_by(&self, step: &str, participant: &str) -> Option<room::RoomValue> {
        self.sent.get(step)?.get(participant).copied()
    }

    /// Every answer sent for a step, by participant.
    #[must_use]
    pub fn sent_to(&self, step: &str) -> BTreeMap<String, room::RoomValue> {
        self.sent.get(step).cloned().unwrap_or_default()
    }

    /// Adds numeric guesses to a step.
    pub fn add_numbers(&mut self, step: &str, numbers: &[f64]) {
        self.steps
            .entry(step.to_owned())
            .or_default()
            .numbers
            .extend_from_slice(numbers);
    }

    /// Adds a chosen option to a step.
    pub fn add_choice(&mut self, step: &str, option: usize) {
        self.steps
            .entry(step.to_owned())
            .or_default()
            .choices
            .push(option);
    }

    /// Every step's typed guesses, by step id (those sent from the room are in [`Self::of`]).
    #[must_use]
    pub fn all(&self) -> &BTreeMap<String, StepGuesses> {
        &self.steps
    }
}

/// Reads a line of guesses typed by the presenter: one or more positive numbers separated by
/// spaces (`300`, `250 300 1e3`). Any one that is not a positive number refuses the line,
/// saying which.
pub fn parse_room_guesses(text: &str) -> Result<Vec<f64>, RoomGuessError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.is_empty() {
        return Err(RoomGuessError {
            word: String::new(),
            why: GuessError::Empty,
        });
    }
    words
        .into_iter()
        .map(|word| {
            parse_guess(word).map_err(|why| RoomGuessError {
                word: word.to_owned(),
                why,
            })
        })
        .collect()
}

/// A typed guess that cannot be taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{why}", if word.is_empty() { String::new() } else { format!("'{word}': ") })]
pub struct RoomGuessError {
    /// The word refused.
    pub word: String,
    /// Why.
    pub why: GuessError,
}

/// How the room's numeric guesses sit around the answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Spread {
    /// The guesses, ascending.
    pub guesses: Vec<f64>,
    /// The median guess.
    pub median: f64,
    /// How many are within the step's tolerance.
    pub within: usize,
    /// The log axis that holds the answer, its band and every guess (whole decades).
    pub axis: LogScale,
    /// The tolerance band: (lowest, highest) value scored in full.
    pub band: (f64, f64),
}

impl Spread {
    /// The share of guesses within tolerance, 0–100.
    #[must_use]
    pub fn within_pct(&self) -> f64 {
        100.0 * self.within as f64 / self.guesses.len() as f64
    }
}

/// The spread of numeric guesses around `answer` with a relative `tolerance`; `None` without
/// guesses.
#[must_use]
pub fn spread(guesses: &[f64], answer: f64, tolerance: f64) -> Option<Spread> {
    let mut sorted: Vec<f64> = guesses
        .iter()
        .copied()
        .filter(|g| g.is_finite() && *g > 0.0)
        .collect();
    if sorted.is_empty() || !(answer.is_finite() && answer > 0.0) {
        return None;
    }
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len();
    let median = super::scoring::median_guess(&sorted)?;
    let band = (answer / (1.0 + tolerance), answer * (1.0 + tolerance));
    let within = sorted
        .iter()
        .filter(|g| super::scoring::within_tolerance(**g, answer, tolerance))
        .count();
    let low = sorted[0].min(band.0);
    let high = sorted[n - 1].max(band.1);
    Some(Spread {
        median,
        within,
        axis: LogScale::covering(low, high),
        band,
        guesses: sorted,
    })
}

/// How many chose each option of a choice step.
#[must_use]
pub fn choice_counts(choices: &[usize], options: usize) -> Vec<usize> {
    let mut counts = vec![0; options];
    for c in choices {
        if let Some(slot) = counts.get_mut(*c) {
            *slot += 1;
        }
    }
    counts
}

/// The record a presenter can keep of a session (`present --out FILE`), one entry per step
/// revealed, for comparing two classes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClassRecord {
    /// Must be [`RECORD_FORMAT_VERSION`].
    pub format_version: u32,
    /// The lesson presented.
    pub lesson: String,
    /// When the walkthrough started (RFC 3339), as the caller's clock said.
    pub started: String,
    /// The steps revealed so far, in lesson order.
    pub steps: Vec<StepRecordOut>,
}

/// One revealed step in a [`ClassRecord`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepRecordOut {
    /// The step id.
    pub step: String,
    /// The question as shown.
    pub question: String,
    /// The answer: a number, or the index of the right option.
    pub answer: f64,
    /// The answer's unit (empty for a choice).
    pub unit: String,
    /// The tolerance for a number (0 for a choice).
    pub tolerance: f64,
    /// The room's guesses.
    pub guesses: StepGuesses,
    /// Median numeric guess, when there were any.
    pub median: Option<f64>,
    /// Share of guesses within tolerance (or on the right option), 0–100.
    pub within_pct: Option<f64>,
}

/// What the speaker-notes window shows (`present --notes`), sent by the presenter after every
/// change: the current step's answer, explanation and trap, the next step, the room so far.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Notes {
    /// The lesson's title.
    pub lesson: String,
    /// The current step, from 1.
    pub step: usize,
    /// Steps in the lesson.
    pub of: usize,
    /// The step's kind (`Predict`, `Read`, …).
    pub kind: String,
    /// What the room sees: the question, task or text.
    pub text: String,
    /// The answer, as the reveal shows it (empty for a step without one).
    pub answer: String,
    /// Why the answer is what it is.
    pub explanation: String,
    /// The common wrong answer and why.
    pub trap: String,
    /// The next step's kind and opening words, if there is one.
    pub next: Option<String>,
    /// The room's guesses on this step so far.
    pub guesses: StepGuesses,
    /// Whether the presenter has revealed this step.
    pub revealed: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::one("300", Ok(vec![300.0]))]
    #[case::several(" 250 300  1e3 ", Ok(vec![250.0, 300.0, 1000.0]))]
    #[case::grouped("1,300 2", Ok(vec![1300.0, 2.0]))]
    #[case::empty("  ", Err(GuessError::Empty))]
    #[case::word("300 lots", Err(GuessError::NotANumber))]
    #[case::zero("0", Err(GuessError::Zero))]
    #[case::negative("-4", Err(GuessError::Negative))]
    fn typed_guesses(#[case] text: &str, #[case] expected: Result<Vec<f64>, GuessError>) {
        assert_eq!(parse_room_guesses(text).map_err(|e| e.why), expected);
    }

    #[test]
    fn a_refused_line_names_the_word() {
        let e = parse_room_guesses("300 lots").unwrap_err();
        assert_eq!(e.to_string(), "'lots': that is not a number");
    }

    #[test]
    fn spread_has_the_median_the_share_and_an_axis_holding_everything() {
        let s = spread(&[200.0, 300.0, 290.0, 1000.0, 30.0], 295.0, 0.1).unwrap();
        assert_eq!(s.guesses, vec![30.0, 200.0, 290.0, 300.0, 1000.0]);
        assert!((s.median - 290.0).abs() < 1e-9);
        assert_eq!(s.within, 2);
        assert!((s.within_pct() - 40.0).abs() < 1e-9);
        assert_eq!(s.axis, LogScale::new(10.0, 1000.0));
        assert!((s.band.0 - 268.18).abs() < 0.01 && (s.band.1 - 324.5).abs() < 0.01);
    }

    #[test]
    fn an_even_count_takes_the_geometric_middle() {
        let s = spread(&[100.0, 400.0], 200.0, 0.1).unwrap();
        assert!((s.median - 200.0).abs() < 1e-9);
    }

    #[test]
    fn no_guesses_no_spread() {
        assert_eq!(spread(&[], 295.0, 0.1), None);
    }

    #[test]
    fn choices_are_counted_per_option() {
        assert_eq!(choice_counts(&[0, 2, 2, 1, 2, 7], 3), vec![1, 1, 3]);
    }

    #[test]
    fn sent_answers_merge_with_typed_ones_and_the_last_per_participant_counts() {
        let mut room = RoomGuesses::default();
        room.add_numbers("ridge", &[300.0]);
        let n = |v| room::RoomValue::Number(room::Positive::new(v).unwrap());
        room.set_sent("ridge", "p1", n(100.0));
        room.set_sent("ridge", "p2", n(200.0));
        room.set_sent("ridge", "p1", n(150.0));
        let guesses = room.of("ridge");
        assert_eq!(guesses.count(), 3);
        assert_eq!(guesses.numbers, vec![300.0, 150.0, 200.0]);
        assert_eq!(room.sent_by("ridge", "p1"), Some(n(150.0)));
        room.set_sent("bound", "p1", room::RoomValue::Choice(2));
        assert_eq!(room.of("bound").choices, vec![2]);
    }

    #[test]
    fn guesses_are_kept_per_step() {
        let mut room = RoomGuesses::default();
        room.add_numbers("ridge", &[300.0, 250.0]);
        room.add_choice("bound", 1);
        assert_eq!(room.of("ridge").count(), 2);
        assert_eq!(room.of("bound").choices, vec![1]);
        assert_eq!(room.of("other").count(), 0);
    }
}
