//! The program's own messages: quitting, help, the warning, the terminal, the clock, the
//! mouse. Every mode takes them.

/// One message about the program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AppMsg {
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
    /// The run loop's clock, before each key: time is data, so the lesson's time spent is
    /// counted in `update`.
    Clock(std::time::SystemTime),
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
}

impl AppMsg {
    /// Whether the learner meant something by it (see [`super::Msg::is_intent`]).
    #[must_use]
    pub const fn is_intent(&self) -> bool {
        match self {
            Self::Resize { .. }
            | Self::SaveFailed(_)
            | Self::MouseUp
            | Self::MouseDrag { .. }
            | Self::Clock(_) => false,
            Self::Quit
            | Self::QuitNow
            | Self::ToggleHelp
            | Self::CloseHelp
            | Self::DismissNotice
            | Self::MouseDown { .. } => true,
        }
    }
}
