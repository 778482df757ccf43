//! The room under load, on loopback: the load generator for `present --room`. The presenter
//! runs in a process of its own (this binary again, `benches/room_load/presenter.rs`) started
//! under a soft limit of 1,024 descriptors (set with rlimit, as `ulimit -n 1024`; the server
//! raises it as far as the hard limit allows); this process is the crowd. Two runs, each with
//! a fresh presenter: calm (the holders), then hostile (the same, plus the hostile connections:
//! slow heads, slow bodies, endless headers, huge declared lengths).
//!
//! In each run, 2,000 participants (the room's maximum) hold a kept-alive connection and poll
//! once a second, and 300 of them answer over it at a random moment in five seconds
//! (`POST /api/answer`), three in ten changing their answer. Reported: every answer counted
//! once (the presentation's count against what was sent), the answer latency (p50, p99), the
//! presenter's frame time during the run beside the same frame drawn with no traffic, and what
//! the holders and the hostile connections saw. Bounded: every loop stops when told, and the
//! run fails by itself if the room is not counted completely within 60 s.
//!
//! Sizes (for a quick look on a small machine): `ROOM_LOAD_HOLDERS` (2000),
//! `ROOM_LOAD_ANSWERING` (300, at most the holders), `ROOM_LOAD_HOSTILE` (50, spread over the
//! four kinds); `ROOM_LOAD_PIN_HARD=1` pins the presenter's hard limit at 1,024 too, so the
//! server cannot raise it and the holders past its places are refused with 503.
//!
//! `cargo bench --bench room_load`

#[path = "room_load/crowd.rs"]
mod crowd;
#[path = "room_load/presenter.rs"]
mod presenter;
#[path = "../tests/tui/support.rs"]
mod support;

use std::io::{BufRead as _, BufReader, Write as _};
use std::net::SocketAddr;
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::Ordering;
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::TestBackend;

const WINDOW: Duration = Duration::from_secs(5);
/// One in this many changes their answer.
const CHANGES_EVERY: usize = 10;
const CHANGERS: usize = 3;
const DEADLINE: Duration = Duration::from_secs(60);
const CODE: &str = "K7QX2M";
const SIZE: (u16, u16) = (160, 45);
/// Set in the presenter's process.
const ROLE: &str = "ROOM_LOAD_ROLE";

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

fn spread(mut values: Vec<Duration>) -> String {
    values.sort();
    format!(
        "p50 {}, p99 {}, max {} ({})",
        ms(percentile(&values, 50.0)),
        ms(percentile(&values, 99.0)),
        ms(values.last().copied().unwrap_or_default()),
        values.len()
    )
}

/// How big a run is.
#[derive(Debug, Clone, Copy)]
struct Size {
    holders: usize,
    answering: usize,
    hostile: usize,
}

impl Size {
    fn from_env() -> Self {
        let read = |key: &str, default: usize| {
            std::env::var(key)
                .ok()
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(default)
        };
        let holders = read("ROOM_LOAD_HOLDERS", 2000);
        Self {
            holders,
            answering: read("ROOM_LOAD_ANSWERING", 300).min(holders),
            hostile: read("ROOM_LOAD_HOSTILE", 50),
        }
    }
}

/// The answering holders' plans (seeded moments in the window; three in ten change).
fn plans(size: Size, done: &mpsc::Sender<(Vec<Duration>, f64)>) -> Vec<crowd::Plan> {
    let mut rng = fastrand::Rng::with_seed(11);
    (0..size.answering)
        .map(|i| {
            let mut values = vec![100.0 + i as f64];
            if i % CHANGES_EVERY < CHANGERS {
                values.push(1000.0 + i as f64);
            }
            crowd::Plan {
                at: WINDOW.mul_f64(rng.f64()),
                values,
                done: done.clone(),
            }
        })
        .collect()
}

/// The holders and, in a hostile run, the hostile connections, on a runtime of their own
/// until `stop` is sent.
fn crowd(
    addr: SocketAddr,
    size: Size,
    hostile: bool,
    seen: Arc<crowd::Seen>,
    plans: Vec<crowd::Plan>,
    go: &crowd::Go,
) -> (
    tokio::sync::watch::Sender<bool>,
    std::thread::JoinHandle<()>,
) {
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let go = go.clone();
    let thread = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let mut tasks = Vec::new();
            let mut plans = plans.into_iter();
            for i in 0..size.holders {
                let plan = plans.next().map(|p| (p, go.clone()));
                tasks.push(tokio::spawn(crowd::holder(
                    i,
                    addr,
                    Arc::clone(&seen),
                    stopped.clone(),
                    plan,
                )));
            }
            let kinds = [
                crowd::Hostile::SlowHead,
                crowd::Hostile::SlowBody,
                crowd::Hostile::EndlessHeader,
                crowd::Hostile::HugeLength,
            ];
            for n in 0..if hostile { size.hostile } else { 0 } {
                tasks.push(tokio::spawn(crowd::hostile(
                    kinds[n % kinds.len()],
                    addr,
                    Arc::clone(&seen),
                    stopped.clone(),
                )));
            }
            for task in tasks {
                let _ = task.await;
            }
        });
    });
    (stop, thread)
}

/// Waits (at most 30 s) until every holder has a place, was refused one, or was lost; how
/// long that took.
fn settle(seen: &crowd::Seen, size: Size) -> Duration {
    let settle = Instant::now();
    while seen.holding.load(Ordering::Relaxed)
        + seen.refused.load(Ordering::Relaxed)
        + seen.lost.load(Ordering::Relaxed)
        < size.holders
        && settle.elapsed() < Duration::from_secs(30)
    {
        std::thread::sleep(Duration::from_millis(50));
    }
    settle.elapsed()
}

/// The numbers of a JSON array, smallest first.
fn sorted_numbers(array: &serde_json::Value) -> Vec<f64> {
    let mut numbers: Vec<f64> = array
        .as_array()
        .unwrap()
        .iter()
        .filter_map(serde_json::Value::as_f64)
        .collect();
    numbers.sort_by(f64::total_cmp);
    numbers
}

/// A JSON array of microseconds as durations.
fn micros(array: &serde_json::Value) -> Vec<Duration> {
    array
        .as_array()
        .unwrap()
        .iter()
        .filter_map(serde_json::Value::as_u64)
        .map(Duration::from_micros)
        .collect()
}

/// This binary again, as the presenter: its first line says where it listens.
fn spawn_presenter() -> std::process::Child {
    Command::new(std::env::current_exe().unwrap())
        .arg("--bench")
        .env(ROLE, "presenter")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the presenter's process starts")
}

/// One run against a fresh presenter; whether every answer was counted once.
fn run(size: Size, hostile: bool, idle: &[Duration]) -> bool {
    let mut child = spawn_presenter();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let mut words = first.split_whitespace().skip(1);
    let addr: SocketAddr = words.next().unwrap().parse().unwrap();
    let limits = words.collect::<Vec<_>>().join(" ");

    let seen = Arc::new(crowd::Seen::default());
    let (done, finished) = mpsc::channel();
    let (open, go) = tokio::sync::watch::channel(None);
    let plans = plans(size, &done);
    drop(done);
    let (stop_crowd, crowd_thread) = crowd(addr, size, hostile, Arc::clone(&seen), plans, &go);
    let settled = settle(&seen, size);
    // The window opens more than a poll ahead, so every answering holder sees it in time.
    let began = Instant::now();
    let _ = open.send(Some(began + Duration::from_millis(1500)));
    let mut results = Vec::new();
    while results.len() < size.answering && began.elapsed() < DEADLINE {
        if let Ok(result) = finished.recv_timeout(Duration::from_millis(100)) {
            results.push(result);
        }
    }
    let elapsed = began.elapsed();
    let _ = stop_crowd.send(true);
    let _ = crowd_thread.join();
    let mut stdin = child.stdin.take().unwrap();
    let _ = writeln!(stdin, "stop");
    let summary: serde_json::Value = serde_json::from_str(&lines.next().unwrap().unwrap()).unwrap();
    let _ = child.wait();

    let counted = sorted_numbers(&summary["counted"]);
    let mut expected: Vec<f64> = results.iter().map(|(_, v)| *v).collect();
    expected.sort_by(f64::total_cmp);
    let latencies: Vec<Duration> = results.iter().flat_map(|(l, _)| l.clone()).collect();
    let complete = results.len() == size.answering && counted == expected;
    println!(
        "\n{} run: presenter started under a soft limit of {} descriptors ({limits}); holders settled in {:.2} s, answers done in {:.2} s",
        if hostile { "hostile" } else { "calm" },
        presenter::DESCRIPTORS,
        settled.as_secs_f64(),
        elapsed.as_secs_f64()
    );
    println!(
        "  holders: {} of {} held a kept-alive connection ({} refused with 503, {} lost), {} polls answered",
        seen.holding.load(Ordering::Relaxed),
        size.holders,
        seen.refused.load(Ordering::Relaxed),
        seen.lost.load(Ordering::Relaxed),
        seen.polls.load(Ordering::Relaxed)
    );
    if hostile {
        println!(
            "  hostile: {} connections (slow heads, slow bodies, endless headers, huge declared lengths), closed by the server {} times",
            size.hostile,
            seen.cut_off.load(Ordering::Relaxed)
        );
    }
    println!("  answer latency (POST /api/answer): {}", spread(latencies));
    println!(
        "  presenter frame during the burst: {}",
        spread(micros(&summary["frames_us"]))
    );
    println!(
        "    of which the draw alone: {}",
        spread(micros(&summary["draws_us"]))
    );
    println!("  reference frame, no traffic: {}", spread(idle.to_vec()));
    println!(
        "  counted: {} of {} participants answered, {} answers changed, each counted once with its last value: {}",
        summary["participants"],
        size.answering,
        (0..size.answering)
            .filter(|i| i % CHANGES_EVERY < CHANGERS)
            .count(),
        if complete { "yes" } else { "NO" }
    );
    complete
}

fn main() -> ExitCode {
    // `cargo bench` passes `--bench`; `cargo test --all-targets` runs this binary without it,
    // in a debug build, where the figures would mean nothing.
    if !std::env::args().any(|a| a == "--bench") {
        println!("room load bench: run it with `cargo bench --bench room_load`");
        return ExitCode::SUCCESS;
    }
    if std::env::var(ROLE).is_ok_and(|r| r == "presenter") {
        presenter::run();
        return ExitCode::SUCCESS;
    }
    // This process holds the crowd's connections: raise its own limit as far as it goes.
    let _ = rlimit::increase_nofile_limit(u64::MAX);
    // The reference: the same screen drawn with no traffic.
    let app = presenter::presenting();
    let mut terminal = Terminal::new(TestBackend::new(SIZE.0, SIZE.1)).unwrap();
    for _ in 0..50 {
        presenter::draw(&mut terminal, &app); // warm-up
    }
    let idle: Vec<Duration> = (0..200)
        .map(|_| presenter::draw(&mut terminal, &app))
        .collect();
    let size = Size::from_env();
    println!(
        "room load: {} holders on kept-alive connections, {} of them answering within {WINDOW:?}, {} hostile connections in the second run; loopback",
        size.holders, size.answering, size.hostile
    );
    let calm = run(size, false, &idle);
    let hostile = run(size, true, &idle);
    if calm && hostile {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
