//! `roofline review`: the round of what is due now, in the terminal. Nothing due: a line that
//! says so and when the next item is, and a clean exit (no terminal needed).

use std::io::IsTerminal as _;
use std::process::ExitCode;

use anyhow::{Context as _, Result, bail};

use super::super::args::GlobalArgs;
use super::super::tty::{appearance, input, terminal};
use super::{now, rfc3339, scheduler};
use crate::app::{App, AppInit};
use crate::domain::schedule::{Round, next_due, reviewables};
use crate::store::Store;

/// Opens the review of what is due now, for the learner's cluster.
pub fn run(global: &GlobalArgs) -> Result<ExitCode> {
    let (catalog, cluster) = super::super::catalog_and_cluster(global)?;
    let lessons = super::super::lessons(global, &catalog)?;
    let mut store = Store::new(super::super::progress_dir(global)?);
    let loaded = store.load();
    if let Some(warning) = &loaded.warning {
        eprintln!("roofline: {warning}");
    }
    let scheduler = scheduler(global);
    let started = now();
    // Drawn afresh each time: the variants follow the moment the review starts.
    let seed = started.0.unsigned_abs() ^ u64::from(std::process::id()).rotate_left(32);
    let Some(round) = Round::due(
        &lessons,
        &loaded.progress,
        &scheduler,
        started,
        &cluster.scenario,
        &catalog,
        seed,
    ) else {
        let deck = reviewables(&lessons, &loaded.progress, &scheduler);
        return super::super::print(&super::nothing_due(&deck, started)?);
    };
    let count = round.items().len();
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        bail!(
            "{count} item(s) are due, and the review needs a terminal (stdin and stdout must be a TTY); `roofline review --json` lists them"
        );
    }
    let mut session = terminal::Session::enter().context("cannot set up the terminal")?;
    let viewport = session.size().context("cannot read the terminal size")?;
    let mut app = App::new(AppInit {
        catalog: catalog.into(),
        lessons: lessons.into(),
        cluster: cluster.scenario,
        progress: loaded.progress,
        warning: None,
        appearance: appearance(global),
        viewport,
        measure: crate::ui::MEASURE,
    })
    .reviewing(round, scheduler.clone());
    session.run_app(&mut app, &mut input::TtyEvents::start(), &mut store)?;
    // What the round did, on the shell, once the terminal is back.
    let Some(review) = app.review() else {
        return Ok(ExitCode::SUCCESS);
    };
    let round = &review.round;
    let at = review.ended.unwrap_or_else(now);
    let next = match next_due(app.lessons(), app.progress(), &scheduler, at) {
        Some(next) => format!("; next due {}", rfc3339(next.at)?),
        None => String::new(),
    };
    super::super::print(&format!(
        "Reviewed {} of {count}, {} right{next}.\n",
        round.reviewed(),
        round.right()
    ))
}
