//! The capstone shows two per-GPU weight figures for one deployment: the weights each GPU holds
//! (what the memory budget subtracts) and the weights a decode step reads (what the step time
//! divides by bandwidth). They differ by the input-embedding table, which a step looks up one
//! row per token. A learner who sees both must be told which is which (issue 29).

use std::path::Path;

use roofline_tutor::content::data_files::builtin_catalog;
use roofline_tutor::content::located::{decode_text, parse_ron};
use roofline_tutor::domain::lesson::{Lesson, ScenarioPatch, Step, scenario_for, template};
use roofline_tutor::domain::scenario::Scenario;

const READ: &str = "{weight_gb_per_gpu";
const HELD: &str = "{weight_gb_stored_per_gpu";

fn capstone() -> Lesson {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons/25-capstone.ron");
    let bytes = std::fs::read(&path).expect("the capstone ships");
    let name = path.display().to_string();
    let text = decode_text(&name, &bytes).expect("text");
    parse_ron(&name, text).expect("the capstone parses")
}

/// The step's texts a learner reads, with the scenario patch they are rendered at.
fn texts(step: &Step) -> Vec<(&str, Option<&ScenarioPatch>)> {
    let mut out = Vec::new();
    if let Step::Read(r) = step {
        out.push((r.text.as_str(), r.scenario.as_ref()));
    }
    if let Step::Predict(p) = step {
        let patch = p.scenario.as_ref();
        out.push((p.question.as_str(), patch));
        out.push((p.explanation.as_str(), patch));
        out.extend(p.trap.as_deref().map(|t| (t, patch)));
    }
    out
}

#[test]
fn every_weight_figure_the_capstone_shows_says_held_or_read() {
    let lesson = capstone();
    let catalog = builtin_catalog();
    let base = Scenario::default_cluster();
    let mut read_shown = 0;
    for step in &lesson.steps {
        for (text, patch) in texts(step) {
            if text.contains(READ) {
                read_shown += 1;
                assert!(
                    text.contains(HELD) && text.contains("embedding"),
                    "a text shows the weights read without the weights held and why they differ: {text}"
                );
                let scenario = scenario_for(patch, &base);
                let shown = template::render(text, &scenario, &catalog);
                let read = template::render("{weight_gb_per_gpu:.1}", &scenario, &catalog);
                let held = template::render("{weight_gb_stored_per_gpu:.1}", &scenario, &catalog);
                assert_ne!(read, held, "the two figures differ at this scenario");
                assert!(shown.contains(&read) && shown.contains(&held), "{shown}");
            }
            if text.contains(HELD) && !text.contains(READ) {
                let lower = text.to_lowercase();
                assert!(
                    ["hold", "stores", "store"]
                        .iter()
                        .any(|w| lower.contains(w)),
                    "a text shows the weights held without saying so: {text}"
                );
            }
        }
    }
    assert!(
        read_shown > 0,
        "the capstone shows the weights a step reads"
    );
}
