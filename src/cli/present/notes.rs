//! The speaker-notes channel: a Unix socket in the data directory (`present.sock`, readable
//! and writable by its owner only). The presenter listens and sends one JSON line per change;
//! `roofline present --notes` connects, prints each line as notes, and waits for the next
//! presentation when one ends. Either side may start first or quit without disturbing the
//! other.

use std::fmt::Write as _;
use std::io::{self, BufRead as _, BufReader, Write as _};
use std::os::unix::fs::PermissionsExt as _;
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use anyhow::{Context as _, Result, bail};

use crate::domain::classroom::Notes;

/// The socket's name in the data directory.
pub const SOCKET: &str = "present.sock";

/// The presenter's end: sends the notes to every window listening.
pub struct NotesServer {
    path: PathBuf,
    shared: Arc<Mutex<Listeners>>,
}

#[derive(Default)]
struct Listeners {
    streams: Vec<UnixStream>,
    latest: Option<String>,
}

impl NotesServer {
    /// Listens in `dir` (made if missing, owner-only). Refused when another presentation is
    /// already listening there; a socket left by one that died is replaced.
    pub fn start(dir: &Path) -> Result<Self> {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the data directory {}", dir.display()))?;
        let path = dir.join(SOCKET);
        if UnixStream::connect(&path).is_ok() {
            bail!(
                "another presentation is already running on {} (one per data directory; use --data-dir)",
                dir.display()
            );
        }
        if path.symlink_metadata().is_ok() {
            std::fs::remove_file(&path)
                .with_context(|| format!("cannot replace the stale {}", path.display()))?;
        }
        let listener = UnixListener::bind(&path)
            .with_context(|| format!("cannot listen on {}", path.display()))?;
        // Only the same user may connect: the socket is the owner's alone.
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600))
            .with_context(|| format!("cannot restrict {}", path.display()))?;
        let shared = Arc::new(Mutex::new(Listeners::default()));
        let accepting = Arc::clone(&shared);
        std::thread::spawn(move || {
            for stream in listener.incoming().map_while(Result::ok) {
                let mut listeners = accepting.lock().unwrap_or_else(PoisonError::into_inner);
                let mut stream = stream;
                let welcome = listeners
                    .latest
                    .as_ref()
                    .is_none_or(|line| stream.write_all(line.as_bytes()).is_ok());
                if welcome {
                    listeners.streams.push(stream);
                }
            }
        });
        Ok(Self { path, shared })
    }

    /// Sends the notes to every window; a window that has gone is forgotten.
    pub fn send(&self, notes: &Notes) {
        let Ok(json) = serde_json::to_string(notes) else {
            return;
        };
        let line = format!("{json}\n");
        let mut listeners = self.shared.lock().unwrap_or_else(PoisonError::into_inner);
        listeners
            .streams
            .retain_mut(|s| s.write_all(line.as_bytes()).is_ok());
        listeners.latest = Some(line);
    }
}

impl Drop for NotesServer {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// The notes window: follows presentations on `dir` until interrupted, printing each state.
/// `max_states` stops it after that many (tests); `None` runs until Ctrl-C.
pub fn follow(dir: &Path, out: &mut impl io::Write, max_states: Option<usize>) -> Result<()> {
    let path = dir.join(SOCKET);
    let mut shown = 0;
    let mut said_waiting = false;
    loop {
        let Ok(stream) = UnixStream::connect(&path) else {
            if !said_waiting {
                writeln!(
                    out,
                    "no presentation is running on {}; waiting for `roofline present` (Ctrl-C to stop)",
                    dir.display()
                )?;
                out.flush()?;
                said_waiting = true;
            }
            std::thread::sleep(Duration::from_millis(200));
            continue;
        };
        said_waiting = false;
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { break };
            let Ok(notes) = serde_json::from_str::<Notes>(&line) else {
                continue;
            };
            write!(out, "{}", render(&notes))?;
            out.flush()?;
            shown += 1;
            if max_states.is_some_and(|max| shown >= max) {
                return Ok(());
            }
        }
        writeln!(out, "\nthe presentation ended; waiting for the next one")?;
        out.flush()?;
    }
}

/// The notes as text for a terminal: a clear-screen, then the step, the answer, why, the
/// trap, what the room said and what comes next. Control characters from lesson files are
/// shown escaped.
#[must_use]
pub fn render(notes: &Notes) -> String {
    let clean = |s: &str| -> String {
        s.chars()
            .flat_map(|c| {
                if c.is_control() && c != '\n' {
                    c.escape_default().collect::<Vec<_>>()
                } else {
                    vec![c]
                }
            })
            .collect()
    };
    let mut text = format!(
        "\x1b[2J\x1b[H{} · step {} of {} · {}{}\n\n{}\n",
        clean(&notes.lesson),
        notes.step,
        notes.of,
        notes.kind,
        if notes.revealed { " · revealed" } else { "" },
        clean(&notes.text)
    );
    if !notes.answer.is_empty() {
        let _ = write!(text, "\nANSWER: {}\n", clean(&notes.answer));
    }
    if !notes.explanation.is_empty() {
        let _ = write!(text, "\nWhy: {}\n", clean(&notes.explanation));
    }
    if !notes.trap.is_empty() {
        let _ = write!(text, "\nTrap: {}\n", clean(&notes.trap));
    }
    let g = &notes.guesses;
    if g.count() > 0 {
        let numbers: Vec<String> = g.numbers.iter().map(|n| format!("{n}")).collect();
        let choices: Vec<String> = g
            .choices
            .iter()
            .map(|c| format!("option {}", c + 1))
            .collect();
        let _ = write!(
            text,
            "\nThe room so far ({}): {}\n",
            g.count(),
            numbers
                .into_iter()
                .chain(choices)
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    if let Some(next) = &notes.next {
        let _ = write!(text, "\nNext: step {}\n", clean(next));
    }
    text
}
