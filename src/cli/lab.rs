//! `roofline lab`: runs the measurement with a progress bar on stderr, prints the result (a
//! table or `--json`), and saves it to the data directory as "this machine".

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context as _, Result};
use serde::Serialize;

use super::args::{GlobalArgs, LabCli};
use crate::domain::format::group;
use crate::domain::lab::{Knee, LabReport, SweepPoint, THIS_MACHINE_ID};
use crate::domain::roofline;
use crate::lab::{Plan, run as measure};
use crate::store::lab_file::LabFile;

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
    let report = with_progress("measuring", plan.steps(), |progress| {
        measure(&plan, progress)
    })?;
    let saved = save(global, &report)?;
    let busy = report.disagreeing();
    if !busy.is_empty() {
        eprintln!(
            "warning: the machine looked busy (repeats of {} disagreed by more than 10%): the figures may be low; close other programs and run again",
            busy.join(", ")
        );
    }
    let out = if args.json {
        json_text(&JsonReport::new(&report))?
    } else {
        table(&report)
            + &saved_line(
                saved.as_deref(),
                &format!("this machine as GPU `{THIS_MACHINE_ID}` (FP32)"),
            )
    };
    super::print(&out)
}

/// Runs `measure` under a progress bar on stderr (`label` before it, `steps` long), which it
/// moves on with the name of each step it starts.
fn with_progress<T>(
    label: &str,
    steps: u64,
    measure: impl FnOnce(&mut dyn FnMut(&str)) -> T,
) -> Result<T> {
    let bar = indicatif::ProgressBar::new(steps);
    bar.set_style(
        indicatif::ProgressStyle::with_template(&format!(
            "{label} {{bar:30}} {{pos}}/{{len}} {{msg}}"
        ))
        .context("progress bar template")?,
    );
    let measured = measure(&mut |step| {
        bar.set_message(step.to_owned());
        bar.inc(1);
    });
    bar.finish_and_clear();
    Ok(measured)
}

/// Saves `report` in the data directory, where this platform has one: the file written.
fn save<T: LabFile>(global: &GlobalArgs, report: &T) -> Result<Option<PathBuf>> {
    super::data_dir(global)
        .map(|dir| {
            crate::store::lab_file::write_measured(&dir, report)
                .with_context(|| format!("cannot save the results in {}", dir.display()))
        })
        .transpose()
}

/// The report as pretty JSON, with a line end.
fn json_text(report: &impl Serialize) -> Result<String> {
    let mut text = serde_json::to_string_pretty(report)?;
    text.push('\n');
    Ok(text)
}

/// The table's last line: where the report was saved and what the tutor now knows
/// (`known_as`, e.g. "this machine as GPU `this-machine` (FP32)"), or that it was not saved.
fn saved_line(saved: Option<&Path>, known_as: &str) -> String {
    match saved {
        Some(path) => format!(
            "\nSaved to {}. The tutor now knows {known_as}, with these points on its plot.\n",
            path.display()
        ),
        None => {
            "\nNot saved: this platform has no data directory (pass --data-dir DIR).\n".to_owned()
        }
    }
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
    fn the_last_line_says_where_the_report_went_or_that_it_did_not() {
        assert_eq!(
            saved_line(
                Some(Path::new("/d/lab.ron")),
                "this machine as GPU `this-machine` (FP32)"
            ),
            "\nSaved to /d/lab.ron. The tutor now knows this machine as GPU `this-machine` (FP32), with these points on its plot.\n"
        );
        assert_eq!(
            saved_line(None, "this card"),
            "\nNot saved: this platform has no data directory (pass --data-dir DIR).\n"
        );
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
