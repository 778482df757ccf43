//! The plain-text mode (`--plain`, and the default when `TERM=dumb`): for screen readers and
//! dumb terminals, the lesson or the quiz as a sequence of lines. Each line the learner types
//! is one command or one answer; each answer is followed by what it changed (the verdict, the
//! explanation, the plot in words), never a redraw, never an escape sequence.
//!
//! It is a front end, not a policy: it drives the same [`App`] as the screen does, with the
//! same messages, in the same mode (study or quiz), so what is withheld, how a guess is
//! scored and what is saved are the mode's, unchanged. Where the screen draws, this writes
//! words: the lesson pane's own text (`ui::lesson_pane::content`, drawn with ASCII glyphs and
//! no keys bound, so no key hint shows), and the plot from the same evaluation, readouts and
//! withholding as the plot pane ([`plot_words`]).
//!
//! ```text
//! Lesson 1: Two ceilings
//! Step 2 of 6, Predict
//! Warm-up. A kernel adds two BF16 vectors: … What is its arithmetic intensity?
//! guess (FLOP/byte)> 0.2
//! Your guess  0.2, locked in
//! reveal>
//! ```

mod console;
mod curve_words;
mod lesson_lines;
mod plot_words;
mod quiz;
mod review;
mod said;
mod study;

use std::ffi::OsStr;

pub use console::Console;
pub use plot_words::plot_words;
pub use quiz::quiz;
pub use review::review;
pub use study::learn;

use super::args::GlobalArgs;
use crate::app::{App, AppMsg, Effect, Msg};
use crate::widgets::{Appearance, ColorMode, GlyphSet};

/// Which front end a command that studies or quizzes gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wanted {
    /// Lines on stdin and stdout.
    Plain,
    /// The full-screen terminal program.
    Screen,
}

/// `--plain`, or a terminal that says it is dumb (`TERM=dumb`): plain text.
#[must_use]
pub fn wanted(global: &GlobalArgs, term: Option<&OsStr>) -> Wanted {
    if global.plain || term.is_some_and(|t| t == "dumb") {
        Wanted::Plain
    } else {
        Wanted::Screen
    }
}

/// ASCII glyphs and no colour: what the plain mode renders the shared text with.
#[must_use]
pub fn look() -> Appearance {
    Appearance::new(GlyphSet::Ascii, ColorMode::Monochrome)
}

/// The screen size the app is told (it lays out nothing here; the width of the text is
/// [`WIDTH`]).
const VIEWPORT: ratatui::layout::Size = ratatui::layout::Size {
    width: 120,
    height: 40,
};

/// Text is not wrapped: a paragraph is one line, for the reader or the terminal to wrap.
const WIDTH: u16 = 4000;

/// Applies `msgs` in order, as the run loop applies a key: the clock first, then each message
/// and its follow-ups, every effect performed (progress saved, the result file written).
fn send<S: crate::app::ProgressSink>(app: &mut App, msgs: Vec<Msg>, sink: &mut S) {
    let mut effects: Vec<Effect> =
        crate::app::handle(app, Msg::App(AppMsg::Clock(std::time::SystemTime::now())));
    for msg in msgs {
        for effect in crate::app::handle(app, msg) {
            if !effects.contains(&effect) {
                effects.push(effect);
            }
        }
    }
    crate::app::perform(app, &effects, sink);
}

/// A ratatui line as text: its spans joined, trailing blanks cut, the ASCII separator read as
/// a comma (a screen reader says "vertical bar" for `|`).
fn text_of(line: &ratatui::text::Line<'_>) -> String {
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    text.trim_end().replace(" | ", ", ")
}

/// Lines with runs of blank lines made one and no blank at either end.
fn tidy(lines: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in lines {
        if line.is_empty() && out.last().is_none_or(String::is_empty) {
            continue;
        }
        out.push(line);
    }
    while out.last().is_some_and(String::is_empty) {
        out.pop();
    }
    out
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;

    #[rstest]
    #[case::flag(true, None, Wanted::Plain)]
    #[case::dumb(false, Some("dumb"), Wanted::Plain)]
    #[case::xterm(false, Some("xterm-256color"), Wanted::Screen)]
    #[case::no_term(false, None, Wanted::Screen)]
    fn plain_when_asked_or_the_terminal_is_dumb(
        #[case] plain: bool,
        #[case] term: Option<&str>,
        #[case] expected: Wanted,
    ) {
        let global = GlobalArgs {
            plain,
            ..GlobalArgs::default()
        };
        assert_eq!(wanted(&global, term.map(OsStr::new)), expected);
    }

    #[test]
    fn blank_runs_become_one_and_the_ends_none() {
        let lines = ["", "a", "", "", "b", ""].map(String::from);
        assert_eq!(tidy(lines), ["a", "", "b"]);
    }
}
