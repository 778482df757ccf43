use super::*;
use crate::content::data_files::builtin_catalog;
use rstest::rstest;

fn cluster() -> Scenario {
    Scenario::default_cluster()
}

#[rstest]
#[case::plain_text("no holes here", "no holes here")]
#[case::ridge_integer("ridge {ridge:.0} FLOP/byte", "ridge 295 FLOP/byte")]
#[case::ridge_default("ridge {ridge}", "ridge 295")]
#[case::ridge_one_decimal("{ridge:.1}", "295.3")]
#[case::gpu_name("{gpu} / {gpu_id}", "H100 SXM5 / h100-sxm")]
#[case::model_name("{model} / {model_id}", "Llama-3-8B / llama-3-8b")]
#[case::formats("{precision} {weights} {kv}", "BF16 BF16 BF16")]
#[case::settings("B={batch} ctx={context} tp={tp}", "B=1 ctx=4,096 tp=1")]
#[case::fractions("{mem_util} {overhead_gb} GB", "0.9 3 GB")]
#[case::prompt_and_draft("{prompt} {draft_tokens}", "2,048 0")]
#[case::bound("decode is {bound}-bound", "decode is memory-bound")]
#[case::kv_wall("KV wall {max_batch_kv}", "KV wall 107")]
#[case::escapes("{{ridge}} = {ridge:.0}", "{ridge} = 295")]
#[case::closing_escape("a }} b", "a } b")]
#[case::unknown_name("{ridg}", "—")]
#[case::unclosed_kept("ridge {ridge:.0} and {oops", "ridge 295 and {oops")]
#[case::stray_close_kept("{batch} x } y", "1 x } y")]
#[case::bad_name_kept("set {a, b}", "set {a, b}")]
#[case::empty("", "")]
#[case::unicode_around("≈{batch}≈", "≈1≈")]
#[case::on_another_gpu("{ridge@h200:.0} on {gpu@h200}", "206 on H200 SXM")]
#[case::on_the_same_gpu("{ridge@h100-sxm:.0} = {ridge:.0}", "295 = 295")]
#[case::on_an_unknown_gpu("{ridge@nope:.0}", "—")]
#[case::in_another_format("{ridge@fp8:.0} against {ridge:.0}", "591 against 295")]
#[case::at_another_batch("{batch@64} and {batch}", "64 and 1")]
#[case::on_nothing_is_no_placeholder("{ridge@:.0}", "{ridge@:.0}")]
fn renders_for_the_default_cluster(#[case] text: &str, #[case] expected: &str) {
    assert_eq!(render(text, &cluster(), &builtin_catalog()), expected);
}

/// The efficiency and the block size as a lesson sets them: 25 ms at 80 % is a 20 ms budget
/// at the speed of light; without a target there is no budget to show.
#[rstest]
#[case::efficiency(
    "{efficiency_pct:.0}% of {tpot_target_ms:.0} ms = {tpot_budget_ms:.0} ms",
    Some(25.0),
    0.8,
    "80% of 25 ms = 20 ms"
)]
#[case::speed_of_light(
    "{efficiency_pct:.0}%: {tpot_budget_ms:.1} ms",
    Some(8.0),
    1.0,
    "100%: 8.0 ms"
)]
#[case::no_target("{tpot_budget_ms:.0} ms", None, 0.8, "— ms")]
#[case::block_size("{block_size}", None, 1.0, "16")]
fn renders_the_efficiency_budget(
    #[case] text: &str,
    #[case] target_ms: Option<f64>,
    #[case] efficiency: f64,
    #[case] expected: &str,
) {
    let s = Scenario {
        tpot_target_ms: target_ms,
        efficiency,
        ..cluster()
    };
    assert_eq!(render(text, &s, &builtin_catalog()), expected);
}

#[test]
fn gpu_name_comes_from_the_catalog() {
    let catalog = builtin_catalog();
    let name = &catalog.gpu("h100-sxm").unwrap().name;
    assert_eq!(render("{gpu}", &cluster(), &catalog), *name);
}

#[rstest]
#[case::no_model("{fc_intensity} {model}", Scenario::for_gpu("h100-sxm"), "— —")]
#[case::gpu_only_quantity("{ridge:.0}", Scenario::for_gpu("h100-sxm"), "295")]
#[case::unknown_gpu("{gpu} {ridge}", Scenario::for_gpu("nope"), "— —")]
#[case::kv_wall_at_context_zero("{max_batch_kv}", Scenario { context: 0, ..cluster() }, "—")]
#[case::bad_tp("{step_time_ms}", Scenario { tp: 3, ..cluster() }, "—")]
#[case::settings_survive_a_bad_scenario("{tp}", Scenario { tp: 3, ..cluster() }, "3")]
fn unavailable_values_show_a_dash(
    #[case] text: &str,
    #[case] scenario: Scenario,
    #[case] expected: &str,
) {
    assert_eq!(render(text, &scenario, &builtin_catalog()), expected);
}

#[track_caller]
fn holes(text: &str) -> Vec<(String, Format, usize)> {
    placeholders(text)
        .unwrap()
        .into_iter()
        .map(|p| (p.name, p.format, p.offset))
        .collect()
}

#[test]
fn placeholders_report_name_format_and_offset() {
    assert_eq!(
        holes("a {ridge:.0} b {{x}} {gpu}"),
        vec![
            ("ridge".to_owned(), Format::Decimals(0), 2),
            ("gpu".to_owned(), Format::Auto, 21),
        ]
    );
    assert_eq!(
        holes("é{batch}"),
        vec![("batch".to_owned(), Format::Auto, 2)]
    );
    assert!(holes("}} {{").is_empty());
}

#[rstest]
#[case::unclosed("x {ridge", TemplateError::Unclosed { offset: 2 })]
#[case::stray_close("x } y", TemplateError::UnmatchedClose { offset: 2 })]
#[case::empty_name("{}", TemplateError::BadName { offset: 0, raw: "{}".into() })]
#[case::space_in_name("{a b}", TemplateError::BadName { offset: 0, raw: "{a b}".into() })]
#[case::upper_case("{Ridge}", TemplateError::BadName { offset: 0, raw: "{Ridge}".into() })]
#[case::format_without_dot("{ridge:1}", bad_format("{ridge:1}", "ridge", "1"))]
#[case::format_without_digits("{ridge:.}", bad_format("{ridge:.}", "ridge", "."))]
#[case::too_many_decimals("{ridge:.12}", bad_format("{ridge:.12}", "ridge", ".12"))]
#[case::letters("{ridge:.1x}", bad_format("{ridge:.1x}", "ridge", ".1x"))]
#[case::printf_without_dot("{ridge:1f}", bad_format("{ridge:1f}", "ridge", "1f"))]
#[case::empty_format("{ridge:}", bad_format("{ridge:}", "ridge", ""))]
fn syntax_errors_are_reported(#[case] text: &str, #[case] expected: TemplateError) {
    assert_eq!(placeholders(text), Err(expected));
}

fn bad_format(raw: &str, name: &str, spec: &str) -> TemplateError {
    TemplateError::BadFormat {
        offset: 0,
        raw: raw.into(),
        name: name.into(),
        spec: spec.into(),
    }
}

#[test]
fn messages_say_how_to_fix_it() {
    let e = placeholders("{ridge:x}").unwrap_err();
    assert_eq!(
        e.to_string(),
        "placeholder `{ridge:x}` has format `x`; expected `.N` decimals with N from 0 to 6, e.g. `{ridge:.1}`"
    );
    assert_eq!(e.span(), 0..9);
    let e = placeholders("{oops").unwrap_err();
    assert!(
        e.to_string().contains("write `{{` for a literal brace"),
        "{e}"
    );
}
