//! `roofline --plain review [--ahead N]` (and `roofline review` when `TERM=dumb`): the round
//! as lines. The same start as the screen's review (the same round of what is due, drawn the
//! same way), the same review mode (graded from the error or by the learner, scheduled by
//! FSRS, saved in each step's review history, withheld until the reveal), the same closing
//! line on the shell. Only the writing is plain: each item's review header, its text, the
//! verdict and when it comes back, and the round's summary, as the screen's own lines.

use std::process::ExitCode;

use anyhow::{Context as _, Result};

use super::lesson_lines::{LessonUse, run};
use super::said::{Said, said};
use super::{Console, VIEWPORT, WIDTH, look, text_of, tidy};
use crate::app::{App, Keymap, LessonScreen, LessonView, Screen};
use crate::cli::args::GlobalArgs;
use crate::cli::review::Pick;
use crate::cli::review::start::{Start, closing, start};

/// The commands, for `help`.
const HELP: &[&str] = &[
    "Commands (type one and press Enter):",
    "  Enter        go on: reveal a locked-in guess, turn a card, the next item",
    "  a number     your guess, locked in at once (a choice: the option's number)",
    "  reveal       show the answer of a locked-in guess",
    "  again, hard, good, easy   grade a turned card (or 1 to 4)",
    "  next, skip   on to the next item (one left unanswered stays due)",
    "  plot         the plot in words; prefill: show or hide the prefill dot",
    "  :batch N, :gpu ID, :model ID, :fp8, :context 32k, :tp N, :overlay ID, :reset",
    "               change the plot (as the screen's what-if line)",
    "  hint         what this item takes",
    "  help         this list; quit leaves (what you reviewed is saved)",
];

/// Runs the review in plain text on stdin and stdout (nothing due: the line that says so).
pub fn review(global: &GlobalArgs, pick: Pick) -> Result<ExitCode> {
    let ready = match start(global, pick)? {
        Start::Nothing(text) => return crate::cli::print(&text),
        Start::Ready(ready) => ready,
    };
    let count = ready.round.items().len();
    let scheduler = ready.scheduler.clone();
    let (mut app, mut store) = ready.app(look(), VIEWPORT, Keymap::unbound());
    let mut console = Console::stdio();
    run::<Review, _, _>(&mut app, &mut console, &mut store).context("cannot write to stdout")?;
    if let Some(line) = closing(&app, &scheduler, count)? {
        console.say(line.trim_end())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The review's use of the lesson screen: its round is asked as one lesson.
struct Review;

impl LessonUse for Review {
    const GREETING: &'static str = "Plain-text review: type help for the commands, quit to leave.";
    const HELP: &'static [&'static str] = HELP;
    const END_PROMPT: &'static str = "done";

    /// As in study, but on the summary Enter ends the review.
    fn said(app: &App, line: &str) -> Said {
        let over =
            matches!(app.screen(), Screen::Lesson(s) if matches!(s.view, LessonView::End { .. }));
        match line.to_lowercase().as_str() {
            "" | "done" | "next" if over => Said::Quit,
            _ => said(app, line),
        }
    }

    fn title(app: &App, _screen: &LessonScreen) -> String {
        let count = app.review().map_or(0, |r| r.round.items().len());
        format!(
            "Review of {count} item{}",
            if count == 1 { "" } else { "s" }
        )
    }

    /// The review pane's own header: the item's place in the round and how it is asked.
    fn header(app: &App, screen: &LessonScreen) -> String {
        crate::ui::lesson_pane::content(app, screen, WIDTH)
            .first()
            .map(text_of)
            .unwrap_or_default()
    }

    /// The screen's summary of the round.
    fn end(app: &App, _screen: &LessonScreen) -> Vec<String> {
        let Some(review) = app.review() else {
            return Vec::new();
        };
        let theme = crate::ui::theme::Theme::new(app.appearance());
        tidy(
            crate::ui::review::summary_lines(app, review, theme)
                .iter()
                .map(text_of),
        )
    }
}
