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

/// The course's checks (`roofline check`: every step computes, every `vary` draws variants)
/// of lesson 26, the learner's own cluster, on clusters of imported sliding-window models:
/// the default cluster with `--model-config` (what `roofline --model-config DIR check` checks)
/// and a `cluster new` profile's defaults (8,192 tokens of context, `max_num_seqs` 256, TP 1),
/// on an H100 and an H200, each at the checkpoint's own weight format (gpt-oss: MXFP4
/// experts).
#[rstest::rstest]
#[case::gpt_oss_default("gpt-oss-20b", None)]
#[case::gpt_oss_h100_profile("gpt-oss-20b", Some(("h100-sxm", 8192, 256)))]
#[case::gpt_oss_h200_128k("gpt-oss-20b", Some(("h200", 131_072, 256)))]
#[case::gemma3_default("gemma-3-27b-it", None)]
#[case::gemma3_h200_profile("gemma-3-27b-it", Some(("h200", 8192, 256)))]
fn lesson_26_checks_on_an_imported_sliding_model(
    #[case] dir: &str,
    #[case] profile: Option<(&str, u64, u32)>,
) {
    checks_on_an_imported_model("lessons/26-your-cluster.ron", dir, profile);
}

/// The whole course's checks on a `cluster new` profile of an imported model at 128K on an
/// H200: a step that names a GPU the model does not fit on sets a model that does (the ridge
/// steps of lesson 2), and the rule on typed figures reads the text against the course's own
/// cluster, where the author wrote it, so a 7B model's "14 GB" is not a gpt-oss figure.
#[rstest::rstest]
#[case::gpt_oss("gpt-oss-20b")]
#[case::gemma3("gemma-3-27b-it")]
fn the_course_checks_on_an_imported_model_at_128k(#[case] dir: &str) {
    checks_on_an_imported_model("lessons", dir, Some(("h200", 131_072, 256)));
}

#[track_caller]
fn checks_on_an_imported_model(path: &str, dir: &str, profile: Option<(&str, u64, u32)>) {
    use roofline_tutor::content::lessons::check_files_against;
    use roofline_tutor::content::model_config::load_model_config;

    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let model = load_model_config(&root.join("tests/fixtures/model-config").join(dir))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut catalog = builtin_catalog();
    let mut scenario = ClusterProfile::default_profile().scenario;
    scenario.model = Some(model.spec.id.clone());
    scenario.weights = model.weights();
    if let Some((gpu, context, max_num_seqs)) = profile {
        gpu.clone_into(&mut scenario.gpu);
        scenario.context = context;
        scenario.batch = max_num_seqs;
    }
    catalog.add_models([model.spec]);
    let lesson = root.join(path);
    let checked = check_files_against(&[lesson], None, &catalog, &scenario);
    let problems: Vec<String> = checked.errors.iter().map(ToString::to_string).collect();
    assert!(problems.is_empty(), "{dir}:\n{}", problems.join("\n"));
}
