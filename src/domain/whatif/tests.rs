use super::*;
use crate::content::data_files::builtin_catalog;
use rstest::rstest;

#[rstest]
#[case::gpu("gpu h200", Command::Gpu("h200".into()))]
#[case::gpu_case("GPU H200", Command::Gpu("h200".into()))]
#[case::fp8("fp8", Command::Precision { math: Dtype::Fp8, weights: Dtype::Fp8 })]
#[case::int4("int4", Command::Precision { math: Dtype::Bf16, weights: Dtype::Int4 })]
#[case::model("model llama-3-70b", Command::Model("llama-3-70b".into()))]
#[case::tp("tp 4", Command::Tp(4))]
#[case::ep("ep 16", Command::Ep(16))]
#[case::pp("pp 2", Command::Pp(2))]
#[case::batch("batch 64", Command::Batch(64))]
#[case::context_k("context 32k", Command::Context(32_768))]
#[case::context_plain("context 4096", Command::Context(4096))]
#[case::overlay("overlay mi300x", Command::Overlay(Some("mi300x".into())))]
#[case::overlay_off("overlay off", Command::Overlay(None))]
#[case::reset("reset", Command::Reset)]
#[case::step("step 5", Command::Step(5))]
#[case::lesson("lesson 3", Command::Lesson(3))]
#[case::link("link ib-ndr", Command::Link("ib-ndr".into()))]
#[case::link_case("LINK NVLink4", Command::Link("nvlink4".into()))]
fn commands(#[case] line: &str, #[case] expected: Command) {
    assert_eq!(parse(line, &builtin_catalog()), Ok(expected));
}

#[rstest]
#[case::empty("", "type a command")]
#[case::typo("gpo h200", "no command 'gpo' (did you mean 'gpu'?)")]
#[case::gpu_typo("gpu h20", "no GPU 'h20' (did you mean 'h200'?)")]
#[case::model_typo(
    "model lama-3-70b",
    "no model 'lama-3-70b' (did you mean 'llama-3-70b'?)"
)]
#[case::missing("gpu", "gpu ID: show another GPU (:gpu h200)")]
#[case::bad_batch("batch lots", "'lots' is not a batch from 1 to 4096")]
#[case::zero_batch("batch 0", "'0' is not a batch from 1 to 4096")]
#[case::bad_context(
    "context 3q",
    "'3q' is not a context like 4096, 32k or 1m (0 for none)"
)]
#[case::extra("tp 4 8", "'8' is one word too many")]
#[case::extra_on_format("fp8 now", "'now' is one word too many")]
#[case::unknown_link(
    "link nvlink9",
    "unknown link 'nvlink9'; known: nvlink4, nvlink5, ib-ndr, ib-xdr, pcie4, pcie5, eth-100g"
)]
#[case::missing_link("link", "link ID: the link the all-reduce and the KV cross")]
fn refusals(#[case] line: &str, #[case] message: &str) {
    let e = parse(line, &builtin_catalog()).unwrap_err().to_string();
    assert!(e.starts_with(message), "{e}");
}

#[rstest]
#[case::command("mo", Some("model "))]
#[case::format("fp", None)]
#[case::whole_format("int4", Some("int4"))]
#[case::gpu_id("gpu h2", Some("gpu h200"))]
#[case::common_part("gpu h1", Some("gpu h100-"))]
#[case::model_id("model mixt", Some("model mixtral-8x7b"))]
#[case::link_id("link ib-n", Some("link ib-ndr"))]
#[case::link_ib_common_part("link ib", Some("link ib-"))]
#[case::link_common_part("link nv", Some("link nvlink"))]
#[case::nothing("zz", None)]
fn tab_completes(#[case] line: &str, #[case] expected: Option<&str>) {
    assert_eq!(complete(line, &builtin_catalog()).as_deref(), expected);
}
