//! What a `{name@on}` placeholder changes in its text's scenario, so that a figure at another
//! setting than the step's stays computed: `{ridge@h200}` (a GPU), `{step_time_ms@bf16}` (a
//! number format for math and weights), `{tokens_per_s@512}` (a batch), and named settings
//! `{step_time_ms@context=0}`, `{tokens_per_s@batch=64,context=0}`. Several changes are joined
//! by commas and applied in order.

use crate::domain::dtype::Dtype;
use crate::domain::scenario::Scenario;

/// One change to the scenario.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// Sequences per step.
    Batch(u32),
    /// Context tokens per sequence.
    Context(u64),
    /// Tensor-parallel degree.
    Tp(u32),
    /// Expert-parallel degree.
    Ep(u32),
    /// Pipeline stages.
    Pp(u32),
    /// Prompt tokens for prefill.
    Prompt(u64),
    /// Draft tokens per sequence per step.
    Draft(u32),
    /// Math and weight format.
    Format(Dtype),
    /// The weight format alone, the math kept: `weights=nvfp4` (W4A16 on BF16 math).
    Weights(Dtype),
    /// Another GPU, by catalog id (not checked here).
    Gpu(String),
    /// Another model, by catalog id (not checked here): `model=mixtral-8x7b`.
    Model(String),
}

/// The settings a `key=value` change may name.
pub const NAMED_SETTINGS: [&str; 10] = [
    "batch", "context", "tp", "ep", "pp", "prompt", "draft", "weights", "gpu", "model",
];

/// The changes `on` asks for, or a sentence saying which item cannot be read. A bare item that
/// is neither a number nor a format is a GPU id; whether the catalog has it is the caller's check.
pub fn changes(on: &str) -> Result<Vec<Change>, String> {
    on.split(',').map(change).collect()
}

fn change(item: &str) -> Result<Change, String> {
    let Some((key, value)) = item.split_once('=') else {
        if let Ok(batch) = item.parse::<u32>() {
            return Ok(Change::Batch(batch));
        }
        return Ok(item
            .parse::<Dtype>()
            .map_or_else(|_| Change::Gpu(item.to_owned()), Change::Format));
    };
    let number = || {
        value
            .parse::<u64>()
            .map_err(|_| format!("`{item}` needs a whole number after `=` (e.g. `{key}=4096`)"))
    };
    let small = || {
        number().and_then(|n| {
            u32::try_from(n).map_err(|_| format!("`{item}` is too large for a {key}"))
        })
    };
    match key {
        "batch" => small().map(Change::Batch),
        "context" => number().map(Change::Context),
        "tp" => small().map(Change::Tp),
        "ep" => small().map(Change::Ep),
        "pp" => small().map(Change::Pp),
        "prompt" => number().map(Change::Prompt),
        "draft" => small().map(Change::Draft),
        "weights" => value.parse::<Dtype>().map(Change::Weights).map_err(|_| {
            format!("`{item}` needs a number format after `=` (e.g. `weights=nvfp4`)")
        }),
        "gpu" if !value.is_empty() => Ok(Change::Gpu(value.to_owned())),
        "model" if !value.is_empty() => Ok(Change::Model(value.to_owned())),
        _ => Err(format!(
            "`{item}` names no setting a placeholder can change (one of {})",
            NAMED_SETTINGS.join(", ")
        )),
    }
}

/// How a placeholder writes `changes` after its `@`, as [`changes`] reads them back:
/// `gpu=h100-sxm,context=0`.
#[must_use]
pub fn spelled(changes: &[Change]) -> String {
    let one = |c: &Change| match c {
        Change::Batch(b) => format!("batch={b}"),
        Change::Context(c) => format!("context={c}"),
        Change::Tp(t) => format!("tp={t}"),
        Change::Ep(e) => format!("ep={e}"),
        Change::Pp(p) => format!("pp={p}"),
        Change::Prompt(p) => format!("prompt={p}"),
        Change::Draft(d) => format!("draft={d}"),
        Change::Format(f) => f.name().to_owned(),
        Change::Weights(w) => format!("weights={}", w.name()),
        Change::Gpu(g) => format!("gpu={g}"),
        Change::Model(m) => format!("model={m}"),
    };
    changes.iter().map(one).collect::<Vec<_>>().join(",")
}

/// `scenario` with the changes `on` asks for; an item that cannot be read changes nothing (the
/// lesson check reports it).
#[must_use]
pub fn on_other(scenario: &Scenario, on: &str) -> Scenario {
    let mut out = scenario.clone();
    for change in on.split(',').filter_map(|item| change(item).ok()) {
        apply(&mut out, change);
    }
    out
}

/// Applies one change.
pub fn apply(scenario: &mut Scenario, change: Change) {
    match change {
        Change::Batch(b) => scenario.batch = b,
        Change::Context(c) => scenario.context = c,
        Change::Tp(t) => scenario.tp = t,
        Change::Ep(e) => scenario.ep = e,
        Change::Pp(p) => scenario.pp = p,
        Change::Prompt(p) => scenario.prompt = p,
        Change::Draft(d) => scenario.draft_tokens = d,
        Change::Format(f) => {
            scenario.precision = f;
            scenario.weights = f;
        }
        Change::Weights(w) => scenario.weights = w,
        Change::Gpu(gpu) => scenario.gpu = gpu,
        Change::Model(model) => scenario.model = Some(model),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::gpu("h200", vec![Change::Gpu("h200".to_owned())])]
    #[case::format("fp8", vec![Change::Format(Dtype::Fp8)])]
    #[case::bare_batch("512", vec![Change::Batch(512)])]
    #[case::named_context("context=0", vec![Change::Context(0)])]
    #[case::two(
        "batch=64,context=131072",
        vec![Change::Batch(64), Change::Context(131_072)]
    )]
    #[case::tp_prompt_draft(
        "tp=8,prompt=512,draft=3",
        vec![Change::Tp(8), Change::Prompt(512), Change::Draft(3)]
    )]
    #[case::model(
        "model=qwen3.6-27b,tp=2",
        vec![Change::Model("qwen3.6-27b".to_owned()), Change::Tp(2)]
    )]
    #[case::named_gpu("gpu=h100-sxm", vec![Change::Gpu("h100-sxm".to_owned())])]
    #[case::gpu_and_format("h200,fp8", vec![Change::Gpu("h200".to_owned()), Change::Format(Dtype::Fp8)])]
    fn reads_changes(#[case] on: &str, #[case] expected: Vec<Change>) {
        assert_eq!(changes(on), Ok(expected));
    }

    #[rstest]
    #[case::gpu_model_context("gpu=h200,model=llama-3-70b,context=0")]
    #[case::format_batch_tp_prompt_draft("fp8,batch=64,tp=2,prompt=512,draft=3")]
    #[case::weights_alone("bf16,weights=nvfp4")]
    #[case::ep_pp("ep=16,pp=2")]
    fn spells_changes_as_it_reads_them(#[case] on: &str) {
        let read = changes(on).expect("read");
        assert_eq!(spelled(&read), on);
    }

    #[rstest]
    #[case::no_gpu("gpu=", "names no setting")]
    #[case::unknown_key("color=3", "names no setting")]
    #[case::not_a_number("context=long", "whole number")]
    #[case::no_model("model=", "names no setting")]
    #[case::weights_not_a_format("weights=fp5", "number format")]
    #[case::too_large_batch("batch=99999999999", "too large")]
    fn refuses_changes(#[case] on: &str, #[case] says: &str) {
        let error = changes(on).expect_err("refused");
        assert!(error.contains(says), "{error}");
    }

    #[test]
    fn applies_in_order_and_keeps_the_rest() {
        let base = Scenario::default_cluster();
        let s = on_other(&base, "batch=64,context=0,h200");
        assert_eq!((s.batch, s.context, s.gpu.as_str()), (64, 0, "h200"));
        assert_eq!((s.model, s.tp), (base.model, base.tp));
    }

    /// W4A16: `bf16,weights=nvfp4` keeps BF16 math and stores the weights in NVFP4, where a
    /// bare `nvfp4` would set both.
    #[test]
    fn weights_change_the_weights_alone() {
        let s = on_other(&Scenario::default_cluster(), "fp8,weights=nvfp4");
        assert_eq!((s.precision, s.weights), (Dtype::Fp8, Dtype::Nvfp4));
    }
}
