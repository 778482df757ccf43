//! `update`: the one place the state changes.

use super::effect::{Effect, Effects};
use super::mode::Saves;
use super::plot_view::{PlotChange, PrefillDot};
use super::{App, Drag, Focus, LessonScreen, Msg, Notice, NoticeKind, Overlay, RunState, Screen};
use crate::domain::lesson::{Step, scenario_for};
use crate::domain::session::{
    Action, ExplainState, Move, Outcome, PredictInput, PredictState, Refusal, ResolvedAnswer,
    Session, StepState,
};

/// Applies one message, and says what must happen outside the state: a follow-up message when
/// one intent leads to another (opening the selected lesson, a click on the slider setting the
/// batch), and a save when the learner's progress changed.
pub fn update(app: &mut App, msg: Msg) -> Effects {
    let last_lesson = app.progress.last_lesson.clone();
    let follow_up = dispatch(app, msg);
    apply_wall_policy(app);
    let mut effects = Effects::default();
    if let Some(msg) = follow_up {
        effects.push(Effect::Dispatch(msg));
    }
    let progressed = sync_progress(app) || app.progress.last_lesson != last_lesson;
    if progressed && app.mode.saves() == Saves::Progress {
        effects.push(Effect::SaveProgress);
    }
    effects
}

/// The state change for one message, split by what it is about.
fn dispatch(app: &mut App, msg: Msg) -> Option<Msg> {
    if app.run_state == RunState::QuitAsked && clears_notice(&msg) && msg != Msg::Quit {
        app.run_state = RunState::Running;
    }
    if clears_notice(&msg) {
        app.notice = app.notice.take().filter(|n| n.kind == NoticeKind::Warning);
    }
    match msg {
        Msg::TypeChar(c) => act(app, Action::Type(c)),
        Msg::Backspace => act(app, Action::Backspace),
        Msg::SelectOption(index) => act(app, Action::Select(index)),
        Msg::Commit => {
            judge_explore_on_the_plot(app);
            act(app, Action::Commit)
        }
        Msg::Reveal => act(app, Action::Reveal),
        Msg::TurnCard => act(app, Action::Turn),
        Msg::Grade(grade) => act(app, Action::Grade(grade)),
        Msg::NextStep => next_step(app),
        Msg::PreviousStep => previous_step(app),
        Msg::HalveBatch => batch_to(app, |b| b / 2),
        Msg::DoubleBatch => batch_to(app, |b| b.saturating_mul(2)),
        Msg::DecrementBatch => batch_to(app, |b| b.saturating_sub(1)),
        Msg::IncrementBatch => batch_to(app, |b| b.saturating_add(1)),
        Msg::SetBatch(batch) => batch_to(app, |_| batch),
        Msg::CyclePrecision(cycle) => {
            plot_change(app, |plot, catalog| plot.cycle_precision(cycle, catalog))
        }
        Msg::CycleGpu(cycle) => plot_change(app, |plot, catalog| plot.cycle_gpu(cycle, catalog)),
        Msg::CycleModel(cycle) => {
            plot_change(app, |plot, catalog| plot.cycle_model(cycle, catalog))
        }
        Msg::CycleContext(cycle) => {
            plot_change(app, |plot, catalog| plot.cycle_context(cycle, catalog))
        }
        Msg::ResetPlot => {
            if matches!(app.screen, Screen::Lesson(_)) {
                plot_to_step(app);
                inform(app, "the plot is back to this step's setting");
            }
            None
        }
        Msg::TogglePrefill => {
            app.plot.prefill = app.plot.prefill.toggled();
            None
        }
        Msg::MouseDown { .. } | Msg::MouseDrag { .. } | Msg::MouseUp => pointer(app, &msg),
        other => navigate(app, other),
    }
}

/// Screens, overlays, focus, scrolling, and what the terminal tells us.
fn navigate(app: &mut App, msg: Msg) -> Option<Msg> {
    match msg {
        Msg::Quit => {
            if app.run_state == RunState::Running && typing_would_be_lost(app) {
                app.run_state = RunState::QuitAsked;
                let key = app
                    .keymap
                    .key_for(&Msg::Quit, &app.contexts(), app.appearance.glyphs)
                    .unwrap_or_else(|| "q".to_owned());
                return refuse(
                    app,
                    format!(
                        "what you typed is not committed: {key} again quits without it; any other key goes on"
                    ),
                );
            }
            app.run_state = RunState::Quitting;
        }
        Msg::QuitNow => app.run_state = RunState::Quitting,
        Msg::ToggleHelp => {
            app.overlay = match app.overlay {
                Overlay::None => Overlay::Help { scroll: 0 },
                Overlay::Help { .. } => Overlay::None,
            };
        }
        Msg::CloseHelp => app.overlay = Overlay::None,
        Msg::DismissNotice => app.notice = None,
        Msg::ShowLessonList => {
            let selected = app.lesson_screen().map_or(0, |s| s.lesson);
            app.screen = Screen::LessonList { selected };
        }
        Msg::ResumeLesson => {
            if app
                .notice
                .as_ref()
                .is_some_and(|n| n.kind == NoticeKind::Warning)
            {
                // Esc says "dismiss" on a warning; honour that before going anywhere.
                app.notice = None;
                return None;
            }
            return match app.last_lesson() {
                Some(index) => Some(Msg::OpenLesson(index)),
                None => refuse(app, "no lesson studied yet: pick one and press Enter"),
            };
        }
        Msg::SelectPrevious | Msg::SelectNext | Msg::SelectFirst | Msg::SelectLast => {
            select(app, &msg);
        }
        Msg::OpenSelected => {
            return match app.screen {
                Screen::LessonList { selected } if selected < app.lessons.len() => {
                    Some(Msg::OpenLesson(selected))
                }
                _ => None,
            };
        }
        Msg::OpenLesson(index) => open_lesson(app, index),
        Msg::LeaveInput => {
            if let Screen::Lesson(screen) = &mut app.screen {
                screen.focus = Focus::Commands;
            }
        }
        Msg::EditText => {
            if let Screen::Lesson(screen) = &mut app.screen
                && matches!(
                    screen.session.state(),
                    StepState::Explain(ExplainState::Writing { .. })
                )
            {
                screen.focus = Focus::Text;
            }
        }
        Msg::ScrollUp | Msg::ScrollDown | Msg::PageUp | Msg::PageDown => scroll(app, &msg),
        Msg::Resize { width, height } => {
            app.viewport = ratatui::layout::Size { width, height };
            clamp_scroll(app);
        }
        Msg::SaveFailed(why) => {
            app.notice = Some(Notice {
                kind: NoticeKind::Warning,
                text: format!("progress not saved: {why}"),
            });
        }
        // The study, plot and pointer messages are handled in `update`.
        _ => {}
    }
    None
}

/// Whether quitting now would drop a guess or an explanation the learner typed.
fn typing_would_be_lost(app: &App) -> bool {
    match app.session().map(Session::state) {
        Some(
            StepState::Predict(PredictState::Predicting {
                input: PredictInput::Number { text, .. },
            })
            | StepState::Explain(ExplainState::Writing { text }),
        ) => !text.is_empty(),
        _ => false,
    }
}

/// A press on the slider sets the batch and starts a drag; a drag moves it; a release ends it.
fn pointer(app: &mut App, msg: &Msg) -> Option<Msg> {
    match *msg {
        Msg::MouseDown { column, row } => {
            let track = app.slider_track().filter(|t| t.contains(column, row))?;
            app.drag = Drag::Slider;
            Some(Msg::SetBatch(track.batch_at_column(column)))
        }
        Msg::MouseDrag { column, .. } => match app.drag {
            Drag::Slider => app
                .slider_track()
                .map(|t| Msg::SetBatch(t.batch_at_column(column))),
            Drag::Idle => None,
        },
        _ => {
            app.drag = Drag::Idle;
            None
        }
    }
}

/// Whether a message is an intent after which the last info or refusal no longer applies.
const fn clears_notice(msg: &Msg) -> bool {
    !matches!(
        msg,
        Msg::Resize { .. } | Msg::SaveFailed(_) | Msg::MouseUp | Msg::MouseDrag { .. }
    )
}

fn refuse(app: &mut App, text: impl Into<String>) -> Option<Msg> {
    app.notice = Some(Notice {
        kind: NoticeKind::Refusal,
        text: text.into(),
    });
    None
}

fn inform(app: &mut App, text: impl Into<String>) {
    app.notice = Some(Notice {
        kind: NoticeKind::Info,
        text: text.into(),
    });
}

fn select(app: &mut App, msg: &Msg) {
    let count = app.lessons.len();
    if let Screen::LessonList { selected } = &mut app.screen {
        let last = count.saturating_sub(1);
        *selected = match msg {
            Msg::SelectPrevious => selected.saturating_sub(1),
            Msg::SelectNext => (*selected + 1).min(last),
            Msg::SelectFirst => 0,
            _ => last,
        };
    }
}

fn open_lesson(app: &mut App, index: usize) {
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
fn enter_step(app: &mut App) {
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
fn plot_to_step(app: &mut App) {
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
fn judge_explore_on_the_plot(app: &mut App) {
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
    match outcome {
        // A refused guess shows its reason under the input, where the learner is looking.
        Outcome::Changed | Outcome::Unchanged | Outcome::Refused(Refusal::Guess(_)) => None,
        Outcome::Refused(refusal) => refuse(app, refusal.to_string()),
    }
}

fn next_step(app: &mut App) -> Option<Msg> {
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

fn previous_step(app: &mut App) -> Option<Msg> {
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

fn scroll(app: &mut App, msg: &Msg) {
    let page = app.viewport.height.saturating_sub(8).max(1);
    let step = |at: u16| match msg {
        Msg::ScrollUp => at.saturating_sub(1),
        Msg::ScrollDown => at.saturating_add(1),
        Msg::PageUp => at.saturating_sub(page),
        _ => at.saturating_add(page),
    };
    if let Overlay::Help { scroll } = app.overlay {
        let limit = app.help_scroll_limit();
        app.overlay = Overlay::Help {
            scroll: step(scroll).min(limit),
        };
        return;
    }
    if let Screen::Lesson(screen) = &mut app.screen {
        screen.scroll = step(screen.scroll);
    }
    clamp_scroll(app);
}

fn clamp_scroll(app: &mut App) {
    let limit = app.lesson_scroll_limit();
    if let Screen::Lesson(screen) = &mut app.screen {
        screen.scroll = screen.scroll.min(limit);
    }
}

fn batch_to(app: &mut App, target: impl FnOnce(u32) -> u32) -> Option<Msg> {
    let wanted = target(app.plot.scenario.batch);
    plot_change(app, |plot, catalog| plot.set_batch(wanted, catalog))
}

fn plot_change(
    app: &mut App,
    change: impl FnOnce(&mut super::PlotView, &crate::domain::catalog::Catalog) -> PlotChange,
) -> Option<Msg> {
    if !matches!(app.screen, Screen::Lesson(_)) {
        return None;
    }
    match change(&mut app.plot, &app.catalog) {
        PlotChange::Changed | PlotChange::Unchanged => None,
        PlotChange::ChangedWithNote(note) => {
            inform(app, note);
            None
        }
        PlotChange::Refused(why) => refuse(app, why),
    }
}

/// Keeps the plot's KV wall as the mode wants it; once a wall is no longer withheld, a batch
/// past it comes down to it, with the reason.
fn apply_wall_policy(app: &mut App) {
    let wanted = app.wall_policy();
    if app.plot.wall == wanted {
        return;
    }
    app.plot.wall = wanted;
    let batch = app.plot.scenario.batch;
    if let PlotChange::ChangedWithNote(note) = app.plot.set_batch(batch, &app.catalog) {
        inform(app, format!("batch lowered: {note}"));
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
