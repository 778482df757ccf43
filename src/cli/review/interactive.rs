//! `roofline review`: the round of what is due now (with `--ahead N`, of the N items that come
//! due next), in the terminal. Nothing to ask: a line that says so (and when the next item is),
//! and a clean exit (no terminal needed).

use std::io::IsTerminal as _;
use std::process::ExitCode;

use anyhow::{Context as _, Result, bail};

use super::super::args::GlobalArgs;
use super::super::tty::{appearance, input, terminal};
use super::Pick;
use super::{now, rfc3339, scheduler};
use crate::app::{App, AppInit};
use crate::domain::schedule::{Round, coming_due, due_among, next_due, reviewables};
use crate::store::Store;

/// Opens the review of what is due now (or comes due next), for the learner's cluster.
pub fn run(global: &GlobalArgs, pick: Pick) -> Result<ExitCode> {
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
    let deck = reviewables(&lessons, &loaded.progress, &scheduler);
    let picked = match pick {
        Pick::Due => due_among(deck.clone(), started),
        Pick::Ahead(count) => coming_due(deck.clone(), count),
    };
    let Some(round) = Round::of(picked, &lessons, started, &cluster.scenario, &catalog, seed)
    else {
        return super::super::print(&match pick {
            Pick::Due => super::nothing_due(&deck, started)?,
            Pick::Ahead(_) => super::nothing_ahead().to_owned(),
        });
    };
    let count = round.items().len();
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        let (what, list) = match pick {
            Pick::Due => ("are due", "`roofline review --json`"),
            Pick::Ahead(_) => ("come due next", "`roofline review --ahead --json`"),
        };
        bail!(
            "{count} item(s) {what}, and the review needs a terminal (stdin and stdout must be a TTY); {list} lists them"
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
    .with_keymap(global.keys.clone())
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
