//! The end of a lesson and the lesson list tell the same story: for the same progress, the
//! same counts of right, partly and missed steps, and the same score (one rounding).

#[path = "tui/support.rs"]
mod support;

use roofline_tutor::app::{LessonView, Msg, NavMsg};
use roofline_tutor::content::data_files::builtin_catalog;
use roofline_tutor::content::lessons;
use roofline_tutor::domain::lesson::{Lesson, Step};
use roofline_tutor::domain::scenario::Scenario;
use roofline_tutor::domain::session::{
    Grade, Guess, LessonProgress, Progress, ResolvedAnswer, StepRecord, resolve_step,
};
use support::{course_app_with, render, send, text};

/// Every step of `lesson` finished: predictions scored from `scores` in turn (a mix of right,
/// partly and missed whose mean is not whole), cards graded from `grades` in turn.
fn finished(lesson: &Lesson, scores: &[u8], grades: &[Grade]) -> LessonProgress {
    let catalog = builtin_catalog();
    let cluster = Scenario::default_cluster();
    let (mut s, mut g) = (scores.iter().cycle(), grades.iter().cycle());
    let steps = lesson
        .steps
        .iter()
        .map(|step| {
            let record = match step {
                Step::Predict(_) | Step::Explore(_) => {
                    let (guess, answer) = match resolve_step(step, &cluster, &catalog) {
                        Some(ResolvedAnswer::Number { value, .. }) => {
                            (Guess::Number(value), Some(value))
                        }
                        Some(
                            ResolvedAnswer::Choice { .. } | ResolvedAnswer::Unavailable { .. },
                        )
                        | None => (Guess::Choice(0), None),
                    };
                    StepRecord::Revealed {
                        guess,
                        score: s.next().copied(),
                        answer,
                    }
                }
                Step::Recall(_) => StepRecord::Graded {
                    grade: *g.next().expect("grades"),
                },
                Step::Explain(_) => StepRecord::Explained { text: "t".into() },
                Step::Read(_) | Step::Example(_) => StepRecord::Seen,
            };
            (step.id().to_owned(), record)
        })
        .collect();
    LessonProgress {
        resume_step: lesson.steps.last().map(|s| s.id().to_owned()),
        steps,
    }
}

/// The number written just before `word` on `screen` ("✓ 7 right" → 7).
#[track_caller]
fn count_before(screen: &str, word: &str) -> usize {
    let at = screen
        .find(&format!(" {word}"))
        .unwrap_or_else(|| panic!("'{word}' on the end screen:\n{screen}"));
    let digits: String = screen[..at]
        .chars()
        .rev()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .chars()
        .rev()
        .collect();
    digits.parse().expect("a count")
}

#[test]
fn the_end_of_a_lesson_and_the_list_show_the_same_marks_and_score() {
    let all = lessons::builtin(&builtin_catalog()).expect("the shipped lessons load");
    let lesson = &all[0];
    let mut progress = Progress::default();
    progress.lessons.insert(
        lesson.id.clone(),
        finished(
            lesson,
            &[100, 97, 0, 100, 98, 60],
            &[Grade::Good, Grade::Again],
        ),
    );
    let mut app = course_app_with(progress, 160, 45);
    send(
        &mut app,
        &[
            Msg::Nav(NavMsg::OpenLesson(0)),
            Msg::Nav(NavMsg::ResumeLesson),
        ],
    );
    send(&mut app, &[Msg::Nav(NavMsg::NextStep)]);
    assert!(
        matches!(
            app.lesson_screen().map(|s| s.view),
            Some(LessonView::End { .. })
        ),
        "at the lesson's end"
    );
    let end = text(&render(&app, 160, 45));
    let (right, partly, missed) = (
        count_before(&end, "right"),
        count_before(&end, "partly"),
        count_before(&end, "missed"),
    );
    assert!(partly > 0, "the progress has a partly right step:\n{end}");
    let score = end
        .split("Score ")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .expect("a score on the end screen")
        .to_owned();

    send(&mut app, &[Msg::Nav(NavMsg::ShowLessonList)]);
    let list = text(&render(&app, 160, 45));
    let row = list
        .lines()
        .find(|l| l.contains(&lesson.title))
        .expect("the lesson's row");
    for mark in [
        format!("✓{right}"),
        format!("◐{partly}"),
        format!("✗{missed}"),
        format!(" {score} "),
    ] {
        assert!(
            row.contains(&mark),
            "the list's row shows {mark} as the end screen does:\n{row}\n{end}"
        );
    }
}
