use super::*;
use crate::domain::lesson::{Answer, ChoiceAnswer, PredictStep, ReadStep, RecallStep};
use crate::test_support::{lesson_progress, progress_in};
use rstest::rstest;

fn lesson() -> Lesson {
    let read = Step::Read(ReadStep {
        id: "intro".into(),
        tag: None,
        text: "t".into(),
        scenario: None,
    });
    let predict = |id: &str| {
        Step::Predict(PredictStep {
            id: id.into(),
            question: "q".into(),
            scenario: None,
            answer: Answer::Choice(ChoiceAnswer {
                options: vec!["a".into(), "b".into()],
                correct: 0,
                about: None,
            }),
            explanation: "e".into(),
            trap: None,
            vary: None,
            alone: None,
        })
    };
    let recall = Step::Recall(RecallStep {
        id: "card".into(),
        front: "f".into(),
        back: "b".into(),
        scenario: None,
    });
    Lesson {
        format_version: 1,
        id: "l".into(),
        title: "L".into(),
        summary: "s".into(),
        concepts: Vec::new(),
        steps: vec![read, predict("p1"), predict("p2"), recall],
    }
}

fn revealed(score: u8) -> StepRecord {
    StepRecord::Revealed {
        guess: Guess::Choice(0),
        score: Some(score),
        answer: None,
    }
}

#[rustfmt::skip]
#[rstest]
#[case::nothing(vec![], None, LessonStatus::NotStarted, None)]
#[case::opened(vec![], Some("intro"), LessonStatus::InProgress { done: 0, total: 4 }, None)]
#[case::read_only(vec![("intro", StepRecord::Seen)], Some("p1"), LessonStatus::InProgress { done: 1, total: 4 }, None)]
#[case::seen_predict_is_not_done(vec![("p1", StepRecord::Seen)], None, LessonStatus::InProgress { done: 0, total: 4 }, None)]
#[case::committed_is_not_done(vec![("p1", StepRecord::Committed { guess: Guess::Choice(1) })], None, LessonStatus::InProgress { done: 0, total: 4 }, None)]
#[case::scores_average(vec![("p1", revealed(100)), ("p2", revealed(51))], None, LessonStatus::InProgress { done: 2, total: 4 }, Some(76))]
#[case::stale_ids_ignored(vec![("gone", revealed(0)), ("p1", revealed(80))], None, LessonStatus::InProgress { done: 1, total: 4 }, Some(80))]
#[case::wrong_kind_ignored(vec![("card", revealed(0))], None, LessonStatus::InProgress { done: 0, total: 4 }, None)]
#[case::all_done(vec![("intro", StepRecord::Seen), ("p1", revealed(100)), ("p2", revealed(0)), ("card", StepRecord::Graded { grade: Grade::Good })], None, LessonStatus::Done, Some(50))]
fn summaries(
    #[case] records: Vec<(&str, StepRecord)>,
    #[case] resume: Option<&str>,
    #[case] status: LessonStatus,
    #[case] score: Option<u8>,
) {
    let progress = lesson_progress(resume, records);
    let summary = summarize(&lesson(), Some(&progress));
    assert_eq!((summary.status, summary.score), (status, score));
}

#[test]
fn right_partly_and_missed_are_counted_apart() {
    let progress = LessonProgress {
        resume_step: None,
        steps: [
            ("p1", revealed(100)),
            ("p2", revealed(40)),
            (
                "card",
                StepRecord::Graded {
                    grade: Grade::Again,
                },
            ),
            ("intro", StepRecord::Seen),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect(),
    };
    let summary = summarize(&lesson(), Some(&progress));
    assert_eq!(
        (
            summary.right,
            summary.partly,
            summary.missed,
            summary.unfinished
        ),
        (1, 1, 1, 0)
    );
    assert_eq!(revealed(40).mark(), StepMark::Partly(40));
}

#[rstest]
#[case::none(&[], None)]
#[case::whole(&[100, 50], Some(75))]
#[case::half_rounds_up(&[100, 97], Some(99))]
#[case::to_the_nearest(&[100, 97, 0, 100, 98, 60], Some(76))]
#[case::floor_would_say_75(&[76, 75, 76], Some(76))]
fn one_rounding_for_every_mean(#[case] scores: &[u32], #[case] mean: Option<u8>) {
    assert_eq!(mean_score(scores), mean);
}

#[test]
fn round_trips_through_ron() {
    let progress = progress_in(
        "ridge-point",
        Some("p2"),
        vec![
            (
                "p1",
                StepRecord::Revealed {
                    guess: Guess::Number(295.5),
                    score: Some(100),
                    answer: None,
                },
            ),
            (
                "p2",
                StepRecord::Committed {
                    guess: Guess::Choice(1),
                },
            ),
            ("c", StepRecord::Graded { grade: Grade::Hard }),
            (
                "x",
                StepRecord::Explained {
                    text: "bytes, \"not\" FLOPs".into(),
                },
            ),
            ("r", StepRecord::Seen),
        ],
    );
    let text = ron::ser::to_string_pretty(&progress, ron::ser::PrettyConfig::default()).unwrap();
    assert_eq!(ron::from_str::<Progress>(&text).unwrap(), progress);
}
