//! The lab's goal bench: each lab kernel side by side with its reference, in one run.
//!
//! - bandwidth: the lab's streaming read vs a multi-threaded STREAM triad on buffers of the
//!   same size (goal ≥ 90 %);
//! - the sweep at B ≤ 4: bytes/s vs the bandwidth roof (goal ≥ 70 %);
//! - the sweep at B ≥ 256: GFLOP/s vs OpenBLAS sgemm on the same shape (goal ≥ 90 %), through a
//!   small C program built here (`benches/lab_sgemm.c`); skipped, saying so, without OpenBLAS.
//!
//! Each pair is measured in turns (lab, reference, lab, …; best of each), so both see the same
//! machine. Run: `cargo bench --bench lab`. Not part of CI (it needs an idle machine).
//!
//! Pages, said plainly: the lab reads its weights from an anonymous mapping advised for
//! transparent huge pages (`lab::buffer`, as `roofline lab` itself does, and as decode engines
//! map their weights); the STREAM triad's three arrays are plain `Vec`s, as STREAM's are (on a
//! system with THP set to `always` they get huge pages too, on `madvise` they do not). The
//! first line of the output says which pages each side got, and a line after the goal repeats
//! the comparison with the triad's arrays on the lab's pages too. The OpenBLAS line names the
//! kernel family OpenBLAS picked for this CPU (`openblas_get_corename`).

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

use roofline_tutor::domain::lab::SweepPoint;
use roofline_tutor::lab::buffer::{Buffer, Pages};
use roofline_tutor::lab::matvec::{Operands, multiply};
use roofline_tutor::lab::{Plan, kernels, run};

const REPEATS: usize = 5;

fn best_of(measure: &mut impl FnMut() -> f64) -> f64 {
    (0..REPEATS).map(|_| measure()).fold(0.0, f64::max)
}

/// STREAM triad `a = b + s·c` on `threads` threads over arrays of `len` floats (filled by the
/// threads that use them); one pass's bytes/s counted as STREAM does (three arrays per pass,
/// write-allocate traffic not counted).
struct Triad {
    a: Buffer,
    b: Buffer,
    c: Buffer,
    threads: usize,
}

impl Triad {
    /// Three arrays on `pages` (plain heap allocations for [`Pages::Normal`], as STREAM's).
    fn new(len: usize, threads: usize, pages: Pages) -> Self {
        let mut arrays = [
            Buffer::zeroed(len, pages),
            Buffer::zeroed(len, pages),
            Buffer::zeroed(len, pages),
        ];
        for array in &mut arrays {
            kernels::fill(array, threads);
        }
        let [a, b, c] = arrays;
        Self { a, b, c, threads }
    }

    fn pass(&mut self) -> f64 {
        let chunk = self.a.len().div_ceil(self.threads);
        let start = Instant::now();
        std::thread::scope(|scope| {
            for ((a, b), c) in self
                .a
                .chunks_mut(chunk)
                .zip(self.b.chunks(chunk))
                .zip(self.c.chunks(chunk))
            {
                scope.spawn(move || {
                    for ((a, b), c) in a.iter_mut().zip(b).zip(c) {
                        *a = b + 3.0 * c;
                    }
                });
            }
        });
        let rate = 3.0 * 4.0 * self.a.len() as f64 / start.elapsed().as_secs_f64();
        std::hint::black_box(&self.a);
        rate
    }
}

/// The lab's streaming read over `data`: one pass's bytes/s.
fn lab_pass(data: &[f32], threads: usize) -> f64 {
    let start = Instant::now();
    std::hint::black_box(kernels::stream_sum(data, threads));
    (data.len() * 4) as f64 / start.elapsed().as_secs_f64()
}

/// The lab's multiply at one sweep point's shape: a closure timing one multiply, in FLOP/s
/// (FLOP/s ÷ the point's intensity is the bytes/s it streamed).
fn lab_multiply<'a>(
    weights: &'a [f32],
    point: &SweepPoint,
    threads: usize,
) -> impl FnMut() -> f64 + 'a {
    let (k, rows, batch) = (point.k as usize, point.n as usize, point.batch as usize);
    let x: Vec<f32> = (0..batch * k)
        .map(|i| (i % 7) as f32 / 8.0 - 0.375)
        .collect();
    let mut out = vec![0.0_f32; rows * batch];
    let flops = point.flops();
    move || {
        let ops = Operands {
            w: &weights[..rows * k],
            x: &x,
            k,
            batch,
        };
        let start = Instant::now();
        multiply(ops, &mut out, threads);
        flops / start.elapsed().as_secs_f64()
    }
}

/// Best of [`REPEATS`] for two measurements taken in turns, so both see the same machine.
fn interleaved(mut a: impl FnMut() -> f64, mut b: impl FnMut() -> f64) -> (f64, f64) {
    a();
    b();
    (0..REPEATS).fold((0.0, 0.0), |(best_a, best_b), _| {
        (best_a.max(a()), best_b.max(b()))
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

/// One OpenBLAS measurement (a warm-up call, then one timed call): FLOP/s and the kernel
/// family OpenBLAS picked for this CPU.
fn openblas(exe: &PathBuf, point: &SweepPoint, threads: usize) -> Result<(f64, String), String> {
    let out = Command::new(exe)
        .env("OPENBLAS_NUM_THREADS", threads.to_string())
        .args([
            point.n.to_string(),
            point.k.to_string(),
            point.batch.to_string(),
            "1".to_owned(),
        ])
        .output()
        .map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&out.stdout);
    let mut fields = text.split_whitespace();
    let rate = fields
        .next()
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| "the helper printed no rate".to_owned())?;
    let core = fields.nth(1).unwrap_or("unknown").to_owned();
    Ok((rate, core))
}

/// The lab's streaming read beside the STREAM triad on plain arrays (the goal line), then
/// beside the triad on the lab's own pages (for information).
fn bandwidth(weights: &Buffer, threads: usize) {
    let mut triad = Triad::new(weights.len(), threads, Pages::Normal);
    let (ours, stream) = interleaved(|| lab_pass(weights, threads), || triad.pass());
    drop(triad);
    println!(
        "bandwidth   lab {:>7.2} GB/s   STREAM triad {:>7.2} GB/s   {:>5.1}%  (goal ≥ 90%)",
        ours / 1e9,
        stream / 1e9,
        100.0 * ours / stream
    );
    // The same comparison with the triad's arrays on the lab's pages too, for information.
    let mut triad = Triad::new(weights.len(), threads, weights.pages());
    let (ours, stream) = interleaved(|| lab_pass(weights, threads), || triad.pass());
    drop(triad);
    println!(
        "  (information: the triad on {} too: lab {:.2} GB/s, triad {:.2} GB/s, {:.1}%)",
        weights.pages().describe(),
        ours / 1e9,
        stream / 1e9,
        100.0 * ours / stream
    );
}

/// The large batches against OpenBLAS's sgemm at the same shape, interleaved, where the helper
/// builds.
fn against_openblas(weights: &[f32], sweep: &[SweepPoint], peak_flops: f64, threads: usize) {
    let helper = build_sgemm();
    for point in sweep.iter().filter(|p| p.batch >= 256) {
        let mut sweep = lab_multiply(weights, point, threads);
        let reference = match &helper {
            Ok(exe) => openblas(exe, point, threads).map(|(_, core)| {
                if point.batch == 256 {
                    println!(
                        "OpenBLAS kernels for this CPU: {core} · the lab's FMA peak {:.1} GFLOP/s",
                        peak_flops / 1e9
                    );
                }
                let mut failed = false;
                let (lab, blas) = interleaved(&mut sweep, || {
                    openblas(exe, point, threads).map_or_else(
                        |_| {
                            failed = true;
                            0.0
                        },
                        |(rate, _)| rate,
                    )
                });
                (lab, blas, failed)
            }),
            Err(why) => Err(why.clone()),
        };
        match reference {
            Ok((lab, blas, false)) => println!(
                "sweep B={:<4} lab {:>7.1} GFLOP/s   OpenBLAS sgemm {:>7.1} GFLOP/s   {:>5.1}%  (goal ≥ 90%; {}×{}×{})",
                point.batch,
                lab / 1e9,
                blas / 1e9,
                100.0 * lab / blas,
                point.n,
                point.k,
                point.batch
            ),
            Ok((_, _, true)) => {
                println!("sweep B={:<4} OpenBLAS helper failed mid-run", point.batch);
            }
            Err(why) => println!(
                "sweep B={:<4} lab {:>7.1} GFLOP/s   OpenBLAS: skipped ({why})",
                point.batch,
                best_of(&mut sweep) / 1e9
            ),
        }
    }
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

    // The lab itself picks the sweep's shapes (rows per batch from its time budget).
    let plan = Plan::new(threads, false);
    let report = run(&plan, &mut |_| {});
    let mut weights = Buffer::zeroed(plan.k * plan.n, Pages::Huge);
    kernels::fill(&mut weights, threads);

    println!(
        "pages: lab weights on {}; STREAM triad on plain Vecs (THP: {})",
        weights.pages().describe(),
        std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled")
            .map_or_else(|_| "unknown".to_owned(), |s| s.trim().to_owned())
    );
    bandwidth(&weights, threads);

    for point in report.sweep.iter().filter(|p| p.batch <= 4) {
        let mut sweep = lab_multiply(&weights, point, threads);
        let (flops, roof) = interleaved(&mut sweep, || lab_pass(&weights, threads));
        let rate = flops / point.intensity();
        println!(
            "sweep B={:<4} {:>7.2} GB/s of the {:>7.2} GB/s roof   {:>5.1}%  (goal ≥ 70%)",
            point.batch,
            rate / 1e9,
            roof / 1e9,
            100.0 * rate / roof
        );
    }

    against_openblas(&weights, &report.sweep, report.peak.best, threads);
    let busy = report.disagreeing();
    if !busy.is_empty() {
        println!(
            "note: the lab's own repeats disagreed ({}): the machine was busy",
            busy.join(", ")
        );
    }
}
