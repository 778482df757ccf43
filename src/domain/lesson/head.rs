//! A shipped lesson's head: the part the lesson list shows, known before the lesson's text is
//! parsed. The build script writes one per embedded lesson file; a test checks each against
//! the lesson parsed in full.

use super::StepKind;

/// A lesson's id, title, summary and each step's id and kind, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LessonHead {
    /// The lesson's stable id.
    pub id: &'static str,
    /// Its title.
    pub title: &'static str,
    /// Its summary.
    pub summary: &'static str,
    /// Each step's id and kind, in lesson order.
    pub steps: &'static [(&'static str, StepKind)],
}
