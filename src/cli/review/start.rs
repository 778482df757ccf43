//! What every front end of `roofline review` starts from (the screen's and the plain text's):
//! the learner's progress and cluster, the round of what is due now (or comes due next), and
//! the line that ends it on the shell.

use anyhow::Result;

use super::super::args::GlobalArgs;
use super::{Pick, now, rfc3339, scheduler};
use crate::app::{App, AppInit, Keymap};
use crate::domain::catalog::Catalog;
use crate::domain::lesson::Lesson;
use crate::domain::scenario::Scenario;
use crate::domain::schedule::{Round, Scheduler, coming_due, due_among, next_due, reviewables};
use crate::domain::session::Progress;
use crate::store::Store;
use crate::widgets::Appearance;

/// A review about to start, or why there is none.
pub enum Start {
    /// Nothing to ask: what to print (nothing due, and when the next item is).
    Nothing(String),
    /// A round to ask.
    Ready(Box<Ready>),
}

/// A round and everything the program that asks it needs.
pub struct Ready {
    catalog: Catalog,
    cluster: Scenario,
    lessons: Vec<Lesson>,
    progress: Progress,
    store: Store,
    /// The round.
    pub round: Round,
    /// How it is scheduled (`--retention`).
    pub scheduler: Scheduler,
}

/// Loads what the review needs and draws its round (the variants follow the moment it
/// starts); a warning from the progress file goes to stderr.
pub fn start(global: &GlobalArgs, pick: Pick) -> Result<Start> {
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
        return Ok(Start::Nothing(match pick {
            Pick::Due => super::nothing_due(&deck, started)?,
            Pick::Ahead(_) => super::nothing_ahead().to_owned(),
        }));
    };
    Ok(Start::Ready(Box::new(Ready {
        catalog,
        cluster: cluster.scenario,
        lessons,
        progress: loaded.progress,
        store,
        round,
        scheduler,
    })))
}

impl Ready {
    /// The program in review mode on the round's first item, drawn with `appearance` at
    /// `viewport`, its keys from `keymap`; and the store its reviews are saved in.
    #[must_use]
    pub fn app(
        self,
        appearance: Appearance,
        viewport: ratatui::layout::Size,
        keymap: Keymap,
    ) -> (App, Store) {
        let app = App::new(AppInit {
            catalog: self.catalog.into(),
            lessons: self.lessons.into(),
            cluster: self.cluster,
            progress: self.progress,
            warning: None,
            appearance,
            viewport,
            measure: crate::ui::MEASURE,
        })
        .with_keymap(keymap)
        .reviewing(self.round, self.scheduler);
        (app, self.store)
    }
}

/// What the round did, for the shell once it is over: `Reviewed 2 of 3, 1 right; next due …`.
pub fn closing(app: &App, scheduler: &Scheduler, count: usize) -> Result<Option<String>> {
    let Some(review) = app.review() else {
        return Ok(None);
    };
    let round = &review.round;
    let at = review.ended.unwrap_or_else(now);
    let next = match next_due(app.lessons(), app.progress(), scheduler, at) {
        Some(next) => format!("; next due {}", rfc3339(next.at)?),
        None => String::new(),
    };
    Ok(Some(format!(
        "Reviewed {} of {count}, {} right{next}.\n",
        round.reviewed(),
        round.right()
    )))
}
