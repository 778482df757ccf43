//! `roofline lab --gpu`: the card's streaming-read bandwidth, its dense BF16 (and FP8) GEMM
//! peaks, and a decode-shaped sweep of a 2 GiB BF16 weight matrix over B = 1 … 1024, timed with
//! device events. The CUDA calls are in [`cuda`] (the crate's one `unsafe` module); this file
//! runs the domain's [`GpuPlan`] through them and returns the domain's [`GpuLabReport`].

pub mod cuda;
mod device_info;
mod kernels;
mod unavailable;

use crate::domain::gpu_lab::{
    Clocks, GPU_LAB_FORMAT_VERSION, GpuLabReport, GpuPlan, GpuSweepPoint, PlanError,
};
use crate::domain::lab::Repeated;

pub use unavailable::Unavailable;

/// Why the lab could not measure the GPU.
#[derive(Debug, thiserror::Error)]
pub enum GpuLabError {
    /// No driver, library or device: said in one line, once (`transparent`: a `{0}` message
    /// with the same error as its source printed it twice under `{e:#}`).
    #[error(transparent)]
    Unavailable(#[from] Unavailable),
    /// The card cannot hold the plan.
    #[error(transparent)]
    Plan(#[from] PlanError),
    /// A measurement came back not positive and finite (a broken timer or driver).
    #[error("the {0} measurement gave no usable time (a repeat was zero or not a number)")]
    NoRate(&'static str),
}

/// Measures GPU `ordinal`; `progress` is told each step as it finishes.
pub fn run(
    ordinal: u32,
    quick: bool,
    progress: &mut dyn FnMut(&str),
) -> Result<GpuLabReport, GpuLabError> {
    let device = cuda::Device::open(ordinal as usize)?;
    let info = device.info()?;
    let plan = GpuPlan::new(info.free_bytes, quick)?;
    let repeated =
        |rates: &[f64], what: &'static str| Repeated::of(rates).ok_or(GpuLabError::NoRate(what));

    let bandwidth = repeated(
        &device.read_bandwidth(plan.read_bytes, plan.warmups, plan.repeats)?,
        "HBM read",
    )?;
    progress("HBM read");
    let bf16_peak = repeated(
        &device.bf16_peak(plan.gemm_side, plan.warmups, plan.repeats)?,
        "BF16 GEMM",
    )?;
    progress("BF16 GEMM");
    let fp8_peak = match device.fp8_peak(plan.gemm_side, plan.warmups, plan.repeats)? {
        Some(rates) => Some(repeated(&rates, "FP8 GEMM")?),
        None => None,
    };
    progress("FP8 GEMM");
    let rates = device.sweep(
        (plan.k, plan.n),
        &plan.batches,
        (plan.warmups, plan.repeats),
        &mut |batch| progress(&format!("sweep B={batch}")),
    )?;
    let sweep = plan
        .batches
        .iter()
        .zip(&rates)
        .map(|(&batch, rates)| {
            Ok(GpuSweepPoint {
                batch,
                k: plan.k,
                n: plan.n,
                flops_per_s: repeated(rates, "sweep")?,
            })
        })
        .collect::<Result<_, GpuLabError>>()?;
    let (major, minor) = info.compute_capability;
    Ok(GpuLabReport {
        format_version: GPU_LAB_FORMAT_VERSION,
        name: info.name,
        catalog_id: None,
        ordinal,
        compute_capability: format!("{major}.{minor}"),
        memory_bytes: info.total_bytes,
        read_bytes: plan.read_bytes,
        bandwidth,
        bf16_peak,
        fp8_peak,
        sweep,
        clocks: clocks(ordinal),
    })
}

/// Whether NVML says the card is holding its clocks back now (right after the sweep).
fn clocks(ordinal: u32) -> Clocks {
    use nvml_wrapper::bitmasks::device::ThrottleReasons as R;
    let Ok(nvml) = nvml_wrapper::Nvml::init() else {
        return Clocks::Unknown;
    };
    let Ok(reasons) = nvml
        .device_by_index(ordinal)
        .and_then(|d| d.current_throttle_reasons())
    else {
        return Clocks::Unknown;
    };
    let named = [
        (R::SW_POWER_CAP, "software power cap"),
        (R::HW_SLOWDOWN, "hardware slowdown"),
        (R::HW_POWER_BRAKE_SLOWDOWN, "power brake"),
        (R::SW_THERMAL_SLOWDOWN, "software thermal slowdown"),
        (R::HW_THERMAL_SLOWDOWN, "hardware thermal slowdown"),
        (R::SYNC_BOOST, "sync boost"),
    ];
    let held: Vec<String> = named
        .iter()
        .filter(|(bit, _)| reasons.contains(*bit))
        .map(|(_, name)| (*name).to_owned())
        .collect();
    if held.is_empty() {
        Clocks::Full
    } else {
        Clocks::Throttled(held)
    }
}

#[cfg(test)]
mod tests {
    use super::{GpuLabError, Unavailable};
    use crate::domain::gpu_lab::PlanError;

    #[rstest::rstest]
    #[case::no_driver(
        Unavailable::NoDriver.into(),
        "cannot measure GPU 0: no NVIDIA driver found (libcuda could not be loaded)"
    )]
    #[case::no_device(
        Unavailable::NoSuchDevice { asked: 7, count: 1 }.into(),
        "cannot measure GPU 0: no GPU 7: the driver sees 1 device(s)"
    )]
    #[case::no_room(
        PlanError::TooLittleMemory { free_mib: 100, needed_mib: 6000 }.into(),
        "cannot measure GPU 0: the GPU has 100 MiB free; the lab needs 6000 MiB (a 2 GiB weight matrix, its batches and a 4 GiB read buffer, one at a time)"
    )]
    fn a_refusal_reads_as_one_line_said_once(#[case] error: GpuLabError, #[case] line: &str) {
        let error = anyhow::Error::from(error).context("cannot measure GPU 0");
        assert_eq!(format!("{error:#}"), line);
    }
}
