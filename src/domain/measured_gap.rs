//! A measured decode run against its speed of light, with the gap put in words: what the
//! roofline leaves out, each part estimated where the engine can (the KV and attention reads
//! at the run's context, the tensor-parallel all-reduces over the GPU's link), and the rest
//! (launch gaps, the scheduler, kernels below their roof) as what remains.

use super::catalog::Catalog;
use super::interconnect::tp_allreduce;
use super::link::Link;
use super::measured::{DecodeRate, datasheet_of, mbu};
use super::scenario::{Scenario, ScenarioError};

/// One measured decode run beside the speed of light for the same setting.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DecodeGap {
    /// Sequences decoding together.
    pub batch: u32,
    /// Tokens of context each (the run's mean decode context: the prompt and half the output).
    pub context: u64,
    /// Speed-of-light tokens/s across the batch.
    pub speed_of_light_tokens_per_s: f64,
    /// Measured tokens/s across the batch.
    pub measured_tokens_per_s: f64,
    /// Speed-of-light step, ms.
    pub speed_of_light_step_ms: f64,
    /// Measured step (batch ÷ tokens/s), ms.
    pub measured_step_ms: f64,
    /// Bytes the step must move ÷ measured step ÷ peak bandwidth.
    pub mbu: f64,
    /// The step's FLOPs (weights and attention) ÷ measured step ÷ peak FLOP/s.
    pub mfu: f64,
    /// Of the speed of light, the KV (and recurrent-state) reads at that context, ms.
    pub kv_read_ms: f64,
    /// The tensor-parallel all-reduces over the link, ms (none at TP 1 or without a link).
    pub allreduce_ms: Option<f64>,
    /// What is left: measured − speed of light − all-reduce, ms.
    pub rest_ms: f64,
}

/// The gap of `rate` on `scenario` (evaluated at the run's batch), or `None` without a model.
pub fn decode_gap(
    scenario: &Scenario,
    rate: DecodeRate,
    catalog: &Catalog,
    link: Option<&Link>,
) -> Result<Option<DecodeGap>, ScenarioError> {
    let at = rate.scenario(scenario);
    let e = at.evaluate(catalog)?;
    let (Some(m), Some(id)) = (e.model.as_ref(), at.model.as_deref()) else {
        return Ok(None);
    };
    let spec = catalog.model(id)?;
    let batch = f64::from(rate.batch);
    let tp = f64::from(at.tp.max(1));
    let measured_step_s = rate.step_s();
    let flops = batch
        * (2.0 * spec.matmul_params_per_token()
            + spec.attention_flops_per_context_token() * at.context as f64)
        / tp;
    let allreduce_s = (at.tp > 1)
        .then_some(link)
        .flatten()
        .map(|link| tp_allreduce(spec, batch, at.precision.bytes(), at.tp, link).total_s());
    let datasheet = datasheet_of(&e);
    Ok(Some(DecodeGap {
        batch: rate.batch,
        context: at.context,
        speed_of_light_tokens_per_s: m.tokens_per_s,
        measured_tokens_per_s: rate.tokens_per_s,
        speed_of_light_step_ms: m.step_time_s * 1e3,
        measured_step_ms: measured_step_s * 1e3,
        mbu: mbu(&e, m, rate),
        mfu: datasheet.mfu(flops / measured_step_s),
        kv_read_ms: m.kv_bytes_read_per_gpu / e.bandwidth * 1e3,
        allreduce_ms: allreduce_s.map(|s| s * 1e3),
        rest_ms: (measured_step_s - m.step_time_s - allreduce_s.unwrap_or(0.0)) * 1e3,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::data_files::builtin_catalog;
    use crate::test_support::close;

    /// Llama-3-8B BF16 on one H100 SXM, 32 sequences of 1,024 tokens at 8 ms a token, by hand:
    /// bytes 7,504,924,672 × 2 + 32 × 1,024 × 131,072 = 19.305 GB in 8 ms ÷ 3.35 TB/s: MBU
    /// 72.0 %; FLOPs 32 × (2 × 7,504,924,672 + 524,288 × 1,024) = 497.5 GFLOP in 8 ms ÷ 989.4
    /// TF: MFU 6.29 %; the KV reads 4.295 GB ÷ 3.35 TB/s = 1.282 ms of the speed of light.
    #[test]
    fn a_run_is_placed_against_its_speed_of_light_by_hand() {
        let catalog = builtin_catalog();
        let s = Scenario {
            context: 1024,
            ..Scenario::default_cluster()
        };
        let rate = DecodeRate {
            tokens_per_s: 32.0 / 0.008,
            batch: 32,
        };
        let g = decode_gap(&s, rate, &catalog, None).unwrap().unwrap();
        let bytes = 7_504_924_672.0 * 2.0 + 32.0 * 1024.0 * 131_072.0;
        close(g.mbu, bytes / 0.008 / 3.35e12, 1e-6);
        let flops = 32.0 * (2.0 * 7_504_924_672.0 + 524_288.0 * 1024.0);
        close(g.mfu, flops / 0.008 / 989.4e12, 1e-6);
        close(
            g.kv_read_ms,
            32.0 * 1024.0 * 131_072.0 / 3.35e12 * 1e3,
            1e-6,
        );
        close(g.measured_step_ms, 8.0, 1e-12);
        close(g.rest_ms, 8.0 - g.speed_of_light_step_ms, 1e-9);
        assert_eq!(g.allreduce_ms, None, "TP 1 has no all-reduce");
    }
}
