use super::*;
use crate::domain::lesson::validate::{Needle, Spot};

const SOURCE: &str = r##"// a lesson
(
    format_version: 1,
    id: "demo",
    title: "Steps: a (tricky) title, with [brackets]",
    summary: "s",
    steps: [
        Read(id: "intro", text: "id: \"fake\", steps: [x]"),
        /* Recall(id: "commented") */
        Predict(
            id: "p",
            scenario: (gpu: "h100-sxn", tp: 3),
            question: r#"raw "string", answer: no"#,
            answer: Number(value: Quantity("ridge"), unit: "u", tolerance: 2.0),
            explanation: "e",
        ),
        Recall(id: "r", front: "f", back: "b"),
    ],
)
"##;

#[track_caller]
fn at(spot: &Spot) -> (usize, usize, usize) {
    let e = Outline::scan(SOURCE).locate("x.ron", SOURCE, spot, "m".into());
    (e.start.line, e.start.col, e.width)
}

#[test]
fn finds_each_step_start() {
    let outline = Outline::scan(SOURCE);
    let starts: Vec<&str> = outline
        .step_offsets()
        .iter()
        .map(|s| &SOURCE[*s..*s + 4])
        .collect();
    assert_eq!(starts, ["Read", "Pred", "Reca"]);
}

#[test]
fn lesson_fields_are_found_at_the_top_level_only() {
    assert_eq!(at(&Spot::lesson("id", None)), (4, 5, 2));
    assert_eq!(
        at(&Spot::lesson("id", Some(Needle::whole("\"demo\"".into())))),
        (4, 9, 6)
    );
    assert_eq!(at(&Spot::lesson("steps", None)), (7, 5, 5));
}

#[test]
fn step_fields_are_found_in_turn() {
    assert_eq!(
        at(&Spot::step(1, &["answer", "tolerance"], None)),
        (14, 65, 9)
    );
    assert_eq!(at(&Spot::step(1, &["scenario", "tp"], None)), (12, 41, 2));
    let gpu = Spot::step(
        1,
        &["scenario", "gpu"],
        Some(Needle::whole("\"h100-sxn\"".into())),
    );
    assert_eq!(at(&gpu), (12, 29, 10));
    assert_eq!(
        at(&Spot::step(2, &["id"], Some(Needle::whole("\"r\"".into())))),
        (17, 20, 3)
    );
}

#[test]
fn what_cannot_be_found_falls_back() {
    // No `trap` key: the step itself.
    assert_eq!(at(&Spot::step(1, &["trap"], None)), (10, 9, 7));
    // A needle not in the step: the last key found.
    assert_eq!(
        at(&Spot::step(
            1,
            &["question"],
            Some(Needle::whole("zzz".into()))
        )),
        (13, 13, 8)
    );
    // A step the outline does not know: the file's start.
    assert_eq!(at(&Spot::step(9, &[], None)).0, 1);
}

#[test]
fn never_panics_on_garbage() {
    for text in [
        "",
        "(",
        "\"",
        "r#\"",
        "/*",
        "steps: [",
        "(steps: [(((",
        "'",
        "r",
        "é(steps:[é",
    ] {
        let outline = Outline::scan(text);
        let _ = outline.locate(
            "x",
            text,
            &Spot::step(0, &["id"], Some(Needle::whole("é".into()))),
            "m".into(),
        );
    }
}
