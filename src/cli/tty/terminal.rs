//! The terminal while the tutor runs: raw mode, the alternate screen and mouse capture, undone
//! on every way out — a normal leave, a drop during an error, a panic (through a hook that
//! restores the terminal before the panic message prints, so the message is readable), and
//! every catchable signal whose default action ends the program (SIGTERM, SIGHUP, SIGQUIT,
//! SIGINT sent with `kill`, SIGUSR1/2, the timer and resource-limit signals).

use std::io::{self, Stdout};
use std::sync::Once;

use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Size;

/// The terminal in the tutor's mode; restored when left or dropped.
pub struct Session {
    terminal: Terminal<CrosstermBackend<Stdout>>,
    state: State,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Entered,
    Left,
}

static PANIC_HOOK: Once = Once::new();

impl Session {
    /// Enters raw mode, the alternate screen and mouse capture.
    pub fn enter() -> io::Result<Self> {
        PANIC_HOOK.call_once(|| {
            let previous = std::panic::take_hook();
            std::panic::set_hook(Box::new(move |info| {
                restore();
                previous(info);
            }));
            restore_on_termination_signals();
        });
        enable_raw_mode()?;
        if let Err(e) = execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture) {
            restore();
            return Err(e);
        }
        match Terminal::new(CrosstermBackend::new(io::stdout())) {
            Ok(terminal) => Ok(Self {
                terminal,
                state: State::Entered,
            }),
            Err(e) => {
                restore();
                Err(e)
            }
        }
    }

    /// The terminal's size now.
    pub fn size(&self) -> io::Result<Size> {
        self.terminal.size()
    }

    /// Runs `app` here until it quits, then puts the terminal back (also after a failed run):
    /// what every command that takes the terminal does.
    pub fn run_app<E: crate::app::EventSource, S: crate::app::ProgressSink>(
        &mut self,
        app: &mut crate::app::App,
        events: &mut E,
        sink: &mut S,
    ) -> anyhow::Result<()> {
        use anyhow::Context as _;
        let outcome = crate::app::run(&mut self.terminal, app, events, sink);
        self.leave().context("cannot restore the terminal")?;
        outcome.context("the terminal failed")
    }

    /// Puts the terminal back, reporting failure.
    pub fn leave(&mut self) -> io::Result<()> {
        if self.state == State::Left {
            return Ok(());
        }
        self.state = State::Left;
        self.terminal.show_cursor()?;
        execute!(io::stdout(), DisableMouseCapture, LeaveAlternateScreen)?;
        disable_raw_mode()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        if self.state == State::Entered {
            self.state = State::Left;
            restore();
        }
    }
}

/// `kill`, a closed terminal window or Ctrl-\\ end the program without a key event: put the
/// terminal back first, then exit with the conventional 128 + signal status. Progress is saved
/// after every change, so nothing is lost. SIGPIPE is left alone (Rust ignores it; a write
/// error follows instead), and SIGKILL and SIGSTOP cannot be caught.
#[cfg(unix)]
fn restore_on_termination_signals() {
    use signal_hook::consts::{
        SIGALRM, SIGHUP, SIGINT, SIGPROF, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGVTALRM, SIGXCPU,
        SIGXFSZ,
    };
    use signal_hook::iterator::Signals;
    // Without the handler the default action still ends the program; only the restore is lost.
    let Ok(mut signals) = Signals::new([
        SIGTERM, SIGHUP, SIGQUIT, SIGINT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
        SIGXFSZ,
    ]) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            restore();
            std::process::exit(128 + signal);
        }
    });
}

#[cfg(not(unix))]
fn restore_on_termination_signals() {}

/// Best-effort restore for the error and panic paths, where there is no one to report to.
fn restore() {
    let _ = execute!(
        io::stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        crossterm::cursor::Show
    );
    let _ = disable_raw_mode();
}
