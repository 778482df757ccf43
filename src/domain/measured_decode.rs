//! The measured decode step for a setting, for the lesson that asks the learner to predict it
//! (`measured_tpot_ms`): the learner's own benchmark at that concurrency, else the measured
//! weight-read rate at that batch (their GPU lab's sweep, or the reference shipped for the GPU)
//! over the bytes the step must read.

use super::catalog::Catalog;
use super::gpu_lab::THIS_GPU_ID;

/// The setting a measurement must match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setting<'a> {
    /// Catalog GPU id.
    pub gpu: &'a str,
    /// Catalog model id.
    pub model: Option<&'a str>,
    /// Tensor-parallel degree.
    pub tp: u32,
    /// Sequences decoding together.
    pub batch: u32,
    /// Tokens of context each: of several runs at the batch, the one nearest it answers.
    pub context: u64,
}

/// What was measured for a setting.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum MeasuredDecode {
    /// A serving engine's mean time per output token at that concurrency, ms.
    Tpot(f64),
    /// A decode-shaped sweep's weight bytes read per second at that batch: the step's bytes
    /// over it give the step time the kernels reach.
    ReadRate(f64),
}

/// The learner's measurement first (benchmark runs on that setup at that concurrency, then the
/// GPU lab when it measured this card), else the shipped reference for the GPU.
#[must_use]
pub fn measured_decode(catalog: &Catalog, at: Setting<'_>) -> Option<MeasuredDecode> {
    from_runs(catalog, at)
        .or_else(|| from_gpu_lab(catalog, at))
        .or_else(|| from_reference(catalog, at))
}

fn from_runs(catalog: &Catalog, at: Setting<'_>) -> Option<MeasuredDecode> {
    let (cluster, runs) = catalog.benchmarks.as_ref()?;
    let same = cluster.gpu == at.gpu && cluster.model.as_deref() == at.model && cluster.tp == at.tp;
    if !same {
        return None;
    }
    runs.iter()
        .filter(|run| run.concurrency.value().max(1) == at.batch)
        .filter_map(|run| {
            let tpot = run.tpot_ms.filter(|t| t.is_finite() && *t > 0.0)?;
            let context = run.decode_context().unwrap_or(at.context);
            Some((context.abs_diff(at.context), tpot))
        })
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, tpot)| MeasuredDecode::Tpot(tpot))
}

fn from_gpu_lab(catalog: &Catalog, at: Setting<'_>) -> Option<MeasuredDecode> {
    let report = catalog.gpu_lab.as_ref()?;
    let this_card = at.gpu == THIS_GPU_ID || report.catalog_id.as_deref() == Some(at.gpu);
    if !this_card {
        return None;
    }
    report
        .sweep
        .iter()
        .find(|p| p.batch == at.batch)
        .map(|p| MeasuredDecode::ReadRate(p.weight_bytes_per_s()))
}

fn from_reference(catalog: &Catalog, at: Setting<'_>) -> Option<MeasuredDecode> {
    let reference = catalog.references.iter().find(|r| r.gpu == at.gpu)?;
    reference
        .sweep
        .points
        .iter()
        .find(|p| p.batch == at.batch)
        .map(|p| MeasuredDecode::ReadRate(reference.sweep.weight_bytes_per_s(p)))
}

#[cfg(test)]
mod tests {
    use crate::content::benchmark::parse_benchmark;
    use crate::content::data_files::builtin_catalog;
    use crate::domain::quantity::Quantity;
    use crate::domain::scenario::Scenario;

    /// Lesson 14's setting: Llama-3-8B BF16 on one H100 SXM, 32 sequences, no context.
    fn setting() -> Scenario {
        Scenario {
            batch: 32,
            context: 0,
            ..Scenario::default_cluster()
        }
    }

    #[test]
    fn without_a_measurement_of_ones_own_the_shipped_sweep_answers() {
        let catalog = builtin_catalog();
        let e = setting().evaluate(&catalog).unwrap();
        // The sweep read 2 × 7,504,658,432 B in 5.462 ms at B = 32; the model's step reads
        // 2 × 7,504,924,672 B: 5.462 × 7,504,924,672 ÷ 7,504,658,432 ms.
        let expected = 5.462 * 7_504_924_672.0 / 7_504_658_432.0;
        let got = Quantity::MeasuredTpotMs.number(&e).unwrap();
        assert!((got - expected).abs() < 1e-6, "{got}");
        // No sweep point at batch 24, and none on an H200.
        let between = Scenario {
            batch: 24,
            ..setting()
        };
        assert_eq!(between.evaluate(&catalog).unwrap().measured_tpot_ms(), None);
        let h200 = Scenario {
            gpu: "h200".to_owned(),
            ..setting()
        };
        assert_eq!(h200.evaluate(&catalog).unwrap().measured_tpot_ms(), None);
    }

    #[test]
    fn the_learners_own_run_at_that_concurrency_comes_first() {
        let file = "vllm-llama-3-8b-c32.json";
        let text = include_str!("../../tests/fixtures/benchmarks/vllm-llama-3-8b-c32.json");
        let runs = parse_benchmark(file, text).unwrap();
        let mut catalog = builtin_catalog();
        catalog.benchmarks = Some((Scenario::default_cluster(), runs));
        let e = setting().evaluate(&catalog).unwrap();
        // The fixture's mean TPOT at --max-concurrency 32.
        assert_eq!(e.measured_tpot_ms(), Some(8.0));
    }
}
