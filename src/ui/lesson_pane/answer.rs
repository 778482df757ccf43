//! A prediction's input and its reveal: the guess, the answer, the score and how far off.
//!
//! ```text
//! Your guess  300 FLOP/byte
//! Answer      295 FLOP/byte
//! Off by      1.02× high
//! ```

use ratatui::text::{Line, Span};

use super::Pane;
use crate::app::Msg;
use crate::app::StepMsg;
use crate::domain::lesson::template::{Format, format_number};
use crate::domain::lesson::{Answer, ChoiceAnswer, ScenarioPatch};
use crate::domain::scoring::describe_miss;
use crate::domain::session::{
    Grade, Guess, PredictInput, PredictState, RecallState, ResolvedAnswer,
};
use crate::ui::theme::Theme;

const LABEL_WIDTH: usize = 12;

/// The input (while predicting), the locked-in guess, or the reveal.
pub(super) fn block(
    pane: &Pane<'_>,
    answer: &Answer,
    state: &PredictState,
    resolved: Option<&ResolvedAnswer>,
    patch: Option<&ScenarioPatch>,
) -> Vec<Line<'static>> {
    let theme = pane.theme;
    let unit = match answer {
        Answer::Number(n) => n.unit.clone(),
        Answer::Choice(_) => String::new(),
    };
    match state {
        PredictState::Predicting { input } => match input {
            PredictInput::Number { text, error } => {
                let mut lines = vec![Line::from(vec![
                    Span::styled("Your guess: ", theme.muted()),
                    Span::styled(format!("{text}{}", theme.glyph("▏", "_")), theme.input()),
                    Span::styled(format!(" {unit}"), theme.muted()),
                ])];
                if let Some(error) = error {
                    lines.extend(super::prose::wrap(
                        &format!("{} {error}", theme.glyph("✗", "x")),
                        pane.width,
                        theme.error(),
                        " ",
                    ));
                }
                lines.extend(pane.hint(&[(Msg::Step(StepMsg::Commit), "commit")]));
                lines
            }
            PredictInput::Choice { selected } => {
                let mut lines = options(pane, answer, patch, |i| {
                    if *selected == Some(i) {
                        Mark::Selected
                    } else {
                        Mark::Plain
                    }
                });
                lines.push(Line::default());
                lines.extend(pane.hint(&[
                    (Msg::Step(StepMsg::SelectOption(0)), "choose"),
                    (Msg::Step(StepMsg::Commit), "commit"),
                ]));
                lines
            }
        },
        PredictState::Committed { guess } => {
            let mut lines = vec![Line::from(vec![
                Span::styled(format!("{:<LABEL_WIDTH$}", "Your guess"), theme.muted()),
                Span::styled(guess_text(*guess, answer), theme.input()),
                Span::styled(format!("{}locked in", theme.dot()), theme.muted()),
            ])];
            lines.extend(pane.hint(&[(Msg::Step(StepMsg::Reveal), "reveal the answer")]));
            lines
        }
        PredictState::Revealed { guess, score } => {
            revealed(pane, answer, *guess, *score, resolved, patch)
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    Plain,
    Selected,
    Right,
    Wrong,
}

fn options(
    pane: &Pane<'_>,
    answer: &Answer,
    patch: Option<&ScenarioPatch>,
    mark: impl Fn(usize) -> Mark,
) -> Vec<Line<'static>> {
    let Answer::Choice(choice) = answer else {
        return Vec::new();
    };
    let theme = pane.theme;
    let mut lines = Vec::new();
    for (i, option) in choice.options.iter().enumerate() {
        let m = mark(i);
        let pointer = match m {
            Mark::Selected => theme.glyph("▸", ">"),
            Mark::Right => theme.glyph("✓", "+"),
            Mark::Wrong => theme.glyph("✗", "x"),
            Mark::Plain => " ",
        };
        let style = match m {
            Mark::Selected => theme.selected(),
            Mark::Right => theme.good(),
            Mark::Wrong => theme.error(),
            Mark::Plain => ratatui::style::Style::new(),
        };
        let text = format!("- {}  {}", i + 1, pane.fill(option, patch));
        for (j, line) in super::prose::wrap(&text, pane.width.saturating_sub(2), style, "")
            .into_iter()
            .enumerate()
        {
            let lead = if j == 0 {
                format!("{pointer} ")
            } else {
                "  ".to_owned()
            };
            let mut spans = vec![Span::styled(lead, style)];
            spans.extend(line.spans);
            lines.push(Line::from(spans));
        }
    }
    lines
}

/// A label in its column, then its value.
fn labelled(theme: Theme, label: &str, value: Span<'static>) -> Line<'static> {
    Line::from(vec![
        Span::styled(format!("{label:<LABEL_WIDTH$}"), theme.muted()),
        value,
    ])
}

/// A choice revealed: each option marked right, wrong (the one chosen) or plain, then the
/// learner's answer and its verdict.
fn revealed_choice(
    pane: &Pane<'_>,
    answer: &Answer,
    choice: &ChoiceAnswer,
    guess: Guess,
    patch: Option<&ScenarioPatch>,
) -> Vec<Line<'static>> {
    let theme = pane.theme;
    let mut lines = Vec::new();
    let chosen = match guess {
        Guess::Choice(i) => Some(i),
        Guess::Number(_) => None,
    };
    lines.extend(options(pane, answer, patch, |i| {
        if i == choice.correct {
            Mark::Right
        } else if Some(i) == chosen {
            Mark::Wrong
        } else {
            Mark::Plain
        }
    }));
    lines.push(Line::default());
    let verdict = if chosen == Some(choice.correct) {
        "right"
    } else {
        "not this time"
    };
    lines.push(labelled(
        theme,
        "Your answer",
        Span::styled(
            format!("{}{}{verdict}", guess_text(guess, answer), theme.dot()),
            theme.input(),
        ),
    ));
    lines
}

fn revealed(
    pane: &Pane<'_>,
    answer: &Answer,
    guess: Guess,
    score: Option<u8>,
    resolved: Option<&ResolvedAnswer>,
    patch: Option<&ScenarioPatch>,
) -> Vec<Line<'static>> {
    let theme = pane.theme;
    let row = |label: &str, value: Span<'static>| labelled(theme, label, value);
    let mut lines = Vec::new();
    match (answer, resolved) {
        (Answer::Choice(choice), _) => {
            lines.extend(revealed_choice(pane, answer, choice, guess, patch));
        }
        (Answer::Number(n), Some(ResolvedAnswer::Number { value, .. })) => {
            lines.push(row(
                "Your guess",
                Span::styled(guess_text(guess, answer), theme.input()),
            ));
            lines.push(row(
                "Answer",
                Span::styled(
                    format!(
                        "{} {}",
                        format_number(*value, Format::Auto),
                        unit_for(*value, &n.unit)
                    ),
                    theme.answer(),
                ),
            ));
            if let Guess::Number(g) = guess {
                lines.push(row("Off by", Span::raw(describe_miss(g, *value))));
            }
        }
        (Answer::Number(_), other) => {
            lines.push(row(
                "Your guess",
                Span::styled(guess_text(guess, answer), theme.input()),
            ));
            let why = match other {
                Some(ResolvedAnswer::Unavailable { reason, .. }) => reason.clone(),
                _ => "the answer could not be computed".to_owned(),
            };
            lines.push(row(
                "Answer",
                Span::styled(format!("not available: {why}"), theme.error()),
            ));
        }
    }
    if let Some(score) = score {
        let style = match score {
            100 => theme.good(),
            0 => theme.error(),
            _ => theme.input(),
        };
        lines.push(row("Score", Span::styled(format!("{score}/100"), style)));
    }
    lines
}

/// The unit as it reads after `value`: "1 sequence", "2 sequences".
fn unit_for(value: f64, unit: &str) -> &str {
    let counted = ["sequences", "tokens", "all-reduces"];
    if (value - 1.0).abs() < 1e-9 && counted.contains(&unit) {
        unit.strip_suffix('s').unwrap_or(unit)
    } else {
        unit
    }
}

fn guess_text(guess: Guess, answer: &Answer) -> String {
    match (guess, answer) {
        (Guess::Number(value), Answer::Number(n)) => {
            format!("{} {}", plain_number(value), unit_for(value, &n.unit))
        }
        (Guess::Number(value), Answer::Choice(_)) => plain_number(value),
        // The options are listed above with their marks; the number is enough here.
        (Guess::Choice(i), _) => format!("option {}", i + 1),
    }
}

/// A guess as the learner meant it: no rounding, thousands separated.
fn plain_number(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format_number(value, Format::Decimals(0))
    } else if (1e-4..1e15).contains(&value.abs()) {
        let text = format!("{value}");
        let decimals = text.split_once('.').map_or(0, |(_, d)| d.len()).min(6);
        format_number(value, Format::Decimals(decimals as u8))
    } else {
        format!("{value:e}")
    }
}

/// `How well did you know it?` over `1 again  2 hard  3 good  4 easy`, the chosen grade marked.
pub(super) fn grades(pane: &Pane<'_>, state: RecallState) -> Vec<Line<'static>> {
    let theme = pane.theme;
    let chosen = match state {
        RecallState::Graded(g) => Some(g),
        RecallState::Front | RecallState::Back => None,
    };
    let glyphs = theme.appearance().glyphs;
    let mut spans = Vec::new();
    for grade in Grade::ALL {
        let key = pane
            .app
            .keymap()
            .key_for(&Msg::Step(StepMsg::Grade(grade)), &pane.contexts, glyphs)
            .unwrap_or_default();
        let style = if chosen == Some(grade) {
            theme.selected()
        } else {
            theme.key()
        };
        spans.push(Span::styled(format!(" {key} {} ", grade.label()), style));
    }
    vec![
        Line::styled("How well did you know it?", theme.muted()),
        Line::from(spans),
    ]
}

#[cfg(test)]
mod tests {
    use super::{plain_number, unit_for};
    use rstest::rstest;

    #[rustfmt::skip]
    #[rstest]
    #[case::whole(300.0, "300")]
    #[case::thousands(1790.0, "1,790")]
    #[case::decimal(295.5, "295.5")]
    #[case::small(0.25, "0.25")]
    #[case::tiny(1e-7, "1e-7")]
    #[case::huge(1e20, "1e20")]
    fn guesses_show_as_typed(#[case] value: f64, #[case] text: &str) {
        assert_eq!(plain_number(value), text);
    }

    #[rstest]
    #[case::one_sequence(1.0, "sequences", "sequence")]
    #[case::many_sequences(98.0, "sequences", "sequences")]
    #[case::one_token(1.0, "tokens", "token")]
    #[case::not_a_count(1.0, "ms", "ms")]
    #[case::fraction(1.5, "sequences", "sequences")]
    fn units_agree_with_their_number(#[case] value: f64, #[case] unit: &str, #[case] shown: &str) {
        assert_eq!(unit_for(value, unit), shown);
    }
}
