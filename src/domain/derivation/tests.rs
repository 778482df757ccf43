use rstest::rstest;

use super::*;
use crate::content::data_files::builtin_catalog;
use crate::domain::dtype::Dtype;
use crate::domain::quantity::Quantity;
use crate::domain::scenario::Scenario;

fn all(s: &Scenario) -> (crate::domain::scenario::Evaluation, Vec<Derivation>) {
    let catalog = builtin_catalog();
    let e = s.evaluate(&catalog).unwrap();
    let gpu = catalog.gpu(&s.gpu).unwrap();
    let model = s.model.as_ref().map(|id| catalog.model(id).unwrap());
    let d = derivations(s, &e, gpu, model);
    (e, d)
}

fn llama_8b() -> Scenario {
    Scenario {
        batch: 64,
        ..Scenario::default_cluster()
    }
}

fn mixtral_tp2() -> Scenario {
    Scenario {
        model: Some("mixtral-8x7b".to_owned()),
        tp: 2,
        batch: 32,
        ..Scenario::default_cluster()
    }
}

fn deepseek_dp() -> Scenario {
    Scenario {
        model: Some("deepseek-v3".to_owned()),
        precision: Dtype::Fp8,
        weights: Dtype::Fp8,
        tp: 8,
        attention_dp: true,
        draft_tokens: 2,
        gpu_hour_usd: 4.0,
        ..Scenario::default_cluster()
    }
    .with_gpu("h200")
}

trait WithGpu {
    fn with_gpu(self, gpu: &str) -> Self;
}

impl WithGpu for Scenario {
    fn with_gpu(mut self, gpu: &str) -> Self {
        gpu.clone_into(&mut self.gpu);
        self
    }
}

/// The figure each formula names, as the engine gave it.
fn engine_figure(e: &crate::domain::scenario::Evaluation, f: Formula) -> f64 {
    let m = e.model.as_ref().unwrap();
    match f {
        Formula::Ridge => e.ridge,
        Formula::KvWall => m.max_batch_kv.unwrap() as f64,
        Formula::StepTime => m.step_time_s,
        Formula::TokensPerS => m.tokens_per_s,
        Formula::Cost => m.usd_per_million_tokens,
        Formula::BatchToRidge => m.decode_dot.batch_to_ridge.unwrap(),
        Formula::MemoryTime => m.memory_time_s,
        Formula::ComputeTime => m.compute_time_s,
        Formula::EnergyPerToken => m.energy_per_token_j.unwrap(),
        Formula::FcIntensity => m.fc_intensity,
        Formula::BatchToRidgeApprox => m.decode_dot.batch_to_ridge_approx,
    }
}

/// Each derivation, recomputed from its own inputs and formula, gives the engine's figure
/// exactly: the engine computes these figures through the same `Formula::compute`.
#[rstest]
#[case::llama_8b(llama_8b())]
#[case::mixtral_tp2(mixtral_tp2())]
#[case::deepseek_data_parallel(deepseek_dp())]
fn every_derivation_recomputes_its_figure(#[case] s: Scenario) {
    let (e, derivations) = all(&s);
    let kinds: Vec<Formula> = derivations.iter().map(|d| d.formula).collect();
    for kind in [
        Formula::Ridge,
        Formula::KvWall,
        Formula::BatchToRidge,
        Formula::StepTime,
        Formula::TokensPerS,
        Formula::Cost,
    ] {
        assert!(kinds.contains(&kind), "{kind:?} missing for {s:?}");
    }
    for d in &derivations {
        // Bit for bit: the same formula over the same inputs.
        assert_eq!(
            d.recompute().to_bits(),
            d.value.to_bits(),
            "{:?}",
            d.formula
        );
        let engine = engine_figure(&e, d.formula);
        assert_eq!(d.value.to_bits(), engine.to_bits(), "{:?}", d.formula);
        assert!(!d.assumptions.is_empty());
        // Every input's symbol appears in the formula.
        for i in &d.inputs {
            assert!(
                d.formula.symbols().contains(i.symbol),
                "{} in {:?}",
                i.symbol,
                d.formula
            );
        }
    }
}

#[test]
fn the_kv_wall_names_the_cards_bytes_and_the_default_reserve() {
    let (_, d) = all(&Scenario::default_cluster());
    let wall = d.iter().find(|d| d.formula == Formula::KvWall).unwrap();
    assert_eq!(wall.value.to_bits(), 107.0_f64.to_bits());
    let memory = &wall.inputs[0];
    assert_eq!(
        memory.value.to_bits(),
        (81_559.0_f64 * 1_048_576.0).to_bits()
    );
    assert!(
        matches!(&memory.source, Source::Datasheet { cite, .. } if cite.contains("81,559 MiB")),
        "{memory:?}"
    );
    assert!(matches!(&wall.inputs[2].source, Source::Default { field } if field == "overhead_gb"));
}

#[rstest]
#[case::ridge(Formula::Ridge, "P")]
// Llama-3-8B at batch 64, 4K context: memory-bound, so the bytes and the bandwidth move it.
#[case::step(Formula::StepTime, "Bytes")]
#[case::wall(Formula::KvWall, "M")]
#[case::cost(Formula::Cost, "N")]
fn the_input_that_moves_it_most(#[case] formula: Formula, #[case] symbol: &str) {
    let (_, d) = all(&llama_8b());
    let d = d.iter().find(|d| d.formula == formula).unwrap();
    let (input, change) = d.most_sensitive().unwrap();
    assert_eq!(input.symbol, symbol, "{d:?}");
    assert!(change.abs() > 0.005, "{change}");
}

#[test]
fn a_matmul_that_never_reaches_the_ridge_has_no_batch_derivation() {
    assert!(
        Formula::BatchToRidge
            .compute(&[1e9, 4096.0, 4096.0, 2.0, 2.0, 1.0, 1.0])
            .is_nan()
    );
}

/// Every quantity a lesson asks or a readout shows that has a derivation: recomputed from the
/// derivation's own inputs and formula, scaled to the quantity's unit, it is the figure the
/// engine gives (issue 24, part 2), bit for bit against the derivation's value.
#[rstest]
#[case::ridge(Quantity::Ridge, 1.0)]
#[case::batch_to_ridge(Quantity::BatchToRidge, 1.0)]
#[case::max_batch_kv(Quantity::MaxBatchKv, 1.0)]
#[case::step_time(Quantity::StepTimeMs, 1e3)]
#[case::tpot(Quantity::TpotMs, 1e3)]
#[case::tokens_per_s(Quantity::TokensPerS, 1.0)]
#[case::cost(Quantity::UsdPerMillionTokens, 1.0)]
#[case::memory_time(Quantity::MemoryTimeMs, 1e3)]
#[case::compute_time(Quantity::ComputeTimeMs, 1e3)]
#[case::energy(Quantity::EnergyPerTokenJ, 1.0)]
#[case::fc_intensity(Quantity::FcIntensity, 1.0)]
#[case::dense_intensity(Quantity::DenseIntensity, 1.0)]
#[case::batch_to_ridge_approx(Quantity::BatchToRidgeApprox, 1.0)]
fn each_quantitys_derivation_recomputes_its_figure(
    #[case] q: Quantity,
    #[case] scale: f64,
    #[values(llama_8b(), mixtral_tp2(), deepseek_dp())] s: Scenario,
) {
    let catalog = builtin_catalog();
    let e = s.evaluate(&catalog).unwrap();
    let gpu = catalog.gpu(&s.gpu).unwrap();
    let model = s.model.as_ref().map(|id| catalog.model(id).unwrap());
    let d = of_quantity(q, &s, &e, gpu, model).expect("a derivation");
    assert_eq!(d.recompute().to_bits(), d.value.to_bits(), "{q}");
    let shown = q.number(&e).unwrap();
    assert!(
        (d.recompute() * scale - shown).abs() <= 1e-12 * shown.abs(),
        "{q}: {} × {scale} against {shown}",
        d.recompute()
    );
    for i in &d.inputs {
        assert!(
            d.formula.symbols().contains(i.symbol),
            "{} in {q}",
            i.symbol
        );
    }
}
