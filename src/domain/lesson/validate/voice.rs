//! The voice of a teacher, checked by the lesson's shape: a lesson of the course opens with a
//! problem the learner owns and what they will predict by its end (a `Read` tagged `Incident`,
//! the incident in its first paragraph and the goal in its last), and closes with what it rests
//! on (a `Read` tagged `Sources`); each explain step is a sentence to complete with a
//! three-point rubric (`…` and `(1)`, `(2)`, `(3)` in its prompt). Tags, not words, say which
//! step is which; the explain prompt's marks are the only writing looked for.
//!
//! A file of fewer than [`COURSE_LESSON_STEPS`] steps is a fragment (a test lesson, a draft, a
//! pack's snippet), not a lesson of a course, and is not held to it.

use super::Problem;
use super::spot::{Needle, Spot};
use crate::domain::lesson::{Lesson, ReadStep, ReadTag, Step};

/// The fewest steps of a lesson held to the teacher's voice: the lightest lesson the course
/// outline allows (issue #29: "a light one 8–10 steps").
pub const COURSE_LESSON_STEPS: usize = 8;

/// A problem for a lesson of the course that does not open with its incident and goal, or does
/// not close with its sources.
pub(super) fn check(lesson: &Lesson) -> Vec<Problem> {
    let steps = &lesson.steps;
    if steps.len() < COURSE_LESSON_STEPS {
        return Vec::new();
    }
    let mut problems = Vec::new();
    match tagged(&steps[0], ReadTag::Incident) {
        None => problems.push(Problem {
            spot: at_id(0, &steps[0]),
            message: "a lesson opens with a problem the learner owns: make the first step a Read with `tag: Incident`, a one-line incident (an operator's real symptom) in its first paragraph and what the learner will predict by the end in its last".to_owned(),
        }),
        Some(read) if paragraphs(&read.text) < 2 => problems.push(Problem {
            spot: Spot::step(0, &["text"], None),
            message: "the incident step states the incident and the goal in one paragraph: write the incident first and, after a blank line, what the learner will predict by the end".to_owned(),
        }),
        Some(_) => {}
    }
    let last = steps.len() - 1;
    if tagged(&steps[last], ReadTag::Sources).is_none() {
        problems.push(Problem {
            spot: at_id(last, &steps[last]),
            message: "a lesson closes with what it rests on: end it with a Read with `tag: Sources` naming its papers, datasheets and engine docs".to_owned(),
        });
    }
    for (index, step) in steps.iter().enumerate() {
        if let Step::Explain(explain) = step
            && !completes_a_sentence(&explain.prompt)
        {
            problems.push(Problem {
                spot: Spot::step(index, &["prompt"], None),
                message: "an explain step is a sentence to complete, checked against a three-point rubric: start the sentence for the learner and end it with '…', then name the three points to check, numbered (1), (2) and (3)".to_owned(),
            });
        }
    }
    problems
}

/// Whether an explain prompt gives a sentence to complete (its start, ending in `…`) and the
/// three points to check it against, numbered.
fn completes_a_sentence(prompt: &str) -> bool {
    let numbered = ["(1)", "(2)", "(3)"]
        .into_iter()
        .try_fold(0, |from, mark| {
            prompt[from..].find(mark).map(|at| from + at + mark.len())
        })
        .is_some();
    prompt.contains('…') && numbered
}

/// The read step, when `step` is one tagged `tag`.
fn tagged(step: &Step, tag: ReadTag) -> Option<&ReadStep> {
    match step {
        Step::Read(read) if read.tag == Some(tag) => Some(read),
        Step::Read(_)
        | Step::Predict(_)
        | Step::Recall(_)
        | Step::Example(_)
        | Step::Explore(_)
        | Step::Explain(_) => None,
    }
}

/// Paragraphs of a text: blocks separated by a blank line.
fn paragraphs(text: &str) -> usize {
    text.split("\n\n").filter(|p| !p.trim().is_empty()).count()
}

fn at_id(index: usize, step: &Step) -> Spot {
    Spot::step(
        index,
        &["id"],
        Some(Needle::whole(format!("\"{}\"", step.id()))),
    )
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;
    use crate::domain::lesson::{LESSON_FORMAT_VERSION, RecallStep};

    #[track_caller]
    fn read(id: &str, tag: Option<ReadTag>, text: &str) -> Step {
        Step::Read(ReadStep {
            id: id.to_owned(),
            tag,
            text: text.to_owned(),
            scenario: None,
        })
    }

    #[track_caller]
    fn lesson(first: Step, last: Step, middle: usize) -> Lesson {
        let mut steps = vec![first];
        steps.extend((0..middle).map(|n| {
            Step::Recall(RecallStep {
                id: format!("card-{n}"),
                front: "f".to_owned(),
                back: "b".to_owned(),
                scenario: None,
            })
        }));
        steps.push(last);
        Lesson {
            format_version: LESSON_FORMAT_VERSION,
            id: "t".to_owned(),
            title: "T".to_owned(),
            summary: "S".to_owned(),
            concepts: Vec::new(),
            steps,
        }
    }

    const INCIDENT: &str = "Your pager: TPOT doubled.\n\nBy the end you will predict why.";

    #[track_caller]
    fn messages(lesson: &Lesson) -> Vec<(Option<usize>, Vec<&'static str>, String)> {
        check(lesson)
            .into_iter()
            .map(|p| (p.spot.step, p.spot.fields, p.message))
            .collect()
    }

    #[rstest]
    #[case::sound(Some(ReadTag::Incident), INCIDENT, Some(ReadTag::Sources), 6, &[])]
    #[case::fragment(None, "x", None, 5, &[])]
    #[case::no_incident(Some(ReadTag::Analogy), INCIDENT, Some(ReadTag::Sources), 6, &[(0, "id", "opens with a problem")])]
    #[case::no_goal(Some(ReadTag::Incident), "Your pager: TPOT doubled.", Some(ReadTag::Sources), 6, &[(0, "text", "in one paragraph")])]
    #[case::no_sources(Some(ReadTag::Incident), INCIDENT, Some(ReadTag::Takeaway), 6, &[(7, "id", "closes with what it rests on")])]
    #[case::neither(None, INCIDENT, None, 6, &[(0, "id", "opens with"), (7, "id", "closes with")])]
    fn a_course_lesson_opens_with_its_incident_and_closes_with_its_sources(
        #[case] first_tag: Option<ReadTag>,
        #[case] first_text: &str,
        #[case] last_tag: Option<ReadTag>,
        #[case] middle: usize,
        #[case] expected: &[(usize, &str, &str)],
    ) {
        let lesson = lesson(
            read("opening", first_tag, first_text),
            read("sources", last_tag, "Williams, Waterman, Patterson 2009"),
            middle,
        );
        let found = messages(&lesson);
        assert_eq!(found.len(), expected.len(), "{found:#?}");
        for ((step, fields, message), (at, field, words)) in found.iter().zip(expected) {
            assert_eq!((*step, fields.as_slice()), (Some(*at), &[*field][..]));
            assert!(message.contains(words), "{message}");
        }
    }

    #[rstest]
    #[case::completion(
        "Complete: \"Decode is slow because…\" Check against (1) bytes; (2) FLOPs; (3) the ridge.",
        true
    )]
    #[case::open_question(
        "Brief your team: where does decode sit, and what would you change?",
        false
    )]
    #[case::no_rubric("Complete: \"Decode is slow because…\"", false)]
    #[case::points_out_of_order(
        "Complete: \"Decode is slow because…\" (2) a; (1) b; (3) c.",
        false
    )]
    fn an_explain_step_completes_a_sentence_against_three_points(
        #[case] prompt: &str,
        #[case] sound: bool,
    ) {
        let mut course = lesson(
            read("opening", Some(ReadTag::Incident), INCIDENT),
            read("sources", Some(ReadTag::Sources), "Williams 2009"),
            6,
        );
        course.steps[3] = Step::Explain(crate::domain::lesson::ExplainStep {
            id: "why".to_owned(),
            prompt: prompt.to_owned(),
            model_answer: "…because".to_owned(),
            scenario: None,
        });
        let found = messages(&course);
        if sound {
            assert!(found.is_empty(), "{found:#?}");
        } else {
            assert_eq!(found.len(), 1, "{found:#?}");
            assert_eq!(
                (found[0].0, found[0].1.as_slice()),
                (Some(3), &["prompt"][..])
            );
            assert!(found[0].2.contains("three-point rubric"), "{}", found[0].2);
        }
    }

    #[test]
    fn a_first_step_of_another_kind_is_no_incident() {
        let first = Step::Recall(RecallStep {
            id: "card".to_owned(),
            front: "f".to_owned(),
            back: "b".to_owned(),
            scenario: None,
        });
        let sources = read("sources", Some(ReadTag::Sources), "Williams 2009");
        let found = messages(&lesson(first, sources, 6));
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(found[0].2.contains("opens with a problem"));
    }
}
