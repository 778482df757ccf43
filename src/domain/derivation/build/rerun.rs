//! Which input moves a searched figure most: the search run again, by the same code that
//! found the figure (the scenario's own evaluation), with each input it reads raised by
//! [`RERUN_RAISE_PCT`] per cent in turn. A formula's 1 % nudge says nothing of a search (its
//! figure is a batch or a degree found by trying), so the search itself is asked.

use super::Ctx;
use crate::domain::catalog::Catalog;
use crate::domain::derivation::{RERUN_RAISE_PCT, Rerun};
use crate::domain::hardware::{Gpu, Peaks};
use crate::domain::quantity::{Quantity, QuantityValue};
use crate::domain::scenario::Scenario;

/// An input a search reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Knob {
    /// The GPU's memory bandwidth.
    Bandwidth,
    /// The GPU's dense peaks.
    Peak,
    /// The GPU's memory.
    Memory,
    /// The scenario's context.
    Context,
    /// The token-time target.
    Target,
}

impl Knob {
    fn words(self) -> &'static str {
        match self {
            Self::Bandwidth => "memory bandwidth",
            Self::Peak => "peak FLOP/s",
            Self::Memory => "GPU memory",
            Self::Context => "context",
            Self::Target => "token-time target",
        }
    }

    /// The scenario and its GPU with this input raised.
    fn raise(self, s: &mut Scenario, gpu: &mut Gpu) {
        let k = 1.0 + RERUN_RAISE_PCT / 100.0;
        match self {
            Self::Bandwidth => gpu.bandwidth_tbs *= k,
            Self::Peak => raise_peaks(&mut gpu.peak_tflops, k),
            Self::Memory => {
                gpu.memory_gb *= k;
                if let Some(c) = gpu.capacity.as_mut() {
                    c.mib *= k;
                }
            }
            Self::Context => s.context = (s.context as f64 * k).round() as u64,
            Self::Target => s.tpot_target_ms = s.tpot_target_ms.map(|t| t * k),
        }
    }
}

fn raise_peaks(p: &mut Peaks, k: f64) {
    let Peaks {
        fp32,
        tf32,
        bf16,
        fp16,
        fp8,
        int8,
        fp4,
        nvfp4,
    } = p;
    for peak in [fp32, tf32, bf16, fp16, fp8, int8, fp4, nvfp4]
        .into_iter()
        .flatten()
    {
        *peak *= k;
    }
}

/// The searched figures and the inputs each search reads; a figure a formula computes is not
/// here.
const SEARCHED: [(Quantity, &[Knob]); 4] = {
    use Knob::{Bandwidth, Context, Memory, Peak, Target};
    [
        (
            Quantity::TargetBatchNoWall,
            &[Bandwidth, Peak, Context, Target],
        ),
        (
            Quantity::TargetBatch,
            &[Bandwidth, Peak, Memory, Context, Target],
        ),
        (Quantity::BendBatch, &[Bandwidth, Peak, Memory, Context]),
        (Quantity::TpToFit, &[Memory, Context]),
    ]
};

/// The search behind `q` run again with each input it reads raised in turn; empty for a
/// figure no search finds, or where the raised scenario gives no figure.
pub(super) fn reruns(q: Quantity, x: Ctx<'_>) -> Vec<Rerun> {
    let Some((_, knobs)) = SEARCHED.iter().find(|(searched, _)| *searched == q) else {
        return Vec::new();
    };
    let Some(spec) = x.spec else {
        return Vec::new();
    };
    let Some(from) = number(q, x.s, x.gpu, spec) else {
        return Vec::new();
    };
    knobs
        .iter()
        .filter_map(|&knob| {
            let (mut s, mut gpu) = (x.s.clone(), x.gpu.clone());
            knob.raise(&mut s, &mut gpu);
            Some(Rerun {
                input: knob.words(),
                from,
                to: number(q, &s, &gpu, spec)?,
            })
        })
        .collect()
}

/// The quantity's figure in a scenario on one GPU and model: a catalog of those two alone, and
/// no named link (links do not enter a search's speed-of-light steps or memory).
fn number(
    q: Quantity,
    s: &Scenario,
    gpu: &Gpu,
    spec: &crate::domain::model::ModelSpec,
) -> Option<f64> {
    let catalog = Catalog {
        gpus: vec![gpu.clone()],
        models: vec![spec.clone()],
        ..Catalog::default()
    };
    let s = Scenario {
        link: None,
        scale_up_link: None,
        scale_out_link: None,
        ..s.clone()
    };
    match q.value(&s.evaluate(&catalog).ok()?)? {
        QuantityValue::Number(v) => Some(v),
        QuantityValue::Bound(_) => None,
    }
}
