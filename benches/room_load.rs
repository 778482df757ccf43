//! A room of 300 answering within five seconds, on loopback: the load generator for
//! `present --room`. Each participant joins (`GET /api/state`), answers once at a random
//! moment in the five seconds (`POST /api/answer`), and three in ten change their answer. The
//! presenter's loop runs as the program runs it: each answer is a message handed to `update`,
//! the room's state is published, and a frame is drawn (on a 160×45 `TestBackend`) after each
//! burst. Reported: the answer latency (p50, p99) and the presenter's frame time during the
//! burst, beside the same frame drawn with no traffic in the same run. Bounded: 690 requests,
//! and it stops by itself (failing) if the room is not counted completely within 60 s.
//!
//! `cargo bench --bench room_load`

#[path = "../tests/tui/support.rs"]
mod support;

use std::process::ExitCode;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use roofline_tutor::app::{App, classroom, handle};
use roofline_tutor::cli::present::room::{RoomServer, join};
use serde_json::json;

const PARTICIPANTS: usize = 300;
const WINDOW: Duration = Duration::from_secs(5);
/// One in this many changes their answer.
const CHANGES_EVERY: usize = 10;
const CHANGERS: usize = 3;
const DEADLINE: Duration = Duration::from_secs(60);
const CODE: &str = "K7QX2M";
const SIZE: (u16, u16) = (160, 45);

fn presenting() -> App {
    support::opened_at(
        support::course_app(SIZE.0, SIZE.1).presenting("2026-11-23T10:00:00Z".into()),
        "ridge-point",
        2,
    )
}

fn draw(terminal: &mut Terminal<TestBackend>, app: &App) -> Duration {
    let start = Instant::now();
    terminal
        .draw(|frame| frame.render_widget(app, frame.area()))
        .unwrap();
    start.elapsed()
}

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

/// One participant: join, wait for their moment, answer (and maybe change it). Returns the
/// latency of each answer and the value that should count.
fn participant(base: &str, i: usize, start: Instant, at: Duration) -> (Vec<Duration>, f64) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(20)))
        .build()
        .into();
    let mut state = agent
        .get(&format!("{base}/api/state?code={CODE}"))
        .call()
        .expect("join");
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
        let response = agent
            .post(&format!("{base}/api/answer"))
            .send_json(&body)
            .expect("answer");
        latencies.push(sent.elapsed());
        assert_eq!(response.status().as_u16(), 200, "answer refused");
    }
    (latencies, *values.last().unwrap())
}

/// Starts every participant; returns their results and the moment the window opens.
fn burst(base: &str) -> (mpsc::Receiver<(Vec<Duration>, f64)>, Instant) {
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
    (finished, start)
}

/// Prints the figures: the answer latency, the presenter's frames in the burst, and the
/// reference frame with no traffic.
fn report(
    elapsed: Duration,
    mut latencies: Vec<Duration>,
    mut frames: Vec<Duration>,
    mut draws: Vec<Duration>,
    idle: &[Duration],
) {
    latencies.sort();
    frames.sort();
    draws.sort();
    let requests = PARTICIPANTS + latencies.len();
    println!(
        "room load: {PARTICIPANTS} participants answering within {WINDOW:?} on loopback; {requests} requests in {:.2} s",
        elapsed.as_secs_f64()
    );
    println!(
        "answer latency (POST /api/answer, {} answers): p50 {}, p99 {}, max {}",
        latencies.len(),
        ms(percentile(&latencies, 50.0)),
        ms(percentile(&latencies, 99.0)),
        ms(*latencies.last().unwrap())
    );
    println!(
        "presenter frame during the burst ({} frames, handle and publish each answer, then draw {}x{}): p50 {}, p99 {}, max {}",
        frames.len(),
        SIZE.0,
        SIZE.1,
        ms(percentile(&frames, 50.0)),
        ms(percentile(&frames, 99.0)),
        ms(*frames.last().unwrap_or(&Duration::ZERO))
    );
    println!(
        "  of which the draw alone: p50 {}, p99 {}, max {}",
        ms(percentile(&draws, 50.0)),
        ms(percentile(&draws, 99.0)),
        ms(*draws.last().unwrap_or(&Duration::ZERO))
    );
    println!(
        "reference frame, no traffic (200 draws after 50 to warm up, same screen): p50 {}, p99 {}, max {}",
        ms(percentile(idle, 50.0)),
        ms(percentile(idle, 99.0)),
        ms(*idle.last().unwrap())
    );
}

fn main() -> ExitCode {
    // `cargo bench` passes `--bench`; `cargo test --all-targets` runs this binary without it,
    // in a debug build, where the figures would mean nothing.
    if !std::env::args().any(|a| a == "--bench") {
        println!("room load bench: run it with `cargo bench --bench room_load`");
        return ExitCode::SUCCESS;
    }
    // The reference: the same screen drawn with no traffic.
    let app = presenting();
    let mut terminal = Terminal::new(TestBackend::new(SIZE.0, SIZE.1)).unwrap();
    for _ in 0..50 {
        draw(&mut terminal, &app); // warm-up
    }
    let mut idle: Vec<Duration> = (0..200).map(|_| draw(&mut terminal, &app)).collect();
    idle.sort();

    let mut app = presenting();
    let (answers, inbox) = mpsc::channel();
    let server = RoomServer::start("127.0.0.1:0".parse().unwrap(), CODE, answers).unwrap();
    let url = join::url(server.addr(), CODE);
    app = app.with_room(classroom::room::RoomInfo {
        qr: join::qr(&url).unwrap(),
        url,
        code: CODE.into(),
        panel: classroom::room::JoinPanel::Hidden,
    });
    server.publish(classroom::room::state(&app));
    let base = format!("http://{}", server.addr());

    let (finished, start) = burst(&base);

    // The presenter's loop: each answer is a message; a frame after each burst.
    let mut frames = Vec::new();
    let mut draws = Vec::new();
    let mut results = Vec::new();
    let step = app.current_step().unwrap().1.id().to_owned();
    let expected_messages = PARTICIPANTS
        + (0..PARTICIPANTS)
            .filter(|i| i % CHANGES_EVERY < CHANGERS)
            .count();
    let mut handled = 0;
    let began = Instant::now();
    while handled < expected_messages || results.len() < PARTICIPANTS {
        if began.elapsed() > DEADLINE {
            eprintln!(
                "FAILED: {handled} of {expected_messages} answers handled and {} of {PARTICIPANTS} participants done in {DEADLINE:?}",
                results.len()
            );
            return ExitCode::FAILURE;
        }
        while let Ok(result) = finished.try_recv() {
            results.push(result);
        }
        match inbox.recv_timeout(Duration::from_millis(20)) {
            Ok(msg) => {
                let frame = Instant::now();
                // As the run loop does: each message is handled and its effect performed (the
                // room's state published); the frame is drawn once the burst is handled.
                let mut next = Some(msg);
                while let Some(msg) = next {
                    let _ = handle(&mut app, msg);
                    server.publish(classroom::room::state(&app));
                    handled += 1;
                    next = inbox.try_recv().ok();
                }
                draws.push(draw(&mut terminal, &app));
                frames.push(frame.elapsed());
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => break,
        }
    }
    let elapsed = start.elapsed();
    drop(server);

    let guesses = app.classroom().expect("presenting").guesses.of(&step);
    let mut counted = guesses.numbers.clone();
    counted.sort_by(f64::total_cmp);
    let mut expected: Vec<f64> = results.iter().map(|(_, v)| *v).collect();
    expected.sort_by(f64::total_cmp);
    let latencies: Vec<Duration> = results.iter().flat_map(|(l, _)| l.clone()).collect();
    report(elapsed, latencies, frames, draws, &idle);
    let complete = counted == expected && guesses.count() == PARTICIPANTS;
    println!(
        "counted: {} of {PARTICIPANTS} participants, {} answers changed, the last of each counted: {}",
        guesses.count(),
        expected_messages - PARTICIPANTS,
        if complete { "yes" } else { "NO" }
    );
    if complete {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
