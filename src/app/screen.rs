//! What the screen is in: the screen and the lesson on it, the overlay, the what-if line, the
//! line under the screen, a change waiting for its second press, the mouse's drag and whether
//! the program goes on.

use std::time::{Duration, SystemTime};

use crate::domain::find::Hit;
use crate::domain::session::{LessonSummary, Session, summarize};

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
    /// The lesson list's search (`/`): lesson titles and step text.
    Search(Search),
    /// The steps answered worst across the course, lowest score first.
    Weakest {
        /// The highlighted row.
        selected: usize,
        /// The lesson list's selection, to go back to.
        from: usize,
    },
}

/// A search of the course as it is typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Search {
    /// What is typed.
    pub query: String,
    /// What it finds, in course order.
    pub hits: Vec<Hit>,
    /// The highlighted match.
    pub selected: usize,
    /// The lesson list's selection, to go back to.
    pub from: usize,
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

impl LessonScreen {
    /// How the lesson went in this session, summarized as the lesson list summarizes saved
    /// progress: the one summary every end of a lesson writes (the screen's and the plain
    /// text's), so each counts right, partly, missed and skipped alike.
    #[must_use]
    pub fn summary(&self, lesson: &crate::domain::lesson::Lesson) -> LessonSummary {
        summarize(lesson, Some(&self.session.progress()))
    }
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
