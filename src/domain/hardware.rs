//! Accelerator specifications as the datasheets give them (dense peaks, HBM bandwidth, memory).

use serde::{Deserialize, Serialize};

use super::dtype::Dtype;

/// Dense tensor throughput per format, in TFLOP/s (TOPS for integers). A format the part
/// cannot run on its matrix units is left out, so asking for it is an error, not a zero.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Peaks {
    /// FP32 (non-tensor on most parts).
    pub fp32: Option<f64>,
    /// TF32 tensor math.
    pub tf32: Option<f64>,
    /// BF16 tensor math (FP32 accumulate).
    pub bf16: Option<f64>,
    /// FP16 tensor math (FP32 accumulate); equal to BF16 on every part listed.
    pub fp16: Option<f64>,
    /// FP8 tensor math.
    pub fp8: Option<f64>,
    /// INT8 tensor math, in TOPS.
    pub int8: Option<f64>,
    /// FP4 tensor math with OCP MXFP4 block scales (Blackwell, CDNA 4).
    pub fp4: Option<f64>,
    /// FP4 tensor math with NVFP4 block scales (NVIDIA Blackwell only).
    pub nvfp4: Option<f64>,
}

impl Peaks {
    /// The dense peak for a math format, in TFLOP/s, if the part has one.
    #[must_use]
    pub fn get(&self, dtype: Dtype) -> Option<f64> {
        match dtype {
            Dtype::Fp32 => self.fp32,
            Dtype::Tf32 => self.tf32,
            Dtype::Bf16 => self.bf16,
            Dtype::Fp16 => self.fp16,
            Dtype::Fp8 => self.fp8,
            Dtype::Int8 => self.int8,
            Dtype::Fp4 | Dtype::Mxfp4 => self.fp4,
            Dtype::Nvfp4 => self.nvfp4,
            Dtype::Int4 => None,
        }
    }

    /// The formats this part has a peak for, in [`Dtype::ALL`] order.
    #[must_use]
    pub fn formats(&self) -> Vec<Dtype> {
        Dtype::ALL
            .into_iter()
            .filter(|d| self.get(*d).is_some())
            .collect()
    }
}

/// Bytes in a GiB (2^30).
pub const GIB: f64 = 1_073_741_824.0;
/// Bytes in a MiB (2^20), the unit nvidia-smi reports memory in.
pub const MIB: f64 = 1_048_576.0;

/// The memory a card has, as its driver reports it (nvidia-smi's `memory.total` in MiB, or
/// rocm-smi's bytes converted), and where that figure comes from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Capacity {
    /// Capacity in MiB (2^20 bytes).
    pub mib: f64,
    /// Where the figure comes from.
    pub source: String,
}

impl Capacity {
    /// Capacity in bytes.
    #[must_use]
    pub fn bytes(&self) -> f64 {
        self.mib * MIB
    }
}

/// One accelerator, as a data file describes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gpu {
    /// Stable id used on the command line and in lessons, e.g. `h100-sxm`.
    pub id: String,
    /// Display name, e.g. `H100 SXM5`.
    pub name: String,
    /// Maker, e.g. `NVIDIA`.
    pub vendor: String,
    /// Dense peaks per math format (vendor "with sparsity" figures halved).
    pub peak_tflops: Peaks,
    /// HBM/GDDR bandwidth in TB/s (10^12 bytes per second).
    pub bandwidth_tbs: f64,
    /// The memory the datasheet names, in its "GB" (the name on the box, e.g. 80 for an
    /// "80GB" H100). Vendors name HBM boards by GiB, so this is not the capacity in 10^9
    /// bytes: [`Gpu::memory_bytes`] is.
    pub memory_gb: f64,
    /// The bytes the card has, as a driver reports them, with the source. Left out (a user's
    /// file), the datasheet's GB are read as GiB, the way vendors name HBM boards.
    #[serde(default)]
    pub capacity: Option<Capacity>,
    /// Board power (TDP) in watts, for the energy-per-token upper bound; left out where the
    /// vendor publishes none per chip (TPUs).
    #[serde(default)]
    pub tdp_w: Option<f64>,
    /// The link between GPUs of one node (NVLink generation), an id of the links data file;
    /// left out where the part has none the tutor models.
    #[serde(default)]
    pub scale_up_link: Option<String>,
    /// How many GPUs one scale-up domain joins (8 on an HGX board, 72 in an NVL72 rack): a
    /// parallel group larger than this crosses the scale-out link. Left out, a group is taken
    /// to fit in one domain.
    #[serde(default)]
    pub scale_up_gpus: Option<u32>,
    /// The link each GPU has to other nodes (its own NIC), an id of the links data file: what a
    /// prompt's KV crosses between the prefill and the decode pool; left out where the part
    /// ships with none the tutor models.
    #[serde(default)]
    pub scale_out_link: Option<String>,
    /// Where the figures come from (the board power's datasheet included).
    pub source: String,
}

impl Gpu {
    /// Peak FLOP/s for a math format, if the part has one.
    #[must_use]
    pub fn peak_flops(&self, dtype: Dtype) -> Option<f64> {
        self.peak_tflops.get(dtype).map(|tf| tf * 1e12)
    }

    /// Bandwidth in bytes per second.
    #[must_use]
    pub fn bandwidth_bytes_per_s(&self) -> f64 {
        self.bandwidth_tbs * 1e12
    }

    /// Memory in bytes: the reported capacity, else the datasheet's GB read as GiB.
    #[must_use]
    pub fn memory_bytes(&self) -> f64 {
        match &self.capacity {
            Some(c) => c.bytes(),
            None => self.memory_gb * GIB,
        }
    }

    /// Where [`Gpu::memory_bytes`] comes from, in words.
    #[must_use]
    pub fn memory_source(&self) -> String {
        match &self.capacity {
            Some(c) => c.source.clone(),
            None => format!(
                "the datasheet's {} GB read as GiB (vendors name HBM boards by GiB)",
                self.memory_gb
            ),
        }
    }

    /// The ridge point for a math format: peak FLOP/s ÷ bytes/s.
    #[must_use]
    pub fn ridge(&self, dtype: Dtype) -> Option<f64> {
        self.peak_flops(dtype)
            .map(|peak| super::roofline::ridge(peak, self.bandwidth_bytes_per_s()))
    }
}
