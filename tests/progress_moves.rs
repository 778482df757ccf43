//! A learner's progress from the course before issue 29 split two lessons and made lesson 2 short
//! course with every record and every review under the lesson that now holds its step.

use std::collections::{BTreeMap, BTreeSet};

use roofline_tutor::content::data_files::builtin_catalog;
use roofline_tutor::content::{lesson_moves, lessons};
use roofline_tutor::domain::lesson::Lesson;
use roofline_tutor::domain::schedule::{Review, Scheduler, Timestamp, due_now};
use roofline_tutor::domain::session::{Changes, LessonProgress, Progress, StepRecord};
use roofline_tutor::store::Store;
use rstest::rstest;
use serde::Deserialize;

const BEFORE: &str = include_str!("fixtures/progress/before-issue-29.ron");

/// The fixture as written, read without the moves.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    #[allow(dead_code, reason = "the fixture's, read to be strict")]
    format_version: u32,
    #[allow(dead_code, reason = "the fixture's, read to be strict")]
    last_lesson: Option<String>,
    lessons: BTreeMap<String, LessonProgress>,
    reviews: BTreeMap<String, BTreeMap<String, Vec<Review>>>,
}

fn raw() -> Raw {
    ron::from_str(BEFORE).expect("the fixture parses")
}

fn course() -> Vec<Lesson> {
    lessons::builtin(&builtin_catalog()).expect("the shipped lessons load")
}

fn load(text: &str) -> (Progress, Store, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("progress.ron"), text).unwrap();
    let mut store = Store::new(dir.path());
    let loaded = store.load();
    assert_eq!(loaded.warning, None);
    (loaded.progress, store, dir)
}

/// The lesson of today's course a step recorded under `lesson` belongs to: the same lesson if
/// it still has the step, else the lesson a move sent it to.
fn new_home(course: &[Lesson], lesson: &str, step: &str) -> String {
    let has = |id: &str| {
        course
            .iter()
            .any(|l| l.id == id && l.steps.iter().any(|s| s.id() == step))
    };
    if has(lesson) {
        return lesson.to_owned();
    }
    let moved = lesson_moves::builtin()
        .iter()
        .find(|m| m.from == lesson && m.step == step)
        .unwrap_or_else(|| panic!("{lesson}/{step} is in no lesson and has no move"));
    assert!(
        has(&moved.to),
        "{lesson}/{step} moved to {}, which lacks it",
        moved.to
    );
    moved.to.clone()
}

fn records(progress: &Progress) -> BTreeSet<(String, String)> {
    progress
        .lessons
        .iter()
        .flat_map(|(l, p)| p.steps.keys().map(move |s| (l.clone(), s.clone())))
        .collect()
}

#[test]
fn every_record_and_review_lands_under_the_lesson_that_now_has_its_step() {
    let (course, raw) = (course(), raw());
    let (loaded, _store, _dir) = load(BEFORE);
    let mut moved = 0;
    for (lesson, progress) in &raw.lessons {
        for (step, record) in &progress.steps {
            let home = new_home(&course, lesson, step);
            moved += usize::from(home != *lesson);
            let found: Option<&StepRecord> =
                loaded.lessons.get(&home).and_then(|l| l.steps.get(step));
            assert_eq!(found, Some(record), "{lesson}/{step} under {home}");
        }
    }
    assert_eq!(
        moved, 28,
        "four MoE steps, seven cost steps, two recall cards (paging, FP8 KV), nine steps of the \
         ridge lesson and six tensor-parallel steps of buying hardware moved"
    );
    let before: usize = raw.lessons.values().map(|l| l.steps.len()).sum();
    assert_eq!(
        records(&loaded).len(),
        before,
        "nothing dropped, nothing doubled"
    );
    for (lesson, steps) in &raw.reviews {
        for (step, history) in steps {
            let home = new_home(&course, lesson, step);
            assert_eq!(
                loaded.history(&home, step),
                history.as_slice(),
                "{lesson}/{step}"
            );
        }
    }
    assert_eq!(
        loaded.lessons["moe-serving"].resume_step.as_deref(),
        Some("moe-prefill"),
        "the learner resumes the moved step in its new lesson"
    );
}

#[test]
fn every_step_of_today_s_course_answered_before_shows_its_record() {
    let (raw, (loaded, _store, _dir)) = (raw(), load(BEFORE));
    let had = |lesson: &str, step: &str| {
        raw.lessons
            .get(lesson)
            .is_some_and(|l| l.steps.contains_key(step))
    };
    let mut shown = 0;
    for lesson in course() {
        for step in &lesson.steps {
            let answered_before = had(&lesson.id, step.id())
                || lesson_moves::builtin()
                    .iter()
                    .any(|m| m.to == lesson.id && m.step == step.id() && had(&m.from, step.id()));
            if answered_before {
                let record = loaded
                    .lessons
                    .get(&lesson.id)
                    .and_then(|l| l.steps.get(step.id()));
                assert!(
                    record.is_some(),
                    "{}/{} lost its record",
                    lesson.id,
                    step.id()
                );
                shown += 1;
            }
        }
    }
    let before: usize = raw.lessons.values().map(|l| l.steps.len()).sum();
    assert_eq!(
        shown, before,
        "every step of the old course is in the new one"
    );
}

#[test]
fn loading_saving_and_loading_again_changes_nothing() {
    let (first, mut store, dir) = load(BEFORE);
    let mut again = first.clone();
    again.apply_moves(lesson_moves::builtin());
    assert_eq!(again, first, "the moves applied twice");
    let merged = store.sync(&first).expect("saved");
    assert_eq!(merged, first);
    let text = std::fs::read_to_string(dir.path().join("progress.ron")).unwrap();
    let (reloaded, _store, _dir) = load(&text);
    assert_eq!(reloaded, first);
}

#[test]
fn a_tutor_on_the_new_course_merges_with_a_file_an_old_tutor_keeps_writing() {
    let (base, mut store, dir) = load(BEFORE);
    // This tutor answers a moved step in its new lesson...
    let mut mine = base.clone();
    let record = StepRecord::Explained {
        text: "cheap per token in math, not in bytes".into(),
    };
    mine.lessons
        .get_mut("capacity-and-cost")
        .unwrap()
        .steps
        .insert("pick-the-batch".into(), record.clone());
    // ...while an old tutor rewrote the file with the old keys and a new answer of its own.
    let old_answer = StepRecord::Graded {
        grade: roofline_tutor::domain::session::Grade::Easy,
    };
    let old_text = BEFORE.replace(
        "\"prefill-card\": Graded(grade: Good)",
        "\"prefill-card\": Graded(grade: Easy)",
    );
    assert_ne!(old_text, BEFORE);
    std::fs::write(dir.path().join("progress.ron"), &old_text).unwrap();
    assert!(!Changes::between(&base, &mine).is_empty());
    let merged = store.sync(&mine).expect("saved");
    let at = |lesson: &str, step: &str| {
        merged
            .lessons
            .get(lesson)
            .and_then(|l| l.steps.get(step))
            .cloned()
    };
    assert_eq!(at("capacity-and-cost", "pick-the-batch"), Some(record));
    assert_eq!(at("moe-serving", "prefill-card"), Some(old_answer));
    assert_eq!(at("mixture-of-experts", "prefill-card"), None);
}

#[test]
fn every_move_names_a_step_its_new_lesson_has_and_its_old_lesson_lacks() {
    let course = course();
    let lesson = |id: &str| course.iter().find(|l| l.id == id);
    for m in lesson_moves::builtin() {
        let to = lesson(&m.to).unwrap_or_else(|| panic!("no lesson {}", m.to));
        assert!(
            to.steps.iter().any(|s| s.id() == m.step),
            "{} lacks {}",
            m.to,
            m.step
        );
        if let Some(from) = lesson(&m.from) {
            assert!(
                from.steps.iter().all(|s| s.id() != m.step),
                "{} still has {}: its records would be moved away",
                m.from,
                m.step
            );
        }
    }
}

/// A progress file with records and reviews under the lesson a step was in before lesson 2
/// was made short (issue 29), and under the lesson each tensor-parallel step left.
fn a_file_with(lesson: &str, step: &str, record: &str) -> String {
    format!(
        "(format_version: 2, last_lesson: Some(\"{lesson}\"), lessons: {{ \"{lesson}\": \
         (resume_step: Some(\"{step}\"), steps: {{ \"{step}\": {record} }}) }}, \
         reviews: {{ \"{lesson}\": {{ \"{step}\": [(at: 1764086400, grade: Good), \
         (at: 1764345600, grade: Hard)] }} }})"
    )
}

#[rstest]
#[case::h100_nvl_ridge(
    "ridge-point",
    "h100-nvl-ridge",
    "buying-hardware",
    REVEALED,
    Asked::InReviews
)]
#[case::a100_80gb_ridge(
    "ridge-point",
    "a100-80gb-ridge",
    "buying-hardware",
    REVEALED,
    Asked::InReviews
)]
#[case::a100_40gb_ridge(
    "ridge-point",
    "a100-40gb-ridge",
    "buying-hardware",
    REVEALED,
    Asked::InReviews
)]
#[case::l4_ridge(
    "ridge-point",
    "l4-ridge",
    "buying-hardware",
    REVEALED,
    Asked::InReviews
)]
#[case::ridges_to_know(
    "ridge-point",
    "ridges-to-know",
    "buying-hardware",
    GRADED,
    Asked::InReviews
)]
#[case::runner_keeps_pace(
    "ridge-point",
    "runner-keeps-pace",
    "buying-hardware",
    SEEN,
    Asked::NotInReviews
)]
#[case::h200_over_h100(
    "ridge-point",
    "h200-over-h100",
    "buying-hardware",
    REVEALED,
    Asked::NotInReviews
)]
#[case::fp8_ridge("ridge-point", "fp8-ridge", "four-bit", SEEN, Asked::NotInReviews)]
#[case::packets_per_second(
    "ridge-point",
    "packets-per-second",
    "interconnect",
    SEEN,
    Asked::NotInReviews
)]
#[case::tp4_step_time(
    "buying-hardware",
    "tp4-step-time",
    "interconnect",
    REVEALED,
    Asked::InReviews
)]
#[case::tp8_tokens(
    "buying-hardware",
    "tp8-tokens",
    "interconnect",
    REVEALED,
    Asked::InReviews
)]
#[case::tp_70b_example(
    "buying-hardware",
    "70b-tensor-parallel",
    "interconnect",
    SEEN,
    Asked::NotInReviews
)]
#[case::more_runners(
    "buying-hardware",
    "more-runners",
    "interconnect",
    SEEN,
    Asked::NotInReviews
)]
#[case::raid_striping(
    "buying-hardware",
    "raid-striping",
    "interconnect",
    SEEN,
    Asked::NotInReviews
)]
#[case::tp_card("buying-hardware", "tp-card", "interconnect", GRADED, Asked::InReviews)]
fn a_step_lesson_2_or_12_gave_up_keeps_its_record_and_reviews_in_its_new_lesson(
    #[case] from: &str,
    #[case] step: &str,
    #[case] to: &str,
    #[case] record: &str,
    #[case] asked: Asked,
) {
    let (loaded, _store, _dir) = load(&a_file_with(from, step, record));
    let course = course();
    let lesson = |id: &str| course.iter().find(|l| l.id == id).expect("in the course");
    assert!(
        lesson(to).steps.iter().any(|s| s.id() == step),
        "{to} has {step}"
    );
    assert!(
        lesson(from).steps.iter().all(|s| s.id() != step),
        "{from} no longer has {step}"
    );
    let expected: StepRecord = ron::from_str(record).expect("a record");
    let at = |id: &str| loaded.lessons.get(id).and_then(|l| l.steps.get(step));
    assert_eq!(at(to), Some(&expected), "{from}/{step} under {to}");
    assert_eq!(at(from), None, "{from}/{step} left nothing behind");
    assert_eq!(loaded.lessons[to].resume_step.as_deref(), Some(step));
    assert_eq!(loaded.history(to, step).len(), 2, "both reviews under {to}");
    assert!(loaded.history(from, step).is_empty());
    let due = due_now(
        &course,
        &loaded,
        &Scheduler::default(),
        Timestamp(1_900_000_000),
    );
    if asked == Asked::InReviews {
        assert!(
            due.iter().any(|r| r.lesson == to && r.step == step),
            "{step} is reviewed under {to}"
        );
    }
    assert!(due.iter().all(|r| r.lesson != from || r.step != step));
}

const REVEALED: &str = "Revealed(guess: Number(2.5), score: Some(51), answer: Some(3.25))";
const GRADED: &str = "Graded(grade: Good)";
const SEEN: &str = "Seen";

/// Whether a review asks the step: predictions and recall cards, not reads, examples or
/// explorations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Asked {
    InReviews,
    NotInReviews,
}
