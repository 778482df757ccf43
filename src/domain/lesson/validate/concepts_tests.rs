//! The order rule over small courses written for it.

use rstest::rstest;

use super::*;
use crate::content::located::parse_ron;

#[track_caller]
fn lesson(id: &str, steps: &[&str], concepts: &str) -> Lesson {
    let steps: Vec<String> = steps
        .iter()
        .map(|s| format!(r#"Read(id: "{s}", text: "t")"#))
        .collect();
    let text = format!(
        r#"(format_version: 2, id: "{id}", title: "T", summary: "S", concepts: [{concepts}], steps: [{}])"#,
        steps.join(", ")
    );
    parse_ron("x.ron", &text).unwrap_or_else(|e| panic!("does not parse:\n{e}"))
}

/// (step index, message) of every problem of `lesson` in `course`.
#[track_caller]
fn found(lesson: &Lesson, course: &[Lesson]) -> Vec<(usize, String)> {
    order(lesson, &Course::of(course))
        .into_iter()
        .map(|p| (p.spot.step.expect("at a step"), p.message))
        .collect()
}

fn first() -> Lesson {
    lesson(
        "ceilings",
        &["ridge", "batch"],
        r#"(step: "ridge", teaches: ["ridge-point"]), (step: "batch", uses: ["ridge-point"], teaches: ["critical-batch"])"#,
    )
}

#[rstest]
// Taught in an earlier lesson, in an earlier step, or in the step itself: no problem.
#[case::an_earlier_lesson(r#"(step: "b", uses: ["ridge-point"])"#, vec![])]
#[case::an_earlier_step(r#"(step: "a", teaches: ["kv-cache"]), (step: "b", uses: ["kv-cache"])"#, vec![])]
#[case::the_same_step(r#"(step: "a", teaches: ["kv-cache"], uses: ["kv-cache"])"#, vec![])]
// A later step of the same lesson.
#[case::a_later_step(
    r#"(step: "a", uses: ["kv-cache"]), (step: "b", teaches: ["kv-cache"])"#,
    vec![(0, "step 'a' uses 'kv-cache' before it is taught: lesson 'kv', step 'b' teaches it later in the course; teach it at or before this step, or move this step after that one")]
)]
// A later lesson of the course.
#[case::a_later_lesson(
    r#"(step: "b", uses: ["fp8"])"#,
    vec![(1, "step 'b' uses 'fp8' before it is taught: lesson 'fewer-bytes', step 'fp8-weights' teaches it later in the course; teach it at or before this step, or move this step after that one")]
)]
// Nowhere.
#[case::never(
    r#"(step: "a", uses: ["flashattention", "ridge-point"])"#,
    vec![(0, "step 'a' uses 'flashattention', which no step of the course teaches: add it to the `teaches` of the step that defines it (in this lesson's `concepts`)")]
)]
fn a_concept_used_before_it_is_taught(#[case] concepts: &str, #[case] want: Vec<(usize, &str)>) {
    let middle = lesson("kv", &["a", "b"], concepts);
    let last = lesson(
        "fewer-bytes",
        &["fp8-weights"],
        r#"(step: "fp8-weights", teaches: ["fp8"])"#,
    );
    let course = [first(), middle.clone(), last];
    let want: Vec<(usize, String)> = want.into_iter().map(|(i, m)| (i, m.to_owned())).collect();
    assert_eq!(found(&middle, &course), want);
}

/// A lesson outside the course (`roofline check my-lesson.ron`) comes after all of it; an
/// edited lesson of the course is judged by its own concepts, not the course's old ones.
#[test]
fn a_lesson_outside_the_course_comes_after_it() {
    let mine = lesson(
        "mine",
        &["x"],
        r#"(step: "x", uses: ["ridge-point", "critical-batch"])"#,
    );
    assert_eq!(found(&mine, &[first()]), vec![]);
    let edited = lesson(
        "ceilings",
        &["ridge", "batch"],
        r#"(step: "batch", uses: ["ridge-point"])"#,
    );
    let mut course = Course::of(&[first()]);
    course.put(&edited);
    let problems = order(&edited, &course);
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert!(
        problems[0]
            .message
            .contains("no step of the course teaches")
    );
}
