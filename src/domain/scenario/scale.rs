//! Serving-memory and scale-out figures of a scenario: the KV of one paging block and the
//! waste of a sequence's partly filled last block, the share of a decode step's bytes that is
//! KV (and state), the hybrid state in tokens of KV, the same GPUs run as pipeline stages
//! instead of a tensor-parallel group, and the expert-parallel all-to-all bytes per token.

use super::{KvSplit, ModelEvaluation, Scenario, ScenarioError};
use crate::domain::catalog::Catalog;
use crate::domain::derivation::Formula;
use crate::domain::model::ModelSpec;

/// The scale figures of one scenario (bytes and seconds).
#[derive(Debug, Clone, PartialEq)]
pub struct ScaleFigures {
    /// KV bytes of one block of the scenario's `block_size` tokens, whole model.
    pub kv_block_bytes: f64,
    /// KV bytes the last, partly filled block of a sequence at the context leaves empty, whole
    /// model: (⌈context ÷ block⌉ × block − context) × KV bytes per token.
    pub block_waste_bytes: f64,
    /// KV and state as a share of the bytes one decode step moves per GPU, in [0, 1].
    pub kv_share: f64,
    /// The running batch's KV and state against the KV budget (what vLLM logs as "GPU KV cache
    /// usage"), in [0, ∞): batch × one sequence's bytes per GPU ÷ (budget × the groups that
    /// keep their own sequences). `None` at context 0 or without a budget.
    pub kv_usage: Option<f64>,
    /// Hybrid models: the recurrent state of one sequence in tokens of KV it weighs as much as.
    pub state_kv_tokens: Option<f64>,
    /// The `tp` GPUs as `tp` pipeline stages instead: one decode step passes through every
    /// stage in turn, each reading its share of the layers at one GPU's bandwidth, seconds.
    pub pp_step_s: f64,
    /// The bytes and FLOPs of that step on one GPU (the whole model's).
    pub pp_work: (f64, f64),
    /// MoE only, experts spread over `tp` GPUs (expert parallel): bytes of hidden state one
    /// token sends to its experts' GPUs and back, over all MoE layers.
    pub alltoall_bytes_per_token: Option<f64>,
}

/// The scale figures for a scenario whose model evaluated to `m`.
pub(super) fn evaluate(
    s: &Scenario,
    catalog: &Catalog,
    model: &ModelSpec,
    m: &ModelEvaluation,
) -> Result<ScaleFigures, ScenarioError> {
    let block = s.block_size as f64;
    let kv = m.kv_bytes_per_token;
    let (pp_step_s, pp_work) = pipeline_step(s, catalog)?;
    Ok(ScaleFigures {
        kv_usage: kv_usage(s, m),
        kv_block_bytes: Formula::KvBlock.compute(&[block, kv]),
        block_waste_bytes: {
            let (formula, inputs) = model.block_waste_inputs(s.context as f64, block, kv);
            formula.compute(&inputs)
        },
        kv_share: Formula::KvShare.compute(&[m.kv_bytes_read_per_gpu, m.step_bytes_per_gpu]),
        state_kv_tokens: (m.state_bytes_per_sequence > 0.0 && kv > 0.0)
            .then(|| Formula::StateInTokens.compute(&[m.state_bytes_per_sequence, kv])),
        pp_step_s,
        pp_work,
        alltoall_bytes_per_token: alltoall_bytes_per_token(model, s.precision.bytes(), s.tp),
    })
}

/// The groups that keep their own sequences: 1 when the KV is split by head or copied, TP when
/// each GPU keeps whole sequences (data-parallel attention).
#[must_use]
pub fn kv_groups(s: &Scenario, m: &ModelEvaluation) -> f64 {
    match m.kv_split {
        KvSplit::Heads | KvSplit::Replicated => 1.0,
        KvSplit::Sequences => f64::from(s.tp),
    }
}

/// The running batch's KV against the KV budget (vLLM's "GPU KV cache usage"); `None` at
/// context 0 or without a budget.
fn kv_usage(s: &Scenario, m: &ModelEvaluation) -> Option<f64> {
    (s.context > 0 && m.kv_budget_bytes > 0.0).then(|| {
        Formula::KvUsage.compute(&[
            f64::from(s.batch),
            m.sequence_bytes_per_gpu,
            m.kv_budget_bytes,
            kv_groups(s, m),
        ])
    })
}

/// One decode step through `tp` pipeline stages: stage i reads its layers' weights and KV at
/// one GPU's bandwidth, and the stages run one after the other for the batch, so the step is the
/// whole model's step on one GPU (whether or not one GPU could hold it), with its bytes and FLOPs.
fn pipeline_step(s: &Scenario, catalog: &Catalog) -> Result<(f64, (f64, f64)), ScenarioError> {
    let one = Scenario {
        tp: 1,
        attention_dp: false,
        tpot_target_ms: None,
        rate: None,
        ..s.clone()
    };
    Ok(one
        .evaluate_core(catalog)?
        .model
        .map_or((f64::NAN, (f64::NAN, f64::NAN)), |m| {
            (m.step_time_s, (m.step_bytes_per_gpu, m.step_flops_per_gpu))
        }))
}

/// Expert parallel over `gpus` GPUs: each MoE layer sends a token's hidden state to its k
/// experts and brings k results back (two all-to-alls); a share (N − 1) ÷ N of them live on
/// another GPU. Bytes per token = 2 · k · hidden · b_a · (N − 1) ÷ N · MoE layers. `None` for a
/// dense model or a single GPU.
#[must_use]
pub fn alltoall_bytes_per_token(
    model: &ModelSpec,
    activation_bytes: f64,
    gpus: u32,
) -> Option<f64> {
    let experts = model.experts?;
    if gpus < 2 {
        return None;
    }
    Some(Formula::Alltoall.compute(&[
        f64::from(experts.per_token),
        model.hidden as f64,
        activation_bytes,
        f64::from(gpus),
        f64::from(experts.moe_layers),
    ]))
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;
    use crate::content::data_files::builtin_catalog;
    use crate::domain::dtype::Dtype;

    #[track_caller]
    fn scale(s: &Scenario) -> ScaleFigures {
        let e = s.evaluate(&builtin_catalog()).expect("evaluates");
        e.cluster.expect("a model").scale
    }

    fn textbook(model: &str) -> Scenario {
        Scenario {
            model: Some(model.to_owned()),
            ..Scenario::default_cluster()
        }
    }

    #[rstest]
    // Llama-3-8B, BF16 KV: 2 × 32 layers × 8 heads × 128 × 2 B = 131,072 B per token.
    #[case::a_full_last_block(4096, 16, 16.0 * 131_072.0, 0.0)]
    // 1,000 tokens fill 62 blocks and 8 of the 63rd: 8 tokens empty.
    #[case::eight_tokens_empty(1000, 16, 16.0 * 131_072.0, 8.0 * 131_072.0)]
    // One token in a fresh block leaves 15 empty.
    #[case::one_token(1, 16, 16.0 * 131_072.0, 15.0 * 131_072.0)]
    // Blocks of 32: 1,000 tokens fill 31 blocks and 8 of the 32nd, 24 tokens empty.
    #[case::blocks_of_32(1000, 32, 32.0 * 131_072.0, 24.0 * 131_072.0)]
    // Blocks of 128 (TensorRT-LLM's tokens_per_block default is 64 or 128): 1,000 tokens fill
    // 7 blocks and 104 of the 8th, 24 tokens empty.
    #[case::blocks_of_128(1000, 128, 128.0 * 131_072.0, 24.0 * 131_072.0)]
    // One-token blocks waste nothing.
    #[case::blocks_of_1(1000, 1, 131_072.0, 0.0)]
    fn blocks_by_hand(
        #[case] context: u64,
        #[case] block_size: u64,
        #[case] block: f64,
        #[case] waste: f64,
    ) {
        let f = scale(&Scenario {
            context,
            block_size,
            ..textbook("llama-3-8b")
        });
        assert!(
            (f.kv_block_bytes - block).abs() < 1e-6,
            "{}",
            f.kv_block_bytes
        );
        assert!(
            (f.block_waste_bytes - waste).abs() < 1e-6,
            "{}",
            f.block_waste_bytes
        );
    }

    #[test]
    fn kv_share_is_kv_over_the_step_bytes() {
        // Llama-3-8B, batch 1, 32K context: KV 32,768 × 131,072 B = 4.295 GB beside the 15.01 GB
        // of weights a step reads (the reference's 1.28 ms of 5.76 ms): about 22 %.
        let f = scale(&Scenario {
            context: 32_768,
            ..textbook("llama-3-8b")
        });
        let kv = 32_768.0 * 131_072.0;
        let e = Scenario {
            context: 32_768,
            ..textbook("llama-3-8b")
        }
        .evaluate(&builtin_catalog())
        .unwrap();
        let weights = e.model.unwrap().weight_bytes_per_gpu;
        assert!((f.kv_share - kv / (kv + weights)).abs() < 1e-9);
        assert!((0.21..0.23).contains(&f.kv_share), "{}", f.kv_share);
    }

    /// Llama-3-8B on one H100 SXM at 1K context: 85.52 GB × 0.9 − 3 − 16.06 GB of weights =
    /// 57.91 GB of budget; 256 sequences × 1,024 × 131,072 B = 34.36 GB of it: 59.3 %.
    #[test]
    fn kv_usage_is_the_batch_against_the_budget() {
        let s = Scenario {
            batch: 256,
            context: 1024,
            ..textbook("llama-3-8b")
        };
        let usage = scale(&s).kv_usage.expect("a budget");
        assert!((0.592..0.596).contains(&usage), "{usage}");
        let e = s.evaluate(&builtin_catalog()).unwrap();
        let m = e.model.unwrap();
        assert!((usage - 256.0 * m.sequence_bytes_per_gpu / m.kv_budget_bytes).abs() < 1e-12);
        let none = scale(&Scenario { context: 0, ..s });
        assert_eq!(none.kv_usage, None);
    }

    #[test]
    fn a_hybrid_state_in_tokens_of_kv() {
        let s = textbook("qwen3.6-27b");
        let e = s.evaluate(&builtin_catalog()).unwrap();
        let m = e.model.as_ref().unwrap();
        // Qwen3.6-27B: 16 attention layers × 4 KV heads × 256 × 2 (K, V) × 2 B = 65,536 B per token.
        assert!((m.kv_bytes_per_token - 65_536.0).abs() < 1e-6);
        let tokens = scale(&s).state_kv_tokens.expect("hybrid");
        assert!((tokens - m.state_bytes_per_sequence / 65_536.0).abs() < 1e-9);
        assert_eq!(scale(&textbook("llama-3-8b")).state_kv_tokens, None);
    }

    #[test]
    fn pipeline_stages_take_the_one_gpu_step() {
        // Llama-3-70B BF16 at batch 1, no context: 139.0 GB read per step ÷ 3.35 TB/s = 41.5 ms
        // on one H100, whether the GPUs split it four ways by layer or not at all; TP 4 splits
        // the read: 10.4 ms (reference worked example 2).
        let s = Scenario {
            tp: 4,
            context: 0,
            ..textbook("llama-3-70b")
        };
        let pp = scale(&s).pp_step_s * 1e3;
        assert!((41.3..41.7).contains(&pp), "{pp}");
        let tp = s
            .evaluate(&builtin_catalog())
            .unwrap()
            .model
            .unwrap()
            .step_time_s
            * 1e3;
        assert!((10.3..10.5).contains(&tp), "{tp}");
    }

    #[rstest]
    // DeepSeek-V3: 2 × 8 experts × 7,168 × 1 B (FP8) × 7/8 × 58 MoE layers = 5,820,416 B.
    #[case::deepseek_fp8_ep8("deepseek-v3", Dtype::Fp8, 8, Some(5_820_416.0))]
    // Mixtral: 2 × 2 × 4,096 × 2 B (BF16) × 1/2 × 32 layers = 524,288 B.
    #[case::mixtral_bf16_ep2("mixtral-8x7b", Dtype::Bf16, 2, Some(524_288.0))]
    #[case::one_gpu_sends_nothing("mixtral-8x7b", Dtype::Bf16, 1, None)]
    #[case::dense_has_no_experts("llama-3-70b", Dtype::Bf16, 8, None)]
    fn alltoall_by_hand(
        #[case] model: &str,
        #[case] precision: Dtype,
        #[case] gpus: u32,
        #[case] bytes: Option<f64>,
    ) {
        let catalog = builtin_catalog();
        let spec = catalog.model(model).unwrap();
        let got = alltoall_bytes_per_token(spec, precision.bytes(), gpus);
        match (got, bytes) {
            (Some(g), Some(b)) => assert!((g - b).abs() < 1e-6, "{g}"),
            (None, None) => {}
            (g, b) => panic!("{g:?} against {b:?}"),
        }
    }
}
