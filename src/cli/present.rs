//! `roofline present LESSON`: a classroom walkthrough on a projector, and
//! `roofline present --notes`: the speaker notes in a second terminal.
//!
//! The presenter paces the steps and reveals on command; the guesses the room calls out are
//! typed in, counted until the reveal, then shown as a spread. `--out FILE` keeps the room's
//! record as JSON, rewritten (atomically) at every reveal; `--out FILE.html` keeps a handout
//! of the session instead (see [`handout`]).

pub mod handout;
pub mod notes;
pub mod room;

use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context as _, Result, bail};

use super::args::GlobalArgs;
use super::context::unsaved_app;
use super::learn::lesson_index;
use super::tty::terminal;
use crate::app::NavMsg;
use crate::app::{self, App, Msg, ProgressSink, classroom};
use crate::domain::catalog::Catalog;
use crate::domain::lesson::Lesson;
use crate::domain::scenario::Scenario;
use crate::domain::session::Progress;
use crate::store::atomic;

/// What `present` was asked for.
#[derive(Debug, Clone)]
pub struct PresentArgs {
    /// The lesson to present.
    pub lesson: Option<String>,
    /// The step to start at: its number (from 1) or its id.
    pub from: Option<String>,
    /// Where to keep the room's record.
    pub out: Option<PathBuf>,
    /// Follow a presentation as speaker notes instead.
    pub notes: bool,
    /// Let the room answer from its devices: `Some(None)` on all interfaces and a free port,
    /// `Some(Some("ADDR:PORT"))` there.
    pub room: Option<Option<String>>,
    /// The join code to use instead of a fresh one.
    pub room_code: Option<String>,
}

impl From<crate::cli::args::PresentCli> for PresentArgs {
    /// The options as typed, with `present --room LESSON` read as meant: `--room` takes an
    /// optional ADDR:PORT, so clap hands it the lesson id. An address always has a port, so a
    /// value without a `:` is the lesson when none was given, and the room gets a free port.
    fn from(cli: crate::cli::args::PresentCli) -> Self {
        let (lesson, room) = match (cli.lesson, cli.room) {
            (None, Some(Some(value))) if !value.contains(':') => (Some(value), Some(None)),
            (lesson, room) => (lesson, room),
        };
        Self {
            lesson,
            from: cli.from,
            out: cli.out,
            notes: cli.notes,
            room,
            room_code: cli.room_code,
        }
    }
}

/// Runs the walkthrough (or the notes window).
pub fn run(global: &GlobalArgs, args: &PresentArgs) -> Result<ExitCode> {
    let dir = super::data_dir(global)
        .context("this platform has no data directory: pass --data-dir DIR")?;
    if args.notes {
        notes::follow(&dir, &mut std::io::stdout(), None)?;
        return Ok(ExitCode::SUCCESS);
    }
    let Some(id) = args.lesson.as_deref() else {
        bail!("name the lesson to present (`roofline list` shows them), or pass --notes");
    };
    let catalog = super::catalog(global)?;
    let cluster = super::cluster(global, &catalog)?;
    let lessons = super::lessons(global, &catalog)?;
    let index = lesson_index(&lessons, id)?;
    let from = match args.from.as_deref() {
        Some(step) => step_number(&lessons[index], step)?,
        None => 1,
    };
    let started = super::review::rfc3339_seconds(std::time::SystemTime::now());
    if let Some(out) = &args.out {
        // Refused now, not after the room has answered: write the empty record first.
        write_empty_record(out, &lessons[index], &started, &cluster.scenario, &catalog)?;
    }
    if args.room.is_none() && args.room_code.is_some() {
        bail!("--room-code sets the join code of a room: pass --room too");
    }
    let room = args
        .room
        .as_ref()
        .map(|at| start_room(at.as_deref(), args.room_code.as_deref()))
        .transpose()?;
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        bail!("presenting needs a terminal (stdin and stdout must be a TTY)");
    }
    let server = notes::NotesServer::start(&dir)?;
    let appearance = super::tty::appearance(global);
    let mut session = terminal::Session::enter().context("cannot set up the terminal")?;
    let viewport = session.size().context("cannot read the terminal size")?;
    let handout_cluster = cluster.scenario.clone();
    let app = unsaved_app(catalog, lessons, cluster.scenario, appearance, viewport)
        .with_keymap(global.keys.clone())
        .presenting(started);
    let events = super::tty::input::TtyEvents::start();
    let (app, room) = match room {
        Some((server, info, answers)) => {
            events.forward(answers);
            (app.with_room(info), Some(server))
        }
        None => (app, None),
    };
    let mut app = app;
    let mut sink = Room {
        out: args.out.clone(),
        cluster: handout_cluster,
        notes: server,
        devices: room,
    };
    for msg in [
        Msg::Nav(NavMsg::OpenLesson(index)),
        Msg::Nav(NavMsg::JumpToStep(from)),
    ] {
        let effects = app::handle(&mut app, msg);
        app::perform(&mut app, &effects, &mut sink);
    }
    let mut events = events;
    let outcome = session.run_app(&mut app, &mut events, &mut sink);
    // The room's server stops with the presentation.
    drop(sink);
    outcome?;
    Ok(ExitCode::SUCCESS)
}

/// The record (or handout) of a presentation no step of which has been shown yet.
fn write_empty_record(
    out: &Path,
    lesson: &Lesson,
    started: &str,
    cluster: &Scenario,
    catalog: &Catalog,
) -> Result<()> {
    let empty = crate::domain::classroom::ClassRecord {
        format_version: crate::domain::classroom::RECORD_FORMAT_VERSION,
        lesson: lesson.id.clone(),
        started: started.to_owned(),
        steps: Vec::new(),
    };
    if handout::is_handout(out) {
        handout::write(out, lesson, &empty, cluster, catalog)
    } else {
        write_record(out, &empty)
    }
}

/// Step `text` of a lesson, as a number from 1: the number itself or a step id.
pub fn step_number(lesson: &Lesson, text: &str) -> Result<usize> {
    if let Ok(n) = text.parse::<usize>() {
        if (1..=lesson.steps.len()).contains(&n) {
            return Ok(n);
        }
        bail!(
            "there is no step {n} in '{}': it has {} steps",
            lesson.id,
            lesson.steps.len()
        );
    }
    lesson
        .steps
        .iter()
        .position(|s| s.id() == text)
        .map(|i| i + 1)
        .with_context(|| {
            let ids: Vec<&str> = lesson
                .steps
                .iter()
                .map(crate::domain::lesson::Step::id)
                .collect();
            format!(
                "unknown step '{text}' in '{}'; its steps are: {}",
                lesson.id,
                ids.join(", ")
            )
        })
}

/// Starts the room's server before the terminal is taken, so a refused address is a plain
/// error: on `at` (all interfaces and a free port without one), with `code` or a fresh one.
fn start_room(
    at: Option<&str>,
    code: Option<&str>,
) -> Result<(
    room::RoomServer,
    classroom::room::RoomInfo,
    std::sync::mpsc::Receiver<Msg>,
)> {
    let addr: std::net::SocketAddr = match at {
        Some(text) => text.parse().with_context(|| {
            format!(
                "--room takes ADDR:PORT (e.g. 0.0.0.0:8080 or 127.0.0.1:0), not '{}'",
                text.escape_default()
            )
        })?,
        None => (std::net::Ipv4Addr::UNSPECIFIED, 0).into(),
    };
    let code = match code {
        Some(code) => room::join::given_code(code)?,
        None => room::join::new_code()?,
    };
    let (answers, received) = std::sync::mpsc::channel();
    let server = room::RoomServer::start(addr, &code, answers)?;
    let url = room::join::url(server.addr(), &code);
    let info = classroom::room::RoomInfo {
        qr: room::join::qr(&url)?,
        url,
        code,
        panel: classroom::room::JoinPanel::Shown,
    };
    Ok((server, info, received))
}

/// Where a walkthrough's effects land: the record file, the notes window and the room's
/// server. Nothing of the learner's progress is touched.
struct Room {
    out: Option<PathBuf>,
    /// The cluster the lesson's text is written for (the handout's templates).
    cluster: crate::domain::scenario::Scenario,
    notes: notes::NotesServer,
    devices: Option<room::RoomServer>,
}

impl ProgressSink for Room {
    fn save(&mut self, _progress: &Progress) -> Result<(), String> {
        Ok(())
    }

    fn save_record(&mut self, app: &App) -> Result<(), String> {
        let written = match (&self.out, classroom::record(app)) {
            (Some(out), Some(_)) if handout::is_handout(out) => handout::page(app, &self.cluster)
                .map_or(Ok(()), |page| handout::write_page(out, &page)),
            (Some(out), Some(record)) => write_record(out, &record),
            _ => Ok(()),
        };
        written.map_err(|e| format!("{e:#}"))
    }

    fn notify(&mut self, app: &App) {
        if let Some(notes) = classroom::notes(app) {
            self.notes.send(&notes);
        }
        if let Some(devices) = &self.devices {
            devices.publish(classroom::room::state(app));
        }
    }
}

fn write_record(out: &Path, record: &crate::domain::classroom::ClassRecord) -> Result<()> {
    let json = serde_json::to_string_pretty(record).context("cannot encode the record")?;
    atomic::write(out, json.as_bytes())
        .with_context(|| format!("cannot write the record to {}", out.display()))
}

#[cfg(test)]
mod tests {
    use clap::Parser as _;
    use rstest::rstest;

    use super::PresentArgs;
    use crate::cli::args::{Cli, Command, Lazy};

    /// What the room is asked for.
    #[derive(Debug, PartialEq)]
    enum Room<'a> {
        Not,
        FreePort,
        At(&'a str),
    }

    #[rstest]
    #[case::room_after_the_lesson(&["batching", "--room"], Some("batching"), Room::FreePort)]
    #[case::room_before_the_lesson(&["--room", "batching"], Some("batching"), Room::FreePort)]
    #[case::an_address(&["batching", "--room", "127.0.0.1:0"], Some("batching"), Room::At("127.0.0.1:0"))]
    #[case::an_address_first(&["--room", "0.0.0.0:8080", "batching"], Some("batching"), Room::At("0.0.0.0:8080"))]
    #[case::no_room(&["batching"], Some("batching"), Room::Not)]
    #[case::nonsense_stays_an_address(&["batching", "--room", "nonsense"], Some("batching"), Room::At("nonsense"))]
    #[case::nothing(&[], None, Room::Not)]
    fn room_and_lesson_are_told_apart(
        #[case] flags: &[&str],
        #[case] lesson: Option<&str>,
        #[case] room: Room<'_>,
    ) {
        let mut args = vec!["roofline", "present"];
        args.extend(flags);
        let Some(Command::Present(Lazy(cli))) = Cli::try_parse_from(&args).unwrap().command else {
            panic!("{args:?} is a present command");
        };
        let present = PresentArgs::from(cli);
        assert_eq!(present.lesson.as_deref(), lesson, "{args:?}");
        let asked = match present.room.as_ref() {
            None => Room::Not,
            Some(None) => Room::FreePort,
            Some(Some(at)) => Room::At(at),
        };
        assert_eq!(asked, room, "{args:?}");
    }
}
