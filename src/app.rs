//! The terminal program: `Msg`, `update`, the keymap and the event source.
//!
//! [`App`] is the whole state. It changes only in [`update`], one [`Msg`] at a time; rendering
//! reads `&App` (see `ui`). Events come from an [`EventSource`] — crossterm in the program, a
//! scripted queue in tests — and are turned into messages by the [`Keymap`], which is data.

// A new message, mode or step kind must be handled wherever its enum is matched: no `_ =>` arm
// may take it in silence. A restriction lint, so it is turned on here, per module; the few
// matches over crossterm's own enums (keys, mouse events) allow it where they stand.
#![warn(clippy::wildcard_enum_match_arm)]

pub mod classroom;
mod contexts;
pub mod course;
pub mod deferred;
pub mod effect;
pub mod event_source;
mod geometry;
mod handlers;
pub mod keymap;
pub mod layout;
pub mod mode;
pub mod msg;
pub mod plot_view;
pub mod quiz;
pub mod review;
pub mod run;
pub mod schedule;
mod screen;
pub mod study;
mod update;

use ratatui::layout::Size;

pub use classroom::Classroom;
pub use course::Course;
pub use deferred::Deferred;

pub use effect::{Effect, Effects};
pub use event_source::{CrosstermEvents, EventSource, Incoming, ScriptedEvents};
pub use geometry::Measure;
pub use handlers::to_revisit;
pub use keymap::{KeyContext, Keymap};
pub use mode::Mode;
pub use msg::{AppMsg, Cycle, Msg, NavMsg, PlotMsg, QuizMsg, RoomMsg, StepMsg, WhyMsg};
pub use plot_view::PlotView;
pub use review::Reviewing;
pub use run::{ProgressSink, RunError, handle, perform, run};
pub use schedule::Schedule;
pub use screen::{
    Drag, Focus, LessonScreen, LessonView, Notice, NoticeKind, Overlay, Pending, RunState, Screen,
    Search, WhatIfLine,
};
pub use update::update;

use crate::domain::batch_range::Wall;
use crate::domain::catalog::Catalog;
use crate::domain::lesson::{Lesson, Step};
use crate::domain::scenario::Scenario;
use crate::domain::session::{Progress, Session};
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
            mode: Mode::Study(study::Studying::default()),
            what_if: WhatIfLine::Closed,
            pending: Pending::Nothing,
            schedule: Schedule::default(),
        }
    }

    /// The what-if line.
    #[must_use]
    pub const fn what_if(&self) -> &WhatIfLine {
        &self.what_if
    }

    /// The index of the lesson studied last, if it is in the course.
    #[must_use]
    pub fn last_lesson(&self) -> Option<usize> {
        let id = self.progress.last_lesson.as_deref()?;
        self.lessons.position(id)
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
            Screen::LessonList { .. } | Screen::Search(_) | Screen::Weakest { .. } => None,
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

    /// The same app with this keymap (the settings file's rebinding).
    #[must_use]
    pub fn with_keymap(mut self, keymap: Keymap) -> Self {
        self.keymap = keymap;
        self
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
