//! Moving: the lesson list, the steps of the lesson on screen, scrolling.

/// One move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NavMsg {
    /// Show the lesson list.
    ShowLessonList,
    /// Go back from the lesson list to the lesson studied last.
    ResumeLesson,
    /// Move the lesson list's selection up one.
    SelectPrevious,
    /// Move the lesson list's selection down one.
    SelectNext,
    /// Select the first lesson.
    SelectFirst,
    /// Select the last lesson.
    SelectLast,
    /// Open the selected lesson where it was left.
    OpenSelected,
    /// Open the lesson at this index of the course, where it was left.
    OpenLesson(usize),
    /// Open lesson `lesson` (an index of the course) at its step `step` (an index).
    OpenStep {
        /// The lesson's index.
        lesson: usize,
        /// The step's index.
        step: usize,
    },
    /// Search the lessons' titles and step text (from the lesson list).
    OpenSearch,
    /// Show the weakest steps across the course (from the lesson list).
    ShowWeakest,
    /// Go to the next step (the lesson list after the last).
    NextStep,
    /// Go to the previous step.
    PreviousStep,
    /// Go to step N (from 1) of the lesson.
    JumpToStep(usize),
    /// Go to the first step of the lesson not yet finished.
    FirstUnfinished,
    /// Restart the lesson on screen from its first step (asks first).
    RestartLesson,
    /// Scroll the lesson text up a line.
    ScrollUp,
    /// Scroll the lesson text down a line.
    ScrollDown,
    /// Scroll the lesson text up a page.
    PageUp,
    /// Scroll the lesson text down a page.
    PageDown,
}
