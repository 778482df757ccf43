//! `roofline check` and the lesson loader against broken files: one fixture per kind of
//! mistake, each with the exact located message; random byte mutations of a real lesson; the
//! shipped lessons; and the example in `lessons/README.md`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use proptest::prelude::*;
use proptest::strategy::ValueTree as _;
use rstest::rstest;

use roofline_tutor::content::data_files::builtin_catalog;
use roofline_tutor::content::lessons::{LessonSource, builtin, check_sources};
use roofline_tutor::content::located::LocatedError;
use roofline_tutor::domain::lesson::{Answer, NumberSource, Step, VaryCounts};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the real binary from the crate root (so relative paths in messages are stable).
#[track_caller]
fn roofline(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_roofline"))
        .args(args)
        .current_dir(root())
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Exit code 1, nothing on stderr, no panic; returns stdout.
#[track_caller]
fn failed_cleanly(output: &Output) -> String {
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    assert_eq!(
        output.status.code(),
        Some(1),
        "stdout:\n{stdout}\nstderr:\n{stderr}"
    );
    assert!(
        !stderr.contains("panicked") && !stderr.contains("backtrace"),
        "{stderr}"
    );
    stdout
}

const KNOWN: &str = "; known: ";

/// One fixture in `tests/fixtures/broken/` per kind of mistake: the first problem reported,
/// as `line:col: message` (a message ending in "; known: " is compared up to there, since the
/// list of known ids grows with the catalog).
#[rstest]
#[case::malformed_ron("01-malformed.ron", 9, 27, "Expected comma")]
#[case::wrong_type("02-wrong-type.ron", 11, 30, "Expected integer")]
#[case::unknown_field(
    "03-unknown-field.ron",
    9,
    71,
    "unknown field `hint` in Recall; expected one of: id, front, back, scenario"
)]
#[case::unknown_variant(
    "04-unknown-variant.ron",
    9,
    9,
    "unknown variant `Quiz` of Step; expected one of: Read, Predict, Recall, Example, Explore, Explain"
)]
#[case::missing_field(
    "05-missing-field.ron",
    13,
    9,
    "missing field `explanation` in Predict"
)]
#[case::truncated_file(
    "06-truncated.ron",
    12,
    53,
    "unexpected end of file (is a bracket or parenthesis left open?)"
)]
#[case::unknown_quantity(
    "07-unknown-quantity.ron",
    12,
    44,
    "unknown quantity 'ridge_point' (did you mean 'ridge'?)"
)]
#[case::unknown_gpu(
    "08-unknown-gpu.ron",
    11,
    29,
    "unknown GPU 'h100-sxn' (did you mean 'h100-sxm'?); known: "
)]
#[case::unknown_model(
    "09-unknown-model.ron",
    12,
    31,
    "unknown model 'llama3-70b' (did you mean 'llama-3-70b'?); known: "
)]
#[case::unknown_placeholder(
    "10-unknown-placeholder.ron",
    9,
    65,
    "unknown placeholder '{ridge_point}' (did you mean '{ridge}'?); names are the engine quantities (ridge, fc_intensity, step_time_ms, …) and the scenario settings (gpu, model, batch, context, …)"
)]
#[case::bad_placeholder_format(
    "11-bad-placeholder-format.ron",
    9,
    84,
    "placeholder `{step_time_ms:2f}` has format `2f`; expected `.N` decimals with N from 0 to 6, e.g. `{step_time_ms:.1}`"
)]
#[case::duplicate_step_id(
    "12-duplicate-step-id.ron",
    15,
    20,
    "duplicate step id 'ridge' (step 2 already uses it); step ids must be unique within a lesson"
)]
#[case::empty_question("13-empty-question.ron", 11, 13, "`question` is empty")]
#[case::tolerance_out_of_range(
    "14-tolerance.ron",
    12,
    73,
    "tolerance 10 must be in (0, 1]: a fraction of the answer, e.g. 0.1 for ±10 %"
)]
#[case::choice_out_of_range(
    "15-choice-out-of-range.ron",
    12,
    60,
    "correct is 2, but options are numbered from 0, so it must be 0 to 1"
)]
#[case::too_few_options(
    "16-too-few-options.ron",
    12,
    28,
    "a choice needs at least 2 options, not 1"
)]
#[case::wrong_format_version(
    "17-format-version.ron",
    3,
    5,
    "format_version 3 is not supported; this build reads 1 to 2"
)]
#[case::file_name_mismatch(
    "18-misnamed.ron",
    4,
    9,
    "file name '18-misnamed.ron' does not match the lesson; it should be '18-file-name.ron' (two digits for its place in the course, a dash, the lesson id)"
)]
#[case::quantity_without_value(
    "19-no-kv-wall.ron",
    13,
    44,
    "quantity 'max_batch_kv' has no value for this step's scenario (context is 0, so no KV limit)"
)]
#[case::tp_not_dividing_heads(
    "20-tp-not-dividing.ron",
    11,
    46,
    "this step's scenario does not evaluate: tensor parallel 3 must divide the 8 KV heads of Llama-3-70B"
)]
#[case::no_steps("21-no-steps.ron", 7, 5, "the lesson has no steps; add at least one")]
#[case::bad_lesson_id(
    "22-bad-lesson-id.ron",
    4,
    9,
    "lesson id 'Bad_Lesson' must be lowercase letters and digits joined by single dashes (e.g. 'bad-lesson')"
)]
#[case::unclosed_brace(
    "23-unclosed-brace.ron",
    9,
    51,
    "`{` is never closed (write `{{` for a literal brace)"
)]
#[case::unknown_overlay_gpu(
    "24-unknown-overlay.ron",
    12,
    26,
    "unknown GPU 'mi300' (did you mean 'mi300x'?); known: "
)]
#[case::empty_title("25-empty-title.ron", 5, 5, "the lesson's title is empty")]
#[case::bound_as_number(
    "26-bound-as-number.ron",
    12,
    44,
    "`bound` is memory or compute, not a number; ask it with a Choice answer"
)]
#[case::literal_not_positive(
    "27-literal-not-positive.ron",
    12,
    28,
    "the answer -0.5 must be a positive number (guesses are judged by their ratio to it)"
)]
#[case::bad_step_id(
    "28-bad-step-id.ron",
    9,
    20,
    "step id 'Ridge Card' must be lowercase letters and digits joined by single dashes (e.g. 'ridge-card')"
)]
#[case::unknown_precision(
    "29-unknown-precision.ron",
    9,
    64,
    "unknown variant `fp6` of Dtype; expected one of: fp32, tf32, bf16, fp16, fp8, int8, int4, fp4, nvfp4, mxfp4"
)]
#[case::precision_without_peak(
    "30-no-peak.ron",
    9,
    53,
    "this step's scenario does not evaluate: H100 SXM5 has no FP4 peak (it has: fp32, tf32, bf16, fp16, fp8, int8)"
)]
#[case::format_on_text(
    "31-format-on-text.ron",
    9,
    49,
    "placeholder `{gpu:.0}`: `gpu` is text, so it takes no number format; write `{gpu}`"
)]
#[case::example_without_lines("32-empty-example.ron", 9, 50, "an example needs at least one line")]
#[case::text_states_a_later_answer(
    "35-states-the-answer.ron",
    8,
    87,
    "this text states 295 (the answer is 295), the answer of step 2 ('batch'), before it is revealed: a learner would read the answer before predicting it; reword it or move it after the reveal"
)]
#[case::opening_shows_the_answer(
    "37-opening-shows-the-answer.ron",
    13,
    13,
    "its opening screen shows ridge 295.343 FLOP/byte, within the tolerance (10%) of its answer 300.000: a learner reads the answer off the plot before predicting it; open the step on another setting, or ask another figure"
)]
#[case::typed_figure(
    "36-typed-figure.ron",
    8,
    124,
    "'107' is typed where the engine computes it: write {max_batch_kv} (with a format such as :.0) so the text stays right when the cluster or the catalog changes"
)]
#[case::typed_in_a_log_line(
    "42-typed-in-a-log-line.ron",
    8,
    169,
    "'59.3' is typed where the engine computes it: write {kv_usage_pct} (with a format such as :.0) so the text stays right when the cluster or the catalog changes"
)]
#[case::typed_at_another_setting(
    "60-typed-at-another-setting.ron",
    12,
    50,
    "'4.48' is typed where the engine computes it: write {step_time_ms@context=0} (with a format such as :.0) so the text stays right when the cluster or the catalog changes"
)]
#[case::typed_in_a_model_answer(
    "61-typed-in-a-model-answer.ron",
    13,
    93,
    "'223' is typed where the engine computes it: write {tokens_per_s_per_seq} (with a format such as :.0) so the text stays right when the cluster or the catalog changes"
)]
#[case::typed_in_a_choice(
    "62-typed-in-a-choice.ron",
    15,
    39,
    "'4.48' is typed where the engine computes it: write {step_time_ms} (with a format such as :.0) so the text stays right when the cluster or the catalog changes"
)]
#[case::typed_instead_of(
    "63-typed-instead-of.ron",
    9,
    172,
    "'4.48' is typed where the engine computes it: write {step_time_ms@bf16} (with a format such as :.0) so the text stays right when the cluster or the catalog changes"
)]
#[case::typed_for_a_named_gpu(
    "65-typed-for-a-named-gpu.ron",
    12,
    112,
    "'326' is typed where the engine computes it: write {batch_to_ridge@gpu=h100-sxm} (with a format such as :.0) so the text stays right when the cluster or the catalog changes"
)]
#[case::typed_on_a_card(
    "66-typed-on-a-card.ron",
    12,
    43,
    "'206' is typed where the engine computes it: write {ridge@gpu=h200} (with a format such as :.0) so the text stays right when the cluster or the catalog changes"
)]
#[case::typed_one_digit(
    "67-typed-one-digit.ron",
    13,
    94,
    "'30' is typed where the engine computes it: write {attention_intensity} (with a format such as :.0) so the text stays right when the cluster or the catalog changes"
)]
#[case::stale_setting(
    "68-stale-setting.ron",
    13,
    29,
    "'TP 2' disagrees with the step's scenario, which sets TP 4: write {tp} so the text follows its scenario, or name the other value as a what-if (\"at TP … it would\")"
)]
#[case::typed_ratio(
    "69-typed-ratio.ron",
    14,
    78,
    "'41' is a ratio typed where the engine computes it ({tokens_per_s} ÷ {tokens_per_s@batch=1}): show the figures as placeholders so the text stays right when the cluster or the catalog changes"
)]
#[case::bare_figure_in_an_option(
    "70-bare-figure-in-an-option.ron",
    15,
    34,
    "'4' is typed where the engine computes it: write {attention_intensity} (with a format such as :.0) so the text stays right when the cluster or the catalog changes"
)]
#[case::used_in_text_before_taught(
    "64-two-ceilings.ron",
    10,
    63,
    "the text says \"ridge\": step 'bend' uses 'ridge-point' before it is taught: lesson 'ridge-point', step 'where-roofs-meet' teaches it later in the course; teach it at or before this step, or move this step after that one"
)]
#[case::used_before_taught(
    "40-used-before-taught.ron",
    12,
    18,
    "step 'pages' uses 'paging-window' before it is taught: lesson 'used-before-taught', step 'define' teaches it later in the course; teach it at or before this step, or move this step after that one"
)]
// `kv-cache` is taught by the shipped course, which the file is checked after: only the term
// nothing teaches is reported.
#[case::never_taught(
    "41-never-taught.ron",
    11,
    18,
    "step 'kernel' uses 'flash-decoding', which no step of the course teaches: add it to the `teaches` of the step that defines it (in this lesson's `concepts`)"
)]
#[case::concepts_in_version_1(
    "43-concepts-in-version-1.ron",
    7,
    5,
    "`concepts` needs format_version 2 or later; this file says 1"
)]
#[case::no_dot(
    "38-no-dot.ron",
    11,
    13,
    "the step opens on Llama-3-70B on 1 H100 SXM5, which does not fit (141.1 GB of weights per GPU, 74.0 GB usable): the plot would show no dot; open it where the model fits (more GPUs with tp, fewer bytes per weight, or a larger GPU)"
)]
#[case::explore_asks_what_was_revealed(
    "39-explore-revealed.ron",
    20,
    13,
    "this explore step asks for 107, already revealed as the answer of step 1 ('wall'): a learner types back a figure they were shown instead of reading the plot; ask for something not yet revealed"
)]
#[case::vary_not_shown(
    "33-vary-not-shown.ron",
    13,
    25,
    "`vary` names Precision but the question does not show it: write {precision} in the question so the learner is told the scenario"
)]
#[case::vary_fixed_answer(
    "34-vary-fixed-answer.ron",
    13,
    13,
    "this step cannot vary: its answer is not an engine quantity, so no scenario changes it"
)]
#[case::no_incident(
    "40-no-incident.ron",
    9,
    17,
    "a lesson opens with a problem the learner owns: make the first step a Read with `tag: Incident`, a one-line incident (an operator's real symptom) in its first paragraph and what the learner will predict by the end in its last"
)]
#[case::no_goal(
    "41-no-goal.ron",
    11,
    13,
    "the incident step states the incident and the goal in one paragraph: write the incident first and, after a blank line, what the learner will predict by the end"
)]
#[case::no_sources(
    "42-no-sources.ron",
    22,
    17,
    "a lesson closes with what it rests on: end it with a Read with `tag: Sources` naming its papers, datasheets and engine docs"
)]
fn broken_files_are_located(
    #[case] file: &str,
    #[case] line: usize,
    #[case] col: usize,
    #[case] message: &str,
) {
    let path = format!("tests/fixtures/broken/{file}");
    let stdout = failed_cleanly(&roofline(&["check", &path]));
    let lines: Vec<&str> = stdout.lines().collect();
    let expected = format!("{path}:{line}:{col}: {message}");
    if message.ends_with(KNOWN) {
        assert!(lines[0].starts_with(&expected), "{stdout}");
    } else {
        assert_eq!(lines[0], expected, "{stdout}");
    }
    // The source line, then a caret under the column.
    let source = std::fs::read_to_string(root().join(&path)).unwrap();
    let source_line = source.lines().nth(line - 1).unwrap_or_default();
    assert!(lines[2].ends_with(&format!("| {source_line}")), "{stdout}");
    let caret = lines[3].find('^').expect("a caret");
    let bar = lines[3].find('|').unwrap();
    assert_eq!(
        lines[3][bar + 2..caret].chars().count(),
        col - 1,
        "{stdout}"
    );
    assert!(lines.last().unwrap().ends_with(" in 1 file"), "{stdout}");
}

#[test]
fn every_problem_of_every_file_is_reported_in_one_run() {
    let stdout = failed_cleanly(&roofline(&[
        "check",
        "tests/fixtures/broken",
        "tests/fixtures/duplicate-ids",
    ]));
    let headers: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("tests/fixtures/"))
        .collect();
    let files = std::fs::read_dir(root().join("tests/fixtures/broken"))
        .unwrap()
        .count();
    // 19-no-kv-wall has two problems (the answer and a placeholder), 35-states-the-answer two
    // (the leak, and the figure typed where the engine computes it); duplicate-ids has one.
    assert_eq!(headers.len(), files + 3, "{stdout}");
    assert_eq!(
        stdout.lines().last().unwrap(),
        format!("{} problems in {} files", files + 3, files + 1)
    );
    assert!(
        headers.contains(&"tests/fixtures/duplicate-ids/02-same.ron:4:9: duplicate lesson id 'same' (also used by tests/fixtures/duplicate-ids/01-same.ron); lesson ids must be unique"),
        "{stdout}"
    );
}

#[test]
fn bytes_that_are_not_text_are_located() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("01-binary.ron");
    std::fs::write(&path, b"(\n  format_version: 1,\n  id: \"bin\xff\xfe\",\n)").unwrap();
    let stdout = failed_cleanly(&roofline(&["check", path.to_str().unwrap()]));
    assert!(
        stdout.starts_with(&format!(
            "{}:3:11: not UTF-8 text: invalid byte 0xff",
            path.display()
        )),
        "{stdout}"
    );
}

#[test]
fn a_huge_file_is_refused_without_reading_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("01-huge.ron");
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(64 * 1024 * 1024).unwrap();
    let stdout = failed_cleanly(&roofline(&["check", path.to_str().unwrap()]));
    assert_eq!(
        stdout.lines().next().unwrap(),
        format!(
            "{}: file is 67108864 bytes; files larger than 4 MiB are refused",
            path.display()
        )
    );
}

#[rstest]
#[case::missing_path("no/such/lesson.ron", "cannot read: No such file or directory")]
#[case::directory_without_lessons("src/cli", "no lesson files (*.ron) in this directory")]
fn paths_that_hold_no_lessons(#[case] path: &str, #[case] message: &str) {
    let stdout = failed_cleanly(&roofline(&["check", path]));
    assert!(
        stdout.starts_with(&format!("{path}: {message}")),
        "{stdout}"
    );
    assert_eq!(stdout.lines().last(), Some("1 problem in 1 file"));
}

#[test]
fn a_clean_directory_passes_and_counts_its_lessons() {
    let output = roofline(&["check", "tests/fixtures/lessons"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    assert_eq!(text(&output.stdout), "2 lessons checked, no problems\n");
    let output = roofline(&["--lessons", "tests/fixtures/lessons", "check"]);
    assert_eq!(text(&output.stdout), "2 lessons checked, no problems\n");
}

fn shipped_lesson_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("lessons"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_shipped_lesson_loads_and_checks_clean() {
    let on_disk = shipped_lesson_files();
    let lessons = builtin(&builtin_catalog()).unwrap_or_else(|errors| {
        panic!(
            "{}",
            errors
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("\n\n")
        )
    });
    // The embedded set is exactly what is on disk (the build script saw every file).
    assert_eq!(lessons.len(), on_disk.len());
    for (lesson, path) in lessons.iter().zip(&on_disk) {
        let name = path.file_name().unwrap().to_string_lossy();
        assert_eq!(
            name[3..name.len() - 4],
            lesson.id,
            "course order follows the file names"
        );
    }
    let output = roofline(&["check"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    let expected_count = match on_disk.len() {
        1 => "1 lesson checked, no problems\n".to_owned(),
        n => format!("{n} lessons checked, no problems\n"),
    };
    assert_eq!(text(&output.stdout), expected_count);
    let output = roofline(&["check", "lessons"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
}

/// Issue 29: a review or a quiz asks fresh numbers. At least 90 % of the predict steps whose
/// answer the engine computes carry `vary`, counted from the shipped lessons and from what
/// `roofline list --json` reports for each lesson.
#[test]
fn nine_in_ten_computed_answers_vary() {
    let lessons = builtin(&builtin_catalog()).expect("the shipped lessons load");
    let total = VaryCounts::total(&lessons);
    let unvaried: Vec<String> = lessons
        .iter()
        .flat_map(|l| {
            l.steps.iter().filter_map(move |s| match s {
                Step::Predict(p)
                    if p.vary.is_none()
                        && matches!(
                            &p.answer,
                            Answer::Number(n) if matches!(n.value, NumberSource::Quantity(_))
                        ) =>
                {
                    Some(format!("{}/{}", l.id, p.id))
                }
                _ => None,
            })
        })
        .collect();
    assert!(
        total.percent() >= 90.0,
        "{} of {} computed answers vary ({:.0} %); without vary: {unvaried:?}",
        total.varied,
        total.quantity_answers,
        total.percent()
    );
    let output = roofline(&["list", "--json"]);
    let listed: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let sum = |key: &str| {
        listed
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["vary"][key].as_u64().unwrap())
            .sum::<u64>()
    };
    assert_eq!(sum("varied"), total.varied as u64);
    assert_eq!(sum("quantity_answers"), total.quantity_answers as u64);
}

#[test]
fn list_prints_the_lessons_in_order() {
    let output = roofline(&["list", "--json"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let entries = value.as_array().unwrap();
    assert_eq!(entries.len(), shipped_lesson_files().len());
    for entry in entries {
        let counts = entry["counts"].as_object().unwrap();
        let mut keys: Vec<&str> = counts.keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            ["example", "explain", "explore", "predict", "read", "recall"]
        );
        assert!(entry["id"].is_string() && entry["title"].is_string());
    }

    let output = roofline(&["--lessons", "tests/fixtures/lessons", "list", "--json"]);
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(value[0]["id"], "decode-basics");
    assert_eq!(value[0]["counts"]["predict"], 3);
    assert_eq!(value[1]["id"], "ridge-sample");

    let output = roofline(&["--lessons", "tests/fixtures/lessons", "list"]);
    let table = text(&output.stdout);
    assert!(
        table
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("1  decode-basics  Decode reads every weight"),
        "{table}"
    );

    let output = roofline(&["--lessons", "tests/fixtures/duplicate-ids", "list"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stderr).contains("duplicate lesson id 'same'"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn the_readme_example_is_a_clean_lesson() {
    let readme = std::fs::read_to_string(root().join("lessons/README.md")).unwrap();
    let example = readme
        .split("## A complete example")
        .nth(1)
        .expect("the example section");
    let body = example
        .split("```ron\n")
        .nth(1)
        .unwrap()
        .split("\n```")
        .next()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("01-ridge-demo.ron");
    std::fs::write(&path, body).unwrap();
    let output = roofline(&["check", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
}

// --- random damage -------------------------------------------------------------------------

/// A real lesson to damage: the first shipped one, or the fixture before lessons exist.
fn victim() -> (String, Vec<u8>) {
    let path = shipped_lesson_files()
        .into_iter()
        .next()
        .unwrap_or_else(|| root().join("tests/fixtures/lessons/01-decode-basics.ron"));
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    (name, std::fs::read(&path).unwrap())
}

#[derive(Debug, Clone)]
enum Damage {
    Flip { at: usize, bit: u8 },
    Insert { at: usize, byte: u8 },
    Delete { at: usize },
}

fn damage() -> impl Strategy<Value = Damage> {
    // Bytes that RON gives meaning to are likelier to reach the deeper checks.
    let byte = prop_oneof![
        any::<u8>(),
        proptest::sample::select(b"(){}[],:\"\\#/*'.-0123456789 \nabz_".to_vec()),
    ];
    prop_oneof![
        (any::<usize>(), 0u8..8).prop_map(|(at, bit)| Damage::Flip { at, bit }),
        (any::<usize>(), byte).prop_map(|(at, byte)| Damage::Insert { at, byte }),
        any::<usize>().prop_map(|at| Damage::Delete { at }),
    ]
}

fn apply(bytes: &mut Vec<u8>, damage: &[Damage]) {
    for d in damage {
        let len = bytes.len().max(1);
        match *d {
            Damage::Flip { at, bit } if !bytes.is_empty() => bytes[at % len] ^= 1 << bit,
            Damage::Insert { at, byte } => bytes.insert(at % (bytes.len() + 1), byte),
            Damage::Delete { at } if !bytes.is_empty() => {
                bytes.remove(at % len);
            }
            _ => {}
        }
    }
}

/// A located error really points into the file: a line that exists (or the end), a column on
/// it, and that line's text.
#[track_caller]
fn assert_located(e: &LocatedError, path: &str, bytes: &[u8]) {
    assert_eq!(e.path, path);
    assert!(
        e.start.line >= 1 && e.start.col >= 1 && e.width >= 1,
        "{e:?}"
    );
    assert!(
        e.to_string()
            .starts_with(&format!("{path}:{}:{}: ", e.start.line, e.start.col))
    );
    if let Ok(source) = std::str::from_utf8(bytes) {
        let line = source.lines().nth(e.start.line - 1).unwrap_or_default();
        assert_eq!(e.line_text, line.trim_end_matches('\r'), "{e}");
        assert!(e.start.col <= line.chars().count() + 1, "{e}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1200, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn damaged_lessons_end_in_a_lesson_or_located_errors(damage in proptest::collection::vec(damage(), 1..6)) {
        let (name, mut bytes) = victim();
        apply(&mut bytes, &damage);
        let path = format!("lessons/{name}");
        let source = LessonSource { path: path.clone(), file_name: name, bytes: bytes.clone() };
        let checked = check_sources([Ok(source)], &builtin_catalog());
        prop_assert_eq!(checked.files, 1);
        if checked.errors.is_empty() {
            prop_assert_eq!(checked.lessons.len(), 1);
        }
        for e in &checked.errors {
            assert_located(e, &path, &bytes);
        }
    }
}

#[test]
fn damaged_lessons_through_the_binary_never_panic() {
    let (name, original) = victim();
    let dir = tempfile::tempdir().unwrap();
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    for _ in 0..12 {
        let damage = proptest::collection::vec(damage(), 1..6)
            .new_tree(&mut runner)
            .unwrap()
            .current();
        let mut bytes = original.clone();
        apply(&mut bytes, &damage);
        let path = dir.path().join(&name);
        std::fs::write(&path, &bytes).unwrap();
        let output = roofline(&["check", path.to_str().unwrap()]);
        let stdout = text(&output.stdout);
        match output.status.code() {
            Some(0) => assert!(
                stdout.ends_with("1 lesson checked, no problems\n"),
                "{stdout}"
            ),
            Some(1) => {
                assert!(
                    stdout.starts_with(&format!("{}:", path.display())),
                    "{stdout}"
                );
                assert!(stdout.trim_end().ends_with(" in 1 file"), "{stdout}");
            }
            other => panic!("exit {other:?}: {}", text(&output.stderr)),
        }
        assert!(output.stderr.is_empty(), "{}", text(&output.stderr));
    }
}
