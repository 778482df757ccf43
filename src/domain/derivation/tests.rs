use rstest::rstest;

use super::*;
use crate::content::data_files::builtin_catalog;
use crate::domain::dtype::Dtype;
use crate::domain::quantity::{Quantity, QuantityValue};
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

fn qwen_hybrid() -> Scenario {
    Scenario {
        model: Some("qwen3.6-27b".to_owned()),
        batch: 16,
        context: 32_768,
        ..Scenario::default_cluster()
    }
}

/// A cluster with every cluster setting: a named link, a prefix cache, a rate, a target, a
/// chunk and output length of its own, on a tensor-parallel group.
fn llama_70b_cluster() -> Scenario {
    Scenario {
        model: Some("llama-3-70b".to_owned()),
        tp: 4,
        batch: 32,
        context: 8192,
        link: Some("ib-ndr".to_owned()),
        prefix_hit: 0.5,
        rate: Some(12.0),
        tpot_target_ms: Some(25.0),
        output_tokens: 400,
        chunk: 512,
        ..Scenario::default_cluster()
    }
}

/// The same cluster on its own NVLink, MoE, with speculative decoding.
fn mixtral_cluster() -> Scenario {
    Scenario {
        rate: Some(3.0),
        tpot_target_ms: Some(12.0),
        prefix_hit: 0.25,
        draft_tokens: 1,
        ..mixtral_tp2()
    }
}

/// The MoE cluster with its experts over 8 GPUs and two pipeline stages: the terms `ep` and
/// `pp` add.
fn parallel() -> Scenario {
    Scenario {
        ep: 8,
        pp: 2,
        ..mixtral_cluster()
    }
}

/// The scenarios the table-wide tests walk: dense, MoE, MLA with attention DP, hybrid, and
/// two clusters with every cluster setting.
fn scenarios() -> [Scenario; 6] {
    [
        llama_8b(),
        mixtral_tp2(),
        deepseek_dp(),
        qwen_hybrid(),
        llama_70b_cluster(),
        mixtral_cluster(),
    ]
}

/// Llama-3-8B with half its layers sliding over 128 tokens, gpt-oss style (issue 23).
fn sliding_model() -> crate::domain::model::ModelSpec {
    let mut spec = builtin_catalog().model("llama-3-8b").unwrap().clone();
    "llama-3-8b-sliding".clone_into(&mut spec.id);
    spec.sliding_window = Some(crate::domain::model::SlidingWindow {
        window: 128,
        layers: 16,
    });
    spec
}

/// The sliding model past its window, with a link and a target, so every KV figure and the
/// prefill's attention go through the window.
fn sliding() -> Scenario {
    Scenario {
        model: Some("llama-3-8b-sliding".to_owned()),
        context: 8192,
        ..llama_70b_cluster()
    }
}

/// The KV per sequence of a model with sliding layers is derived through the window: its
/// inputs name W, S and N, and recompute the figure (16 full layers × 8,192 tokens + 16 sliding
/// × 128, at 4 KiB per layer and token: 545,259,520 bytes).
#[test]
fn a_sliding_models_kv_is_derived_through_its_window() {
    let mut catalog = builtin_catalog();
    catalog.add_models([sliding_model()]);
    let s = sliding();
    let e = s.evaluate(&catalog).unwrap();
    let gpu = catalog.gpu(&s.gpu).unwrap();
    let model = catalog.model("llama-3-8b-sliding").ok();
    let kv = of_quantity(Quantity::KvGbPerSequence, &s, &e, gpu, model).unwrap();
    assert_eq!(kv.formula, Formula::KvPerSequenceWindowed);
    let symbols: Vec<_> = kv.inputs.iter().map(|i| i.symbol).collect();
    assert_eq!(symbols, ["L", "kv", "W", "S", "N"]);
    assert_eq!(kv.value.to_bits(), 545_259_520.0_f64.to_bits(), "{kv:?}");
    assert!((kv.recompute() - kv.value).abs() < 1e-6);
}

/// Every quantity (the enum's own list, checked exhaustively in `quantity`'s tests), in every
/// scenario: where the engine gives a value, the derivation's own inputs through its own
/// formula give the same figure (relative 1e-9, in the quantity's unit); where the engine gives
/// none (an expert figure of a dense model, no target set, …), there is no derivation either,
/// and the quantity is skipped by name. Every quantity is derived in at least one scenario.
#[test]
fn each_quantitys_derivation_recomputes_its_figure() {
    let mut catalog = builtin_catalog();
    catalog.add_models([sliding_model()]);
    let mut derived = std::collections::BTreeSet::new();
    for s in scenarios().into_iter().chain([sliding(), parallel()]) {
        let e = s.evaluate(&catalog).unwrap();
        let gpu = catalog.gpu(&s.gpu).unwrap();
        let model = s.model.as_ref().map(|id| catalog.model(id).unwrap());
        for q in Quantity::ALL {
            let d = of_quantity(q, &s, &e, gpu, model);
            let (value, d) = match (q.value(&e), d) {
                (None, None) => continue, // does not apply in this scenario
                (Some(v), Some(d)) => (v, d),
                (v, d) => panic!("{q} in {s:?}: value {v:?}, derivation {d:?}"),
            };
            let recomputed = d.recompute();
            assert!(
                (recomputed - d.value).abs() <= 1e-9 * d.value.abs(),
                "{q}: {recomputed} against {}",
                d.value
            );
            let shown = match value {
                QuantityValue::Number(v) => v,
                QuantityValue::Bound(b) => bound_number(b),
            };
            let got = d
                .recompute_in(q.unit())
                .unwrap_or_else(|| panic!("{q}: {} does not convert to {}", d.unit, q.unit()));
            assert!(
                (got - shown).abs() <= 1e-9 * shown.abs(),
                "{q} in {}: {got} against {shown}",
                s.model.as_deref().unwrap_or("")
            );
            assert_eq!(d.figure, q.name());
            assert!(!d.assumptions.is_empty(), "{q}");
            for i in &d.inputs {
                assert!(
                    d.formula.symbols().contains(i.symbol),
                    "{} in {q}",
                    i.symbol
                );
                assert!(i.value.is_finite(), "{} of {q}", i.symbol);
            }
            derived.insert(q.name());
        }
    }
    let never: Vec<_> = Quantity::ALL
        .iter()
        .filter(|q| !derived.contains(q.name()))
        .collect();
    assert!(never.is_empty(), "never derived: {never:?}");
}

/// Bytes print in a unit that shows their size: a token's KV (128 KiB for Llama-3-8B) is not
/// `0.000 GB` (issue 24).
#[rstest]
#[case::kv_per_token(131_072.0, "128 KiB")]
#[case::mla_kv_per_token(70_272.0, "68.6 KiB")]
#[case::a_block(2_097_152.0, "2 MiB")]
#[case::a_prompt_shard(52_428_800.0 + 1e5, "50.1 MiB")]
#[case::a_sequence(536_870_912.0, "0.537 GB")]
#[case::alltoall(524_288.0, "512 KiB")]
#[case::under_a_kib(576.0, "576 bytes")]
#[case::none(0.0, "0 bytes")]
#[case::weights(16.06e9, "16.060 GB")]
fn bytes_show_in_a_unit_that_shows_their_size(#[case] bytes: f64, #[case] shown: &str) {
    assert_eq!(show(bytes, "bytes"), shown);
}

/// A per cent prints to one decimal, as the readouts print it (59.3 %, not 59.335 %).
#[rstest]
#[case::kv_usage(59.335_f64, "59.3 %")]
#[case::whole(100.0, "100.0 %")]
fn a_per_cent_shows_to_one_decimal(#[case] pct: f64, #[case] shown: &str) {
    assert_eq!(show(pct, "%"), shown);
}

/// FLOPs the same way: one context token's attention in Llama-3-70B is megaFLOPs, not
/// `0.0 GFLOP`.
#[rstest]
#[case::attention_per_token(2_621_440.0, "2.6 MFLOP")]
#[case::a_step(139.0e9, "139.0 GFLOP")]
#[case::tiny(512.0, "512 FLOP")]
fn flops_show_in_a_unit_that_shows_their_size(#[case] flops: f64, #[case] shown: &str) {
    assert_eq!(show(flops, "FLOP"), shown);
}

/// A figure in per cent is derived in per cent (issue 24): its derivation's value, unit and
/// formula are the figure's, not a fraction the reader must multiply by 100. Every `%`
/// quantity, in every scenario that has it.
#[test]
fn per_cent_figures_are_derived_in_per_cent() {
    let catalog = builtin_catalog();
    let per_cent: Vec<Quantity> = Quantity::ALL
        .into_iter()
        .filter(|q| q.unit() == "%")
        .collect();
    assert!(per_cent.len() >= 6, "{per_cent:?}");
    let mut seen = std::collections::BTreeSet::new();
    for s in scenarios() {
        let e = s.evaluate(&catalog).unwrap();
        let gpu = catalog.gpu(&s.gpu).unwrap();
        let model = s.model.as_ref().map(|id| catalog.model(id).unwrap());
        for &q in &per_cent {
            let Some(d) = of_quantity(q, &s, &e, gpu, model) else {
                continue;
            };
            let Some(QuantityValue::Number(shown)) = q.value(&e) else {
                panic!("{q}: no number");
            };
            assert_eq!(d.unit, "%", "{q}");
            assert!(
                (d.value - shown).abs() <= 1e-9 * shown.abs(),
                "{q}: {} against {shown}",
                d.value
            );
            assert!(
                (d.recompute() - shown).abs() <= 1e-9 * shown.abs(),
                "{q}: recomputes {} against {shown}",
                d.recompute()
            );
            assert!(
                d.formula.symbols().contains("100"),
                "{q}: {}",
                d.formula.symbols()
            );
            assert!(
                d.formula.words().contains("per cent"),
                "{q}: {}",
                d.formula.words()
            );
            seen.insert(q.name());
        }
    }
    assert_eq!(seen.len(), per_cent.len(), "derived: {seen:?}");
}

/// A searched figure names the input whose 10 % rise moves it most, found by running the
/// search again (issue 24): Llama-3-70B at TP 4 under a 25 ms target is memory-bound, so more
/// bandwidth lets a larger batch meet the target; capped by the KV wall at 8K context, the
/// batch moves with the GPU's memory instead. The rerun's "from" is the figure itself, and
/// the rise moves it the way the physics says.
#[rstest]
#[case::no_wall(Quantity::TargetBatchNoWall, "memory bandwidth")]
#[case::capped_by_the_wall(Quantity::TargetBatch, "GPU memory")]
fn a_searched_batch_names_the_input_that_moves_it_most(#[case] q: Quantity, #[case] input: &str) {
    let s = llama_70b_cluster();
    let catalog = builtin_catalog();
    let e = s.evaluate(&catalog).unwrap();
    let gpu = catalog.gpu(&s.gpu).unwrap();
    let model = s.model.as_ref().map(|id| catalog.model(id).unwrap());
    let d = of_quantity(q, &s, &e, gpu, model).unwrap();
    assert!(!d.reruns.is_empty(), "{q}");
    for r in &d.reruns {
        assert_eq!(r.from.to_bits(), d.value.to_bits(), "{q}: {r:?}");
        assert!(r.to.is_finite(), "{q}: {r:?}");
    }
    let most = d.rerun_most().unwrap();
    assert_eq!(most.input, input, "{q}: {:?}", d.reruns);
    assert!(most.to > most.from, "{q}: {most:?}");
    let words = d.moves_most("→").unwrap();
    assert!(
        words.starts_with(&format!("{input} +10 % → {} ", q.name())),
        "{words}"
    );
}

/// Every searched figure carries its reruns, and a figure a formula computes carries none.
#[test]
fn only_searched_figures_are_found_again() {
    let catalog = builtin_catalog();
    let searched = [
        Quantity::TargetBatchNoWall,
        Quantity::TargetBatch,
        Quantity::BendBatch,
        Quantity::TpToFit,
    ];
    let mut seen = std::collections::BTreeSet::new();
    for s in scenarios() {
        let e = s.evaluate(&catalog).unwrap();
        let gpu = catalog.gpu(&s.gpu).unwrap();
        let model = s.model.as_ref().map(|id| catalog.model(id).unwrap());
        for q in Quantity::ALL {
            let Some(d) = of_quantity(q, &s, &e, gpu, model) else {
                continue;
            };
            if searched.contains(&q) {
                assert!(!d.reruns.is_empty(), "{q}");
                assert!(d.moves_most("→").is_some(), "{q}");
                seen.insert(q.name());
            } else {
                assert!(d.reruns.is_empty(), "{q}: {:?}", d.reruns);
            }
        }
    }
    assert_eq!(seen.len(), searched.len(), "{seen:?}");
}

/// At the search's last batch there is no B + 1: the largest-meeting derivation shows the
/// batch, its step and the budget, leaves the next step out (it is `None`, never infinite),
/// and still recomputes its figure.
#[test]
fn the_largest_meeting_batch_at_the_searchs_bound_is_derived_without_a_next_step() {
    let s = Scenario {
        tpot_target_ms: Some(1e12),
        ..llama_8b()
    };
    let catalog = builtin_catalog();
    let e = s.evaluate(&catalog).unwrap();
    let target = e.cluster.as_ref().unwrap().target.unwrap();
    assert_eq!(target.next_step_s, None, "{target:?}");
    let gpu = catalog.gpu(&s.gpu).unwrap();
    let model = catalog.model("llama-3-8b").ok();
    let d = of_quantity(Quantity::TargetBatchNoWall, &s, &e, gpu, model).unwrap();
    let symbols: Vec<&str> = d.inputs.iter().map(|i| i.symbol).collect();
    assert_eq!(symbols, ["B", "t_B", "t*"]);
    assert_eq!(d.recompute().to_bits(), f64::from(target.no_wall).to_bits());
    assert!(d.inputs.iter().all(|i| i.value.is_finite()), "{d:?}");
}
