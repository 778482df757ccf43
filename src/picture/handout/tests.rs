//! The handout: every step in order, answers only where revealed, the room's spread drawn.

use super::*;
use crate::content::data_files::builtin_catalog;
use crate::domain::classroom::{ClassRecord, RECORD_FORMAT_VERSION, StepGuesses, StepRecordOut};
use crate::domain::scenario::Scenario;

/// Lesson 2 with its first question (the H100's ridge) and the H200 choice revealed.
fn handout() -> Handout {
    let lesson = crate::content::lessons::parse_shipped()
        .into_iter()
        .find(|l| l.id == "ridge-point")
        .unwrap();
    let record = ClassRecord {
        format_version: RECORD_FORMAT_VERSION,
        lesson: "ridge-point".to_owned(),
        started: "2026-11-25T12:00:00Z".to_owned(),
        steps: vec![
            StepRecordOut {
                step: "h100-sxm-ridge".to_owned(),
                question: String::new(),
                answer: 295.2,
                unit: "FLOP/byte".to_owned(),
                tolerance: 0.1,
                guesses: StepGuesses {
                    numbers: vec![100.0, 280.0, 300.0, 310.0, 2000.0],
                    choices: Vec::new(),
                },
                median: Some(300.0),
                within_pct: Some(60.0),
            },
            StepRecordOut {
                step: "h200-direction".to_owned(),
                question: String::new(),
                answer: 1.0,
                unit: String::new(),
                tolerance: 0.0,
                guesses: StepGuesses {
                    numbers: Vec::new(),
                    choices: vec![1, 1, 0, 2],
                },
                median: None,
                within_pct: Some(50.0),
            },
        ],
    };
    build(
        &lesson,
        &record,
        &Scenario::default_cluster(),
        &builtin_catalog(),
    )
}

#[test]
fn every_step_with_answers_only_where_revealed() {
    let handout = handout();
    assert_eq!(handout.title, "The ridge point");
    assert!(handout.steps.len() > 10);
    let revealed: Vec<usize> = handout
        .steps
        .iter()
        .filter(|s| matches!(s.outcome, Outcome::Revealed { .. }))
        .map(|s| s.number)
        .collect();
    // Step 1 is the incident, step 2 the first read; the ridge is step 3, the H200 choice step 5.
    assert_eq!(revealed, vec![3, 5]);
    assert_eq!(handout.steps[0].outcome, Outcome::Nothing);
    assert_eq!(handout.steps[1].outcome, Outcome::Nothing);
    assert_eq!(handout.steps[3].outcome, Outcome::NotRevealed);
    let Outcome::Revealed {
        answer,
        summary,
        picture,
        ..
    } = &handout.steps[2].outcome
    else {
        panic!("step 3 is revealed");
    };
    assert_eq!(answer, "295 FLOP/byte");
    assert_eq!(
        summary,
        "5 answers from the room · median 300 · 60% within tolerance"
    );
    assert!(picture.as_ref().unwrap().contains("answer 295 FLOP/byte"));
    // The question is templated for the presentation's cluster.
    assert!(
        handout.steps[2].text.contains("H100 SXM5"),
        "{}",
        handout.steps[2].text
    );
}

#[test]
fn the_page() {
    let page = render(&handout());
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(!page.contains("<script") && !page.contains("src=") && !page.contains("href="));
    assert_eq!(
        page.matches("<svg").count(),
        2,
        "one picture per revealed step"
    );
    assert!(page.contains("Not revealed in this session."));
    assert!(page.contains("chose the right option"));
    // The unrevealed FP8 ridge (step 4, about 591) is not given away.
    let fp8 = page.find("id=\"step-4\"").unwrap();
    let next = page.find("id=\"step-5\"").unwrap();
    assert!(!page[fp8..next].contains("Answer:"), "{}", &page[fp8..next]);
    insta::assert_snapshot!("handout_ridge_point", page);
}
