//! The study session: opening a lesson, acting on a step, moving between steps, and what is
//! remembered.

use super::{ask_first, inform, refuse};
use crate::app::plot_view::PrefillDot;
use std::time::Duration;

use crate::app::effect::Effect;
use crate::app::{
    App, Focus, LessonScreen, LessonView, Msg, NavMsg, Overlay, Pending, Screen, StepMsg,
};
use crate::domain::lesson::{Step, scenario_for};
use crate::domain::session::{
    Action, ExplainState, Move, Outcome, Refusal, ResolvedAnswer, Session, StepState,
};

pub(in crate::app) fn open_lesson(app: &mut App, index: usize) {
    let Some(lesson) = app.lessons.get(index) else {
        refuse(app, format!("there is no lesson {}", index + 1));
        return;
    };
    let saved = app
        .progress
        .lessons
        .get(&lesson.id)
        .cloned()
        .unwrap_or_default();
    match Session::resume(lesson, &app.cluster, &app.catalog, &saved) {
        Ok(session) => {
            app.progress.last_lesson = Some(lesson.id.clone());
            show_lesson(app, index, session);
        }
        Err(e) => {
            refuse(app, e.to_string());
        }
    }
}

/// Puts lesson `index` on screen at `session`'s step, the commands focused, nothing scrolled
/// or timed yet (study and review open a lesson the same way).
pub(in crate::app) fn show_lesson(app: &mut App, index: usize, session: Session) {
    app.screen = Screen::Lesson(LessonScreen {
        lesson: index,
        session,
        focus: Focus::Commands,
        scroll: 0,
        view: LessonView::Step,
        active: Duration::ZERO,
        last_key: None,
    });
    app.overlay = Overlay::None;
    enter_step(app);
}

/// Sets up the screen for the step just arrived at: scroll to the top, the explanation input
/// focused on a fresh explain step, the plot moved to the step's scenario if it has one.
pub(in crate::app) fn enter_step(app: &mut App) {
    let Screen::Lesson(screen) = &mut app.screen else {
        return;
    };
    screen.scroll = 0;
    let writing = matches!(
        screen.session.state(),
        StepState::Explain(ExplainState::Writing { .. })
    );
    screen.focus = if writing {
        Focus::Text
    } else {
        Focus::Commands
    };
    plot_to_step(app);
}

/// Every step opens the plot on its own setting: its scenario or preset applied to the
/// learner's cluster (the cluster itself for a step without one), its comparison GPU, and the
/// prefill dot when the step sets a prompt length. Nothing a learner did on an earlier step's
/// plot carries over.
pub(in crate::app) fn plot_to_step(app: &mut App) {
    let Some((_, step)) = app.current_step() else {
        return;
    };
    let (_, patch) = step.opening();
    let overlay = match step {
        Step::Explore(s) => s.overlay_gpu.clone(),
        Step::Read(_)
        | Step::Predict(_)
        | Step::Example(_)
        | Step::Recall(_)
        | Step::Explain(_) => None,
    };
    let prefill = if patch.is_some_and(|p| p.prompt.is_some()) {
        PrefillDot::Shown
    } else {
        PrefillDot::Hidden
    };
    app.plot.scenario = scenario_for(patch, &app.cluster);
    app.plot.overlay_gpu = overlay;
    app.plot.prefill = prefill;
}

/// An explore step is judged for the setting the learner arrived at on the plot: its answer is
/// computed for that setting just before the guess is locked in.
fn judge_explore_on_the_plot(app: &mut App) {
    let Some((_, Step::Explore(explore))) = app.current_step() else {
        return;
    };
    let answer = ResolvedAnswer::resolve(&explore.answer, &app.plot.scenario, &app.catalog);
    if let Screen::Lesson(screen) = &mut app.screen {
        let _ = screen.session.judge_against(answer);
    }
}

/// Answering the step on screen: typing, choosing, committing, revealing, turning, grading,
/// and leaving or taking up the explanation's input.
pub(in crate::app) fn answer(app: &mut App, msg: StepMsg) -> Option<Msg> {
    match msg {
        StepMsg::TypeChar(c) => act(app, Action::Type(c)),
        StepMsg::Backspace => act(app, Action::Backspace),
        StepMsg::SelectOption(index) => act(app, Action::Select(index)),
        StepMsg::Commit => {
            judge_explore_on_the_plot(app);
            act(app, Action::Commit)
        }
        StepMsg::Reveal => act(app, Action::Reveal),
        StepMsg::TurnCard => act(app, Action::Turn),
        StepMsg::Grade(grade) => act(app, Action::Grade(grade)),
        StepMsg::LeaveInput => {
            if let Screen::Lesson(screen) = &mut app.screen {
                screen.focus = Focus::Commands;
            }
            None
        }
        StepMsg::EditText => {
            if let Screen::Lesson(screen) = &mut app.screen
                && matches!(
                    screen.session.state(),
                    StepState::Explain(ExplainState::Writing { .. })
                )
            {
                screen.focus = Focus::Text;
            }
            None
        }
    }
}

/// Study saves the learner's progress after every message that changed it (a step's record,
/// or the lesson studied last).
pub(in crate::app) fn settle(app: &mut App, last_lesson: Option<&str>) -> Option<Effect> {
    let progressed = sync_progress(app) || app.progress.last_lesson.as_deref() != last_lesson;
    progressed.then_some(Effect::SaveProgress)
}

/// Moves to step `n` (from 1) of the lesson on screen, out of its end screen.
pub(in crate::app) fn jump(app: &mut App, n: usize) -> Option<Msg> {
    let Screen::Lesson(screen) = &mut app.screen else {
        return None;
    };
    let len = screen.session.len();
    if n == 0 || n > len {
        refuse(app, format!("there is no step {n}: the lesson has {len}"));
    } else {
        while screen.session.current() + 1 < n {
            let _ = screen.session.next_step();
        }
        while screen.session.current() + 1 > n {
            let _ = screen.session.previous_step();
        }
    }
    if let Screen::Lesson(screen) = &mut app.screen {
        screen.view = LessonView::Step;
    }
    enter_step(app);
    None
}

fn act(app: &mut App, action: Action) -> Option<Msg> {
    let Screen::Lesson(screen) = &mut app.screen else {
        return None;
    };
    let outcome = screen.session.act(action);
    if matches!(
        screen.session.state(),
        StepState::Explain(ExplainState::Revealed { .. })
    ) {
        screen.focus = Focus::Commands;
    }
    if outcome == Outcome::Changed && matches!(action, Action::Reveal | Action::Grade(_)) {
        record_review(app);
    }
    match outcome {
        // A refused guess shows its reason under the input, where the learner is looking.
        Outcome::Changed | Outcome::Unchanged | Outcome::Refused(Refusal::Guess(_)) => None,
        Outcome::Refused(refusal) => refuse(app, refusal.to_string()),
    }
}

/// Adds the step just revealed (a prediction) or graded (a card) to the review history, for
/// the schedule: a card with the learner's grade, a prediction graded from its error. The
/// moment is the run loop's clock at the last key (time is data); without one, nothing is
/// recorded.
fn record_review(app: &mut App) {
    use crate::domain::schedule::{Review, grade_of};
    let Screen::Lesson(screen) = &app.screen else {
        return;
    };
    let Some(at) = screen
        .last_key
        .filter(|t| *t >= std::time::UNIX_EPOCH)
        .map(crate::app::review::timestamp)
    else {
        return;
    };
    let grade = grade_of(screen.session.state(), screen.session.answer());
    let Some(grade) = grade else {
        return;
    };
    let lesson = screen.session.lesson_id().to_owned();
    let Some(step) = app
        .lessons
        .get(screen.lesson)
        .and_then(|l| l.steps.get(screen.session.current()))
        .map(|s| s.id().to_owned())
    else {
        return;
    };
    app.progress
        .add_review(&lesson, &step, Review { at, grade });
}

/// The next step; from the lesson's end, the next lesson (the list after the last).
pub(in crate::app) fn next_step(app: &mut App) -> Option<Msg> {
    let Screen::Lesson(screen) = &mut app.screen else {
        return None;
    };
    if let LessonView::End { .. } = screen.view {
        return Some(if screen.lesson + 1 < app.lessons.len() {
            Msg::Nav(NavMsg::OpenLesson(screen.lesson + 1))
        } else {
            Msg::Nav(NavMsg::ShowLessonList)
        });
    }
    match screen.session.next_step() {
        Move::Moved => {
            enter_step(app);
            None
        }
        Move::AtEnd | Move::AtStart => {
            // The lesson's end: its score, what went right, what was skipped or missed.
            screen.view = LessonView::End { selected: 0 };
            screen.scroll = 0;
            None
        }
    }
}

/// The previous step; from the lesson's end, back to its last step.
pub(in crate::app) fn previous_step(app: &mut App) -> Option<Msg> {
    let Screen::Lesson(screen) = &mut app.screen else {
        return None;
    };
    if let LessonView::End { .. } = screen.view {
        screen.view = LessonView::Step;
        return None;
    }
    match screen.session.previous_step() {
        Move::Moved => {
            enter_step(app);
            None
        }
        Move::AtStart | Move::AtEnd => refuse(app, "this is the first step"),
    }
}

/// Copies the session's progress into what is saved; says whether it changed.
fn sync_progress(app: &mut App) -> bool {
    let Screen::Lesson(screen) = &app.screen else {
        return false;
    };
    let id = screen.session.lesson_id();
    let progress = screen.session.progress();
    if app.progress.lessons.get(id) == Some(&progress) {
        return false;
    }
    app.progress.lessons.insert(id.to_owned(), progress);
    true
}

/// The steps worth another look at the lesson's end: skipped (not finished) or not right, in
/// lesson order, by index.
#[must_use]
pub fn to_revisit(session: &crate::domain::session::Session) -> Vec<usize> {
    use crate::domain::session::StepMark;
    (0..session.len())
        .filter(|&i| {
            session.state_at(i).is_some_and(|state| match state.mark() {
                StepMark::Open | StepMark::Partly(_) | StepMark::Missed => true,
                StepMark::Done | StepMark::Right => false,
            })
        })
        .collect()
}

/// Moves the end screen's highlight.
pub(in crate::app) fn end_select(app: &mut App, down: bool) -> Option<Msg> {
    let Screen::Lesson(screen) = &mut app.screen else {
        return None;
    };
    let count = to_revisit(&screen.session).len();
    if let LessonView::End { selected } = &mut screen.view {
        *selected = if down {
            (*selected + 1).min(count.saturating_sub(1))
        } else {
            selected.saturating_sub(1)
        };
    }
    None
}

/// Opens the step highlighted on the end screen.
pub(in crate::app) fn end_open(app: &mut App) -> Option<Msg> {
    let Screen::Lesson(screen) = &app.screen else {
        return None;
    };
    let LessonView::End { selected } = screen.view else {
        return None;
    };
    to_revisit(&screen.session)
        .get(selected)
        .map(|&i| Msg::Nav(NavMsg::JumpToStep(i + 1)))
}

/// Goes to the first step not yet finished (or says every step is).
pub(in crate::app) fn first_unfinished(app: &mut App) -> Option<Msg> {
    let Screen::Lesson(screen) = &app.screen else {
        return None;
    };
    let first = (0..screen.session.len()).find(|&i| {
        screen
            .session
            .state_at(i)
            .is_some_and(|s| s.mark() == crate::domain::session::StepMark::Open)
    });
    match first {
        Some(i) => Some(Msg::Nav(NavMsg::JumpToStep(i + 1))),
        None => refuse(app, "every step of this lesson is finished"),
    }
}

/// Restarts the lesson on screen from its first step with its answers cleared; the first
/// press asks, the second does it.
pub(in crate::app) fn restart(app: &mut App) -> Option<Msg> {
    let Screen::Lesson(screen) = &app.screen else {
        return None;
    };
    if app.pending != Pending::Restart {
        app.pending = Pending::Restart;
        return ask_first(app, &Msg::Nav(NavMsg::RestartLesson), "R", |key| {
            format!(
                "restart this lesson and clear its answers? {key} again restarts; any other key keeps them"
            )
        });
    }
    app.pending = Pending::Nothing;
    let index = screen.lesson;
    let id = screen.session.lesson_id().to_owned();
    app.progress.lessons.remove(&id);
    open_lesson(app, index);
    inform(app, "the lesson starts again from its first step");
    None
}

/// Counts the time between keys on the lesson on screen (a gap over two minutes counts as
/// two: the learner was away).
pub(in crate::app) fn clock(app: &mut App, now: std::time::SystemTime) {
    if let Screen::Lesson(screen) = &mut app.screen {
        if let Some(last) = screen.last_key
            && let Ok(gap) = now.duration_since(last)
        {
            screen.active += gap.min(Duration::from_secs(120));
        }
        screen.last_key = Some(now);
    }
}
