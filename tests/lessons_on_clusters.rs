//! Every lesson taken with every shipped cluster profile (the default, the example hybrid
//! cluster, an MoE cluster and an MLA cluster): every text renders with no missing value and
//! every worked-example line fits the lesson pane. `ROOFLINE_DUMP=1 cargo test --test
//! lessons_on_clusters -- --nocapture` prints what each learner would read.

use std::path::Path;

use roofline_tutor::content::cluster::{ClusterProfile, parse_cluster};
use roofline_tutor::content::data_files::builtin_catalog;
use roofline_tutor::content::lessons::builtin;
use roofline_tutor::domain::catalog::Catalog;
use roofline_tutor::domain::lesson::{Answer, Step, resolve_number, scenario_for, template};
use roofline_tutor::domain::scenario::Scenario;

/// What a placeholder shows when its value does not exist for the scenario.
const UNAVAILABLE: &str = "—";

/// Widest example line the lesson pane shows unwrapped at 100 columns.
const EXAMPLE_LINE_WIDTH: usize = 48;

fn clusters(catalog: &Catalog) -> Vec<ClusterProfile> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/clusters");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("assets/clusters is readable")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    paths.sort();
    let mut profiles = vec![ClusterProfile::default_profile()];
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("profile is readable");
        let shown = path.display().to_string();
        profiles.push(parse_cluster(&shown, &text, catalog).unwrap_or_else(|e| panic!("{e}")));
    }
    profiles
}

/// Every text a step shows, with the scenario it is rendered for.
fn texts(step: &Step, active: &Scenario) -> (Scenario, Vec<String>) {
    let (patch, texts): (_, Vec<String>) = match step {
        Step::Read(s) => (s.scenario.as_ref(), vec![s.text.clone()]),
        Step::Predict(s) => {
            let mut t = vec![s.question.clone(), s.explanation.clone()];
            t.extend(s.trap.clone());
            t.extend(s.alone.clone());
            if let Answer::Choice(c) = &s.answer {
                t.extend(c.options.clone());
            }
            (s.scenario.as_ref(), t)
        }
        Step::Recall(s) => (s.scenario.as_ref(), vec![s.front.clone(), s.back.clone()]),
        Step::Example(s) => {
            let mut t = vec![s.title.clone()];
            t.extend(s.lines.clone());
            (s.scenario.as_ref(), t)
        }
        Step::Explore(s) => (
            s.preset.as_ref(),
            vec![s.task.clone(), s.explanation.clone()],
        ),
        Step::Explain(s) => (
            s.scenario.as_ref(),
            vec![s.prompt.clone(), s.model_answer.clone()],
        ),
    };
    (scenario_for(patch, active), texts)
}

#[test]
fn every_lesson_renders_completely_for_every_shipped_cluster() {
    let catalog = builtin_catalog();
    let lessons = builtin(&catalog).unwrap_or_else(|_| panic!("the built-in lessons load"));
    let dump = std::env::var_os("ROOFLINE_DUMP").is_some();
    let mut problems = Vec::new();
    for cluster in clusters(&catalog) {
        for lesson in &lessons {
            if dump {
                println!("\n##### {} · {}", cluster.name, lesson.id);
            }
            for step in &lesson.steps {
                let (scenario, texts) = texts(step, &cluster.scenario);
                for text in texts {
                    let shown = template::render(&text, &scenario, &catalog);
                    if dump {
                        println!("[{}] {shown}", step.id());
                    }
                    if shown.contains(UNAVAILABLE) {
                        problems.push(format!(
                            "{} / {}/{}: {shown}",
                            cluster.name,
                            lesson.id,
                            step.id()
                        ));
                    }
                }
                let answer = match step {
                    Step::Predict(p) => Some(&p.answer),
                    Step::Explore(x) => Some(&x.answer),
                    _ => None,
                };
                if let Some(Answer::Number(n)) = answer
                    && let Err(e) = resolve_number(&n.value, &scenario, &catalog)
                {
                    problems.push(format!(
                        "{} / {}/{}: no answer: {e}",
                        cluster.name,
                        lesson.id,
                        step.id()
                    ));
                }
                if let Step::Example(example) = step {
                    for line in &example.lines {
                        let shown = template::render(line, &scenario, &catalog);
                        let width = shown.chars().count();
                        if width > EXAMPLE_LINE_WIDTH {
                            problems.push(format!(
                                "{} / {}/{} ({width} wide): {shown}",
                                cluster.name, lesson.id, example.id
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
