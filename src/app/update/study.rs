//! The study session: opening a lesson, acting on a step, moving between steps, and what is
//! remembered.

use super::{inform, refuse};
use crate::app::plot_view::PrefillDot;
use crate::app::{App, Focus, LessonScreen, Msg, Overlay, Screen};
use crate::domain::lesson::{Step, scenario_for};
use crate::domain::session::{
    Action, ExplainState, Move, Outcome, Refusal, ResolvedAnswer, Session, StepState,
};

pub(super) fn open_lesson(app: &mut App, index: usize) {
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
            app.screen = Screen::Lesson(LessonScreen {
                lesson: index,
                session,
                focus: Focus::Commands,
                scroll: 0,
            });
            app.overlay = Overlay::None;
            enter_step(app);
        }
        Err(e) => {
            refuse(app, e.to_string());
        }
    }
}

/// Sets up the screen for the step just arrived at: scroll to the top, the explanation input
/// focused on a fresh explain step, the plot moved to the step's scenario if it has one.
pub(super) fn enter_step(app: &mut App) {
    let Screen::Lesson(screen) = &mut app.screen else {
        return;
    };
    screen.scroll = 0;
    screen.focus = match screen.session.state() {
        StepState::Explain(ExplainState::Writing { .. }) => Focus::Text,
        _ => Focus::Commands,
    };
    plot_to_step(app);
}

/// Every step opens the plot on its own setting: its scenario or preset applied to the
/// learner's cluster (the cluster itself for a step without one), its comparison GPU, and the
/// prefill dot when the step sets a prompt length. Nothing a learner did on an earlier step's
/// plot carries over.
pub(super) fn plot_to_step(app: &mut App) {
    let Some((_, step)) = app.current_step() else {
        return;
    };
    let (patch, overlay) = match step {
        Step::Read(s) => (s.scenario.as_ref(), None),
        Step::Predict(s) => (s.scenario.as_ref(), None),
        Step::Example(s) => (s.scenario.as_ref(), None),
        Step::Explore(s) => (s.preset.as_ref(), s.overlay_gpu.clone()),
        Step::Recall(_) | Step::Explain(_) => (None, None),
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
pub(super) fn judge_explore_on_the_plot(app: &mut App) {
    let Screen::Lesson(screen) = &mut app.screen else {
        return;
    };
    let Some(Step::Explore(explore)) = app
        .lessons
        .get(screen.lesson)
        .and_then(|l| l.steps.get(screen.session.current()))
    else {
        return;
    };
    let answer = ResolvedAnswer::resolve(&explore.answer, &app.plot.scenario, &app.catalog);
    let _ = screen.session.judge_against(answer);
}

pub(super) fn act(app: &mut App, action: Action) -> Option<Msg> {
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
    match outcome {
        // A refused guess shows its reason under the input, where the learner is looking.
        Outcome::Changed | Outcome::Unchanged | Outcome::Refused(Refusal::Guess(_)) => None,
        Outcome::Refused(refusal) => refuse(app, refusal.to_string()),
    }
}

pub(super) fn next_step(app: &mut App) -> Option<Msg> {
    let Screen::Lesson(screen) = &mut app.screen else {
        return None;
    };
    match screen.session.next_step() {
        Move::Moved => {
            enter_step(app);
            None
        }
        Move::AtEnd | Move::AtStart => {
            let (done, total) = (screen.session.finished(), screen.session.len());
            let lesson = screen.lesson;
            let title = app
                .lessons
                .get(lesson)
                .map_or("", |l| l.title.as_str())
                .to_owned();
            sync_progress(app);
            app.screen = Screen::LessonList {
                selected: if done == total {
                    (lesson + 1).min(app.lessons.len().saturating_sub(1))
                } else {
                    lesson
                },
            };
            if done == total {
                inform(
                    app,
                    format!("“{title}” done: all {total} steps. Pick the next lesson."),
                );
            } else {
                inform(
                    app,
                    format!(
                        "end of “{title}”: {done} of {total} steps done; open it again to finish"
                    ),
                );
            }
            None
        }
    }
}

pub(super) fn previous_step(app: &mut App) -> Option<Msg> {
    let Screen::Lesson(screen) = &mut app.screen else {
        return None;
    };
    match screen.session.previous_step() {
        Move::Moved => {
            enter_step(app);
            None
        }
        Move::AtStart | Move::AtEnd => refuse(app, "this is the first step"),
    }
}

/// Copies the session's progress into what is saved; says whether it changed.
pub(super) fn sync_progress(app: &mut App) -> bool {
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
