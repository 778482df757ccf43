//! `roofline review`: the round of what is due now (with `--ahead N`, of the N items that come
//! due next), in the terminal. Nothing to ask: a line that says so (and when the next item is),
//! and a clean exit (no terminal needed).

use std::io::IsTerminal as _;
use std::process::ExitCode;

use anyhow::{Context as _, Result, bail};

use super::super::args::GlobalArgs;
use super::super::tty::{appearance, input, terminal};
use super::Pick;
use super::start::{Start, closing, start};

/// Opens the review of what is due now (or comes due next), for the learner's cluster.
pub fn run(global: &GlobalArgs, pick: Pick) -> Result<ExitCode> {
    let ready = match start(global, pick)? {
        Start::Nothing(text) => return super::super::print(&text),
        Start::Ready(ready) => ready,
    };
    let count = ready.round.items().len();
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        let (what, list) = match pick {
            Pick::Due => ("are due", "`roofline review --json`"),
            Pick::Ahead(_) => ("come due next", "`roofline review --ahead --json`"),
        };
        bail!(
            "{count} item(s) {what}, and the review needs a terminal (stdin and stdout must be a TTY); {list} lists them"
        );
    }
    let scheduler = ready.scheduler.clone();
    let mut session = terminal::Session::enter().context("cannot set up the terminal")?;
    let viewport = session.size().context("cannot read the terminal size")?;
    let (mut app, mut store) = ready.app(appearance(global), viewport, global.keys.clone());
    session.run_app(&mut app, &mut input::TtyEvents::start(), &mut store)?;
    // What the round did, on the shell, once the terminal is back.
    match closing(&app, &scheduler, count)? {
        Some(line) => super::super::print(&line),
        None => Ok(ExitCode::SUCCESS),
    }
}
