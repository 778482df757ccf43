//! The end of a quiz: the total, every question (guess, answer, score), the calibration per
//! confidence level, the time taken, the lessons to study again (weakest first) and where the
//! result file went.
//!
//! ```text
//! ╭ Quiz · ada · seed 42 · the end ───────────────────────────────────────────────────╮
//! │ Total 72 / 100 · 6 of 10 within tolerance · 1 skipped · took 4 min 12 s │
//! │                                                                         │
//! │  #  Question                      Guess         Answer          Score   │
//! │  1  batching/step-time-64         12            13.2 ms           100   │
//! │  2  kv-cache/kv-wall              skipped       98 sequences        0   │
//! │                                                                         │
//! │ Calibration        answers  within                                      │
//! │   1 low                  2  0 (0 %)                                     │
//! │ Study again, weakest first: kv-cache (0), batching (54)                 │
//! │ Result written to quiz-ada-2026-11-23.json                              │
//! ╰─────────────────────────────────────────────────────────────────────────╯
//! ```

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::super::layout::text_area;
use super::super::theme::Theme;
use crate::app::App;
use crate::app::quiz::{Export, QuizRun};
use crate::domain::lesson::template::{Format, format_number};
use crate::domain::quiz::{Guess, QuestionAnswer, Summary};

/// Draws the summary in `body`.
pub fn render(app: &App, run: &QuizRun, body: Rect, buf: &mut Buffer) {
    let theme = Theme::new(app.appearance());
    let title = format!(
        " Quiz{}{}{}seed {}{}the end ",
        theme.dot(),
        run.name,
        theme.dot(),
        run.seed,
        theme.dot()
    );
    theme.active_block(title).render(body, buf);
    let inner = text_area(body);
    let lines = lines(run, theme, usize::from(inner.width));
    let limit = (lines.len() as u16).saturating_sub(inner.height);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .scroll((run.scroll.min(limit), 0))
        .render(inner, buf);
}

fn lines(run: &QuizRun, theme: Theme, width: usize) -> Vec<Line<'static>> {
    let summary = run.summary();
    let mut lines = vec![
        Line::from(vec![
            Span::styled(format!("Total {:.0} / 100", summary.total), theme.heading()),
            Span::raw(format!(
                "{}{} of {} within tolerance{}{} skipped{}took {}",
                theme.dot(),
                summary.within,
                run.questions.len(),
                theme.dot(),
                summary.skipped,
                theme.dot(),
                duration_words(summary.took)
            )),
        ]),
        Line::default(),
    ];
    lines.extend(question_rows(run, &summary, theme, width));
    lines.push(Line::default());
    lines.push(Line::styled(
        format!("{:<15}{:>7}  within", "Calibration", "answers"),
        theme.muted(),
    ));
    for level in &summary.calibration.levels {
        let share = level.within_pct().map_or_else(
            || "—".to_owned(),
            |p| format!("{} ({p:.0} %)", level.within),
        );
        lines.push(Line::raw(format!(
            "  {} {:<10} {:>7}  {share}",
            level.confidence.level(),
            level.confidence.word(),
            level.count
        )));
    }
    if summary.calibration.unrated > 0 {
        lines.push(Line::styled(
            format!(
                "  {} answered without saying how sure",
                summary.calibration.unrated
            ),
            theme.muted(),
        ));
    }
    lines.push(Line::default());
    lines.push(if summary.study_again.is_empty() {
        Line::styled(
            "Nothing to study again: every answer was within tolerance.",
            theme.good(),
        )
    } else {
        let list: Vec<String> = summary
            .study_again
            .iter()
            .map(|(id, mean)| format!("{id} ({mean:.0})"))
            .collect();
        Line::raw(format!("Study again, weakest first: {}", list.join(", ")))
    });
    lines.push(match &run.export {
        Export::Written(path) => Line::raw(format!("Result written to {path}")),
        Export::Pending => Line::styled("Writing the result file…", theme.muted()),
        Export::Failed => Line::styled(
            "The result file could not be written (see the warning below).",
            theme.error(),
        ),
    });
    lines
}

/// The table of every question: guess, answer, score.
fn question_rows(
    run: &QuizRun,
    summary: &Summary,
    theme: Theme,
    width: usize,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    // The question column takes what the others leave.
    let fixed = 4 + 14 + 22 + 6;
    let q_width = width.saturating_sub(fixed).clamp(8, 60);
    lines.push(Line::styled(
        format!(
            "{:>2}  {:<q_width$} {:<13} {:<21} {:>5}",
            "#", "Question", "Guess", "Answer", "Score"
        ),
        theme.muted(),
    ));
    for (i, (question, m)) in run.questions.iter().zip(&summary.marks).enumerate() {
        let guess = run.responses.get(i).map_or(Guess::Skipped, |r| r.guess);
        let (guess_text, answer_text) = match &question.answer {
            QuestionAnswer::Number { value, unit, .. } => (
                match guess {
                    Guess::Number(g) => format_number(g, Format::Auto),
                    Guess::Option(o) => format!("option {}", o + 1),
                    Guess::Skipped => "skipped".to_owned(),
                },
                format!("{} {unit}", format_number(*value, Format::Auto)),
            ),
            QuestionAnswer::Choice { correct, .. } => (
                match guess {
                    Guess::Option(o) => format!("option {}", o + 1),
                    Guess::Number(_) | Guess::Skipped => "skipped".to_owned(),
                },
                format!("option {}", correct + 1),
            ),
        };
        let label = clip(&format!("{}/{}", question.lesson, question.step), q_width);
        let style = if m.within {
            theme.good()
        } else {
            theme.error()
        };
        lines.push(Line::from(vec![
            Span::raw(format!(
                "{:>2}  {label:<q_width$} {:<13} {:<21} ",
                i + 1,
                clip(&guess_text, 13),
                clip(&answer_text, 21)
            )),
            Span::styled(format!("{:>5}", m.score), style),
        ]));
    }
    lines
}

/// `4 min 12 s`, `38 s`, `1 h 02 min`.
#[must_use]
pub fn duration_words(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {} s", s / 60, s % 60),
        _ => format!("{} h {:02} min", s / 3600, (s % 3600) / 60),
    }
}

fn clip(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        text.to_owned()
    } else {
        let mut s: String = text.chars().take(width.saturating_sub(1)).collect();
        s.push('…');
        s
    }
}
