//! `roofline lab`: runs the measurement with a progress bar on stderr, prints the result (a
//! table or `--json`), and saves it to the data directory as "this machine".

use std::fmt::Write as _;
use std::process::ExitCode;

use anyhow::{Context as _, Result};
use serde::Serialize;

use super::args::{GlobalArgs, LabCli};
use crate::domain::format::group;
use crate::domain::lab::{Knee, LabReport, SweepPoint, THIS_MACHINE_ID};
use crate::domain::roofline;
use crate::lab::{Plan, run as measure};

mod gpu;

/// Measures, prints and saves: the CPU, or with `--gpu` the GPU.
pub fn run(global: &GlobalArgs, args: &LabCli) -> Result<ExitCode> {
    if let Some(ordinal) = args.gpu {
        return gpu::run(global, args, ordinal);
    }
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        |n| n as usize,
    );
    let plan = Plan::new(threads, args.quick);
    if cfg!(debug_assertions) {
        eprintln!(
            "warning: this is a debug build; its kernels are many times slower than the machine (build with --release)"
        );
    }
    let bar = indicatif::ProgressBar::new(plan.steps());
    bar.set_style(
        indicatif::ProgressStyle::with_template("measuring {bar:30} {pos}/{len} {msg}")
            .context("progress bar template")?,
    );
    let report = measure(&plan, &mut |step| {
        bar.set_message(step.to_owned());
        bar.inc(1);
    });
    bar.finish_and_clear();

    let saved = match super::data_dir(global) {
        Some(dir) => Some(
            crate::store::lab_file::write(&dir, &report)
                .with_context(|| format!("cannot save the results in {}", dir.display()))?,
        ),
        None => None,
    };
    let busy = report.disagreeing();
    if !busy.is_empty() {
        eprintln!(
            "warning: the machine looked busy (repeats of {} disagreed by more than 10%): the figures may be low; close other programs and run again",
            busy.join(", ")
        );
    }
    let out = if args.json {
        let mut text = serde_json::to_string_pretty(&JsonReport::new(&report))?;
        text.push('\n');
        text
    } else {
        let mut text = table(&report);
        match saved {
            Some(path) => {
                let _ = writeln!(
                    text,
                    "\nSaved to {}. The tutor now knows this machine as GPU `{THIS_MACHINE_ID}` (FP32), with these points on its plot.",
                    path.display()
                );
            }
            None => text.push_str(
                "\nNot saved: this platform has no data directory (pass --data-dir DIR).\n",
            ),
        }
        text
    };
    super::print(&out)
}

/// The report as a table: the two roofs, the ridges, and each sweep point against its roof.
#[must_use]
pub fn table(report: &LabReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "This machine: {} · {} thread(s) · {}",
        report.cpu, report.threads, report.simd
    );
    let _ = writeln!(
        out,
        "  bandwidth  {:>9} GB/s     streaming read of {} MiB (best of repeats; median {})",
        group(report.bandwidth.best / 1e9, 1),
        group(report.buffer_bytes / f64::from(1 << 20), 0),
        group(report.bandwidth.median / 1e9, 1),
    );
    let _ = writeln!(
        out,
        "  peak FP32  {:>9} GFLOP/s  independent FMA chains (median {})",
        group(report.peak.best / 1e9, 1),
        group(report.peak.median / 1e9, 1),
    );
    let knee = Knee::words(report.fitted_knee().as_ref(), 1);
    let _ = writeln!(
        out,
        "  ridge      {:>9} FLOP/byte predicted (peak ÷ bandwidth); knee fitted to the sweep: {knee}",
        format!("{:.1}", report.predicted_ridge()),
    );
    let _ = writeln!(
        out,
        "\n  batch  rows    FLOP/byte   GFLOP/s   of the roof there"
    );
    for point in &report.sweep {
        let _ = writeln!(
            out,
            "  {:>5}  {:>6}  {:>9.2}  {:>8}   {:>5.1}% ({})",
            point.batch,
            point.n,
            point.intensity(),
            group(point.best_flops_per_s() / 1e9, 1),
            100.0 * share_of_roof(report, point),
            roofline::bound_at(point.intensity(), report.predicted_ridge()),
        );
    }
    out
}

/// A sweep point's FLOP/s as a share of the measured roofline at its intensity.
fn share_of_roof(report: &LabReport, point: &SweepPoint) -> f64 {
    point.best_flops_per_s()
        / roofline::attainable(point.intensity(), report.peak.best, report.bandwidth.best)
}

#[derive(Serialize)]
struct JsonReport<'a> {
    #[serde(flatten)]
    report: &'a LabReport,
    predicted_ridge: f64,
    fitted_knee: Option<f64>,
    points: Vec<JsonPoint>,
    busy: Vec<String>,
}

#[derive(Serialize)]
struct JsonPoint {
    batch: u32,
    intensity: f64,
    flops_per_s: f64,
    share_of_roof: f64,
}

impl<'a> JsonReport<'a> {
    fn new(report: &'a LabReport) -> Self {
        Self {
            report,
            predicted_ridge: report.predicted_ridge(),
            fitted_knee: report.fitted_knee().map(|k| k.ridge()),
            points: report
                .sweep
                .iter()
                .map(|p| JsonPoint {
                    batch: p.batch,
                    intensity: p.intensity(),
                    flops_per_s: p.best_flops_per_s(),
                    share_of_roof: share_of_roof(report, p),
                })
                .collect(),
            busy: report.disagreeing(),
        }
    }
}

/// The GPU lab run the unit tests read (`tests/fixtures/gpu-lab`: an H100 80GB HBM3 as the
/// reference measured it).
#[cfg(test)]
pub(crate) fn gpu_lab_fixture() -> crate::domain::gpu_lab::GpuLabReport {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/gpu-lab");
    crate::store::lab_file::read_measured(&dir)
        .unwrap()
        .unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture() -> LabReport {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lab");
        crate::store::lab_file::read(&dir).unwrap().unwrap()
    }

    #[test]
    fn the_table_has_both_roofs_both_ridges_and_a_row_per_batch() {
        let report = fixture();
        let text = table(&report);
        assert!(
            text.starts_with("This machine: AMD EPYC · 2 thread(s) · AVX2+FMA"),
            "{text}"
        );
        assert!(text.contains("bandwidth       19.2 GB/s"), "{text}");
        assert!(text.contains("peak FP32      151.9 GFLOP/s"), "{text}");
        let knee = report.fitted_knee().unwrap().ridge();
        assert!(
            text.contains(&format!("knee fitted to the sweep: {knee:.1} FLOP/byte")),
            "{text}"
        );
        for point in &report.sweep {
            let row = format!("\n  {:>5}  {:>6}", point.batch, point.n);
            assert!(text.contains(&row), "no row for B={}: {text}", point.batch);
        }
    }

    #[test]
    fn json_carries_the_derived_figures() {
        let report = fixture();
        let value = serde_json::to_value(JsonReport::new(&report)).unwrap();
        assert_eq!(value["threads"], 2);
        assert_eq!(
            value["points"].as_array().unwrap().len(),
            report.sweep.len()
        );
        let ridge = value["predicted_ridge"].as_f64().unwrap();
        assert!((ridge - report.peak.best / report.bandwidth.best).abs() < 1e-9);
        assert!(
            value["busy"]
                .as_array()
                .unwrap()
                .iter()
                .any(|b| b == "bandwidth")
        );
    }
}
