//! `calc --measured FILE`: each measured decode run beside the speed of light for the same
//! setting, with MBU, MFU and the gap in words; without runs, on a GPU the tutor ships a
//! measurement for, that measurement's decode-shaped sweep.

use std::fmt::Write as _;

use serde_json::{Value, json};

use crate::content::links::builtin_links;
use crate::content::measured_reference::shipped;
use crate::domain::catalog::Catalog;
use crate::domain::dtype::Dtype;
use crate::domain::link;
use crate::domain::measured_gap::{DecodeGap, decode_gap};
use crate::domain::measured_reference::{Datasheet, MeasuredReference};
use crate::domain::scenario::Scenario;

/// What was measured for the calc's setting.
#[derive(Debug)]
pub enum Section {
    /// The learner's runs (`--measured`, the profile's files), each with its gap.
    Runs(Vec<(&'static str, DecodeGap)>),
    /// The measurement shipped for the GPU, and whose shapes it measured against the
    /// scenario's model.
    Reference(&'static MeasuredReference, Datasheet, Shapes),
}

/// Whether the shipped sweep measured the scenario's own model: its speeds of light are the
/// sweep's, so under another model they are not the table's above.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shapes {
    /// The sweep's model is the scenario's.
    ThisModel,
    /// The scenario has another model (or none), by its shapes: the one named here.
    OtherModel(Option<String>),
}

impl Section {
    /// The runs on the catalog, else the shipped reference for `s`'s GPU.
    #[must_use]
    pub fn compute(catalog: &Catalog, s: &Scenario) -> Option<Self> {
        if let Some((cluster, runs)) = &catalog.benchmarks {
            let links = builtin_links();
            let own_link = catalog
                .gpu(&cluster.gpu)
                .ok()
                .and_then(|g| g.scale_up_link.clone());
            let link = own_link.and_then(|id| link::find(&links, &id).ok());
            let gaps: Vec<_> = runs
                .iter()
                .filter_map(|run| {
                    let at = Scenario {
                        context: run.decode_context().unwrap_or(cluster.context),
                        ..cluster.clone()
                    };
                    let gap = decode_gap(&at, run.decode()?, catalog, link).ok()??;
                    Some((run.engine.label(), gap))
                })
                .collect();
            if !gaps.is_empty() {
                return Some(Self::Runs(gaps));
            }
        }
        let reference = shipped(&s.gpu)?;
        let datasheet = Datasheet::of(catalog.gpu(&s.gpu).ok()?, Dtype::Bf16)?;
        let model = s.model.as_deref().and_then(|m| catalog.model(m).ok());
        let shapes = if model.is_some_and(|m| reference.sweep.measures(m)) {
            Shapes::ThisModel
        } else {
            Shapes::OtherModel(s.model.clone())
        };
        Some(Self::Reference(reference, datasheet, shapes))
    }

    /// The section as JSON (times in ms, shares as fractions).
    #[must_use]
    pub fn json(&self) -> Value {
        match self {
            Self::Runs(gaps) => json!({
                "source": "benchmark runs",
                "runs": gaps.iter().map(|(engine, g)| json!({
                    "engine": engine,
                    "batch": g.batch,
                    "context": g.context,
                    "speed_of_light_tokens_per_s": g.speed_of_light_tokens_per_s,
                    "measured_tokens_per_s": g.measured_tokens_per_s,
                    "speed_of_light_step_ms": g.speed_of_light_step_ms,
                    "measured_step_ms": g.measured_step_ms,
                    "mbu": g.mbu,
                    "mfu": g.mfu,
                    "gap": {
                        "kv_and_attention_reads_ms": g.kv_read_ms,
                        "allreduce_ms": g.allreduce_ms,
                        "launch_scheduler_and_kernels_below_roof_ms": g.rest_ms,
                    },
                })).collect::<Vec<_>>(),
            }),
            Self::Reference(r, datasheet, shapes) => json!({
                "source": r.source,
                "model": r.sweep.model,
                "scenario_model": shapes == &Shapes::ThisModel,
                "device": r.device,
                "method": r.sweep.method,
                "points": r.sweep.points.iter().map(|p| {
                    let placed = r.placed(p, *datasheet);
                    json!({
                        "batch": p.batch,
                        "speed_of_light_step_ms": placed.speed_of_light_s * 1e3,
                        "measured_step_ms": p.best_ms,
                        "mbu": placed.mbu,
                        "mfu": placed.mfu,
                    })
                }).collect::<Vec<_>>(),
            }),
        }
    }

    /// The section as text, after a blank line.
    #[must_use]
    pub fn text(&self) -> String {
        let mut out = String::from("\nmeasured against the speed of light\n");
        match self {
            Self::Runs(gaps) => {
                for (engine, g) in gaps {
                    let _ = writeln!(
                        out,
                        "  {engine} B={} at {} tokens: speed of light {:.0} tok/s ({:.2} ms a step), measured {:.0} tok/s ({:.2} ms): MBU {:.1}%, MFU {:.1}%",
                        g.batch,
                        g.context,
                        g.speed_of_light_tokens_per_s,
                        g.speed_of_light_step_ms,
                        g.measured_tokens_per_s,
                        g.measured_step_ms,
                        100.0 * g.mbu,
                        100.0 * g.mfu
                    );
                    let _ = writeln!(out, "    {}", gap_words(g));
                }
            }
            Self::Reference(r, datasheet, shapes) => {
                let whose = match shapes {
                    Shapes::ThisModel => String::new(),
                    Shapes::OtherModel(model) => format!(
                        "; {} is not {}: these speeds of light are the sweep's own, not the table's above",
                        r.sweep.model,
                        model.as_deref().unwrap_or("this scenario's model")
                    ),
                };
                let _ = writeln!(
                    out,
                    "  shipped: {} ({}), the linear layers of {} in BF16{whose}",
                    r.device, r.date, r.sweep.model
                );
                let _ = writeln!(out, "  {}", r.sweep.method);
                for p in &r.sweep.points {
                    let placed = r.placed(p, *datasheet);
                    let _ = writeln!(
                        out,
                        "  B={:<5} speed of light {:.2} ms, measured {:.3} ms: MBU {:.1}%, MFU {:.1}%",
                        p.batch,
                        placed.speed_of_light_s * 1e3,
                        p.best_ms,
                        100.0 * placed.mbu,
                        100.0 * placed.mfu
                    );
                }
                out.push_str(
                    "  the gap: linear layers only, in one CUDA graph (no attention, no all-reduce, no launch gaps), so all of it is inside the kernels\n",
                );
            }
        }
        out
    }
}

/// What the roofline leaves out, in words, with the engine's estimates.
fn gap_words(g: &DecodeGap) -> String {
    let allreduce = match g.allreduce_ms {
        Some(ms) => format!("the all-reduces over the link about {ms:.2} ms"),
        None => "no all-reduce at TP 1".to_owned(),
    };
    format!(
        "gap {:.2} ms a step: the KV and attention reads at {} tokens are {:.2} ms of the speed of light (counted at full bandwidth; attention kernels rarely stream that well); {allreduce}; launch gaps, the scheduler and kernels below their roof take the remaining {:.2} ms",
        g.measured_step_ms - g.speed_of_light_step_ms,
        g.context,
        g.kv_read_ms,
        g.rest_ms
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::benchmark::parse_benchmark;
    use crate::content::data_files::builtin_catalog;

    #[test]
    fn the_vllm_fixture_is_placed_by_hand() {
        let file = "vllm-llama-3-8b-c32.json";
        let path = format!(
            "{}/tests/fixtures/benchmarks/{file}",
            env!("CARGO_MANIFEST_DIR")
        );
        let runs = parse_benchmark(file, &std::fs::read_to_string(path).unwrap()).unwrap();
        let mut catalog = builtin_catalog();
        let cluster = Scenario::default_cluster();
        catalog.benchmarks = Some((cluster.clone(), runs));
        let Some(Section::Runs(gaps)) = Section::compute(&catalog, &cluster) else {
            panic!("the runs make the section");
        };
        let (engine, g) = gaps[0];
        // The run's mean decode context: 1,024 prompt tokens and half of its 128 output tokens.
        assert_eq!((engine, g.batch, g.context), ("vLLM", 32, 1088));
        // By hand: 32 sequences at the fixture's 8 ms TPOT; bytes 15.010 GB of weights plus
        // 32 × 1,088 × 131,072 B of KV; FLOPs 32 × (2 × 7,504,924,672 + 524,288 × 1,088).
        let bytes = 7_504_924_672.0 * 2.0 + 32.0 * 1088.0 * 131_072.0;
        assert!((g.mbu - bytes / 0.008 / 3.35e12).abs() < 1e-6, "{g:?}");
        let flops = 32.0 * (2.0 * 7_504_924_672.0 + 524_288.0 * 1088.0);
        assert!((g.mfu - flops / 0.008 / 989.4e12).abs() < 1e-6, "{g:?}");
        let text = Section::Runs(gaps.clone()).text();
        assert!(text.contains("MBU 73.0%, MFU 6.3%"), "{text}");
        // 32 × 1,088 × 131,072 B = 4.563 GB at 3.35 TB/s.
        assert!(
            text.contains("KV and attention reads at 1088 tokens are 1.36 ms"),
            "{text}"
        );
        let json = Section::Runs(gaps).json();
        assert_eq!(json["runs"][0]["batch"], 32);
    }

    #[test]
    fn without_runs_an_h100_gets_the_shipped_sweep() {
        let catalog = builtin_catalog();
        let section = Section::compute(&catalog, &Scenario::default_cluster()).unwrap();
        let text = section.text();
        // B = 1: 15.009 GB (plus activations) at 3.35 TB/s = 4.48 ms against 5.342 measured:
        // MBU 2.810 ÷ 3.35 = 83.9 %.
        assert!(
            text.contains("B=1     speed of light 4.48 ms, measured 5.342 ms: MBU 83.9%"),
            "{text}"
        );
        assert_eq!(section.json()["points"].as_array().unwrap().len(), 11);
        let h200 = Scenario {
            gpu: "h200".to_owned(),
            ..Scenario::default_cluster()
        };
        assert!(Section::compute(&catalog, &h200).is_none());
    }

    /// The sweep measured Llama-3-8B's linear layers: no other catalog model has its shapes
    /// (Mistral 7B differs in its vocabulary, Qwen3 8B in its width).
    #[test]
    fn the_sweep_measures_llama_3_8b_alone_by_its_shapes() {
        let catalog = builtin_catalog();
        let sweep = &shipped("h100-sxm").unwrap().sweep;
        let measured: Vec<&str> = catalog
            .models
            .iter()
            .filter(|m| sweep.measures(m))
            .map(|m| m.id.as_str())
            .collect();
        assert_eq!(measured, ["llama-3-8b"]);
    }

    #[test]
    fn under_another_model_the_sweep_says_whose_it_is() {
        let catalog = builtin_catalog();
        let own = Section::compute(&catalog, &Scenario::default_cluster()).unwrap();
        assert!(!own.text().contains("is not"), "{}", own.text());
        let seventy = Scenario {
            model: Some("llama-3-70b".to_owned()),
            ..Scenario::default_cluster()
        };
        let text = Section::compute(&catalog, &seventy).unwrap().text();
        assert!(
            text.contains("the linear layers of llama-3-8b in BF16; llama-3-8b is not llama-3-70b"),
            "{text}"
        );
    }
}
