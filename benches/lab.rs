//! The lab's goal bench: each lab kernel side by side with its reference, in one run.
//!
//! - bandwidth: the lab's streaming read vs a multi-threaded STREAM triad on buffers of the
//!   same size (goal ≥ 90 %);
//! - the sweep at B ≤ 4: bytes/s vs the bandwidth roof (goal ≥ 70 %);
//! - the sweep at B ≥ 256: GFLOP/s vs OpenBLAS sgemm on the same shape (goal ≥ 90 %), through a
//!   small C program built here (`benches/lab_sgemm.c`); skipped, saying so, without OpenBLAS.
//!
//! Run: `cargo bench --bench lab`. Not part of CI (it needs an idle machine and seconds).

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

use roofline_tutor::domain::lab::SweepPoint;
use roofline_tutor::lab::matvec::{Operands, multiply};
use roofline_tutor::lab::{Plan, kernels, run};

const REPEATS: usize = 5;

fn best_of(mut measure: impl FnMut() -> f64) -> f64 {
    (0..REPEATS).map(|_| measure()).fold(0.0, f64::max)
}

/// STREAM triad `a = b + s·c` on `threads` threads, each array `len` floats; bytes/s counted as
/// STREAM does (three arrays per pass, write-allocate traffic not counted).
fn triad(len: usize, threads: usize) -> f64 {
    let mut a = vec![0.0_f32; len];
    let mut b = vec![0.0_f32; len];
    let mut c = vec![0.0_f32; len];
    kernels::fill(&mut a, threads);
    kernels::fill(&mut b, threads);
    kernels::fill(&mut c, threads);
    let chunk = len.div_ceil(threads);
    let mut pass = |s: f32| {
        let start = Instant::now();
        std::thread::scope(|scope| {
            for ((a, b), c) in a
                .chunks_mut(chunk)
                .zip(b.chunks(chunk))
                .zip(c.chunks(chunk))
            {
                scope.spawn(move || {
                    for ((a, b), c) in a.iter_mut().zip(b).zip(c) {
                        *a = b + s * c;
                    }
                });
            }
        });
        3.0 * 4.0 * len as f64 / start.elapsed().as_secs_f64()
    };
    pass(3.0);
    let rate = best_of(|| pass(3.0));
    std::hint::black_box(&a);
    rate
}

/// The lab's multiply at one sweep point's shape: best FLOP/s of [`REPEATS`] (FLOP/s ÷ the
/// point's intensity is the bytes/s it streamed).
fn lab_gemm(weights: &[f32], point: &SweepPoint, threads: usize) -> f64 {
    let (k, rows, batch) = (point.k as usize, point.n as usize, point.batch as usize);
    let x: Vec<f32> = (0..batch * k)
        .map(|i| (i % 7) as f32 / 8.0 - 0.375)
        .collect();
    let mut out = vec![0.0_f32; rows * batch];
    let ops = Operands {
        w: &weights[..rows * k],
        x: &x,
        k,
        batch,
    };
    multiply(ops, &mut out, threads);
    best_of(|| {
        let start = Instant::now();
        multiply(ops, &mut out, threads);
        point.flops() / start.elapsed().as_secs_f64()
    })
}

/// Builds the OpenBLAS helper, or says why not.
fn build_sgemm() -> Result<PathBuf, String> {
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/lab_sgemm.c");
    let exe = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("lab_sgemm");
    let mut cc = Command::new("cc");
    cc.args(["-O2", source, "-o"]).arg(&exe).arg("-lopenblas");
    // Debian puts cblas.h under the multiarch include directory.
    cc.arg("-I/usr/include/x86_64-linux-gnu")
        .arg("-I/usr/include/openblas");
    match cc.output() {
        Ok(o) if o.status.success() => Ok(exe),
        Ok(o) => Err(format!(
            "cannot build the OpenBLAS helper (install libopenblas-dev): {}",
            String::from_utf8_lossy(&o.stderr)
                .lines()
                .next()
                .unwrap_or("")
        )),
        Err(e) => Err(format!("no C compiler (cc): {e}")),
    }
}

fn openblas(exe: &PathBuf, point: &SweepPoint, threads: usize) -> Result<f64, String> {
    let out = Command::new(exe)
        .env("OPENBLAS_NUM_THREADS", threads.to_string())
        .args([
            point.n.to_string(),
            point.k.to_string(),
            point.batch.to_string(),
            REPEATS.to_string(),
        ])
        .output()
        .map_err(|e| e.to_string())?;
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .next()
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| "the helper printed no rate".to_owned())
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --all-targets` runs this binary without it,
    // in a debug build, where the measurement would take minutes and mean nothing.
    if !std::env::args().any(|a| a == "--bench") {
        println!("lab goal bench: run it with `cargo bench --bench lab`");
        return;
    }
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    println!(
        "lab goal bench · {threads} thread(s) · {}",
        kernels::simd_name()
    );

    let plan = Plan::new(threads, false);
    let report = run(&plan, &mut |_| {});
    let buffer = report.buffer_bytes;
    let stream = triad((buffer / 4.0) as usize, threads);
    let ours = report.bandwidth.best;
    println!(
        "bandwidth   lab {:>7.2} GB/s   STREAM triad {:>7.2} GB/s   {:>5.1}%  (goal ≥ 90%)",
        ours / 1e9,
        stream / 1e9,
        100.0 * ours / stream
    );

    let mut weights = vec![0.0_f32; plan.k * plan.n];
    kernels::fill(&mut weights, threads);
    for point in report.sweep.iter().filter(|p| p.batch <= 4) {
        // Re-measured with the bench's repeats, like the bandwidth, over the whole matrix.
        let rate = lab_gemm(&weights, point, threads) / point.intensity();
        println!(
            "sweep B={:<4} {:>7.2} GB/s of the {:>7.2} GB/s roof   {:>5.1}%  (goal ≥ 70%)",
            point.batch,
            rate / 1e9,
            ours / 1e9,
            100.0 * rate / ours
        );
    }

    let helper = build_sgemm();
    for point in report.sweep.iter().filter(|p| p.batch >= 256) {
        let lab = lab_gemm(&weights, point, threads);
        let reference = helper
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|exe| openblas(exe, point, threads));
        match reference {
            Ok(blas) => println!(
                "sweep B={:<4} lab {:>7.1} GFLOP/s   OpenBLAS sgemm {:>7.1} GFLOP/s   {:>5.1}%  (goal ≥ 90%; {}×{}×{})",
                point.batch,
                lab / 1e9,
                blas / 1e9,
                100.0 * lab / blas,
                point.n,
                point.k,
                point.batch
            ),
            Err(why) => println!(
                "sweep B={:<4} lab {:>7.1} GFLOP/s   OpenBLAS: skipped ({why})",
                point.batch,
                lab / 1e9
            ),
        }
    }
    let busy = report.disagreeing();
    if !busy.is_empty() {
        println!(
            "note: repeats disagreed ({}): the machine was busy",
            busy.join(", ")
        );
    }
}
