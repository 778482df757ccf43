//! Measured against the speed of light: what an endpoint achieved as a share of its roofline.
//!
//! - MBU (bandwidth utilization, decode) = bytes a decode step must move ÷ measured step time
//!   ÷ peak bandwidth, with the step time = batch ÷ measured decode tokens/s.
//! - MFU (FLOP utilization, prefill) = model FLOPs ÷ time ÷ peak: prompts/s × FLOPs per prompt
//!   per GPU ÷ peak, with FLOPs per prompt = 2 · matmul params · T + causal attention
//!   (≈ ½ · attention FLOPs per context token · T²).
//!
//! Tensor parallelism splits both bytes and FLOPs over the replica's GPUs; the measured
//! figures are per replica.

use super::catalog::Catalog;
use super::measured_reference::Datasheet;
use super::roofline;
use super::scenario::{Evaluation, ModelEvaluation, Scenario, ScenarioError};

pub use super::endpoint::{DecodeRate, Measurement, PrefillRate};

/// A measured figure placed against its roofline.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Utilization {
    /// The achieved share of the roof: MBU for decode, MFU for prefill (0.25 = 25 %).
    pub share: f64,
    /// The speed-of-light tokens/s for the same setting.
    pub speed_of_light_tokens_per_s: f64,
    /// Where it goes on the plot: the dot's intensity (FLOP/byte) …
    pub intensity: f64,
    /// … and the FLOP/s achieved there (the roof there × tokens/s ÷ speed of light).
    pub flops_per_s: f64,
}

/// The roofs `e` was evaluated against: what its MBU and MFU divide by.
pub(super) fn datasheet_of(e: &Evaluation) -> Datasheet {
    Datasheet {
        bandwidth: e.bandwidth,
        peak_flops: e.peak_flops,
    }
}

/// The MBU of a measured decode step on its evaluation ([`DecodeRate::scenario`]): the bytes
/// the step moves, over the measured step time, ÷ the bandwidth.
pub(super) fn mbu(e: &Evaluation, m: &ModelEvaluation, rate: DecodeRate) -> f64 {
    datasheet_of(e).mbu(m.memory_time_s * e.bandwidth / rate.step_s())
}

/// Decode bandwidth utilization of `rate` on `scenario` (evaluated at the measured batch).
pub fn decode_mbu(
    scenario: &Scenario,
    rate: DecodeRate,
    catalog: &Catalog,
) -> Result<Option<Utilization>, ScenarioError> {
    let evaluation = rate.scenario(scenario).evaluate(catalog)?;
    let Some(model) = &evaluation.model else {
        return Ok(None);
    };
    let intensity = model.decode_intensity();
    let roof_there = roofline::attainable(intensity, evaluation.peak_flops, evaluation.bandwidth);
    Ok(Some(Utilization {
        share: mbu(&evaluation, model, rate),
        speed_of_light_tokens_per_s: model.tokens_per_s,
        intensity,
        flops_per_s: roof_there * rate.tokens_per_s / model.tokens_per_s,
    }))
}

/// Prefill FLOP utilization of `rate` on `scenario` (evaluated at the measured prompt).
pub fn prefill_mfu(
    scenario: &Scenario,
    rate: PrefillRate,
    catalog: &Catalog,
) -> Result<Option<Utilization>, ScenarioError> {
    let at_prompt = Scenario {
        prompt: rate.prompt,
        ..scenario.clone()
    };
    let evaluation = at_prompt.evaluate(catalog)?;
    let datasheet = datasheet_of(&evaluation);
    let (Some(model), Some(id)) = (evaluation.model, &scenario.model) else {
        return Ok(None);
    };
    let spec = catalog.model(id)?;
    let t = rate.prompt as f64;
    let tp = f64::from(scenario.tp);
    let flops_per_prompt_per_gpu = (2.0 * spec.prefill_matmul_params(t)
        + 0.5 * spec.attention_flops_per_context_token() * t * t)
        / tp;
    let achieved = rate.tokens_per_s / t * flops_per_prompt_per_gpu;
    // Speed of light: the prompt's FLOPs at peak, or its weight bytes at full bandwidth.
    let bytes = spec.params_read(t) * scenario.weights.bytes() / tp;
    let prompt_time_s = datasheet.speed_of_light_s(bytes, flops_per_prompt_per_gpu);
    Ok(Some(Utilization {
        share: datasheet.mfu(achieved),
        speed_of_light_tokens_per_s: t / prompt_time_s,
        intensity: model.prefill_intensity,
        flops_per_s: achieved,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::data_files::builtin_catalog;
    use crate::domain::dtype::Dtype;
    use crate::test_support::close;

    /// The course's example endpoint: 2× H100 NVL, TP 2, Qwen3.6-27B BF16, 8K context.
    fn example() -> Scenario {
        Scenario {
            gpu: "h100-nvl".to_owned(),
            model: Some("qwen3.6-27b".to_owned()),
            precision: Dtype::Bf16,
            weights: Dtype::Bf16,
            kv: Dtype::Bf16,
            tp: 2,
            context: 8192,
            mem_util: 0.9,
            overhead_gb: 3.0,
            ..Scenario::default_cluster()
        }
    }

    #[test]
    fn decode_mbu_is_step_bytes_over_measured_time_over_bandwidth() {
        let catalog = builtin_catalog();
        let rate = DecodeRate {
            tokens_per_s: 108.0,
            batch: 8,
        };
        let u = decode_mbu(&example(), rate, &catalog).unwrap().unwrap();
        // Recomputed from the engine's step bytes: 8 sequences in 8 ÷ 108 s = 74.1 ms.
        let at8 = Scenario {
            batch: 8,
            ..example()
        }
        .evaluate(&catalog)
        .unwrap();
        let m = at8.model.unwrap();
        let bytes = m.memory_time_s * 3.9e12;
        close(u.share, bytes / (8.0 / 108.0) / 3.9e12, 1e-12);
        // ≈ 27 GB of BF16 weights per GPU plus the KV and state reads: about 7.6 ms at
        // 3.9 TB/s, so 108 tok/s is about a tenth of the bandwidth roof.
        assert!((0.09..0.12).contains(&u.share), "MBU {}", u.share);
        close(u.share, 108.0 / m.tokens_per_s, 1e-9);
        close(u.intensity, m.decode_intensity(), 1e-12);
        close(u.flops_per_s, u.intensity * 3.9e12 * u.share, 1e-9);
    }

    #[test]
    fn prefill_mfu_is_model_flops_over_time_over_peak() {
        let catalog = builtin_catalog();
        let rate = PrefillRate {
            tokens_per_s: 3288.0,
            prompt: 2048,
        };
        let u = prefill_mfu(&example(), rate, &catalog).unwrap().unwrap();
        let spec = catalog.model("qwen3.6-27b").unwrap();
        // Per GPU (TP 2): 3,288 tok/s × (2 · P + attention) ÷ 2 over 835.5 TF, the output head
        // counted for the prompt's last token only.
        let head = spec.head_params();
        let per_token = 2.0 * (spec.matmul_params_per_token() - head)
            + 2.0 * head / 2048.0
            + 0.5 * spec.attention_flops_per_context_token() * 2048.0;
        close(u.share, 3288.0 * per_token / 2.0 / 835.5e12, 1e-12);
        // About 54 GFLOP per token: roughly a tenth of the BF16 peak.
        assert!((0.09..0.13).contains(&u.share), "MFU {}", u.share);
        close(u.flops_per_s, u.share * 835.5e12, 1e-12);
    }

    #[test]
    fn without_a_model_there_is_nothing_to_measure() {
        let catalog = builtin_catalog();
        let bare = Scenario::for_gpu("h100-sxm");
        let decode = DecodeRate {
            tokens_per_s: 1.0,
            batch: 1,
        };
        assert_eq!(decode_mbu(&bare, decode, &catalog), Ok(None));
    }
}
