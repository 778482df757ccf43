//! The review mode's part of `update`: the round's items are asked as study asks steps (typing,
//! committing and turning cards go through study's code), but revealing and grading record a
//! review in the step's history, an item is graded once, moving only goes forward (an item
//! left unanswered stays due), and the end of the round is its summary.

use super::{enter_step, refuse, show_lesson};
use crate::app::effect::Effect;
use crate::app::review::timestamp;
use crate::app::{App, LessonView, Mode, Msg, Screen};
use crate::domain::schedule::{ItemOutcome, Review, grade_of, next_due};
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

/// The review's handling of a message; `None` when study's handling applies as it is.
pub(super) fn handle(app: &mut App, msg: &Msg) -> Option<(Option<Msg>, Vec<Effect>)> {
    let Screen::Lesson(screen) = &app.screen else {
        return None;
    };
    let index = screen.session.current();
    let graded = app.review().is_some_and(|r| {
        matches!(
            r.round.items().get(index).map(|i| i.outcome),
            Some(ItemOutcome::Reviewed { .. })
        )
    });
    let done = |effects: Vec<Effect>| Some((None, effects));
    match msg {
        Msg::Reveal | Msg::Grade(_) if graded => {
            refuse(
                app,
                "this item is graded; it comes back when it is due again",
            );
            done(vec![])
        }
        Msg::Reveal => done(settle(app, Action::Reveal)),
        Msg::Grade(grade) => done(settle(app, Action::Grade(*grade))),
        Msg::NextStep => {
            next(app);
            done(vec![])
        }
        Msg::PreviousStep => {
            refuse(app, "a review goes forward: each item is asked once");
            done(vec![])
        }
        Msg::ShowLessonList
        | Msg::ResumeLesson
        | Msg::OpenSelected
        | Msg::OpenLesson(_)
        | Msg::RestartLesson
        | Msg::FirstUnfinished
        | Msg::JumpToStep(_) => {
            refuse(
                app,
                "not during a review: q leaves it (what you reviewed is saved), `roofline` studies",
            );
            done(vec![])
        }
        // Typing, committing, turning a card, the plot, scrolling, help and quitting work as
        // in study (listed, so that a new message is decided here too).
        Msg::Quit
        | Msg::QuitNow
        | Msg::ToggleHelp
        | Msg::CloseHelp
        | Msg::DismissNotice
        | Msg::SelectPrevious
        | Msg::SelectNext
        | Msg::SelectFirst
        | Msg::SelectLast
        | Msg::TypeChar(_)
        | Msg::Backspace
        | Msg::SelectOption(_)
        | Msg::Commit
        | Msg::TurnCard
        | Msg::LeaveInput
        | Msg::EditText
        | Msg::ScrollUp
        | Msg::ScrollDown
        | Msg::PageUp
        | Msg::PageDown
        | Msg::HalveBatch
        | Msg::DoubleBatch
        | Msg::DecrementBatch
        | Msg::IncrementBatch
        | Msg::SetBatch(_)
        | Msg::CyclePrecision(_)
        | Msg::CycleGpu(_)
        | Msg::CycleModel(_)
        | Msg::CycleContext(_)
        | Msg::ResetPlot
        | Msg::Clock(_)
        | Msg::OpenWhatIf
        | Msg::CompleteWhatIf
        | Msg::ToggleCurtain
        | Msg::TogglePrefill
        | Msg::MouseDown { .. }
        | Msg::MouseDrag { .. }
        | Msg::MouseUp
        | Msg::Resize { .. }
        | Msg::SaveFailed(_) => None,
        // The quiz's and the room's own messages mean nothing in a review (its keymap never
        // sends them).
        Msg::SetConfidence(_)
        | Msg::SkipQuestion
        | Msg::ResultExported(_)
        | Msg::RoomAnswer { .. }
        | Msg::ToggleJoinPanel => done(vec![]),
    }
}

/// Reveals or grades the current item and, when that settled it, records its review.
fn settle(app: &mut App, action: Action) -> Vec<Effect> {
    let Screen::Lesson(screen) = &mut app.screen else {
        return Vec::new();
    };
    match screen.session.act(action) {
        Outcome::Changed => record(app),
        Outcome::Unchanged => Vec::new(),
        Outcome::Refused(refusal) => {
            refuse(app, refusal.to_string());
            Vec::new()
        }
    }
}

/// Records the review the current item just earned (a card's grade, a prediction's grade from
/// its error) in its step's history, at the clock's reading at the last key (the round's start
/// without one), and when it is due again.
fn record(app: &mut App) -> Vec<Effect> {
    let (Screen::Lesson(screen), Mode::Review(review)) = (&app.screen, &mut app.mode) else {
        return Vec::new();
    };
    let index = screen.session.current();
    let Some(grade) = grade_of(screen.session.state(), screen.session.answer()) else {
        return Vec::new();
    };
    let Some(item) = review.round.items().get(index) else {
        return Vec::new();
    };
    let at = screen.last_key.map_or(review.round.started(), timestamp);
    let (lesson, step) = (item.lesson.clone(), item.step.clone());
    app.progress
        .add_review(&lesson, &step, Review { at, grade });
    let next = app
        .schedule
        .scheduler()
        .due(app.progress.history(&lesson, &step))
        .unwrap_or(at);
    let _ = review
        .round
        .settle(index, ItemOutcome::Reviewed { grade, next });
    vec![Effect::SaveProgress]
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
