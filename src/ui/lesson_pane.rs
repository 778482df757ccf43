//! The lesson pane: the current step, as wrapped lines the pane scrolls through.
//!
//! ```text
//! ┌ Lesson 2 · The ridge point ───────────┐
//! │ Step 3/9 · Predict                    │  header: position, kind, ✓ when finished
//! │                                       │
//! │ What is the ridge point of … ?        │  the step's prose, placeholders filled
//! │                                       │
//! │ Your guess: 16▏ FLOP/byte             │  input, or the locked-in guess
//! │ ✗ that is not a number                │  inline refusal
//! │ [Enter] commit                        │  hint, keys from the keymap
//! └───────────────────────────────────────┘
//! ```

mod answer;
mod example_line;
mod hint;

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::prose;
use super::theme::Theme;
use crate::app::{App, Cycle, Focus, KeyContext, LessonScreen, Msg};
use crate::app::{NavMsg, PlotMsg, StepMsg};
use crate::domain::lesson::template::render;
use crate::domain::lesson::{
    ExampleStep, ExplainStep, ReadStep, ReadTag, RecallStep, ScenarioPatch, Step, scenario_for,
};
use crate::domain::session::{
    ExplainState, PredictState, RecallState, ResolvedAnswer, Session, StepMark, StepRecord,
    StepState,
};
use crate::domain::withhold::Withheld;

/// What the pane shows for the current step, wrapped to `width`.
#[must_use]
pub fn content(app: &App, screen: &LessonScreen, width: u16) -> Vec<Line<'static>> {
    let Some(step) = app
        .screen_lesson()
        .and_then(|l| l.steps.get(screen.session.current()))
    else {
        return vec![Line::raw("this lesson has no such step")];
    };
    let pane = Pane {
        app,
        theme: Theme::new(app.appearance()),
        width,
        contexts: app.contexts(),
        withheld: app.withheld(),
    };
    // A review heads its item with the round; every other mode with the lesson's step.
    let mut lines = if app.review().is_some() {
        super::review::header(app, screen, pane.theme, width)
    } else {
        vec![pane.header(step, &screen.session), Line::default()]
    };
    let answer = screen.session.answer();
    lines.extend(match (step, screen.session.state()) {
        (Step::Read(s), _) => pane.read(s),
        (Step::Example(s), _) => pane.example(s),
        (Step::Predict(_) | Step::Explore(_), StepState::Predict(state)) => {
            pane.question(step, state, answer)
        }
        (Step::Recall(s), StepState::Recall(state)) => pane.recall(s, *state),
        (Step::Explain(s), StepState::Explain(state)) => {
            let mut lines = pane.prose(&s.prompt, s.scenario.as_ref(), Style::new());
            lines.push(Line::default());
            lines.extend(pane.explanation(state, screen.focus, s));
            lines
        }
        _ => vec![Line::styled(
            "this step's state does not fit its kind",
            pane.theme.error(),
        )],
    });
    lines
}

/// What every part of the pane needs.
pub(super) struct Pane<'a> {
    pub(super) app: &'a App,
    pub(super) theme: Theme,
    pub(super) width: u16,
    pub(super) contexts: Vec<KeyContext>,
    /// Figures not yet revealed: masked in every text the lesson supplies.
    pub(super) withheld: Withheld,
}

impl Pane<'_> {
    fn header(&self, step: &Step, session: &Session) -> Line<'static> {
        let theme = self.theme;
        let kind = step.kind().title();
        let mut spans = vec![
            Span::styled(
                format!("Step {}/{}", session.current() + 1, session.len()),
                theme.heading(),
            ),
            Span::styled(format!("{}{kind}", theme.dot()), theme.heading()),
        ];
        if let Step::Read(read) = step
            && let Some(tag) = read.tag
        {
            let tag = match tag {
                ReadTag::Analogy => "Analogy",
                ReadTag::InfraBridge => "Infra bridge",
                ReadTag::Takeaway => "Takeaway",
                ReadTag::Pitfall => "Pitfall",
                ReadTag::Incident => "Incident",
                ReadTag::Sources => "Sources",
            };
            spans.push(Span::styled(format!("{}{tag}", theme.dot()), theme.muted()));
        }
        let mark = match (step, session.state().mark()) {
            // A read step is done by being on screen; no mark needed.
            (Step::Read(_) | Step::Example(_), _) | (_, StepMark::Open) => None,
            (_, StepMark::Done) => {
                Some((theme.glyph(" ✓ done", " (done)").to_owned(), theme.muted()))
            }
            (_, StepMark::Right) => {
                Some((theme.glyph(" ✓ right", " (right)").to_owned(), theme.good()))
            }
            (_, StepMark::Partly(score)) => Some((
                format!(" {} {score}/100", theme.glyph("◐", "(partly)")),
                theme.trap(),
            )),
            (_, StepMark::Missed) => Some((
                theme.glyph(" ✗ missed", " (missed)").to_owned(),
                theme.error(),
            )),
        };
        if let Some((text, style)) = mark {
            spans.push(Span::styled(text, style));
        }
        Line::from(spans)
    }

    fn next_hint(&self) -> Vec<Line<'static>> {
        let mut lines = vec![Line::default()];
        lines.extend(self.hint(&[(Msg::Nav(NavMsg::NextStep), "next")]));
        lines
    }

    fn read(&self, s: &ReadStep) -> Vec<Line<'static>> {
        let mut lines = self.prose(&s.text, s.scenario.as_ref(), Style::new());
        lines.extend(self.next_hint());
        lines
    }

    fn example(&self, s: &ExampleStep) -> Vec<Line<'static>> {
        let patch = s.scenario.as_ref();
        let mut lines = self.prose(&s.title, patch, self.theme.heading());
        lines.push(Line::default());
        for line in &s.lines {
            lines.extend(example_line::lines(&self.fill(line, patch), self.width));
        }
        lines.extend(self.next_hint());
        lines
    }

    /// A step that takes an answer (a prediction or an exploration): what it asks, the plot
    /// keys to try while an exploration is open, the answer, and at the reveal the
    /// explanation, any trap and the way on.
    fn question(
        &self,
        step: &Step,
        state: &PredictState,
        resolved: Option<&ResolvedAnswer>,
    ) -> Vec<Line<'static>> {
        let Some(q) = step.question() else {
            return Vec::new();
        };
        let patch = q.scenario;
        let mut lines = self.asking(q.text, patch);
        let revealed = matches!(state, PredictState::Revealed { .. });
        if !revealed && matches!(step, Step::Explore(_)) {
            lines.extend(self.hint(&[
                (Msg::Plot(PlotMsg::HalveBatch), "halve"),
                (Msg::Plot(PlotMsg::DoubleBatch), "double the batch"),
                (
                    Msg::Plot(PlotMsg::CyclePrecision(Cycle::Forward)),
                    "precision",
                ),
                (Msg::Plot(PlotMsg::CycleGpu(Cycle::Forward)), "GPU"),
                (Msg::Plot(PlotMsg::CycleModel(Cycle::Forward)), "model"),
                (Msg::Plot(PlotMsg::CycleContext(Cycle::Forward)), "context"),
            ]));
            lines.push(Line::default());
        }
        lines.extend(answer::block(self, q.answer, state, resolved, patch));
        if revealed {
            lines.extend(self.revealed_explanation(q.explanation, patch));
            if let Some(trap) = q.trap
                && self
                    .app
                    .lesson_screen()
                    .is_none_or(|screen| super::review::shows_trap(self.app, screen))
            {
                lines.push(Line::default());
                lines.extend(self.prose(&format!("Trap: {trap}"), patch, self.theme.trap()));
            }
            lines.extend(self.next_hint());
        }
        lines
    }

    /// What a step asks, then a result kept from another cluster or setting, if any.
    fn asking(&self, text: &str, patch: Option<&ScenarioPatch>) -> Vec<Line<'static>> {
        let mut lines = self.prose(text, patch, Style::new());
        lines.push(Line::default());
        lines.extend(self.earlier());
        lines
    }

    /// The explanation shown at the reveal, after a blank line.
    fn revealed_explanation(
        &self,
        text: &str,
        patch: Option<&ScenarioPatch>,
    ) -> Vec<Line<'static>> {
        let mut lines = vec![Line::default()];
        lines.extend(self.prose(text, patch, Style::new()));
        lines
    }

    /// A result kept from another cluster or setting: history, not this step's score.
    fn earlier(&self) -> Vec<Line<'static>> {
        let Some(StepRecord::Revealed {
            score: Some(score),
            answer: Some(answer),
            ..
        }) = self.app.session().and_then(Session::earlier)
        else {
            return Vec::new();
        };
        let text = format!(
            "Earlier you scored {score}/100 here against an answer of {}, computed for another cluster or setting; this one is new.",
            crate::domain::lesson::template::format_number(
                *answer,
                crate::domain::lesson::template::Format::Auto
            )
        );
        let mut lines = prose::wrap(
            &self.withheld.mask_prose(&text),
            self.width,
            self.theme.muted(),
            " ",
        );
        lines.push(Line::default());
        lines
    }

    fn recall(&self, s: &RecallStep, state: RecallState) -> Vec<Line<'static>> {
        let patch = s.scenario.as_ref();
        let mut lines = self.prose(&s.front, patch, Style::new());
        lines.push(Line::default());
        match state {
            RecallState::Front => {
                lines.extend(self.hint(&[(
                    Msg::Step(StepMsg::TurnCard),
                    "turn the card, once you have said the answer",
                )]));
            }
            RecallState::Back | RecallState::Graded(_) => {
                lines.push(Line::styled(
                    self.theme.glyph("────────", "--------"),
                    self.theme.muted(),
                ));
                lines.extend(self.prose(&s.back, patch, self.theme.answer()));
                lines.push(Line::default());
                lines.extend(answer::grades(self, state));
                if matches!(state, RecallState::Graded(_)) {
                    lines.extend(self.next_hint());
                }
            }
        }
        lines
    }

    /// Fills placeholders for the step's scenario on the learner's cluster, with every figure
    /// not yet revealed masked.
    pub(super) fn fill(&self, text: &str, patch: Option<&ScenarioPatch>) -> String {
        let filled = render(
            text,
            &scenario_for(patch, self.app.cluster()),
            self.app.catalog(),
        );
        self.withheld.mask_prose(&filled).into_owned()
    }

    /// Filled and wrapped prose.
    pub(super) fn prose(
        &self,
        text: &str,
        patch: Option<&ScenarioPatch>,
        style: Style,
    ) -> Vec<Line<'static>> {
        prose::wrap(
            &self.fill(text, patch),
            self.width,
            style,
            self.theme.glyph("•", "-"),
        )
    }

    fn explanation(
        &self,
        state: &ExplainState,
        focus: Focus,
        step: &ExplainStep,
    ) -> Vec<Line<'static>> {
        let theme = self.theme;
        match state {
            ExplainState::Writing { text } => {
                let cursor = match focus {
                    Focus::Text => theme.glyph("▏", "_"),
                    Focus::Commands => "",
                };
                let mut lines = vec![Line::styled(
                    "Your explanation, as to a colleague:",
                    theme.muted(),
                )];
                let typed = format!("{text}{cursor}");
                if typed.is_empty() {
                    lines.push(Line::default());
                } else {
                    lines.extend(prose::wrap(&typed, self.width, theme.input(), " "));
                }
                lines.push(Line::default());
                lines.extend(match focus {
                    Focus::Text => self.hint(&[
                        (Msg::Step(StepMsg::Commit), "hand it in"),
                        (Msg::Step(StepMsg::LeaveInput), "stop typing"),
                    ]),
                    Focus::Commands => self.hint(&[
                        (Msg::Step(StepMsg::EditText), "write"),
                        (Msg::Nav(NavMsg::NextStep), "skip"),
                    ]),
                });
                lines
            }
            ExplainState::Revealed { text } => {
                let mut lines = vec![Line::styled("You wrote:", theme.muted())];
                lines.extend(prose::wrap(text, self.width, theme.input(), " "));
                lines.push(Line::default());
                lines.push(Line::styled("Model answer:", theme.muted()));
                lines.extend(self.prose(
                    &step.model_answer,
                    step.scenario.as_ref(),
                    theme.answer(),
                ));
                lines.push(Line::default());
                lines.extend(self.hint(&[(Msg::Nav(NavMsg::NextStep), "next")]));
                lines
            }
        }
    }
}
