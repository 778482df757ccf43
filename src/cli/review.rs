//! `roofline review [--json]`: what is due for review (recall cards and answered predictions,
//! scheduled by FSRS from each step's review history), for scripts and status bars.
//!
//! ```json
//! {"now": "2026-01-31T09:00:00Z", "retention": 0.9, "due": 2, "next_due": "2026-02-02T10:00:00Z",
//!  "items": [{"lesson": "ridge-point", "step": "h100-ridge", "kind": "predict",
//!             "due": "2026-01-30T10:00:00Z", "is_due": true, "reviews": 1}, …]}
//! ```
//!
//! `due` is null for a step answered before reviews were kept (due at once). Without `--json`
//! the review opens in the terminal ([`interactive`]). `--ahead [N]` practises (or, with
//! `--json`, lists) the N items that come due next even when none is due: on the first day
//! nothing is, since answering a step in a lesson is its first review.

mod interactive;
pub mod start;

use std::process::ExitCode;

use anyhow::{Context as _, Result};
use serde::Serialize;

use super::args::GlobalArgs;
use crate::domain::schedule::{Due, Reviewable, Scheduler, Timestamp, coming_due, reviewables};
use crate::domain::session::Progress;
use crate::store::Store;

/// The current time, from the system clock (the domain takes it as data).
#[must_use]
pub fn now() -> Timestamp {
    crate::app::review::timestamp(std::time::SystemTime::now())
}

/// The scheduler for `--retention` (default 0.9).
#[must_use]
pub fn scheduler(global: &GlobalArgs) -> Scheduler {
    Scheduler::new(global.retention.unwrap_or_default())
}

/// The learner's progress as it is on disk, read without changing anything; empty when there
/// is none (or no data directory).
pub fn peek_progress(global: &GlobalArgs) -> Result<Progress> {
    let Some(dir) = super::data_dir(global) else {
        return Ok(Progress::default());
    };
    Store::new(dir)
        .peek()
        .map(Option::unwrap_or_default)
        .map_err(|why| anyhow::anyhow!("cannot read the progress file: {why}"))
}

/// A moment of the clock as RFC 3339 in UTC, to the second (`2026-01-31T09:00:00Z`); a moment
/// `time` cannot write (past the year 9999) as its seconds since 1970.
#[must_use]
pub fn rfc3339_seconds(t: std::time::SystemTime) -> String {
    let moment = time::OffsetDateTime::from(t).truncate_to_second();
    moment
        .format(&time::format_description::well_known::Rfc3339)
        .unwrap_or_else(|_| format!("{}s", moment.unix_timestamp()))
}

/// A moment as RFC 3339 in UTC (`2026-01-31T09:00:00Z`).
pub fn rfc3339(at: Timestamp) -> Result<String> {
    let moment = time::OffsetDateTime::from_unix_timestamp(at.0)
        .with_context(|| format!("{} is not a date", at.0))?;
    Ok(moment.format(&time::format_description::well_known::Rfc3339)?)
}

#[derive(Debug, Serialize)]
struct Report {
    now: String,
    retention: f32,
    due: usize,
    next_due: Option<String>,
    items: Vec<Item>,
}

#[derive(Debug, Serialize)]
struct Item {
    lesson: String,
    step: String,
    kind: &'static str,
    due: Option<String>,
    is_due: bool,
    reviews: usize,
}

/// Which items a review asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    /// What is due now.
    Due,
    /// The first N in the order they come due, due or not (`--ahead N`).
    Ahead(usize),
}

impl Pick {
    /// `--ahead`'s count, if given.
    #[must_use]
    pub const fn of(ahead: Option<usize>) -> Self {
        match ahead {
            Some(count) => Self::Ahead(count),
            None => Self::Due,
        }
    }
}

/// With `--json`, prints what is due at the current time (with `--ahead`, the items that would
/// be practised); without, opens the review in the terminal (or says that nothing is due, and
/// when the next item is).
pub fn run(global: &GlobalArgs, json: bool, ahead: Option<usize>) -> Result<ExitCode> {
    let pick = Pick::of(ahead);
    if !json {
        return interactive::run(global, pick);
    }
    let catalog = super::catalog(global)?;
    super::cluster(global, &catalog)?;
    let lessons = super::lessons(global, &catalog)?;
    let progress = peek_progress(global)?;
    let scheduler = scheduler(global);
    let deck = reviewables(&lessons, &progress, &scheduler);
    let deck = match pick {
        Pick::Due => deck,
        Pick::Ahead(count) => coming_due(deck, count),
    };
    super::print(&to_json(deck, &scheduler, now())?)
}

/// The JSON report: every step in the review deck, the due ones first, then by due date.
pub fn to_json(mut deck: Vec<Reviewable>, scheduler: &Scheduler, now: Timestamp) -> Result<String> {
    deck.sort_by_key(|r| r.due);
    let next_due = next_due_at(&deck, now);
    let items = deck
        .iter()
        .map(|r| {
            Ok(Item {
                lesson: r.lesson.clone(),
                step: r.step.clone(),
                kind: r.kind.name(),
                due: match r.due {
                    Due::At(at) => Some(rfc3339(at)?),
                    Due::Unscheduled => None,
                },
                is_due: r.due.is_due(now),
                reviews: r.reviews,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let report = Report {
        now: rfc3339(now)?,
        retention: scheduler.retention().get(),
        due: items.iter().filter(|i| i.is_due).count(),
        next_due: next_due.map(rfc3339).transpose()?,
        items,
    };
    Ok(serde_json::to_string_pretty(&report)? + "\n")
}

/// What `roofline review --ahead` says when the review deck is empty.
#[must_use]
pub const fn nothing_ahead() -> &'static str {
    "Nothing to practise yet: recall cards and predictions join the review once answered in `roofline`.\n"
}

/// When the first item not yet due comes due (none when every item is due or unscheduled).
fn next_due_at(deck: &[Reviewable], now: Timestamp) -> Option<Timestamp> {
    deck.iter()
        .filter_map(|r| match r.due {
            Due::At(at) if at > now => Some(at),
            Due::At(_) | Due::Unscheduled => None,
        })
        .min()
}

/// What `roofline review` says when nothing is due: that, and when the next item is.
pub fn nothing_due(deck: &[Reviewable], now: Timestamp) -> Result<String> {
    let next = next_due_at(deck, now);
    Ok(match next {
        None => "Nothing to review yet: recall cards and predictions join the review once answered in `roofline`.\n".to_owned(),
        Some(next) => {
            let when = match next.calendar_days_since(now) {
                ..=0 => "later today".to_owned(),
                1 => "tomorrow".to_owned(),
                n => format!("in {n} days"),
            };
            format!(
                "Nothing is due for review. The next item comes due {} ({when}); {} item{} in the review deck.\n",
                rfc3339(next)?,
                deck.len(),
                if deck.len() == 1 { "" } else { "s" }
            )
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_is_written_to_the_second_in_utc() {
        let at = std::time::UNIX_EPOCH + std::time::Duration::from_millis(1_767_225_600_750);
        assert_eq!(rfc3339_seconds(at), "2026-01-01T00:00:00Z");
    }
    use crate::domain::schedule::ReviewKind;

    const START: Timestamp = Timestamp(1_767_225_600); // 2026-01-01 00:00 UTC

    fn item(step: &str, due: Due) -> Reviewable {
        Reviewable {
            lesson: "ridge-point".into(),
            step: step.into(),
            kind: ReviewKind::Recall,
            due,
            reviews: usize::from(due != Due::Unscheduled),
        }
    }

    #[test]
    fn json_lists_due_steps_first_with_dates() {
        let deck = vec![
            item("later", Due::At(START.plus_days(3))),
            item("overdue", Due::At(START.plus_days(-1))),
            item("never", Due::Unscheduled),
        ];
        let json = to_json(deck, &Scheduler::default(), START).unwrap();
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["now"], "2026-01-01T00:00:00Z");
        assert_eq!(v["due"], 2);
        assert_eq!(v["next_due"], "2026-01-04T00:00:00Z");
        let steps: Vec<&str> = v["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["step"].as_str().unwrap())
            .collect();
        assert_eq!(steps, ["never", "overdue", "later"]);
        assert_eq!(v["items"][0]["due"], serde_json::Value::Null);
        assert_eq!(v["items"][1]["due"], "2025-12-31T00:00:00Z");
        assert_eq!(v["items"][1]["is_due"], true);
        assert_eq!(v["items"][2]["is_due"], false);
        assert_eq!(v["items"][2]["kind"], "recall");
        assert!((v["retention"].as_f64().unwrap() - 0.9).abs() < 1e-6);
    }

    #[test]
    fn nothing_due_says_when_the_next_item_is() {
        let deck = vec![
            item("a", Due::At(START.plus_days(2))),
            item("b", Due::At(START.plus_days(9))),
        ];
        let text = nothing_due(&deck, START).unwrap();
        assert_eq!(
            text,
            "Nothing is due for review. The next item comes due 2026-01-03T00:00:00Z (in 2 days); 2 items in the review deck.\n"
        );
        assert!(
            nothing_due(&[], START)
                .unwrap()
                .starts_with("Nothing to review yet")
        );
    }
}
