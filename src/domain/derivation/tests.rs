use rstest::rstest;

use super::*;
use crate::content::data_files::builtin_catalog;
use crate::domain::catalog::Catalog;
use crate::domain::dtype::Dtype;
use crate::domain::hardware::Gpu;
use crate::domain::model::{ModelSpec, SlidingWindow};
use crate::domain::quantity::Quantity;
use crate::domain::scenario::{Evaluation, Scenario};

mod show;
mod table;

/// `s` evaluated on `catalog`, with the GPU and the model it names.
#[track_caller]
fn evaluated<'c>(
    catalog: &'c Catalog,
    s: &Scenario,
) -> (Evaluation, &'c Gpu, Option<&'c ModelSpec>) {
    let e = s.evaluate(catalog).unwrap();
    let gpu = catalog.gpu(&s.gpu).unwrap();
    let model = s.model.as_ref().map(|id| catalog.model(id).unwrap());
    (e, gpu, model)
}

#[track_caller]
fn all(s: &Scenario) -> (Evaluation, Vec<Derivation>) {
    let catalog = builtin_catalog();
    let (e, gpu, model) = evaluated(&catalog, s);
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
fn sliding_model() -> ModelSpec {
    let mut spec = builtin_catalog().model("llama-3-8b").unwrap().clone();
    "llama-3-8b-sliding".clone_into(&mut spec.id);
    spec.sliding_window = Some(SlidingWindow {
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
    let (e, gpu, model) = evaluated(&catalog, &s);
    let kv = of_quantity(Quantity::KvGbPerSequence, &s, &e, gpu, model).unwrap();
    assert_eq!(kv.formula, Formula::KvPerSequenceWindowed);
    let symbols: Vec<_> = kv.inputs.iter().map(|i| i.symbol).collect();
    assert_eq!(symbols, ["L", "kv", "W", "S", "N"]);
    assert_eq!(kv.value.to_bits(), 545_259_520.0_f64.to_bits(), "{kv:?}");
    assert!((kv.recompute() - kv.value).abs() < 1e-6);
}

/// Every derivation of `s` on `catalog`.
#[track_caller]
fn all_on(catalog: &Catalog, s: &Scenario) -> Vec<Derivation> {
    let (e, gpu, model) = evaluated(catalog, s);
    derivations(s, &e, gpu, model)
}

#[test]
fn a_card_the_lab_measured_cites_its_run_not_a_datasheet() {
    let mut catalog = builtin_catalog();
    catalog.add_gpu_lab(crate::store::lab_file::gpu_lab_fixture());
    let this_gpu = Scenario::default_cluster().with_gpu(crate::domain::gpu_lab::THIS_GPU_ID);
    let measured = all_on(&catalog, &this_gpu);
    let ridge = measured
        .iter()
        .find(|d| d.formula == Formula::Ridge)
        .unwrap();
    for input in &ridge.inputs {
        assert!(
            matches!(&input.source, Source::Measured { cite, .. } if cite.contains("roofline lab --gpu")),
            "{input:?}"
        );
    }
    let words = |d: &[Derivation]| -> Vec<String> {
        d.iter()
            .flat_map(|d| d.assumptions.iter().map(ToString::to_string))
            .chain(
                d.iter()
                    .flat_map(|d| d.inputs.iter().map(|i| i.source.to_string())),
            )
            .collect()
    };
    let said = words(&measured);
    assert!(
        !said
            .iter()
            .any(|w| w.starts_with("datasheet") || w.contains("datasheet roofs")),
        "{said:#?}"
    );
    assert!(
        said.iter().any(|w| w.contains("measured roofs")),
        "{said:#?}"
    );
    // The same scenario on the catalog's H100 still reads its datasheet.
    let sheet = words(&all_on(&catalog, &Scenario::default_cluster()));
    assert!(
        sheet
            .iter()
            .any(|w| w.starts_with("datasheet peak_tflops.bf16")),
        "{sheet:#?}"
    );
    assert!(
        sheet.iter().any(|w| w.contains("datasheet roofs")),
        "{sheet:#?}"
    );
}
