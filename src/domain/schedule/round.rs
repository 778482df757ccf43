//! A review round: the steps due now, each made ready to ask, and how each went.
//!
//! A recall card comes back as it is (its placeholders are filled for the learner's cluster
//! when shown). A prediction comes back as a skill: a step with `vary` is asked on a variant
//! scenario drawn afresh ([`draw_variant`], seeded per round and step), pinned into the step so
//! that its question, its answer and the plot all follow the variant; a step without `vary`,
//! or whose answer no scenario changes (a choice, a literal), is asked on its own scenario.
//!
//! The items are gathered as the steps of one lesson, so the one study engine asks them with
//! the same withholding as in study. The round remembers where each came from (lesson and step
//! ids) so that its grade goes into that step's review history.

use super::{Due, Grade, ReviewKind, Scheduler, Timestamp, due_now, reviewables};
use crate::domain::catalog::Catalog;
use crate::domain::lesson::vary::draw_variant;
use crate::domain::lesson::{
    Efficiency, LESSON_FORMAT_VERSION, Lesson, ScenarioPatch, Step, scenario_for,
};
use crate::domain::scenario::Scenario;
use crate::domain::session::{
    Guess, PredictState, Progress, RecallState, ResolvedAnswer, StepState,
};

/// The id of the lesson a round's items are gathered into.
pub const ROUND_LESSON_ID: &str = "review";

/// The steps due now, ready to ask.
#[derive(Debug, Clone, PartialEq)]
pub struct Round {
    lesson: Lesson,
    items: Vec<Item>,
    started: Timestamp,
}

/// One step in a round.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    /// The lesson it comes from.
    pub lesson: String,
    /// That lesson's title.
    pub lesson_title: String,
    /// That lesson's place in the course, from 1.
    pub lesson_number: usize,
    /// The step's id in its lesson.
    pub step: String,
    /// Card or prediction.
    pub kind: ReviewKind,
    /// On what it is asked.
    pub asked: Asked,
    /// How it went.
    pub outcome: ItemOutcome,
    /// Its first asking in the round, or a card come back after "again".
    pub pass: Pass,
}

/// Whether an item is asked for the first time in a round or relearned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pass {
    /// Due, asked once: its grade goes into the step's review history.
    First,
    /// A card graded "again" in this round, asked again after the rest (the `n`th return):
    /// practice in the same sitting, not a review (its schedule is the "again" review's).
    Relearn(u8),
}

/// On what an item is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asked {
    /// A recall card, filled for the learner's cluster.
    Card,
    /// A prediction on its own scenario (no `vary`, or an answer no scenario changes).
    OwnScenario,
    /// A prediction on a variant scenario drawn for this round.
    Variant,
}

/// How an item went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ItemOutcome {
    /// Not answered yet.
    Pending,
    /// Left unanswered: it stays due.
    Skipped,
    /// Answered and graded; due again at `next`.
    Reviewed {
        /// The grade (the learner's for a card, from the error for a prediction).
        grade: Grade,
        /// When it is due again.
        next: Timestamp,
    },
}

/// When the next reviews come due after a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NextDue {
    /// The earliest due date after the round.
    pub at: Timestamp,
    /// Steps due within a day of it.
    pub count: usize,
    /// Steps still due now (skipped ones).
    pub still_due: usize,
}

impl Round {
    /// The round of everything due at `now`, the longest overdue first; `None` when nothing
    /// is due. Predictions with `vary` are drawn on a variant (the same `seed` draws the same
    /// variants).
    #[must_use]
    pub fn due(
        lessons: &[Lesson],
        progress: &Progress,
        scheduler: &Scheduler,
        now: Timestamp,
        cluster: &Scenario,
        catalog: &Catalog,
        seed: u64,
    ) -> Option<Self> {
        Self::of(
            due_now(lessons, progress, scheduler, now),
            lessons,
            now,
            cluster,
            catalog,
            seed,
        )
    }

    /// A round of `picked` (say [`super::coming_due`]'s, to practise ahead), asked in that
    /// order; `None` when none of them is installed. Grading an item before it is due is a
    /// review like any other: FSRS sees the days elapsed since the last review (fewer than
    /// planned), so an early Good grows the step's stability less than an on-time one, and
    /// the next due date counts from the early review.
    #[must_use]
    pub fn of(
        picked: Vec<super::Reviewable>,
        lessons: &[Lesson],
        now: Timestamp,
        cluster: &Scenario,
        catalog: &Catalog,
        seed: u64,
    ) -> Option<Self> {
        let mut steps = Vec::new();
        let mut items = Vec::new();
        for due in picked {
            let Some((number, lesson)) =
                lessons.iter().enumerate().find(|(_, l)| l.id == due.lesson)
            else {
                continue;
            };
            let Some(step) = lesson.steps.iter().find(|s| s.id() == due.step) else {
                continue;
            };
            let (step, asked) = ready(step, cluster, catalog, mix(seed, &due.lesson, &due.step));
            let Some(step) = step else { continue };
            steps.push(step);
            items.push(Item {
                lesson: lesson.id.clone(),
                lesson_title: lesson.title.clone(),
                lesson_number: number + 1,
                step: due.step,
                kind: due.kind,
                asked,
                outcome: ItemOutcome::Pending,
                pass: Pass::First,
            });
        }
        (!items.is_empty()).then(|| Self {
            lesson: Lesson {
                format_version: LESSON_FORMAT_VERSION,
                id: ROUND_LESSON_ID.to_owned(),
                title: "Review".to_owned(),
                summary: "The recall cards and predictions due for review.".to_owned(),
                concepts: Vec::new(),
                steps,
            },
            items,
            started: now,
        })
    }

    /// The items as the steps of one lesson (predictions pinned to their variants), in order.
    #[must_use]
    pub const fn lesson(&self) -> &Lesson {
        &self.lesson
    }

    /// The items, in the order asked.
    #[must_use]
    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// When the round was put together.
    #[must_use]
    pub const fn started(&self) -> Timestamp {
        self.started
    }

    /// Records how item `index` went. An item is graded once; a second grade is refused
    /// (`false`), as is an unknown index.
    pub fn settle(&mut self, index: usize, outcome: ItemOutcome) -> bool {
        match self.items.get_mut(index) {
            Some(item) if !matches!(item.outcome, ItemOutcome::Reviewed { .. }) => {
                item.outcome = outcome;
                true
            }
            Some(_) | None => false,
        }
    }

    /// Items graded (each due step once: a card's returns are not counted).
    #[must_use]
    pub fn reviewed(&self) -> usize {
        self.firsts()
            .filter(|i| matches!(i.outcome, ItemOutcome::Reviewed { .. }))
            .count()
    }

    /// Items right: a prediction within its tolerance, a card known (graded Good or Easy; a
    /// prediction within tolerance is graded one of these).
    #[must_use]
    pub fn right(&self) -> usize {
        self.firsts()
            .filter(|i| {
                matches!(
                    i.outcome,
                    ItemOutcome::Reviewed {
                        grade: Grade::Good | Grade::Easy,
                        ..
                    }
                )
            })
            .count()
    }

    /// Items left unanswered (a card's return left unanswered is not: it was reviewed).
    #[must_use]
    pub fn skipped(&self) -> usize {
        self.firsts()
            .filter(|i| matches!(i.outcome, ItemOutcome::Pending | ItemOutcome::Skipped))
            .count()
    }
}

/// The grade a settled step earns for review: a card the learner's grade, a revealed
/// prediction its grade from the error ([`super::grade_for_guess`], [`super::grade_for_choice`]);
/// `None` for anything else (not settled, or an answer that cannot be judged).
#[must_use]
pub fn grade_of(state: &StepState, answer: Option<&ResolvedAnswer>) -> Option<Grade> {
    match state {
        StepState::Predict(PredictState::Revealed { guess, .. }) => match (guess, answer) {
            (
                Guess::Number(guess),
                Some(ResolvedAnswer::Number {
                    value, tolerance, ..
                }),
            ) => super::grade_for_guess(*guess, *value, *tolerance),
            (Guess::Choice(chosen), Some(ResolvedAnswer::Choice { correct, .. })) => {
                Some(super::grade_for_choice(*chosen, *correct))
            }
            // A guess of the other kind than the answer, or no answer to judge against.
            (
                Guess::Number(_),
                Some(ResolvedAnswer::Choice { .. } | ResolvedAnswer::Unavailable { .. }) | None,
            )
            | (
                Guess::Choice(_),
                Some(ResolvedAnswer::Number { .. } | ResolvedAnswer::Unavailable { .. }) | None,
            ) => None,
        },
        StepState::Recall(RecallState::Graded(grade)) => Some(*grade),
        StepState::Reading
        | StepState::Predict(PredictState::Predicting { .. } | PredictState::Committed { .. })
        | StepState::Recall(RecallState::Front | RecallState::Back)
        | StepState::Explain(_) => None,
    }
}

/// When the next reviews come due after `now`, over every installed step in the review deck;
/// `None` when nothing is scheduled later.
#[must_use]
pub fn next_due(
    lessons: &[Lesson],
    progress: &Progress,
    scheduler: &Scheduler,
    now: Timestamp,
) -> Option<NextDue> {
    let deck = reviewables(lessons, progress, scheduler);
    let later = |r: &super::Reviewable| match r.due {
        Due::At(at) if at > now => Some(at),
        Due::At(_) | Due::Unscheduled => None,
    };
    let at = deck.iter().filter_map(later).min()?;
    let count = deck
        .iter()
        .filter_map(later)
        .filter(|t| *t < at.plus_days(1))
        .count();
    let still_due = deck.iter().filter(|r| r.due.is_due(now)).count();
    Some(NextDue {
        at,
        count,
        still_due,
    })
}

/// A step made ready to ask: a prediction with `vary` pinned to a drawn variant.
fn ready(step: &Step, cluster: &Scenario, catalog: &Catalog, seed: u64) -> (Option<Step>, Asked) {
    match step {
        Step::Recall(card) => (Some(Step::Recall(card.clone())), Asked::Card),
        Step::Predict(own) => {
            // Out of the lesson's order: the question that stands alone.
            let mut predict = own.clone();
            own.alone_question().clone_into(&mut predict.question);
            let predict = &predict;
            let varies = predict.vary.as_ref().is_some_and(|v| !v.is_empty());
            let variant = varies
                .then(|| draw_variant(predict, cluster, catalog, seed).ok())
                .flatten();
            match variant {
                Some(variant) => {
                    let mut pinned = predict.clone();
                    pinned.scenario =
                        Some(pin(predict.scenario.as_ref(), &variant.scenario, cluster));
                    (Some(Step::Predict(pinned)), Asked::Variant)
                }
                None => (Some(Step::Predict(predict.clone())), Asked::OwnScenario),
            }
        }
        Step::Read(_) | Step::Example(_) | Step::Explore(_) | Step::Explain(_) => {
            (None, Asked::OwnScenario)
        }
    }
}

/// A patch that gives `scenario` exactly on the learner's `cluster` (see [`scenario_for`]).
/// The prompt is named only where the step named one (a named prompt shows the prefill dot)
/// or where it is needed to arrive at the scenario.
#[must_use]
pub fn pin(own: Option<&ScenarioPatch>, scenario: &Scenario, cluster: &Scenario) -> ScenarioPatch {
    let mut patch = ScenarioPatch {
        gpu: Some(scenario.gpu.clone()),
        model: scenario.model.clone(),
        precision: Some(scenario.precision),
        weights: Some(scenario.weights),
        kv: Some(scenario.kv),
        batch: Some(scenario.batch),
        context: Some(scenario.context),
        tp: Some(scenario.tp),
        // Named only off the default, or where the cluster sets another: older saved patches
        // and snapshots keep their shape.
        ep: (scenario.ep != 1 || cluster.ep != 1).then_some(scenario.ep),
        pp: (scenario.pp != 1 || cluster.pp != 1).then_some(scenario.pp),
        mem_util: Some(scenario.mem_util),
        overhead_gb: Some(scenario.overhead_gb),
        prompt: own.and_then(|p| p.prompt).map(|_| scenario.prompt),
        draft_tokens: Some(scenario.draft_tokens),
        attention_dp: Some(scenario.attention_dp),
        gpu_hour_usd: Some(scenario.gpu_hour_usd),
        link: scenario.link.clone(),
        scale_up_link: scenario.scale_up_link.clone(),
        scale_out_link: scenario.scale_out_link.clone(),
        prefix_hit: Some(scenario.prefix_hit),
        output_tokens: Some(scenario.output_tokens),
        chunk: Some(scenario.chunk),
        tpot_target_ms: scenario.tpot_target_ms,
        rate: scenario.rate,
        block_size: Some(scenario.block_size),
        efficiency: Some(Efficiency {
            mbu: scenario.efficiency,
            source: own
                .and_then(|p| p.efficiency.as_ref())
                .map_or_else(String::new, |e| e.source.clone()),
        }),
    };
    if scenario_for(Some(&patch), cluster).prompt != scenario.prompt {
        patch.prompt = Some(scenario.prompt);
    }
    patch
}

/// One seed per round and step (FNV-1a over the ids), so each step draws its own variant.
fn mix(seed: u64, lesson: &str, step: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325 ^ seed;
    for byte in lesson.bytes().chain([b'/']).chain(step.bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

mod relearn;
#[cfg(test)]
mod tests;
