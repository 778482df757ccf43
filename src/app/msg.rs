//! Every intent the program acts on: one variant each. The keymap turns keys into these;
//! [`super::update`] is the only place they change the state.

use crate::domain::session::Grade;

/// Which way a setting cycles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cycle {
    /// To the next option.
    Forward,
    /// To the previous option.
    Backward,
}

/// One intent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Msg {
    /// Leave the program (progress is already saved); asks first when a typed guess or
    /// explanation would be lost.
    Quit,
    /// Leave at once, even with something typed (Ctrl-C).
    QuitNow,
    /// Show or hide the key help.
    ToggleHelp,
    /// Hide the key help.
    CloseHelp,
    /// Clear the warning under the screen.
    DismissNotice,

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

    /// Type one character into the guess or the explanation.
    TypeChar(char),
    /// Delete the last character of the guess or the explanation.
    Backspace,
    /// Choose option N (from 0) of a choice question.
    SelectOption(usize),
    /// Lock in the guess, or hand in the explanation.
    Commit,
    /// Show the answer of a committed guess (or the model answer of an explanation).
    Reveal,
    /// Turn a recall card over.
    TurnCard,
    /// Grade a turned recall card.
    Grade(Grade),
    /// Go to the next step (the lesson list after the last).
    NextStep,
    /// Go to the previous step.
    PreviousStep,
    /// Stop typing into the explanation so that keys act as commands again.
    LeaveInput,
    /// Go back to typing the explanation.
    EditText,
    /// Scroll the lesson text up a line.
    ScrollUp,
    /// Scroll the lesson text down a line.
    ScrollDown,
    /// Scroll the lesson text up a page.
    PageUp,
    /// Scroll the lesson text down a page.
    PageDown,

    /// Halve the batch on the plot.
    HalveBatch,
    /// Double the batch on the plot (stops at the KV wall).
    DoubleBatch,
    /// One sequence fewer on the plot.
    DecrementBatch,
    /// One sequence more on the plot (stops at the KV wall).
    IncrementBatch,
    /// Set the batch on the plot (stops at the KV wall).
    SetBatch(u32),
    /// Switch the weight precision (BF16 → FP8 → INT4).
    CyclePrecision(Cycle),
    /// Switch the GPU.
    CycleGpu(Cycle),
    /// Switch the model.
    CycleModel(Cycle),
    /// Switch the context length (1K → 4K → 8K → 32K → 128K).
    CycleContext(Cycle),
    /// Put the plot back to the current step's setting (its scenario, else the cluster).
    ResetPlot,
    /// Restart the lesson on screen from its first step (asks first).
    RestartLesson,
    /// Go to the first step of the lesson not yet finished.
    FirstUnfinished,
    /// The run loop's clock, before each key: time is data, so the lesson's time spent is
    /// counted in `update`.
    Clock(std::time::SystemTime),
    /// Open the what-if line over the plot (`:gpu h200`, `:fp8`, `:batch 64`, …).
    OpenWhatIf,
    /// Complete the what-if line's command or id (Tab).
    CompleteWhatIf,
    /// Classroom: blank the screen so the room looks at the speaker, or show it again.
    ToggleCurtain,
    /// Go to step N (from 1) of the lesson.
    JumpToStep(usize),
    /// Show or hide the prefill dot (a prompt of the setting's length through the same FC layer).
    TogglePrefill,

    /// The left mouse button went down at a cell (a press on the slider sets the batch).
    MouseDown {
        /// Column, from 0.
        column: u16,
        /// Row, from 0.
        row: u16,
    },
    /// The mouse moved with the left button down (drags the slider's thumb).
    MouseDrag {
        /// Column, from 0.
        column: u16,
        /// Row, from 0.
        row: u16,
    },
    /// The left mouse button came up.
    MouseUp,

    /// The terminal has a new size.
    Resize {
        /// Columns.
        width: u16,
        /// Rows.
        height: u16,
    },
    /// Saving progress failed; the message says why.
    SaveFailed(String),

    /// Quiz: say how sure you are of this answer (the same level again clears it).
    SetConfidence(crate::domain::quiz::Confidence),
    /// Quiz: skip this question (it scores 0 and says skipped).
    SkipQuestion,
    /// Quiz: the result file was written to this path.
    ResultExported(String),
    /// Classroom: a participant's answer sent from the room's devices (`present --room`),
    /// already checked by the room server for step `step` (from 0). The last one per
    /// participant counts until the reveal; one that comes after it is dropped.
    RoomAnswer {
        /// The step answered, from 0.
        step: usize,
        /// The participant's token.
        participant: String,
        /// The checked value.
        value: crate::domain::classroom::room::RoomValue,
    },
    /// Classroom: show or hide how the room joins (the address, the code and the QR code).
    ToggleJoinPanel,
}
