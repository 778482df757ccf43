//! The quiz screen: the question alone, the scenario in words, the input and how sure the
//! student is; no plot, readouts, slider or hints. After a commit (reveal each) the answer,
//! the score, how far off and why; at the end, the summary ([`end`]).
//!
//! ```text
//! ╭ Quiz · question 3 of 10 · Batching slides the dot ─────────────────────╮
//! │ At batch 64, what is the decode step time?                              │
//! │                                                                         │
//! │ Scenario: H100 SXM · Llama-3-8B · BF16 · batch 64 · 4K context · TP 1   │
//! │                                                                         │
//! │ Your answer: 12▏ ms                                                     │
//! │ How sure (optional): l low · m medium · h high                          │
//! │ ── after the reveal ──                                                  │
//! │ Answer 13.2 ms · you said 12 · 1.10× low · score 100                    │
//! │ why the answer is what it is                                            │
//! ╰─────────────────────────────────────────────────────────────────────────╯
//! ```

pub mod end;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::layout::text_area;
use super::theme::Theme;
use crate::app::App;
use crate::app::quiz::{QuizInput, QuizPhase, QuizRun};
use crate::domain::lesson::template::{Format, format_number};
use crate::domain::quiz::{
    Confidence, Guess, Question, QuestionAnswer, Reveal, reveal, scenario_words,
};

/// Draws the quiz in `body`.
pub fn render(app: &App, run: &QuizRun, body: Rect, buf: &mut Buffer) {
    if run.phase == QuizPhase::End {
        end::render(app, run, body, buf);
        return;
    }
    let theme = Theme::new(app.appearance());
    let Some(question) = run.question() else {
        return;
    };
    let title = format!(
        " Quiz{}question {} of {}{}{} ",
        theme.dot(),
        run.current() + 1,
        run.questions.len(),
        theme.dot(),
        question.lesson_title
    );
    theme.active_block(title).render(body, buf);
    let inner = text_area(body);
    let mut lines = vec![
        // Through the mode's withholding, as study's lesson text is.
        Line::styled(
            app.withheld().mask_prose(&question.text).into_owned(),
            theme.heading(),
        ),
        Line::default(),
        Line::from(vec![
            Span::styled("Scenario: ", theme.muted()),
            Span::raw(scenario_words(
                &question.scenario,
                app.catalog(),
                theme.dot(),
            )),
        ]),
        Line::default(),
    ];
    lines.extend(input_lines(run, question, theme));
    lines.push(confidence_line(run, theme));
    if let Some(error) = &run.error {
        lines.push(Line::styled(
            format!("{} {error}", theme.glyph("✗", "x")),
            theme.error(),
        ));
    }
    if run.phase == QuizPhase::Revealed {
        lines.push(Line::default());
        lines.extend(reveal_lines(run, question, theme));
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}

fn input_lines(run: &QuizRun, question: &Question, theme: Theme) -> Vec<Line<'static>> {
    let cursor = theme.glyph("▏", "_");
    let asking = run.phase == QuizPhase::Asking;
    match (&question.answer, &run.input) {
        (QuestionAnswer::Number { unit, .. }, QuizInput::Number(text)) => {
            let (shown, unit) = match (asking, last_guess(run)) {
                (true, _) => (format!("{text}{cursor}"), format!(" {unit}")),
                (false, Some(Guess::Skipped) | None) => ("skipped".to_owned(), String::new()),
                (false, Some(_)) => (committed_guess(run), format!(" {unit}")),
            };
            vec![Line::from(vec![
                Span::raw("Your answer: "),
                Span::styled(shown, theme.input()),
                Span::raw(unit),
            ])]
        }
        (QuestionAnswer::Choice { options, .. }, QuizInput::Choice(chosen)) => options
            .iter()
            .enumerate()
            .map(|(i, option)| {
                let picked = *chosen == Some(i)
                    || (!asking && matches!(last_guess(run), Some(Guess::Option(o)) if o == i));
                let mark = if picked { theme.glyph("▶", ">") } else { " " };
                let style = if picked {
                    theme.selected()
                } else {
                    theme.input()
                };
                Line::from(vec![
                    Span::raw(format!("{mark} ")),
                    Span::styled(format!("{}) ", i + 1), theme.key()),
                    Span::styled(option.clone(), style),
                ])
            })
            .collect(),
        (QuestionAnswer::Number { .. } | QuestionAnswer::Choice { .. }, _) => Vec::new(),
    }
}

fn last_guess(run: &QuizRun) -> Option<Guess> {
    run.responses.get(run.current()).map(|r| r.guess)
}

fn committed_guess(run: &QuizRun) -> String {
    match last_guess(run) {
        Some(Guess::Number(g)) => format_number(g, Format::Auto),
        Some(Guess::Option(o)) => format!("option {}", o + 1),
        Some(Guess::Skipped) | None => "skipped".to_owned(),
    }
}

fn confidence_line(run: &QuizRun, theme: Theme) -> Line<'static> {
    let asking = run.phase == QuizPhase::Asking;
    let mut spans = vec![Span::raw(if asking {
        "How sure (optional): "
    } else {
        "How sure: "
    })];
    let chosen = match run.phase {
        QuizPhase::Asking => run.confidence,
        QuizPhase::Revealed | QuizPhase::End => {
            run.responses.get(run.current()).and_then(|r| r.confidence)
        }
    };
    for (i, level) in Confidence::ALL.into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw(theme.dot()));
        }
        let key = &level.word()[..1];
        let word = if asking {
            format!("{key} {}", level.word())
        } else {
            level.word().to_owned()
        };
        spans.push(if chosen == Some(level) {
            Span::styled(format!("[{word}]"), theme.selected())
        } else {
            Span::styled(word, theme.muted())
        });
    }
    if !asking && chosen.is_none() {
        spans.push(Span::styled("  (not said)", theme.muted()));
    }
    Line::from(spans)
}

/// The answer, the score, how far off and why (after a commit, reveal each).
fn reveal_lines(run: &QuizRun, question: &Question, theme: Theme) -> Vec<Line<'static>> {
    let guess = last_guess(run).unwrap_or(Guess::Skipped);
    let Reveal {
        answer,
        how_far,
        mark: m,
    } = reveal(question, guess);
    let style = if m.within {
        theme.good()
    } else {
        theme.error()
    };
    vec![
        Line::from(vec![
            Span::styled("Answer ", theme.muted()),
            Span::styled(answer, theme.answer()),
            Span::raw(theme.dot()),
            Span::styled(how_far, style),
            Span::raw(theme.dot()),
            Span::styled(format!("score {}", m.score), style),
        ]),
        Line::raw(question.explanation.clone()),
    ]
}
