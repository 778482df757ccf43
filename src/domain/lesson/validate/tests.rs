use rstest::rstest;

use super::*;
use crate::content::data_files::builtin_catalog;
use crate::content::located::parse_ron;

mod literals;

#[track_caller]
fn lesson_with(header: &str, steps: &str) -> Lesson {
    let text = format!("(format_version: 1, {header} steps: [{steps}])");
    parse_ron("x.ron", &text).unwrap_or_else(|e| panic!("test lesson does not parse:\n{e}"))
}

#[track_caller]
pub(super) fn problems(header: &str, steps: &str) -> Vec<Problem> {
    validate(
        &lesson_with(header, steps),
        &builtin_catalog(),
        &Scenario::default_cluster(),
    )
}

pub(super) const HEADER: &str = r#"id: "t", title: "T", summary: "S","#;

#[track_caller]
fn only_problem(steps: &str) -> Problem {
    let mut found = problems(HEADER, steps);
    assert_eq!(found.len(), 1, "expected one problem, got {found:#?}");
    found.remove(0)
}

#[test]
fn a_sound_lesson_has_no_problems() {
    let steps = r#"
        Read(id: "intro", tag: Analogy, text: "On {gpu} the ridge is {ridge:.0}; decode is {bound}-bound."),
        Predict(id: "p", scenario: (gpu: "h200", precision: fp8, batch: 8), question: "B={batch}?",
            answer: Number(value: Quantity("fc_intensity"), unit: "FLOP/byte", tolerance: 0.2),
            explanation: "{fc_intensity:.1}", trap: "{{not a placeholder}}"),
        Predict(id: "c", question: "Bound?", answer: Choice(options: ["memory", "compute"], correct: 1), explanation: "x"),
        Recall(id: "r", front: "f", back: "b"),
        Example(id: "e", title: "t", lines: ["{ridge:.0} FLOP/byte", ""]),
        Explore(id: "x", preset: (batch: 8), overlay_gpu: "h200", task: "t",
            answer: Number(value: Literal(2.0), unit: "x"), explanation: "e"),
        Explain(id: "y", prompt: "p", model_answer: "m"),
    "#;
    assert_eq!(problems(HEADER, steps), vec![]);
}

#[rstest]
#[case::unknown_gpu(
    r#"Predict(id: "a", scenario: (gpu: "h100-sxn"), question: "q", answer: Number(value: Quantity("ridge"), unit: "u"), explanation: "e")"#,
    &["scenario", "gpu"], Some("\"h100-sxn\""), "unknown GPU 'h100-sxn' (did you mean 'h100-sxm'?)")]
#[case::unknown_model(
    r#"Example(id: "a", title: "t", scenario: (model: "llama-3-8"), lines: ["x"])"#,
    &["scenario", "model"], Some("\"llama-3-8\""), "unknown model 'llama-3-8' (did you mean 'llama-3-8b'?)")]
#[case::unknown_overlay(
    r#"Explore(id: "a", overlay_gpu: "h2000", task: "t", answer: Number(value: Literal(1.0), unit: "u"), explanation: "e")"#,
    &["overlay_gpu"], Some("\"h2000\""), "unknown GPU 'h2000' (did you mean 'h200'?)")]
#[case::unknown_quantity(
    r#"Predict(id: "a", question: "q", answer: Number(value: Quantity("ridg"), unit: "u"), explanation: "e")"#,
    &["answer", "value"], Some("\"ridg\""), "unknown quantity 'ridg' (did you mean 'ridge'?)")]
#[case::bound_as_number(
    r#"Predict(id: "a", question: "q", answer: Number(value: Quantity("bound"), unit: "u"), explanation: "e")"#,
    &["answer", "value"], Some("\"bound\""), "`bound` is memory or compute, not a number")]
#[case::no_kv_wall_at_context_zero(
    r#"Predict(id: "a", scenario: (context: 0), question: "q", answer: Number(value: Quantity("max_batch_kv"), unit: "u"), explanation: "e")"#,
    &["answer", "value"], Some("\"max_batch_kv\""), "quantity 'max_batch_kv' has no value for this step's scenario (context is 0, so no KV limit)")]
#[case::tp_that_does_not_divide(
    r#"Predict(id: "a", scenario: (tp: 3), question: "q", answer: Choice(options: ["a", "b"], correct: 0), explanation: "e")"#,
    &["scenario", "tp"], None, "this step's scenario does not evaluate: tensor parallel 3 must divide the 8 KV heads of Llama-3-8B")]
#[case::prompt_zero(
    r#"Example(id: "a", title: "t", scenario: (prompt: 0), lines: ["{prefill_intensity}"])"#,
    &["scenario", "prompt"], None, "this step's scenario does not evaluate: prompt 0 is out of range: it must be between 1 and 1.6777216e7 tokens")]
#[case::efficiency_without_a_source(
    r#"Example(id: "a", title: "t", scenario: (tpot_target_ms: 10.0, efficiency: (mbu: 0.8, source: " ")), lines: ["{ridge}"])"#,
    &["scenario", "efficiency", "source"], None, "an efficiency needs its source: the measurement it is read from (e.g. shared/reference/measured-h100.md and what it measured)")]
#[case::literal_not_positive(
    r#"Predict(id: "a", question: "q", answer: Number(value: Literal(0.0), unit: "u"), explanation: "e")"#,
    &["answer", "value"], None, "the answer 0 must be a positive number")]
#[case::tolerance_zero(
    r#"Predict(id: "a", question: "q", answer: Number(value: Literal(1.0), unit: "u", tolerance: 0.0), explanation: "e")"#,
    &["answer", "tolerance"], None, "tolerance 0 must be in (0, 1]")]
#[case::tolerance_percent(
    r#"Predict(id: "a", question: "q", answer: Number(value: Literal(1.0), unit: "u", tolerance: 10.0), explanation: "e")"#,
    &["answer", "tolerance"], None, "tolerance 10 must be in (0, 1]")]
#[case::correct_out_of_range(
    r#"Predict(id: "a", question: "q", answer: Choice(options: ["a", "b"], correct: 2), explanation: "e")"#,
    &["answer", "correct"], None, "correct is 2, but options are numbered from 0, so it must be 0 to 1")]
#[case::empty_question(
    r#"Predict(id: "a", question: "  ", answer: Choice(options: ["a", "b"], correct: 0), explanation: "e")"#,
    &["question"], None, "`question` is empty")]
#[case::empty_option(
    r#"Predict(id: "a", question: "q", answer: Choice(options: ["a", ""], correct: 0), explanation: "e")"#,
    &["answer", "options"], None, "`options` is empty")]
#[case::empty_prompt(r#"Explain(id: "a", prompt: "", model_answer: "m")"#, &["prompt"], None, "`prompt` is empty")]
#[case::no_lines(r#"Example(id: "a", title: "t", lines: [])"#, &["lines"], None, "an example needs at least one line")]
#[case::unknown_placeholder(
    r#"Read(id: "a", text: "the ridge is {ridg:.0} here")"#,
    &["text"], Some("he ridge is {ridg:.0}"), "unknown placeholder '{ridg}' (did you mean '{ridge}'?)")]
#[case::bad_format(
    r#"Recall(id: "a", front: "{ridge:.x}", back: "b")"#,
    &["front"], Some("{ridge:.x}"), "placeholder `{ridge:.x}` has format `.x`")]
#[case::format_on_text(
    r#"Recall(id: "a", front: "f", back: "{gpu:.1}")"#,
    &["back"], Some("{gpu:.1}"), "placeholder `{gpu:.1}`: `gpu` is text, so it takes no number format")]
#[case::unclosed_brace(
    r#"Explain(id: "a", prompt: "p", model_answer: "set {a")"#,
    &["model_answer"], Some("set {"), "`{` is never closed")]
#[case::placeholder_without_value(
    r#"Read(id: "a", scenario: (context: 0), text: "wall {max_batch_kv}")"#,
    &["text"], Some("wall {max_batch_kv}"), "placeholder `{max_batch_kv}` has no value for this step's scenario")]
#[case::unknown_placeholder_in_alone(
    r#"Predict(id: "a", question: "q", alone: "on {gpuu}?", answer: Number(value: Literal(2.0), unit: "x"), explanation: "e")"#,
    &["alone"], Some("on {gpuu}"), "unknown placeholder '{gpuu}'")]
#[case::alone_states_its_own_answer(
    r#"Predict(id: "a", scenario: (gpu: "h100-sxm", precision: bf16), question: "Ridge of the {gpu}?", alone: "The ridge is {ridge:.0}: the ridge of the {gpu}?", answer: Number(value: Quantity("ridge"), unit: "FLOP/byte"), explanation: "e")"#,
    &["alone"], None, "this text states 295 (the answer is 295), its own answer, before it is revealed")]
#[case::vary_not_shown_in_alone(
    r#"Predict(id: "a", scenario: (gpu: "h100-sxm", precision: bf16), question: "Ridge of the {gpu}?", alone: "The ridge of this GPU?", answer: Number(value: Quantity("ridge"), unit: "FLOP/byte"), explanation: "e", vary: [Gpu])"#,
    &["vary"], Some("Gpu"), "`vary` names Gpu but the question does not show it")]
#[case::bad_step_id(
    r#"Recall(id: "Step_1", front: "f", back: "b")"#,
    &["id"], Some("\"Step_1\""), "step id 'Step_1' must be lowercase letters and digits joined by single dashes (e.g. 'step-1')")]
fn step_problems(
    #[case] step: &str,
    #[case] fields: &[&str],
    #[case] text: Option<&str>,
    #[case] message: &str,
) {
    assert_only_problem(step, fields, text, message);
}

/// A one-step lesson has one problem, at these fields and text of step 0, and its message
/// starts with `message`.
#[track_caller]
fn assert_only_problem(step: &str, fields: &[&str], text: Option<&str>, message: &str) {
    let p = only_problem(step);
    assert!(p.message.starts_with(message), "message: {}", p.message);
    assert_eq!(p.spot.step, Some(0));
    assert_eq!(p.spot.fields, fields);
    assert_eq!(p.spot.text.as_ref().map(|n| &n.text[..]), text);
}

/// An example whose scenario (these settings over the lesson's) does not evaluate is reported
/// at the setting that stops it.
#[rustfmt::skip]
#[rstest]
#[case::draft_tokens_over_64("draft_tokens: 65", "draft_tokens", "draft_tokens must be between 0 and 64, not 65")]
#[case::overhead_beyond_memory("overhead_gb: 86.0", "overhead_gb", "reserved overhead 86 GB is more than the 85.5 GB of H100 SXM5")]
#[case::efficiency_above_one(r#"efficiency: (mbu: 1.2, source: "s")"#, "scenario", "efficiency must be in (0, 1], not 1.2")]
#[case::blocks_of_no_tokens("block_size: 0", "scenario", "block_size must be at least 1 token")]
#[case::precision_without_a_peak("precision: fp4", "precision", "H100 SXM5 has no FP4 peak")]
fn scenarios_that_do_not_evaluate(#[case] settings: &str, #[case] field: &str, #[case] why: &str) {
    assert_only_problem(
        &format!(r#"Example(id: "a", title: "t", scenario: ({settings}), lines: ["{{ridge}}"])"#),
        &["scenario", field],
        None,
        &format!("this step's scenario does not evaluate: {why}"),
    );
}

#[test]
fn duplicate_step_ids_point_at_the_second() {
    let steps = r#"Recall(id: "a", front: "f", back: "b"), Recall(id: "b", front: "f", back: "b"), Recall(id: "a", front: "f", back: "b")"#;
    let p = only_problem(steps);
    assert_eq!(
        p.spot,
        Spot::step(2, &["id"], Some(Needle::whole("\"a\"".into())))
    );
    assert!(
        p.message
            .starts_with("duplicate step id 'a' (step 1 already uses it)"),
        "{}",
        p.message
    );
}

#[rstest]
#[case::version(
    r#"id: "t", title: "T", summary: "S","#,
    3,
    "format_version",
    "format_version 3 is not supported; this build reads 1 to 2"
)]
#[case::version_zero(
    r#"id: "t", title: "T", summary: "S","#,
    0,
    "format_version",
    "format_version 0 is not supported; this build reads 1 to 2"
)]
#[case::concepts_in_version_1(
    r#"id: "t", title: "T", summary: "S", concepts: [(step: "r", teaches: ["kv-cache"])],"#,
    1,
    "concepts",
    "`concepts` needs format_version 2 or later; this file says 1"
)]
#[case::concepts_of_no_step(
    r#"id: "t", title: "T", summary: "S", concepts: [(step: "nope", uses: ["kv-cache"])],"#,
    2,
    "concepts",
    "`concepts` names step 'nope', which this lesson does not have"
)]
#[case::term_not_an_id(
    r#"id: "t", title: "T", summary: "S", concepts: [(step: "r", teaches: ["KV cache"])],"#,
    2,
    "concepts",
    "term 'KV cache' must be lowercase letters and digits joined by single dashes (e.g. 'kv-cache')"
)]
#[case::lesson_id(
    r#"id: "Ridge Point", title: "T", summary: "S","#,
    1,
    "id",
    "lesson id 'Ridge Point' must be lowercase letters and digits joined by single dashes (e.g. 'ridge-point')"
)]
#[case::title(
    r#"id: "t", title: "", summary: "S","#,
    1,
    "title",
    "the lesson's title is empty"
)]
#[case::summary(
    r#"id: "t", title: "T", summary: " ","#,
    1,
    "summary",
    "the lesson's summary is empty"
)]
fn lesson_problems(
    #[case] header: &str,
    #[case] version: u32,
    #[case] field: &str,
    #[case] message: &str,
) {
    let text = format!(
        "(format_version: {version}, {header} steps: [Recall(id: \"r\", front: \"f\", back: \"b\")])"
    );
    let lesson: Lesson = parse_ron("x.ron", &text).unwrap();
    let found = validate(&lesson, &builtin_catalog(), &Scenario::default_cluster());
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].spot.step, None);
    assert_eq!(found[0].spot.fields, [field]);
    assert_eq!(found[0].message, message);
}

#[test]
fn a_lesson_without_steps_is_reported() {
    let found = problems(HEADER, "");
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].spot, Spot::lesson("steps", None));
}

#[test]
fn every_problem_is_reported_not_only_the_first() {
    let steps = r#"
        Predict(id: "a", question: "", answer: Choice(options: ["x"], correct: 3), explanation: "{nope}"),
        Predict(id: "a", scenario: (gpu: "zzz"), question: "q", answer: Number(value: Quantity("ridge"), unit: "u", tolerance: 2.0), explanation: "e"),
    "#;
    let found = problems(HEADER, steps);
    let messages: Vec<&str> = found.iter().map(|p| p.message.as_str()).collect();
    assert_eq!(found.len(), 7, "{messages:#?}");
}

#[rstest]
#[case::simple("ridge-point", true)]
#[case::digits("kv-wall-2", true)]
#[case::single("a", true)]
#[case::empty("", false)]
#[case::upper("Ridge", false)]
#[case::underscore("ridge_point", false)]
#[case::double_dash("ridge--point", false)]
#[case::leading_dash("-ridge", false)]
#[case::trailing_dash("ridge-", false)]
#[case::dot("v1.2", false)]
#[case::space("a b", false)]
fn ids(#[case] id: &str, #[case] ok: bool) {
    assert_eq!(valid_id(id), ok);
}

#[test]
fn a_placeholder_on_an_unknown_gpu_is_refused() {
    let problem = only_problem(r#"Read(id: "a", text: "{ridge@h900:.0}")"#);
    assert!(problem.message.contains("names GPU 'h900'"), "{problem:#?}");
}

#[rstest]
#[case::an_earlier_answer(
    r#"Predict(id: "p", scenario: (context: 4096), question: "At {context}?", answer: Number(value: Quantity("max_batch_kv"), unit: "sequences"), explanation: "e"),"#,
    "already revealed as the answer of step 1 ('p')"
)]
fn an_explore_step_asks_what_no_earlier_step_revealed(#[case] earlier: &str, #[case] said: &str) {
    let explore = r#"Explore(id: "x", preset: (context: 4096, batch: 1), task: "Push the batch. Where does it stop?",
        answer: Number(value: Quantity("max_batch_kv"), unit: "sequences"), explanation: "e")"#;
    let found = only_problem(&format!("{earlier}{explore}"));
    assert_eq!(found.spot, Spot::step(1, &["answer"], None));
    assert!(found.message.contains(said), "{}", found.message);
    let fresh = r#"Explore(id: "x", preset: (context: 8192, batch: 1), task: "Push the batch. Where does it stop?",
        answer: Number(value: Quantity("max_batch_kv"), unit: "sequences"), explanation: "e")"#;
    assert_eq!(problems(HEADER, &format!("{earlier}{fresh}")), vec![]);
}
