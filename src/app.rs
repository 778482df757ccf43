//! The terminal program: `Msg`, `update`, the keymap and the event source.
//!
//! [`App`] is the whole state. It changes only in [`update`], one [`Msg`] at a time; rendering
//! reads `&App` (see `ui`). Events come from an [`EventSource`] — crossterm in the program, a
//! scripted queue in tests — and are turned into messages by the [`Keymap`], which is data.

pub mod classroom;
pub mod course;
pub mod deferred;
pub mod effect;
pub mod event_source;
mod geometry;
pub mod keymap;
pub mod layout;
pub mod mode;
pub mod msg;
pub mod plot_view;
pub mod quiz;
pub mod review;
pub mod run;
pub mod schedule;
mod update;

use std::time::{Duration, SystemTime};

use crossterm::event::{Event, KeyEventKind, MouseButton, MouseEventKind};
use ratatui::layout::Size;

pub use classroom::Classroom;
pub use course::Course;
pub use deferred::Deferred;

pub use effect::{Effect, Effects};
pub use event_source::{CrosstermEvents, EventSource, Incoming, ScriptedEvents};
pub use geometry::Measure;
pub use keymap::{KeyContext, Keymap};
pub use mode::Mode;
pub use msg::{AppMsg, Cycle, Msg, NavMsg, PlotMsg, QuizMsg, RoomMsg, StepMsg};
pub use plot_view::PlotView;
pub use review::Reviewing;
pub use run::{ProgressSink, RunError, handle, perform, run};
pub use schedule::Schedule;
pub use update::{to_revisit, update};

use crate::domain::batch_range::Wall;
use crate::domain::catalog::Catalog;
use crate::domain::lesson::{Lesson, Step};
use crate::domain::scenario::Scenario;
use crate::domain::session::{
    ExplainState, PredictInput, PredictState, Progress, RecallState, Session, StepState,
};
use crate::domain::withhold::Withheld;
use crate::widgets::Appearance;

/// Everything the program knows.
#[derive(Debug, Clone)]
pub struct App {
    catalog: Deferred<Catalog>,
    lessons: Course,
    cluster: Scenario,
    progress: Progress,
    screen: Screen,
    overlay: Overlay,
    plot: PlotView,
    notice: Option<Notice>,
    appearance: Appearance,
    keymap: Keymap,
    viewport: Size,
    drag: Drag,
    run_state: RunState,
    measure: Measure,
    mode: Mode,
    what_if: WhatIfLine,
    pending: Pending,
    schedule: Schedule,
}

/// The what-if line over the plot.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum WhatIfLine {
    /// Not open.
    #[default]
    Closed,
    /// Being typed.
    Open {
        /// What is typed after the `:`.
        text: String,
        /// Why the last Enter was refused, shown on the line.
        error: Option<String>,
    },
}

/// What fills the screen.
#[derive(Debug, Clone, PartialEq)]
pub enum Screen {
    /// The course, one lesson per line.
    LessonList {
        /// The highlighted lesson's index.
        selected: usize,
    },
    /// A lesson being studied.
    Lesson(LessonScreen),
}

/// A lesson on screen.
#[derive(Debug, Clone, PartialEq)]
pub struct LessonScreen {
    /// Index of the lesson in the course.
    pub lesson: usize,
    /// Its state machine.
    pub session: Session,
    /// Where typed keys go.
    pub focus: Focus,
    /// Lines of the lesson text scrolled past.
    pub scroll: u16,
    /// A step, or the lesson's end.
    pub view: LessonView,
    /// Time spent on the lesson in this sitting (gaps between keys count up to two minutes).
    pub active: Duration,
    /// When the last key arrived, as the run loop's clock said.
    pub last_key: Option<SystemTime>,
}

/// What the lesson screen shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LessonView {
    /// The current step, with the plot.
    Step,
    /// The end of the lesson: the score, the steps right, the steps skipped or missed.
    End {
        /// The highlighted row of the skipped-or-missed list.
        selected: usize,
    },
}

/// A change that waits for the same key again before it happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pending {
    /// Nothing waits.
    Nothing,
    /// Restart the lesson on screen (clearing its answers) at the next press.
    Restart,
}

/// Where typed keys go on a lesson step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Focus {
    /// Keys are commands (and digits go to a guess).
    Commands,
    /// Every printable key goes into the explanation.
    Text,
}

/// What is drawn over the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overlay {
    /// Nothing.
    None,
    /// The key help.
    Help {
        /// Lines scrolled past.
        scroll: u16,
    },
}

/// Whether the mouse is dragging the slider.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Drag {
    /// No drag.
    Idle,
    /// The left button went down on the slider and has not come up.
    Slider,
}

/// Whether the program goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunState {
    /// Waiting for the next event.
    Running,
    /// Quit was asked for with a guess or an explanation typed but not committed: the next
    /// quit leaves without it, anything else goes on.
    QuitAsked,
    /// Quit was asked for.
    Quitting,
}

/// A line under the screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// How it looks and how long it stays.
    pub kind: NoticeKind,
    /// The text.
    pub text: String,
}

/// Kinds of notice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoticeKind {
    /// Something worth knowing; gone after the next key.
    Info,
    /// A move that was not allowed, and why; gone after the next key.
    Refusal,
    /// A problem with the learner's files; stays until dismissed with Esc.
    Warning,
}

/// What the program starts with.
#[derive(Debug, Clone)]
pub struct AppInit {
    /// GPUs and models (`Catalog::into()` when already loaded).
    pub catalog: Deferred<Catalog>,
    /// The course, in order (`Vec<Lesson>::into()` when already parsed).
    pub lessons: Course,
    /// The learner's cluster: what answers and worked examples are computed for.
    pub cluster: Scenario,
    /// What was saved last time.
    pub progress: Progress,
    /// A warning from start-up (a corrupt progress file moved aside, steps that cannot be
    /// computed for the cluster), shown until dismissed.
    pub warning: Option<String>,
    /// Glyphs and colour.
    pub appearance: Appearance,
    /// The terminal's size.
    pub viewport: Size,
    /// How far text scrolls, measured by the renderer (`ui::MEASURE`).
    pub measure: Measure,
}

impl App {
    /// The program on the lesson list (the last lesson studied highlighted).
    #[must_use]
    pub fn new(init: AppInit) -> Self {
        let AppInit {
            catalog,
            lessons,
            cluster,
            progress,
            warning,
            appearance,
            viewport,
            measure,
        } = init;
        let selected = progress
            .last_lesson
            .as_deref()
            .and_then(|id| lessons.position(id))
            .unwrap_or(0);
        Self {
            plot: PlotView::new(cluster.clone()),
            catalog,
            lessons,
            cluster,
            progress,
            screen: Screen::LessonList { selected },
            overlay: Overlay::None,
            notice: warning.map(|text| Notice {
                kind: NoticeKind::Warning,
                text,
            }),
            appearance,
            keymap: Keymap::default(),
            viewport,
            drag: Drag::Idle,
            run_state: RunState::Running,
            measure,
            mode: Mode::Study,
            what_if: WhatIfLine::Closed,
            pending: Pending::Nothing,
            schedule: Schedule::default(),
        }
    }

    /// The same program as a classroom walkthrough, started at `started` (RFC 3339): the
    /// presenter paces and reveals, nothing is scored, no progress is saved.
    #[must_use]
    pub fn presenting(mut self, started: String) -> Self {
        self.mode = Mode::Present(Classroom {
            started,
            ..Classroom::default()
        });
        self
    }

    /// The same program as a quiz: the questions one at a time, nothing but the question on
    /// screen until its reveal, a result file at the end and no study progress saved.
    #[must_use]
    pub fn quizzing(mut self, run: quiz::QuizRun) -> Self {
        self.mode = Mode::Quiz(run);
        self
    }

    /// The quiz in progress (none outside the quiz).
    #[must_use]
    pub const fn quiz(&self) -> Option<&quiz::QuizRun> {
        match &self.mode {
            Mode::Quiz(run) => Some(run),
            Mode::Study | Mode::Present(_) | Mode::Review(_) => None,
        }
    }

    /// The what-if line.
    #[must_use]
    pub const fn what_if(&self) -> &WhatIfLine {
        &self.what_if
    }

    /// The classroom walkthrough's state (none outside the classroom).
    #[must_use]
    pub const fn classroom(&self) -> Option<&Classroom> {
        match &self.mode {
            Mode::Present(room) => Some(room),
            Mode::Study | Mode::Quiz(_) | Mode::Review(_) => None,
        }
    }

    /// The index of the lesson studied last, if it is in the course.
    #[must_use]
    pub fn last_lesson(&self) -> Option<usize> {
        let id = self.progress.last_lesson.as_deref()?;
        self.lessons.position(id)
    }

    /// The message for a terminal event in the current state, if it means anything here.
    #[must_use]
    pub fn msg_for(&self, event: &Event) -> Option<Msg> {
        match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => {
                self.keymap.lookup(key, &self.contexts())
            }
            Event::Mouse(mouse) => {
                let (column, row) = (mouse.column, mouse.row);
                let on_list = matches!(self.screen, Screen::LessonList { .. });
                match mouse.kind {
                    MouseEventKind::Down(MouseButton::Left) => {
                        Some(Msg::App(AppMsg::MouseDown { column, row }))
                    }
                    MouseEventKind::Drag(MouseButton::Left) => {
                        Some(Msg::App(AppMsg::MouseDrag { column, row }))
                    }
                    MouseEventKind::Up(MouseButton::Left) => Some(Msg::App(AppMsg::MouseUp)),
                    MouseEventKind::ScrollUp if on_list => Some(Msg::Nav(NavMsg::SelectPrevious)),
                    MouseEventKind::ScrollDown if on_list => Some(Msg::Nav(NavMsg::SelectNext)),
                    MouseEventKind::ScrollUp => Some(Msg::Nav(NavMsg::ScrollUp)),
                    MouseEventKind::ScrollDown => Some(Msg::Nav(NavMsg::ScrollDown)),
                    _ => None,
                }
            }
            Event::Resize(width, height) => Some(Msg::App(AppMsg::Resize {
                width: *width,
                height: *height,
            })),
            _ => None,
        }
    }

    /// The key contexts active now, most specific first.
    #[must_use]
    pub fn contexts(&self) -> Vec<KeyContext> {
        if matches!(self.overlay, Overlay::Help { .. }) {
            return vec![KeyContext::Help, KeyContext::Global];
        }
        let mut contexts = self.screen_contexts();
        if self
            .notice
            .as_ref()
            .is_some_and(|n| n.kind == NoticeKind::Warning)
        {
            // Esc still stops typing first; after that it dismisses the warning.
            let at = usize::from(contexts.first() == Some(&KeyContext::TextEntry));
            contexts.insert(at, KeyContext::Warning);
        }
        contexts
    }

    /// The key contexts of the screen under any overlay, most specific first (the mode's;
    /// the what-if line takes every key while it is open).
    #[must_use]
    pub fn screen_contexts(&self) -> Vec<KeyContext> {
        match self.what_if {
            WhatIfLine::Open { .. } => vec![KeyContext::WhatIfEntry, KeyContext::Global],
            WhatIfLine::Closed => self.mode.contexts(self),
        }
    }

    /// The study mode's key contexts: the lesson list, or the step's state, the lesson, the
    /// plot and the global keys.
    #[must_use]
    pub fn study_contexts(&self) -> Vec<KeyContext> {
        use KeyContext as C;
        let Screen::Lesson(screen) = &self.screen else {
            return vec![C::LessonList, C::Global];
        };
        if let LessonView::End { .. } = screen.view {
            return vec![C::LessonEnd, C::Global];
        }
        let step: &[KeyContext] = match (screen.session.state(), screen.focus) {
            (StepState::Explain(ExplainState::Writing { .. }), Focus::Text) => {
                return vec![C::TextEntry, C::Global];
            }
            (StepState::Explain(ExplainState::Writing { .. }), Focus::Commands) => {
                &[C::ExplainPaused]
            }
            (StepState::Predict(PredictState::Predicting { input }), _) => match input {
                PredictInput::Number { .. } => &[C::GuessEntry],
                PredictInput::Choice { .. } => &[C::ChoiceEntry],
            },
            (StepState::Predict(PredictState::Committed { .. }), _) => &[C::Committed],
            (StepState::Recall(RecallState::Front), _) => &[C::CardFront],
            (StepState::Recall(RecallState::Back), _) => &[C::CardBack],
            (StepState::Recall(RecallState::Graded(_)), _) => &[C::CardBack, C::Continue],
            (
                StepState::Reading
                | StepState::Predict(PredictState::Revealed { .. })
                | StepState::Explain(ExplainState::Revealed { .. }),
                _,
            ) => &[C::Continue],
        };
        let mut contexts = step.to_vec();
        contexts.extend([C::Lesson, C::Plot, C::Global]);
        contexts
    }

    /// GPUs and models (parsed now if nothing has read them yet).
    #[must_use]
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// Whether the catalog has been read (it is parsed on first use when it is the shipped one).
    #[must_use]
    pub fn catalog_is_read(&self) -> bool {
        Deferred::is_made(&self.catalog)
    }

    /// The course: its lessons' heads without parsing them, or the lessons (see [`Course`]).
    #[must_use]
    pub const fn course(&self) -> &Course {
        &self.lessons
    }

    /// The course's lessons (parsed now if nothing has read them yet).
    #[must_use]
    pub fn lessons(&self) -> &[Lesson] {
        &self.lessons
    }

    /// The learner's cluster.
    #[must_use]
    pub const fn cluster(&self) -> &Scenario {
        &self.cluster
    }

    /// Everything to save.
    #[must_use]
    pub const fn progress(&self) -> &Progress {
        &self.progress
    }

    /// What fills the screen.
    #[must_use]
    pub const fn screen(&self) -> &Screen {
        &self.screen
    }

    /// The lesson on screen, if any.
    #[must_use]
    pub const fn lesson_screen(&self) -> Option<&LessonScreen> {
        match &self.screen {
            Screen::Lesson(screen) => Some(screen),
            Screen::LessonList { .. } => None,
        }
    }

    /// The lesson on screen and its current step, if any.
    #[must_use]
    pub fn current_step(&self) -> Option<(&Lesson, &Step)> {
        let screen = self.lesson_screen()?;
        let lesson = self.screen_lesson()?;
        Some((lesson, lesson.steps.get(screen.session.current())?))
    }

    /// The figures no surface may show now (see [`crate::domain::withhold`]), as the mode
    /// decides. Every surface that shows a number asks this.
    #[must_use]
    pub fn withheld(&self) -> Withheld {
        self.mode.withheld(self)
    }

    /// Whether the KV wall stops the plot's batch or is withheld, as the mode decides.
    #[must_use]
    pub fn wall_policy(&self) -> Wall {
        self.mode.wall(self)
    }

    /// The mode the tutor is in, with its state.
    #[must_use]
    pub const fn mode(&self) -> &Mode {
        &self.mode
    }

    /// The session of the lesson on screen, if any.
    #[must_use]
    pub fn session(&self) -> Option<&Session> {
        self.lesson_screen().map(|s| &s.session)
    }

    /// What is drawn over the screen.
    #[must_use]
    pub const fn overlay(&self) -> Overlay {
        self.overlay
    }

    /// The plot's setting.
    #[must_use]
    pub const fn plot(&self) -> &PlotView {
        &self.plot
    }

    /// The line under the screen.
    #[must_use]
    pub const fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    /// Glyphs and colour.
    #[must_use]
    pub const fn appearance(&self) -> Appearance {
        self.appearance
    }

    /// The keymap.
    #[must_use]
    pub const fn keymap(&self) -> &Keymap {
        &self.keymap
    }

    /// The terminal's size as last reported.
    #[must_use]
    pub const fn viewport(&self) -> Size {
        self.viewport
    }

    /// Whether the program goes on.
    #[must_use]
    pub const fn run_state(&self) -> RunState {
        self.run_state
    }
}

#[cfg(test)]
mod tests;
