use super::*;
use crate::content::data_files::builtin_catalog;
use rstest::rstest;

const EXAMPLE: &str = include_str!("../../../assets/clusters/example.ron");

#[test]
fn shipped_example_loads() {
    let profile = parse_cluster("example.ron", EXAMPLE, &builtin_catalog()).unwrap();
    assert_eq!(profile.scenario.gpu, "h100-nvl");
    assert_eq!(profile.scenario.batch, 8);
    assert_eq!(profile.gpu_count, 2);
    let measured = profile
        .measured
        .expect("the example carries the source notes' figures");
    assert_eq!(
        measured.decode,
        Some(DecodeRate {
            tokens_per_s: 108.0,
            batch: 8
        })
    );
    assert_eq!(
        measured.prefill,
        Some(PrefillRate {
            tokens_per_s: 3288.0,
            prompt: 2048
        })
    );
}

/// A format 1 profile still loads: its single `link` migrates to both jobs, and a job's own
/// link (format 2) wins over it.
#[rstest]
#[case::format_1_without_links(1, "", None, None)]
#[case::format_1_link_sets_both(1, "link: \"ib-ndr\",", Some("ib-ndr"), Some("ib-ndr"))]
#[case::format_2_scale_out(2, "scale_out_link: \"eth-100g\",", None, Some("eth-100g"))]
#[case::format_2_own_wins(
    2,
    "link: \"nvlink4\", scale_out_link: \"ib-ndr\",",
    Some("nvlink4"),
    Some("ib-ndr")
)]
fn old_and_new_profiles_give_each_job_its_link(
    #[case] version: u32,
    #[case] fields: &str,
    #[case] up: Option<&str>,
    #[case] out: Option<&str>,
) {
    let text = EXAMPLE
        .replacen(
            "format_version: 2,",
            &format!("format_version: {version},"),
            1,
        )
        .replacen("context: 8192,", &format!("{fields} context: 8192,"), 1);
    let s = parse_cluster("c.ron", &text, &builtin_catalog())
        .unwrap()
        .scenario;
    assert_eq!(s.scale_up_link.as_deref(), up);
    assert_eq!(s.scale_out_link.as_deref(), out);
}

#[rstest]
#[case::unknown_gpu("gpu: \"h100-nvl\"", "gpu: \"h100-nvx\"", "did you mean 'h100-nvl'")]
#[case::gpu_count_multiple(
    "tp: 2",
    "tp: 3",
    "gpu_count (2) must be a positive multiple of tp (3)"
)]
#[case::zero_batch("max_num_seqs: 8", "max_num_seqs: 0", "at least 1")]
#[case::no_peak("precision: bf16", "precision: fp4", "has no FP4 peak")]
#[case::zero_context("context: 8192", "context: 0", "at least 1 token")]
#[case::huge_context(
    "context: 8192",
    "context: 100000000000",
    "context 1e11 is out of range"
)]
#[case::overhead_beyond_memory(
    "overhead_gb: 3.0",
    "overhead_gb: 200.0",
    "reserved overhead 200 GB is more than the 100.5 GB"
)]
#[case::huge_gpu_count(
    "gpu_count: 2",
    "gpu_count: 4000000000",
    "gpu_count 4e9 is out of range"
)]
#[case::measured_huge(
    "decode_tok_s: 108.0",
    "decode_tok_s: 1e300",
    "decode_tok_s 1e300 is out of range"
)]
#[case::version("format_version: 2", "format_version: 9", "not supported")]
#[case::unknown_link(
    "context: 8192",
    "scale_out_link: \"ib-hdr\", context: 8192",
    "unknown link 'ib-hdr'; known: nvlink4"
)]
#[case::unknown_field("context: 8192", "contxt: 8192", "unknown field `contxt`")]
#[case::ep_on_a_dense_model("context: 8192", "ep: 8,\n    context: 8192", "is dense")]
#[case::pp_zero("context: 8192", "pp: 0,\n    context: 8192", "pp must be at least 1")]
#[case::gpu_count_multiple_of_the_stages(
    "tp: 2",
    "tp: 2, pp: 2",
    "gpu_count (2) must be a positive multiple of tp × pp (4)"
)]
#[case::measured_zero(
    "decode_tok_s: 108.0",
    "decode_tok_s: 0.0",
    "decode_tok_s must be a positive number"
)]
#[case::measured_batch("batch: 8,", "batch: 0,", "batch must be between 1")]
#[case::measured_unknown("prompt: 2048", "promt: 2048", "unknown field `promt`")]
#[case::measured_prompt_alone("prefill_tok_s: 3288.0,", "", "prompt qualifies prefill_tok_s")]
fn bad_profiles_are_located(#[case] from: &str, #[case] to: &str, #[case] message: &str) {
    let text = EXAMPLE.replacen(from, to, 1);
    assert_ne!(text, EXAMPLE, "the case must change the file");
    let e = parse_cluster("c.ron", &text, &builtin_catalog()).unwrap_err();
    assert!(e.message.contains(message), "{e}");
    assert!(e.start.line > 1, "located: {e}");
    let line = text.lines().nth(e.start.line - 1).unwrap();
    assert!(
        !line.trim_start().starts_with("//"),
        "located on code, not a comment: {e}"
    );
}
