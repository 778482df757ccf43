//! Review rounds over the shipped course, at injected dates.

use super::*;
use crate::content::data_files::builtin_catalog;
use crate::content::lessons::builtin;
use crate::domain::lesson::template::render;
use crate::domain::schedule::{DAY_SECS, Review};
use crate::domain::session::{Guess, LessonProgress, StepRecord, resolve_lesson};
use rstest::rstest;

const START: Timestamp = Timestamp(1_767_225_600); // 2026-01-01 00:00 UTC

fn course() -> (Vec<Lesson>, Catalog) {
    let catalog = builtin_catalog();
    (
        builtin(&catalog).expect("the shipped lessons load"),
        catalog,
    )
}

/// Lesson 2 answered on `START`: its varied ridge prediction (within tolerance) and its first
/// card (graded Good), both with their first review.
fn answered() -> Progress {
    let mut progress = Progress::default();
    progress.lessons.insert(
        "ridge-point".into(),
        LessonProgress {
            resume_step: None,
            steps: [
                (
                    "h100-sxm-ridge".to_owned(),
                    StepRecord::Revealed {
                        guess: Guess::Number(295.0),
                        score: Some(100),
                        answer: None,
                    },
                ),
                (
                    "ridge-definition".to_owned(),
                    StepRecord::Graded { grade: Grade::Good },
                ),
            ]
            .into_iter()
            .collect(),
        },
    );
    for (step, grade) in [
        ("h100-sxm-ridge", Grade::Easy),
        ("ridge-definition", Grade::Good),
    ] {
        progress.add_review("ridge-point", step, Review { at: START, grade });
    }
    progress
}

fn round_at(day: i64, seed: u64) -> Option<Round> {
    let (lessons, catalog) = course();
    Round::due(
        &lessons,
        &answered(),
        &Scheduler::default(),
        START.plus_days(day),
        &Scenario::default_cluster(),
        &catalog,
        seed,
    )
}

#[test]
fn nothing_is_due_the_day_after_and_everything_a_month_later() {
    assert_eq!(round_at(1, 7), None);
    let round = round_at(30, 7).expect("due after a month");
    let steps: Vec<(&str, ReviewKind, Asked)> = round
        .items()
        .iter()
        .map(|i| (i.step.as_str(), i.kind, i.asked))
        .collect();
    assert_eq!(steps.len(), 2);
    assert!(steps.contains(&("h100-sxm-ridge", ReviewKind::Predict, Asked::Variant)));
    assert!(steps.contains(&("ridge-definition", ReviewKind::Recall, Asked::Card)));
    assert!(round.items().iter().all(|i| i.lesson == "ridge-point"
        && i.lesson_number == 2
        && i.outcome == ItemOutcome::Pending));
    assert_eq!(round.lesson().steps.len(), 2);
    assert_eq!(round.started(), START.plus_days(30));
}

#[test]
fn a_varied_prediction_is_asked_and_answered_on_its_drawn_variant() {
    let (lessons, catalog) = course();
    let cluster = Scenario::default_cluster();
    let Some(Step::Predict(original)) =
        lessons[1].steps.iter().find(|s| s.id() == "h100-sxm-ridge")
    else {
        panic!("lesson 2 asks for the H100's ridge");
    };
    let mut gpus = std::collections::HashSet::new();
    for seed in 0..12 {
        let round = round_at(30, seed).unwrap();
        let index = round
            .items()
            .iter()
            .position(|i| i.step == "h100-sxm-ridge")
            .unwrap();
        let Step::Predict(asked) = &round.lesson().steps[index] else {
            panic!("a prediction stays a prediction");
        };
        let variant = draw_variant(
            original,
            &cluster,
            &catalog,
            mix(seed, "ridge-point", "h100-sxm-ridge"),
        )
        .unwrap();
        let scenario = scenario_for(asked.scenario.as_ref(), &cluster);
        assert_eq!(scenario, variant.scenario, "seed {seed}");
        let answers = resolve_lesson(round.lesson(), &cluster, &catalog);
        match &answers[index] {
            Some(ResolvedAnswer::Number { value, .. }) => {
                assert!(
                    (value - variant.answer).abs() < 1e-9 * variant.answer,
                    "seed {seed}"
                );
            }
            other => panic!("seed {seed}: {other:?}"),
        }
        // The question names the variant's GPU.
        let name = &catalog.gpu(&variant.scenario.gpu).unwrap().name;
        assert!(
            render(&asked.question, &scenario, &catalog).contains(name.as_str()),
            "seed {seed}"
        );
        gpus.insert(variant.scenario.gpu);
    }
    assert!(gpus.len() >= 4, "drawn afresh: {gpus:?}");
}

#[test]
fn a_prediction_without_vary_is_asked_on_its_own_scenario() {
    let (lessons, catalog) = course();
    let lesson = lessons.iter().find(|l| l.id == "batching").unwrap();
    let own = lesson
        .steps
        .iter()
        .find(|s| matches!(s, Step::Predict(p) if p.vary.is_none()))
        .expect("batching has a prediction without vary");
    let (step, asked) = ready(own, &Scenario::default_cluster(), &catalog, 3);
    assert_eq!(asked, Asked::OwnScenario);
    assert_eq!(step.as_ref(), Some(own));
}

#[rstest]
#[case::default_cluster(Scenario::default_cluster())]
#[case::h200_tp2(Scenario { gpu: "h200".into(), tp: 2, prompt: 512, ..Scenario::default_cluster() })]
#[case::gpu_only(Scenario::for_gpu("a100-80gb"))]
fn a_pinned_variant_comes_back_exactly_on_any_cluster(#[case] cluster: Scenario) {
    let (lessons, catalog) = course();
    for lesson in &lessons {
        for step in &lesson.steps {
            let Step::Predict(predict) = step else {
                continue;
            };
            if predict.vary.is_none() {
                continue;
            }
            for seed in 0..8 {
                let Ok(variant) = draw_variant(predict, &cluster, &catalog, seed) else {
                    continue;
                };
                let patch = pin(predict.scenario.as_ref(), &variant.scenario, &cluster);
                assert_eq!(
                    scenario_for(Some(&patch), &cluster),
                    variant.scenario,
                    "{} seed {seed}",
                    predict.id
                );
            }
        }
    }
}

#[rstest]
#[case::within_tolerance(Guess::Number(300.0), Some(Grade::Easy))]
#[case::four_off(Guess::Number(1200.0), Some(Grade::Again))]
#[case::factor_two(Guess::Number(150.0), Some(Grade::Hard))]
fn a_revealed_prediction_is_graded_from_its_error(
    #[case] guess: Guess,
    #[case] grade: Option<Grade>,
) {
    let answer = ResolvedAnswer::Number {
        value: 295.0,
        unit: "FLOP/byte".into(),
        tolerance: 0.1,
    };
    let revealed = StepState::Predict(PredictState::Revealed { guess, score: None });
    assert_eq!(grade_of(&revealed, Some(&answer)), grade);
    let committed = StepState::Predict(PredictState::Committed { guess });
    assert_eq!(
        grade_of(&committed, Some(&answer)),
        None,
        "not revealed: not graded"
    );
    let card = StepState::Recall(RecallState::Graded(Grade::Hard));
    assert_eq!(grade_of(&card, None), Some(Grade::Hard));
    assert_eq!(grade_of(&StepState::Recall(RecallState::Back), None), None);
}

#[test]
fn an_item_is_graded_once_and_the_round_counts_right_and_skipped() {
    let mut round = round_at(30, 1).unwrap();
    let next = START.plus_days(40);
    assert!(round.settle(
        0,
        ItemOutcome::Reviewed {
            grade: Grade::Good,
            next
        }
    ));
    assert!(
        !round.settle(
            0,
            ItemOutcome::Reviewed {
                grade: Grade::Again,
                next
            }
        ),
        "once"
    );
    assert!(!round.settle(9, ItemOutcome::Skipped));
    assert_eq!(
        (round.reviewed(), round.right(), round.skipped()),
        (1, 1, 1)
    );
    assert!(round.settle(
        1,
        ItemOutcome::Reviewed {
            grade: Grade::Hard,
            next
        }
    ));
    assert_eq!(
        (round.reviewed(), round.right(), round.skipped()),
        (2, 1, 0)
    );
}

#[test]
fn the_next_due_date_is_the_earliest_later_one() {
    let (lessons, _) = course();
    let scheduler = Scheduler::default();
    let mut progress = answered();
    let first = scheduler
        .due(progress.history("ridge-point", "ridge-definition"))
        .unwrap();
    let next = next_due(&lessons, &progress, &scheduler, START).unwrap();
    assert!(next.at > START && next.at <= first, "{next:?}");
    assert_eq!(next.still_due, 0);
    // A month on, both are due; reviewed Good then, they come back later still.
    let later = START.plus_days(30);
    assert_eq!(
        next_due(&lessons, &progress, &scheduler, later).map(|n| n.still_due),
        None
    );
    for step in ["h100-sxm-ridge", "ridge-definition"] {
        progress.add_review(
            "ridge-point",
            step,
            Review {
                at: later,
                grade: Grade::Good,
            },
        );
    }
    let after = next_due(&lessons, &progress, &scheduler, later).unwrap();
    assert!(after.at.0 > later.0 + 2 * DAY_SECS, "{after:?}");
    assert_eq!((after.still_due, after.count >= 1), (0, true));
}

/// Practising ahead: the day after, nothing is due, yet the round of what comes due next
/// holds both steps, the soonest first.
#[rstest]
#[case::both(5, 2)]
#[case::one(1, 1)]
#[case::none(0, 0)]
fn the_round_ahead_takes_what_comes_due_next(#[case] count: usize, #[case] expected: usize) {
    let (lessons, catalog) = course();
    let progress = answered();
    let scheduler = Scheduler::default();
    let now = START.plus_days(1);
    assert!(due_now(&lessons, &progress, &scheduler, now).is_empty());
    let picked = super::super::coming_due(reviewables(&lessons, &progress, &scheduler), count);
    let dues: Vec<Due> = picked.iter().map(|r| r.due).collect();
    assert!(dues.windows(2).all(|w| w[0] <= w[1]), "{dues:?}");
    let round = Round::of(
        picked,
        &lessons,
        now,
        &Scenario::default_cluster(),
        &catalog,
        7,
    );
    assert_eq!(round.map_or(0, |r| r.items().len()), expected);
}

/// What grading a card early does to its schedule: the review is kept like any other, FSRS
/// counts the days actually elapsed, so an early Good grows the stability less than an on-time
/// Good and the next due date counts from the early review; an early Again brings it back the
/// next day. The schedule stays finite and ordered either way.
#[test]
fn an_early_review_is_scheduled_from_the_days_elapsed() {
    let scheduler = Scheduler::default();
    let first = [Review {
        at: START,
        grade: Grade::Good,
    }];
    let due = scheduler.due(&first).expect("reviewed once");
    let early = START.plus_days(1);
    assert!(early < due, "the card is not due the day after");
    let memory = |at: Timestamp, grade: Grade| {
        let mut history = first.to_vec();
        history.push(Review { at, grade });
        scheduler.memory(&history).expect("two reviews")
    };
    let (good_early, good_on_time) = (memory(early, Grade::Good), memory(due, Grade::Good));
    assert!(good_early.stability.is_finite() && good_early.stability > 0.0);
    assert!(good_early.stability < good_on_time.stability);
    assert_eq!(good_early.last_review, early);
    assert!(good_early.due() > early);
    assert!(good_early.due() < good_on_time.due());
    let again = memory(early, Grade::Again);
    assert_eq!(again.due(), early.plus_days(1));
}
