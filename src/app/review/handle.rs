//! The review mode's part of `update`: the round's items are asked as study asks steps (typing,
//! committing and turning cards go through study's code), but revealing and grading record a
//! review in the step's history, an item is graded once, moving only goes forward (an item
//! left unanswered stays due), and the end of the round is its summary.

use crate::app::effect::{Effect, Effects};
use crate::app::handlers::refuse;
use crate::app::handlers::route::study;
use crate::app::handlers::study::{enter_step, show_lesson};
use crate::app::review::timestamp;
use crate::app::{App, LessonView, Mode, Msg, NavMsg, Screen, StepMsg};
use crate::domain::schedule::{ItemOutcome, Pass, Review, grade_of, next_due};
use crate::domain::session::{Action, Move, Outcome, Session};

/// Opens the round on its first item (a round with no items leaves the screen as it is).
pub fn open(app: &mut App) {
    let Mode::Review(review) = &app.mode else {
        return;
    };
    let Ok(session) = Session::start(review.round.lesson(), &app.cluster, &app.catalog) else {
        return;
    };
    show_lesson(app, 0, session);
}

/// The review's handling of a message: revealing and grading record the review (once per
/// item), moving only goes forward; typing, committing, turning a card, the plot, scrolling,
/// help and quitting work as in study.
pub(in crate::app) fn update(app: &mut App, msg: Msg) -> Effects {
    let Screen::Lesson(screen) = &app.screen else {
        return Effects::following(study(app, msg));
    };
    let index = screen.session.current();
    let graded = app.review().is_some_and(|r| {
        matches!(
            r.round.items().get(index).map(|i| i.outcome),
            Some(ItemOutcome::Reviewed { .. })
        )
    });
    match msg {
        Msg::Step(StepMsg::Reveal | StepMsg::Grade(_)) if graded => {
            refuse(
                app,
                "this item is graded; it comes back when it is due again",
            );
            Effects::default()
        }
        Msg::Step(StepMsg::Reveal) => settle(app, Action::Reveal),
        Msg::Step(StepMsg::Grade(grade)) => settle(app, Action::Grade(grade)),
        Msg::Nav(msg) => Effects::following(navigate(app, msg)),
        // The quiz's and the room's own messages mean nothing in a review (its keymap never
        // sends them).
        Msg::Quiz(_) | Msg::Room(_) | Msg::Why(_) => Effects::default(),
        Msg::App(_) | Msg::Plot(_) | Msg::Step(_) => Effects::following(study(app, msg)),
    }
}

/// Moving in a review: only forward, within the round.
fn navigate(app: &mut App, msg: NavMsg) -> Option<Msg> {
    match msg {
        NavMsg::NextStep => {
            next(app);
            None
        }
        NavMsg::PreviousStep => refuse(app, "a review goes forward: each item is asked once"),
        NavMsg::ShowLessonList
        | NavMsg::ResumeLesson
        | NavMsg::OpenSelected
        | NavMsg::OpenLesson(_)
        | NavMsg::OpenStep { .. }
        | NavMsg::OpenSearch
        | NavMsg::ShowWeakest
        | NavMsg::RestartLesson
        | NavMsg::FirstUnfinished
        | NavMsg::JumpToStep(_) => refuse(
            app,
            "not during a review: q leaves it (what you reviewed is saved), `roofline` studies",
        ),
        NavMsg::SelectPrevious
        | NavMsg::SelectNext
        | NavMsg::SelectFirst
        | NavMsg::SelectLast
        | NavMsg::ScrollUp
        | NavMsg::ScrollDown
        | NavMsg::PageUp
        | NavMsg::PageDown => study(app, Msg::Nav(msg)),
    }
}

/// Reveals or grades the current item and, when that settled it, records its review.
pub(in crate::app) fn settle(app: &mut App, action: Action) -> Effects {
    let Screen::Lesson(screen) = &mut app.screen else {
        return Effects::default();
    };
    let mut effects = Effects::default();
    match screen.session.act(action) {
        Outcome::Changed => effects.extend(record(app)),
        Outcome::Unchanged => {}
        Outcome::Refused(refusal) => {
            refuse(app, refusal.to_string());
        }
    }
    effects
}

/// Records the review the current item just earned (a card's grade, a prediction's grade from
/// its error) in its step's history, at the clock's reading at the last key (the round's start
/// without one), and when it is due again. A card's return in the same sitting is practice,
/// not a review: its history keeps the first grade. A card graded "again" is queued to come
/// back after the rest of the round
/// ([`crate::domain::schedule::Round::relearn`]).
fn record(app: &mut App) -> Option<Effect> {
    let (Screen::Lesson(screen), Mode::Review(review)) = (&mut app.screen, &mut app.mode) else {
        return None;
    };
    let index = screen.session.current();
    let grade = grade_of(screen.session.state(), screen.session.answer())?;
    let item = review.round.items().get(index)?;
    let at = screen.last_key.map_or(review.round.started(), timestamp);
    let (lesson, step, pass) = (item.lesson.clone(), item.step.clone(), item.pass);
    match pass {
        Pass::First => app
            .progress
            .add_review(&lesson, &step, Review { at, grade }),
        Pass::Relearn(_) => {}
    }
    let next = app
        .schedule
        .scheduler()
        .due(app.progress.history(&lesson, &step))
        .unwrap_or(at);
    let _ = review
        .round
        .settle(index, ItemOutcome::Reviewed { grade, next });
    if let Some(back) = review.round.relearn(index) {
        screen.session.append(&back, None);
    }
    match pass {
        Pass::First => Some(Effect::SaveProgress),
        Pass::Relearn(_) => None,
    }
}

/// The next item (the current one, unanswered, stays due); after the last, the summary.
fn next(app: &mut App) {
    let Screen::Lesson(screen) = &mut app.screen else {
        return;
    };
    if let LessonView::End { .. } = screen.view {
        return;
    }
    let index = screen.session.current();
    if let Mode::Review(review) = &mut app.mode
        && matches!(
            review.round.items().get(index).map(|i| i.outcome),
            Some(ItemOutcome::Pending)
        )
    {
        let _ = review.round.settle(index, ItemOutcome::Skipped);
    }
    match screen.session.next_step() {
        Move::Moved => enter_step(app),
        Move::AtEnd | Move::AtStart => {
            screen.view = LessonView::End { selected: 0 };
            screen.scroll = 0;
            let ended = screen.last_key.map(timestamp);
            if let Mode::Review(review) = &mut app.mode {
                let now = ended.unwrap_or(review.round.started());
                review.ended = Some(now);
                review.next = next_due(&app.lessons, &app.progress, app.schedule.scheduler(), now);
            }
        }
    }
}
