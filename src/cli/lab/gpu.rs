//! `roofline lab --gpu [N]`: measures the GPU with a progress bar on stderr, prints the result
//! beside the catalog's datasheet roofline for the same card (a table or `--json`), and saves
//! it to the data directory as "this GPU". Without a driver, cuBLAS, NVRTC or the device it
//! says which in one line and exits non-zero.

use std::fmt::Write as _;
use std::process::ExitCode;

use anyhow::{Context as _, Result};
use serde::Serialize;

use crate::cli::args::{GlobalArgs, LabCli};
use crate::domain::catalog::Catalog;
use crate::domain::format::group;
use crate::domain::gpu_lab::{GpuLabReport, OfDatasheet, THIS_GPU_ID};
use crate::domain::hardware::Gpu;
use crate::domain::lab::Knee;

/// Measures GPU `ordinal`, prints and saves.
pub fn run(global: &GlobalArgs, args: &LabCli, ordinal: u32) -> Result<ExitCode> {
    let catalog = crate::cli::catalog(global)?;
    let measured = super::with_progress("measuring GPU", 3 + 11, |progress| {
        crate::lab::gpu::run(ordinal, args.quick, progress)
    })?;
    let mut report = measured.with_context(|| format!("cannot measure GPU {ordinal}"))?;
    report.catalog_id = crate::detect::names::hardware_id(&report.name).map(str::to_owned);
    let saved = super::save(global, &report)?;
    for warning in report.warnings() {
        eprintln!("warning: {warning}");
    }
    let sheet = datasheet(&report, &catalog);
    let out = if args.json {
        super::json_text(&JsonReport::new(&report, sheet))?
    } else {
        let formats = if report.fp8_peak.is_some() {
            "BF16, FP8"
        } else {
            "BF16"
        };
        table(&report, sheet)
            + &super::saved_line(
                saved.as_deref(),
                &format!("this card as GPU `{THIS_GPU_ID}` ({formats})"),
            )
    };
    crate::cli::print(&out)
}

/// The catalog's entry for the measured card, when it knows the card.
fn datasheet<'a>(report: &GpuLabReport, catalog: &'a Catalog) -> Option<&'a Gpu> {
    report
        .catalog_id
        .as_deref()
        .and_then(|id| catalog.gpu(id).ok())
}

fn share(value: Option<f64>) -> String {
    value.map_or_else(String::new, |s| format!("{:>4.0}% of datasheet", 100.0 * s))
}

/// The report as a table: the roofs (against the datasheet's), the ridges, and the sweep.
#[must_use]
pub fn table(report: &GpuLabReport, sheet: Option<&Gpu>) -> String {
    let of = sheet.map(|gpu| report.of_datasheet(gpu));
    let pick = |f: fn(&OfDatasheet) -> Option<f64>| of.as_ref().and_then(f);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "GPU {}: {} · compute capability {} · {} GiB{}",
        report.ordinal,
        report.name,
        report.compute_capability,
        group(report.memory_bytes as f64 / f64::from(1 << 30), 1),
        sheet.map_or_else(String::new, |g| format!(
            " · datasheet: {} ({})",
            g.name, g.id
        )),
    );
    let _ = writeln!(
        out,
        "  HBM read   {:>8.3} TB/s    {}  streaming read of {} GiB (median {:.3})",
        report.bandwidth.best / 1e12,
        share(pick(|o| o.bandwidth)),
        report.read_bytes >> 30,
        report.bandwidth.median / 1e12,
    );
    let _ = writeln!(
        out,
        "  BF16 GEMM  {:>8} TFLOP/s {}  8192³ cuBLAS, FP32 accumulate (median {})",
        group(report.bf16_peak.best / 1e12, 1),
        share(pick(|o| o.bf16)),
        group(report.bf16_peak.median / 1e12, 1),
    );
    match &report.fp8_peak {
        Some(fp8) => {
            let _ = writeln!(
                out,
                "  FP8 GEMM   {:>8} TFLOP/s {}  8192³ cuBLASLt E4M3 (median {})",
                group(fp8.best / 1e12, 1),
                share(pick(|o| o.fp8)),
                group(fp8.median / 1e12, 1),
            );
        }
        None => out
            .push_str("  FP8 GEMM   not measured (no FP8 GEMM on this card or in its cuBLASLt)\n"),
    }
    let knee = Knee::words(report.fitted_knee().as_ref(), 0);
    let _ = writeln!(
        out,
        "  ridge      {:>8.0} FLOP/byte measured (BF16 GEMM ÷ HBM read){}; knee fitted to the sweep: {knee}",
        report.measured_ridge(),
        sheet
            .and_then(|g| g
                .peak_flops(crate::domain::dtype::Dtype::Bf16)
                .map(|p| p / g.bandwidth_bytes_per_s()))
            .map_or_else(String::new, |r| format!(", datasheet {r:.0}")),
    );
    let _ = writeln!(
        out,
        "\n  batch  step (ms)  FLOP/byte  TFLOP/s  weights read (TB/s)"
    );
    for point in &report.sweep {
        let _ = writeln!(
            out,
            "  {:>5}  {:>9.3}  {:>9.1}  {:>7.1}  {:>8.3}",
            point.batch,
            point.best_seconds() * 1e3,
            point.intensity(),
            point.flops_per_s.best / 1e12,
            point.weight_bytes_per_s() / 1e12,
        );
    }
    out
}

#[derive(Serialize)]
struct JsonReport<'a> {
    #[serde(flatten)]
    report: &'a GpuLabReport,
    measured_ridge: f64,
    fitted_knee: Option<f64>,
    datasheet: Option<JsonDatasheet<'a>>,
    points: Vec<JsonPoint>,
    warnings: Vec<String>,
}

#[derive(Serialize)]
struct JsonDatasheet<'a> {
    id: &'a str,
    bandwidth_share: Option<f64>,
    bf16_share: Option<f64>,
    fp8_share: Option<f64>,
    ridge_share: Option<f64>,
}

#[derive(Serialize)]
struct JsonPoint {
    batch: u32,
    step_seconds: f64,
    intensity: f64,
    flops_per_s: f64,
    weight_bytes_per_s: f64,
}

impl<'a> JsonReport<'a> {
    fn new(report: &'a GpuLabReport, sheet: Option<&'a Gpu>) -> Self {
        Self {
            report,
            measured_ridge: report.measured_ridge(),
            fitted_knee: report.fitted_knee().map(|k| k.ridge()),
            datasheet: sheet.map(|gpu| {
                let of = report.of_datasheet(gpu);
                JsonDatasheet {
                    id: &gpu.id,
                    bandwidth_share: of.bandwidth,
                    bf16_share: of.bf16,
                    fp8_share: of.fp8,
                    ridge_share: of.ridge,
                }
            }),
            points: report
                .sweep
                .iter()
                .map(|p| JsonPoint {
                    batch: p.batch,
                    step_seconds: p.best_seconds(),
                    intensity: p.intensity(),
                    flops_per_s: p.flops_per_s.best,
                    weight_bytes_per_s: p.weight_bytes_per_s(),
                })
                .collect(),
            warnings: report.warnings(),
        }
    }
}

#[cfg(test)]
mod tests;
