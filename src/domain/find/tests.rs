//! Search and the weakest steps over the shipped course.

use super::*;
use crate::content::data_files::builtin_catalog;
use crate::content::lessons::builtin;
use crate::domain::session::{Grade, Guess, StepRecord};
use rstest::rstest;

fn course() -> (Vec<Lesson>, Catalog) {
    let catalog = builtin_catalog();
    (
        builtin(&catalog).expect("the shipped lessons load"),
        catalog,
    )
}

#[track_caller]
fn hits(query: &str, progress: &Progress) -> Vec<Hit> {
    let (lessons, catalog) = course();
    search(
        &lessons,
        progress,
        &Scenario::default_cluster(),
        &catalog,
        query,
    )
}

#[rstest]
#[case::title("RIDGE point", true)]
#[case::step_text("tensor cores", false)]
fn a_query_finds_titles_and_steps_ignoring_case(#[case] query: &str, #[case] in_a_title: bool) {
    let found = hits(query, &Progress::default());
    assert!(!found.is_empty(), "{query}");
    assert_eq!(
        found.iter().any(|h| h.step.is_none()),
        in_a_title,
        "{found:?}"
    );
    for hit in &found {
        assert_eq!(
            hit.text[hit.at.clone()].to_lowercase(),
            query.to_lowercase(),
            "{hit:?}"
        );
    }
}

#[test]
fn a_blank_query_finds_nothing_and_nonsense_finds_nothing() {
    assert!(hits("  ", &Progress::default()).is_empty());
    assert!(hits("zqxjv", &Progress::default()).is_empty());
}

/// The H100's ridge (295 FLOP/byte) is lesson 2's answer: before it is revealed, no search
/// shows it in lesson 2 or finds a step of lesson 2 by it (a later lesson that states it
/// outright shows it there, as that lesson does).
#[test]
fn a_search_never_shows_an_answer_not_yet_revealed() {
    let in_lesson_2 = hits("ridge", &Progress::default())
        .into_iter()
        .filter(|h| h.lesson == 1)
        .collect::<Vec<_>>();
    assert!(
        in_lesson_2.iter().any(|h| h.step.is_some()),
        "{in_lesson_2:?}"
    );
    for hit in in_lesson_2 {
        assert!(!hit.text.contains("295"), "{hit:?}");
    }
    let by_answer: Vec<_> = hits("295", &Progress::default())
        .into_iter()
        .filter(|h| h.lesson == 1)
        .collect();
    assert!(by_answer.is_empty(), "{by_answer:?}");
}

#[test]
fn the_window_cuts_at_characters_and_marks_what_it_left_out() {
    let text = "× ".repeat(60) + "needle" + &" ×".repeat(60);
    let at = find(&text, "needle").unwrap();
    let (shown, at) = window(&text, at);
    assert_eq!(&shown[at], "needle");
    assert!(shown.starts_with('…') && shown.ends_with('…'), "{shown}");
}

fn record(score: Option<u8>) -> StepRecord {
    StepRecord::Revealed {
        guess: Guess::Number(1.0),
        score,
        answer: None,
    }
}

#[test]
fn the_weakest_steps_come_lowest_score_first_and_leave_out_the_right_ones() {
    let mut progress = Progress::default();
    let lessons = [("a", vec!["a1", "a2", "a3"]), ("b", vec!["b1", "b2"])];
    let steps = |pairs: &[(&str, StepRecord)]| LessonProgress {
        resume_step: None,
        steps: pairs
            .iter()
            .map(|(id, r)| ((*id).to_owned(), r.clone()))
            .collect(),
    };
    progress.lessons.insert(
        "a".into(),
        steps(&[
            ("a1", record(Some(60))),
            ("a2", record(Some(100))),
            (
                "a3",
                StepRecord::Graded {
                    grade: Grade::Again,
                },
            ),
        ]),
    );
    progress.lessons.insert(
        "b".into(),
        steps(&[
            ("b1", StepRecord::Graded { grade: Grade::Good }),
            ("b2", record(Some(30))),
        ]),
    );
    let weak = weakest(
        lessons
            .iter()
            .map(|(id, steps)| (*id, steps.iter().copied())),
        &progress,
    );
    let rows: Vec<(usize, usize, &str, u8)> = weak
        .iter()
        .map(|w| (w.lesson, w.step, w.step_id.as_str(), w.score))
        .collect();
    assert_eq!(rows, [(0, 2, "a3", 0), (1, 1, "b2", 30), (0, 0, "a1", 60)]);
}
