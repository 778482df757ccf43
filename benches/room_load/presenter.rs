//! The presenter's process of the load bench: the room's server started under a soft limit of
//! 1,024 descriptors (set with rlimit before it starts, as `ulimit -n 1024` does; the server
//! raises it to the hard limit and fits its connections under that), and the run
//! loop as the program runs it: each answer handed to `update`, the state published, a frame
//! drawn (on a 160×45 `TestBackend`) after each burst. It prints `listening ADDR`, serves until
//! a line `stop` arrives on its standard input (or its deadline), then prints one line of JSON:
//! the values counted and the frame times.

use std::io::{BufRead as _, Write as _};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use roofline_tutor::app::{App, classroom, handle};
use roofline_tutor::cli::present::room::{RoomServer, connections_for, join};

use super::{CODE, SIZE};

/// The soft descriptor limit the presenter's process starts under.
pub const DESCRIPTORS: u64 = 1024;

/// The longest the presenter serves, whatever its parent does.
const DEADLINE: Duration = Duration::from_secs(120);

pub fn presenting() -> App {
    super::support::opened_at(
        super::support::course_app(SIZE.0, SIZE.1).presenting("2026-11-23T10:00:00Z".into()),
        "ridge-point",
        2,
    )
}

pub fn draw(terminal: &mut Terminal<TestBackend>, app: &App) -> Duration {
    let start = Instant::now();
    terminal
        .draw(|frame| frame.render_widget(app, frame.area()))
        .unwrap();
    start.elapsed()
}

/// Runs the presenter's process.
pub fn run() {
    let (_, hard) = rlimit::Resource::NOFILE.get().unwrap();
    // `ROOM_LOAD_PIN_HARD=1`: the hard limit too, so the server cannot raise it (the holders
    // past its places get 503 while it keeps listening).
    let hard = if std::env::var_os("ROOM_LOAD_PIN_HARD").is_some() {
        DESCRIPTORS.min(hard)
    } else {
        hard
    };
    rlimit::Resource::NOFILE
        .set(DESCRIPTORS.min(hard), hard)
        .unwrap();
    let mut app = presenting();
    let mut terminal = Terminal::new(TestBackend::new(SIZE.0, SIZE.1)).unwrap();
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
    let (stop, stop_asked) = mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            if line.map_or(true, |l| l.trim() == "stop") {
                let _ = stop.send(());
                return;
            }
        }
    });
    let (soft, hard) = rlimit::Resource::NOFILE.get().unwrap();
    println!(
        "listening {} soft limit raised to {soft} (hard {hard}): {} connections at once",
        server.addr(),
        connections_for(Some(soft))
    );
    std::io::stdout().flush().unwrap();

    let mut frames = Vec::new();
    let mut draws = Vec::new();
    let began = Instant::now();
    while stop_asked.try_recv().is_err() && began.elapsed() < DEADLINE {
        match inbox.recv_timeout(Duration::from_millis(20)) {
            Ok(msg) => {
                let frame = Instant::now();
                let mut next = Some(msg);
                while let Some(msg) = next {
                    let _ = handle(&mut app, msg);
                    server.publish(classroom::room::state(&app));
                    next = inbox.try_recv().ok();
                }
                draws.push(draw(&mut terminal, &app).as_micros());
                frames.push(frame.elapsed().as_micros());
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => break,
        }
    }
    drop(server);
    let step_id = app.current_step().unwrap().1.id().to_owned();
    let guesses = app.classroom().expect("presenting").guesses.of(&step_id);
    let summary = serde_json::json!({
        "participants": guesses.count(),
        "counted": guesses.numbers,
        "frames_us": frames,
        "draws_us": draws,
    });
    println!("{summary}");
}
