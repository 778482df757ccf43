//! The relearning queue: a card graded "again" comes back after the rest of the round, as Anki
//! brings back a lapsed card within minutes, up to [`RETURNS`] times. A return is practice in
//! the same sitting; the step's review history keeps the first grade alone (its long-term
//! schedule is the "again" review's).

use super::{Asked, Item, ItemOutcome, Pass, Round};
use crate::domain::lesson::Step;
use crate::domain::schedule::{Grade, ReviewKind};

/// How many times a card missed in a round comes back in it.
pub const RETURNS: u8 = 2;

impl Round {
    /// The items asked for the first time (each due step once).
    pub(super) fn firsts(&self) -> impl Iterator<Item = &Item> {
        self.items.iter().filter(|i| i.pass == Pass::First)
    }

    /// After item `index` was graded: when it is a card graded "again" that has not come back
    /// [`RETURNS`] times yet, queues it at the end of the round and returns the step to ask
    /// (the card, under an id of its own in the round's lesson).
    pub fn relearn(&mut self, index: usize) -> Option<Step> {
        let item = self.items.get(index)?;
        let (
            ReviewKind::Recall,
            ItemOutcome::Reviewed {
                grade: Grade::Again,
                ..
            },
        ) = (item.kind, item.outcome)
        else {
            return None;
        };
        let returns = match item.pass {
            Pass::First => 1,
            Pass::Relearn(n) if n < RETURNS => n + 1,
            Pass::Relearn(_) => return None,
        };
        let mut step = self.lesson.steps.get(index)?.clone();
        let Step::Recall(card) = &mut step else {
            return None;
        };
        card.id = format!("{}~again{returns}", item.step);
        let back = Item {
            outcome: ItemOutcome::Pending,
            pass: Pass::Relearn(returns),
            asked: Asked::Card,
            ..item.clone()
        };
        self.items.push(back);
        self.lesson.steps.push(step.clone());
        Some(step)
    }
}
