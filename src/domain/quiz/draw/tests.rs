//! Drawing by seed: the same seed gives the same quiz, others give others; every variant a
//! quiz can draw from the shipped lessons computes.

use rstest::rstest;

use super::*;
use crate::content::data_files::builtin_catalog;
use crate::domain::lesson::template::UNAVAILABLE;

fn course() -> (Vec<Lesson>, Catalog) {
    let catalog = builtin_catalog();
    let lessons = crate::content::lessons::builtin(&catalog).unwrap();
    (lessons, catalog)
}

fn quiz(lessons: &[Lesson], catalog: &Catalog, count: usize, seed: u64) -> Vec<Question> {
    draw(&QuizSpec {
        lessons,
        cluster: &Scenario::default_cluster(),
        catalog,
        count,
        seed,
        origin: ClusterOrigin::Default,
    })
    .unwrap()
}

#[test]
fn the_same_seed_gives_the_same_questions_and_variants() {
    let (lessons, catalog) = course();
    for seed in [0, 1, 42, u64::MAX] {
        assert_eq!(
            quiz(&lessons, &catalog, 10, seed),
            quiz(&lessons, &catalog, 10, seed)
        );
    }
}

#[test]
fn other_seeds_give_other_quizzes() {
    let (lessons, catalog) = course();
    let orders: std::collections::HashSet<Vec<String>> = (0..10)
        .map(|seed| {
            quiz(&lessons, &catalog, 10, seed)
                .iter()
                .map(|q| format!("{}/{}", q.lesson, q.step))
                .collect()
        })
        .collect();
    assert_eq!(orders.len(), 10, "ten seeds, ten different quizzes");
}

#[test]
fn a_varying_step_is_asked_for_other_scenarios_under_other_seeds() {
    let (lessons, catalog) = course();
    let all = pool(&lessons, &Scenario::default_cluster(), &catalog).len();
    let mut scenarios =
        std::collections::HashMap::<String, std::collections::HashSet<String>>::new();
    for seed in 0..12 {
        for q in quiz(&lessons, &catalog, all, seed) {
            scenarios
                .entry(format!("{}/{}", q.lesson, q.step))
                .or_default()
                .insert(format!("{:?}", q.scenario));
        }
    }
    let varying: Vec<&String> = scenarios
        .iter()
        .filter(|(_, s)| s.len() > 1)
        .map(|(k, _)| k)
        .collect();
    assert!(
        varying.len() >= 3,
        "steps asked on fresh scenarios: {varying:?}"
    );
}

/// Every question a quiz can draw from the shipped lessons, under many seeds, computes: a
/// positive finite answer for a numeric one, and a question with no placeholder left unfilled.
#[test]
fn every_question_a_quiz_can_draw_from_the_shipped_lessons_computes() {
    let (lessons, catalog) = course();
    let all = pool(&lessons, &Scenario::default_cluster(), &catalog).len();
    assert!(all >= 60, "{all} questions");
    for seed in 0..30 {
        let questions = quiz(&lessons, &catalog, all, seed);
        assert_eq!(questions.len(), all, "seed {seed}: every candidate asked");
        for q in questions {
            match &q.answer {
                QuestionAnswer::Number { value, .. } => {
                    assert!(value.is_finite() && *value > 0.0, "{}/{}", q.lesson, q.step);
                }
                QuestionAnswer::Choice { options, correct } => assert!(correct < &options.len()),
            }
            assert!(
                !q.text.contains(UNAVAILABLE),
                "{}/{}: {}",
                q.lesson,
                q.step,
                q.text
            );
            if q.varied {
                let evaluation = q.scenario.evaluate(&catalog);
                assert!(
                    evaluation.is_ok(),
                    "{}/{}: {:?}",
                    q.lesson,
                    q.step,
                    q.scenario
                );
            }
        }
    }
}

#[rstest]
#[case::zero(0)]
#[case::too_many(10_000)]
fn a_count_out_of_range_is_refused(#[case] count: usize) {
    let (lessons, catalog) = course();
    let result = draw(&QuizSpec {
        lessons: &lessons,
        cluster: &Scenario::default_cluster(),
        catalog: &catalog,
        count,
        seed: 1,
        origin: ClusterOrigin::Default,
    });
    assert!(matches!(result, Err(DrawError::Count { asked, .. }) if asked == count));
}

#[test]
fn only_the_chosen_lessons_are_drawn_from() {
    let (lessons, catalog) = course();
    let chosen: Vec<Lesson> = lessons
        .into_iter()
        .filter(|l| l.id == "batching" || l.id == "ridge-point")
        .collect();
    for q in quiz(&chosen, &catalog, 5, 3) {
        assert!(
            q.lesson == "batching" || q.lesson == "ridge-point",
            "{}",
            q.lesson
        );
    }
}

/// Every question of lesson 15 ("Your cluster"), drawn for a cluster of `origin`.
fn capstone(origin: ClusterOrigin) -> Vec<Question> {
    let (lessons, catalog) = course();
    let capstone: Vec<Lesson> = lessons
        .into_iter()
        .filter(|l| l.id == "your-cluster")
        .collect();
    let count = pool(&capstone, &Scenario::default_cluster(), &catalog).len();
    draw(&QuizSpec {
        lessons: &capstone,
        cluster: &Scenario::default_cluster(),
        catalog: &catalog,
        count,
        seed: 3,
        origin,
    })
    .unwrap()
}

#[test]
fn without_a_cluster_no_question_is_titled_your_cluster() {
    let questions = capstone(ClusterOrigin::Default);
    assert!(!questions.is_empty());
    let catalog = builtin_catalog();
    for q in &questions {
        assert!(
            !q.lesson_title.to_lowercase().contains("your cluster"),
            "{}: {}",
            q.step,
            q.lesson_title
        );
        let gpu = &catalog.gpu(&q.scenario.gpu).unwrap().name;
        assert!(
            q.lesson_title.contains(gpu.as_str()),
            "titled by its GPU ({gpu}): {}",
            q.lesson_title
        );
    }
}

#[test]
fn with_a_cluster_its_own_questions_are_titled_your_cluster() {
    for q in capstone(ClusterOrigin::Given) {
        assert_eq!(
            q.lesson_title == "Your cluster",
            !q.varied,
            "a variant is not the learner's cluster: {} {}",
            q.step,
            q.lesson_title
        );
    }
}
