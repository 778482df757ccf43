//! The classroom screen, for a projector: one idea per screen, the question large, the plot
//! large, the revealed answer in big digits and the room's spread under it.
//!
//! ```text
//! ┌ Lesson 4 · Batching · step 3 of 9 ─────────┐┌ Roofline · H100 SXM5 · BF16 ──────────┐
//! │ At batch 8, what is the FC intensity?      ││                                      │
//! │                                            ││   the plot, large                    │
//! │ 12 guesses from the room                   ││                                      │
//! │ Room: 250 300▏  [Enter] add                ││                                      │
//! │ ── after the reveal ──                     ││                                      │
//! │ █▀█ █▀█ █▀▀                                ││                                      │
//! │ ▀▀█ ▄▀▀ ▀▀█  FLOP/byte                     ││                                      │
//! │ ●  ● ●● ░│░ ●      (the room's strip)     ││ batch ◀━━●──▶ KV wall 98             │
//! │ median 290 · 7 of 12 within ±10 % (58 %)   ││ AI 8.0 · 2.7% of ridge · …           │
//! └────────────────────────────────────────────┘└──────────────────────────────────────┘
//! ```
//!
//! With the curtain drawn (`B`) the screen is blank, so the room looks at the speaker.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use tui_big_text::{BigText, PixelSize};

use super::key_hint::key_hint;
use super::layout::{self, LessonAreas, text_area};
use super::theme::Theme;
use super::{lesson_pane, plot_pane, prose};
use crate::app::classroom::room::JoinPanel;
use crate::app::classroom::{Classroom, Curtain, asks, options};
use crate::app::{App, LessonScreen, Msg};
use crate::app::{NavMsg, RoomMsg, StepMsg};
use crate::domain::classroom::{choice_counts, spread};
use crate::domain::lesson::template::{Format, format_number, render as fill};
use crate::domain::lesson::{Step, scenario_for};
use crate::domain::session::{ResolvedAnswer, resolve_step};
use crate::widgets::GuessStrip;

/// Draws the classroom screen in `body`.
pub fn render(app: &App, room: &Classroom, screen: &LessonScreen, body: Rect, buf: &mut Buffer) {
    if room.curtain == Curtain::Drawn {
        let hint = Line::styled(
            "(blank: B shows the screen again)",
            Theme::new(app.appearance()).muted(),
        );
        let y = body.bottom().saturating_sub(1);
        hint.render(Rect::new(body.x, y, body.width, 1), buf);
        return;
    }
    let LessonAreas { lesson, plot } = layout::lesson(body);
    render_question_pane(app, room, screen, lesson, buf);
    plot_pane::render(app, plot, buf);
    if let Some(room) = &room.room
        && room.panel == JoinPanel::Shown
    {
        super::join_panel::render(app, room, body, buf);
    }
}

fn render_question_pane(
    app: &App,
    room: &Classroom,
    screen: &LessonScreen,
    area: Rect,
    buf: &mut Buffer,
) {
    let theme = Theme::new(app.appearance());
    let Some(lesson) = app.lessons().get(screen.lesson) else {
        return;
    };
    let index = screen.session.current();
    let Some(step) = lesson.steps.get(index) else {
        return;
    };
    let title = format!(
        " Lesson {}{}{}{}step {} of {} ",
        screen.lesson + 1,
        theme.dot(),
        lesson.title,
        theme.dot(),
        index + 1,
        lesson.steps.len()
    );
    theme.active_block(title).render(area, buf);
    let inner = text_area(area);
    let Some(question) = Question::of(app, room, step, index) else {
        // Reading, examples, cards and explanations look as they do in study.
        let lines: Vec<Line<'static>> = lesson_pane::content(app, screen, inner.width)
            .into_iter()
            .skip(2)
            .collect();
        Paragraph::new(lines)
            .scroll((screen.scroll, 0))
            .render(inner, buf);
        return;
    };
    let mut lines = question.opening(inner.width);
    if !question.revealed {
        lines.extend(question.waiting(inner.width));
        lines.push(hint(app, room, theme));
        Paragraph::new(lines).render(inner, buf);
        return;
    }
    let top = lines.len() as u16;
    Paragraph::new(lines).render(inner, buf);
    let y = question.answer_and_spread(inner, inner.y.saturating_add(top), buf);
    let mut rest = question.why(inner.width);
    rest.push(Line::default());
    rest.push(hint(app, room, theme));
    if y < inner.bottom() {
        let area = Rect::new(inner.x, y, inner.width, inner.bottom() - y);
        Paragraph::new(rest)
            .wrap(Wrap { trim: false })
            .render(area, buf);
    }
}

/// A predict or explore step as the room sees it.
struct Question<'a> {
    app: &'a App,
    room: &'a Classroom,
    theme: Theme,
    step: &'a Step,
    text: &'a str,
    explanation: &'a str,
    trap: Option<&'a str>,
    scenario: crate::domain::scenario::Scenario,
    answer: Option<ResolvedAnswer>,
    revealed: bool,
}

impl<'a> Question<'a> {
    fn of(app: &'a App, room: &'a Classroom, step: &'a Step, index: usize) -> Option<Self> {
        if !asks(step) {
            return None;
        }
        let question = step.question()?;
        let (text, patch, explanation, trap) = (
            question.text,
            question.scenario,
            question.explanation,
            question.trap,
        );
        let answer = resolve_step(step, app.cluster(), app.catalog());
        Some(Self {
            app,
            room,
            theme: Theme::new(app.appearance()),
            step,
            text,
            explanation,
            trap,
            scenario: scenario_for(patch, app.cluster()),
            answer,
            revealed: room.revealed.contains(&index),
        })
    }

    /// Lesson text filled for the scenario, with figures not yet revealed masked.
    fn say(&self, text: &str) -> String {
        self.app
            .withheld()
            .mask_prose(&fill(text, &self.scenario, self.app.catalog()))
            .into_owned()
    }

    fn guesses(&self) -> crate::domain::classroom::StepGuesses {
        self.room.guesses.of(self.step.id())
    }

    /// The question in bold, then a choice's options (with the room's votes once revealed).
    fn opening(&self, width: u16) -> Vec<Line<'static>> {
        let theme = self.theme;
        let big = Style::new().add_modifier(Modifier::BOLD);
        let mut lines = prose::wrap(&self.say(self.text), width, big, theme.glyph("•", "-"));
        lines.push(Line::default());
        let Some(opts) = options(self.step) else {
            return lines;
        };
        let counts = choice_counts(&self.guesses().choices, opts.len());
        let correct = match &self.answer {
            Some(ResolvedAnswer::Choice { correct, .. }) => Some(*correct),
            _ => None,
        };
        for (i, option) in opts.iter().enumerate() {
            let right = self.revealed && correct == Some(i);
            let mark = if right { theme.glyph("✓", "*") } else { " " };
            let bar = if self.revealed {
                format!(" {} {}", theme.glyph("█", "#").repeat(counts[i]), counts[i])
            } else {
                String::new()
            };
            lines.extend(prose::wrap(
                &format!("{mark}{}. {}{bar}", i + 1, self.say(option)),
                width,
                if right { theme.good() } else { Style::new() },
                " ",
            ));
        }
        lines.push(Line::default());
        lines
    }

    /// Before the reveal: how many guesses, and the line being typed (as dots: the room sees
    /// that guesses come in, not what they are).
    fn waiting(&self, width: u16) -> Vec<Line<'static>> {
        let theme = self.theme;
        let n = self.guesses().count();
        let mut lines = vec![Line::styled(
            format!(
                "{n} {} from the room",
                if n == 1 { "guess" } else { "guesses" }
            ),
            theme.heading(),
        )];
        if let Some(room) = &self.room.room {
            lines.push(Line::from(vec![
                Span::styled("Join: ", theme.muted()),
                Span::styled(room.url.clone(), theme.muted()),
            ]));
        }
        if options(self.step).is_none() {
            let dots: String = self
                .room
                .input
                .chars()
                .map(|c| {
                    if c == ' ' {
                        " "
                    } else {
                        theme.glyph("•", "*")
                    }
                })
                .collect();
            lines.push(Line::from(vec![
                Span::styled("Room: ", theme.muted()),
                Span::styled(format!("{dots}{}", theme.glyph("▏", "_")), theme.input()),
            ]));
            if let Some(error) = &self.room.error {
                lines.extend(prose::wrap(
                    &format!("{} {error}", theme.glyph("✗", "x")),
                    width,
                    theme.error(),
                    " ",
                ));
            }
        }
        lines
    }

    /// The answer as large as the pane allows, then the room's strip; returns the next row.
    fn answer_and_spread(&self, inner: Rect, mut y: u16, buf: &mut Buffer) -> u16 {
        let theme = self.theme;
        let Some(ResolvedAnswer::Number {
            value,
            unit,
            tolerance,
        }) = &self.answer
        else {
            return y;
        };
        let figure = format_number(*value, Format::Auto);
        let chars = figure.chars().count() as u16;
        let room = inner.bottom().saturating_sub(y);
        // As large as the pane allows: 8×8 cells a digit, then 8×4, then 4×4.
        let size = [
            (PixelSize::Full, 8, 8),
            (PixelSize::HalfHeight, 8, 4),
            (PixelSize::Quadrant, 4, 4),
        ]
        .into_iter()
        .find(|(_, w, h)| chars * w <= inner.width && h + 12 <= room);
        if let Some((pixels, _, rows)) = size {
            BigText::builder()
                .pixel_size(pixels)
                .style(theme.answer())
                .lines(vec![Line::from(figure)])
                .build()
                .render(Rect::new(inner.x, y, inner.width, rows), buf);
            y += rows;
            Line::styled(unit.clone(), theme.answer())
                .render(Rect::new(inner.x, y, inner.width, 1), buf);
            y += 2;
        } else if y < inner.bottom() {
            Line::styled(format!("Answer: {figure} {unit}"), theme.answer())
                .render(Rect::new(inner.x, y, inner.width, 1), buf);
            y += 2;
        }
        if let Some(s) = spread(&self.guesses().numbers, *value, *tolerance)
            && y + 4 <= inner.bottom()
        {
            GuessStrip::new(&s, *value, self.app.appearance())
                .render(Rect::new(inner.x, y, inner.width, 4), buf);
            y += 5;
        }
        y
    }

    /// The explanation and the trap.
    fn why(&self, width: u16) -> Vec<Line<'static>> {
        let mut lines = prose::wrap(&self.say(self.explanation), width, Style::new(), "-");
        if let Some(trap) = self.trap {
            lines.push(Line::default());
            lines.extend(prose::wrap(
                &format!("Trap: {}", self.say(trap)),
                width,
                self.theme.trap(),
                "-",
            ));
        }
        lines
    }
}

/// The presenter's keys for this moment, from the keymap.
fn hint(app: &App, room: &Classroom, theme: Theme) -> Line<'static> {
    let revealed = app
        .session()
        .is_some_and(|s| room.revealed.contains(&s.current()));
    let items = [
        (Msg::Step(StepMsg::Commit), "add"),
        (Msg::Step(StepMsg::Reveal), "reveal"),
        (Msg::Nav(NavMsg::NextStep), "next"),
        (Msg::Room(RoomMsg::ToggleCurtain), "blank"),
        (Msg::Room(RoomMsg::ToggleJoinPanel), "join"),
    ];
    let shown = items.into_iter().filter(|(msg, _)| {
        !((revealed && *msg == Msg::Step(StepMsg::Reveal))
            || (*msg == Msg::Room(RoomMsg::ToggleJoinPanel) && room.room.is_none()))
    });
    key_hint(app, theme, shown)
}
