//! The room under load, on loopback: the load generator for `present --room`. The presenter
//! runs in a process of its own (this binary again, `benches/room_load/presenter.rs`) under a
//! hard limit of 1,024 descriptors; this process is the crowd. Two runs, each with a fresh
//! presenter: calm (holders and answerers), then hostile (the same, plus 52 hostile
//! connections: slow heads, slow bodies, endless headers, huge declared lengths).
//!
//! In each run, 550 participants hold a kept-alive connection and poll once a second, while
//! 300 participants answer once at a random moment in five seconds (`POST /api/answer`) and
//! three in ten change their answer; a refusal for lack of a place (503) is retried, as the
//! page does. Reported: every answer counted once (the presentation's count against what was
//! sent), the answer latency (p50, p99), the presenter's frame time during the burst beside
//! the same frame drawn with no traffic, and what the holders and the hostile connections
//! saw. Bounded: each participant makes at most 40 tries, every loop stops when told, and the
//! run fails by itself if the room is not counted completely within 60 s.
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
use std::sync::{Arc, Barrier, mpsc};
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use serde_json::json;

const PARTICIPANTS: usize = 300;
const HOLDERS: usize = 550;
/// Hostile connections of each of the four kinds.
const HOSTILE_EACH: usize = 13;
const WINDOW: Duration = Duration::from_secs(5);
/// One in this many changes their answer.
const CHANGES_EVERY: usize = 10;
const CHANGERS: usize = 3;
const DEADLINE: Duration = Duration::from_secs(60);
/// Tries per request (a 503 for lack of a place is tried again).
const TRIES: usize = 40;
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

/// A request tried until it is not refused for lack of a place (or [`TRIES`] run out).
fn tried(send: impl Fn() -> ureq::http::Response<ureq::Body>) -> ureq::http::Response<ureq::Body> {
    let mut response = send();
    for _ in 1..TRIES {
        if response.status().as_u16() != 503 {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
        response = send();
    }
    response
}

/// One participant: join, wait for their moment, answer (and maybe change it). Returns the
/// latency of each answer and the value that should count.
fn participant(base: &str, i: usize, start: Instant, at: Duration) -> (Vec<Duration>, f64) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(20)))
        .build()
        .into();
    let mut state = tried(|| {
        agent
            .get(&format!("{base}/api/state?code={CODE}"))
            .call()
            .expect("join")
    });
    assert_eq!(state.status().as_u16(), 200, "join refused");
    let token: serde_json::Value = state.body_mut().read_json().unwrap();
    let token = token["participant"].as_str().unwrap().to_owned();
    if let Some(wait) = (start + at).checked_duration_since(Instant::now()) {
        std::thread::sleep(wait);
    }
    let mut values = vec![100.0 + i as f64];
    if i % CHANGES_EVERY < CHANGERS {
        values.push(1000.0 + i as f64);
    }
    let mut latencies = Vec::new();
    for value in &values {
        let body =
            json!({ "code": CODE, "participant": token, "name": format!("p{i}"), "value": value });
        let sent = Instant::now();
        let response = tried(|| {
            agent
                .post(&format!("{base}/api/answer"))
                .send_json(&body)
                .expect("answer")
        });
        latencies.push(sent.elapsed());
        assert_eq!(response.status().as_u16(), 200, "answer refused");
    }
    (latencies, *values.last().unwrap())
}

/// Starts every participant; returns their results.
fn burst(base: &str) -> mpsc::Receiver<(Vec<Duration>, f64)> {
    let mut rng = fastrand::Rng::with_seed(11);
    let offsets: Vec<Duration> = (0..PARTICIPANTS)
        .map(|_| WINDOW.mul_f64(rng.f64()))
        .collect();
    let ready = Arc::new(Barrier::new(PARTICIPANTS + 1));
    let (done, finished) = mpsc::channel();
    let start = Instant::now() + Duration::from_millis(500);
    for (i, at) in offsets.into_iter().enumerate() {
        let (base, ready, done) = (base.to_owned(), Arc::clone(&ready), done.clone());
        std::thread::spawn(move || {
            ready.wait();
            let _ = done.send(participant(&base, i, start, at));
        });
    }
    ready.wait();
    finished
}

/// The holders and, in a hostile run, the hostile connections, on a runtime of their own
/// until `stop` is sent.
fn crowd(
    addr: SocketAddr,
    hostile: bool,
    seen: Arc<crowd::Seen>,
) -> (
    tokio::sync::watch::Sender<bool>,
    std::thread::JoinHandle<()>,
) {
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let thread = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let mut tasks = Vec::new();
            for i in 0..HOLDERS {
                tasks.push(tokio::spawn(crowd::holder(
                    i,
                    addr,
                    Arc::clone(&seen),
                    stopped.clone(),
                )));
            }
            if hostile {
                for kind in [
                    crowd::Hostile::SlowHead,
                    crowd::Hostile::SlowBody,
                    crowd::Hostile::EndlessHeader,
                    crowd::Hostile::HugeLength,
                ] {
                    for _ in 0..HOSTILE_EACH {
                        tasks.push(tokio::spawn(crowd::hostile(
                            kind,
                            addr,
                            Arc::clone(&seen),
                            stopped.clone(),
                        )));
                    }
                }
            }
            for task in tasks {
                let _ = task.await;
            }
        });
    });
    (stop, thread)
}

/// One run against a fresh presenter; whether every answer was counted once.
fn run(hostile: bool, idle: &[Duration]) -> bool {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .arg("--bench")
        .env(ROLE, "presenter")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the presenter's process starts");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let mut words = first.split_whitespace().skip(1);
    let addr: SocketAddr = words.next().unwrap().parse().unwrap();
    let places = words.next().unwrap_or("?").to_owned();
    let base = format!("http://{addr}");

    let seen = Arc::new(crowd::Seen::default());
    let (stop_crowd, crowd_thread) = crowd(addr, hostile, Arc::clone(&seen));
    // The holders take their places first.
    let settle = Instant::now();
    while seen.holding.load(Ordering::Relaxed) + seen.refused.load(Ordering::Relaxed) < HOLDERS
        && settle.elapsed() < Duration::from_secs(20)
    {
        std::thread::sleep(Duration::from_millis(50));
    }
    let began = Instant::now();
    let finished = burst(&base);
    let mut results = Vec::new();
    while results.len() < PARTICIPANTS && began.elapsed() < DEADLINE {
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

    let mut counted: Vec<f64> = summary["counted"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(serde_json::Value::as_f64)
        .collect();
    counted.sort_by(f64::total_cmp);
    let mut expected: Vec<f64> = results.iter().map(|(_, v)| *v).collect();
    expected.sort_by(f64::total_cmp);
    let micros = |key: &str| -> Vec<Duration> {
        summary[key]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(serde_json::Value::as_u64)
            .map(Duration::from_micros)
            .collect()
    };
    let latencies: Vec<Duration> = results.iter().flat_map(|(l, _)| l.clone()).collect();
    let complete = results.len() == PARTICIPANTS && counted == expected;
    println!(
        "\n{} run: presenter under {} descriptors ({places} connections at once); {} s",
        if hostile { "hostile" } else { "calm" },
        presenter::DESCRIPTORS,
        format_args!("{:.2}", elapsed.as_secs_f64())
    );
    println!(
        "  holders: {} of {HOLDERS} held a kept-alive connection ({} refused with 503), {} polls answered",
        seen.holding.load(Ordering::Relaxed),
        seen.refused.load(Ordering::Relaxed),
        seen.polls.load(Ordering::Relaxed)
    );
    if hostile {
        println!(
            "  hostile: {} connections ({HOSTILE_EACH} of each kind), closed by the server {} times",
            4 * HOSTILE_EACH,
            seen.cut_off.load(Ordering::Relaxed)
        );
    }
    println!("  answer latency (POST /api/answer): {}", spread(latencies));
    println!(
        "  presenter frame during the burst: {}",
        spread(micros("frames_us"))
    );
    println!(
        "    of which the draw alone: {}",
        spread(micros("draws_us"))
    );
    println!("  reference frame, no traffic: {}", spread(idle.to_vec()));
    println!(
        "  counted: {} of {PARTICIPANTS} participants answered, {} answers changed, each counted once with its last value: {}",
        summary["participants"],
        (0..PARTICIPANTS)
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
    println!(
        "room load: {PARTICIPANTS} answering within {WINDOW:?} beside {HOLDERS} holders, on loopback"
    );
    let calm = run(false, &idle);
    let hostile = run(true, &idle);
    if calm && hostile {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
