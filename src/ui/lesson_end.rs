//! The end of a lesson: the score, what went right, the steps worth another look (each can be
//! opened from here), and the time spent.
//!
//! ```text
//! ┌ Lesson 4 · Batching slides the dot · the end ──────────────────────┐
//! │ Score 87/100 over 9 predictions                                    │
//! │ ✓ 11 right · ◐ 3 partly · ✗ 1 missed · 2 skipped, of 18 steps      │
//! │ Time spent: 14 min                                                 │
//! │                                                                    │
//! │ Worth another look:                                                │
//! │ ▸ Step 5 · Predict · ✗ missed · Same MLP, batch 256…               │
//! │   Step 9 · Recall · skipped · The two ceilings of …                │
//! │                                                                    │
//! │ [Enter] open step · [u] first unfinished · [n] next lesson · …     │
//! └────────────────────────────────────────────────────────────────────┘
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::key_hint::key_hint;
use super::theme::Theme;
use crate::app::NavMsg;
use crate::app::{App, LessonScreen, LessonView, Msg};
use crate::domain::lesson::Step;
use crate::domain::session::StepMark;

/// Draws the end of the lesson in `body`.
pub fn render(app: &App, screen: &LessonScreen, body: Rect, buf: &mut Buffer) {
    let theme = Theme::new(app.appearance());
    let Some(lesson) = app.lessons().get(screen.lesson) else {
        return;
    };
    let LessonView::End { selected } = screen.view else {
        return;
    };
    let session = &screen.session;
    let marks: Vec<StepMark> = (0..session.len())
        .filter_map(|i| {
            session
                .state_at(i)
                .map(crate::domain::session::StepState::mark)
        })
        .collect();
    let mut lines = tally(theme, lesson, screen);
    lines.extend(revisit(app, theme, lesson, screen, &marks, selected));
    lines.push(Line::default());
    lines.push(hint(app, theme));
    let title = format!(
        " Lesson {}{}{}{}the end ",
        screen.lesson + 1,
        theme.dot(),
        lesson.title,
        theme.dot()
    );
    summary_panel(lines, title, theme).render(body, buf);
}

/// The score, the marks and the time spent: [`LessonScreen::summary`], the same summary the
/// lesson list shows and the plain text's end writes.
fn tally(
    theme: Theme,
    lesson: &crate::domain::lesson::Lesson,
    screen: &LessonScreen,
) -> Vec<Line<'static>> {
    let summary = screen.summary(lesson);
    let headline = match (summary.score, summary.scored) {
        (Some(score), n) if n > 0 => Line::styled(
            format!(
                "Score {score}/100 over {n} prediction{}",
                if n == 1 { "" } else { "s" }
            ),
            theme.heading(),
        ),
        (Some(_) | None, _) => Line::styled("No prediction scored yet", theme.heading()),
    };
    let minutes = screen.active.as_secs().div_ceil(60);
    vec![
        headline,
        Line::from(vec![
            Span::styled(
                format!("{} {} right", theme.glyph("✓", "+"), summary.right),
                theme.good(),
            ),
            Span::styled(theme.dot(), theme.muted()),
            Span::styled(
                format!("{} {} partly", theme.glyph("◐", "~"), summary.partly),
                theme.trap(),
            ),
            Span::styled(theme.dot(), theme.muted()),
            Span::styled(
                format!("{} {} missed", theme.glyph("✗", "x"), summary.missed),
                theme.error(),
            ),
            Span::styled(theme.dot(), theme.muted()),
            Span::raw(format!(
                "{} skipped, of {} steps",
                summary.unfinished,
                screen.session.len()
            )),
        ]),
        Line::from(format!("Time spent this sitting: {minutes} min")),
        Line::default(),
    ]
}

/// The steps worth another look, the highlighted one marked.
fn revisit(
    app: &App,
    theme: Theme,
    lesson: &crate::domain::lesson::Lesson,
    screen: &LessonScreen,
    marks: &[StepMark],
    selected: usize,
) -> Vec<Line<'static>> {
    let revisit = crate::app::to_revisit(&screen.session);
    if revisit.is_empty() {
        return vec![Line::styled(
            "Every step finished and right. On to the next lesson.",
            theme.good(),
        )];
    }
    let mut lines = vec![Line::styled("Worth another look:", theme.heading())];
    for (row, &i) in revisit.iter().enumerate() {
        let step = &lesson.steps[i];
        let how = match marks[i] {
            StepMark::Open => "skipped".to_owned(),
            StepMark::Partly(s) => format!("{s}/100"),
            StepMark::Missed => "missed".to_owned(),
            StepMark::Done | StepMark::Right => String::new(),
        };
        let (pointer, style) = if row == selected {
            (theme.glyph("▸ ", "> "), theme.selected())
        } else {
            ("  ", ratatui::style::Style::new())
        };
        lines.push(Line::styled(
            format!(
                "{pointer}Step {}{}{}{}{how}{}{}",
                i + 1,
                theme.dot(),
                step.kind_name(),
                theme.dot(),
                theme.dot(),
                opening_words(app, step)
            ),
            style,
        ));
    }
    lines
}

/// The first words of a step, to recognise it by: filled for the learner's cluster, with any
/// figure not yet revealed masked.
fn opening_words(app: &App, step: &Step) -> String {
    use crate::domain::lesson::scenario_for;
    let (text, patch) = step.opening();
    let filled = crate::domain::lesson::template::render(
        text,
        &scenario_for(patch, app.cluster()),
        app.catalog(),
    );
    let shown = app.withheld().mask_prose(&filled).into_owned();
    let words: Vec<&str> = shown.split_whitespace().take(8).collect();
    format!("{}…", words.join(" "))
}

fn hint(app: &App, theme: Theme) -> Line<'static> {
    key_hint(
        app,
        theme,
        [
            (Msg::Nav(NavMsg::OpenSelected), "open step"),
            (Msg::Nav(NavMsg::FirstUnfinished), "first unfinished"),
            (Msg::Nav(NavMsg::NextStep), "next lesson"),
            (Msg::Nav(NavMsg::RestartLesson), "restart"),
            (Msg::Nav(NavMsg::ShowLessonList), "lessons"),
        ],
    )
}

/// An end-of-round panel (a lesson's end, a review's summary): the lines indented by one
/// column, wrapped, in the active border with `title`.
pub(super) fn summary_panel(
    lines: Vec<Line<'static>>,
    title: String,
    theme: Theme,
) -> Paragraph<'static> {
    let lines: Vec<Line<'static>> = lines
        .into_iter()
        .map(|l| {
            let mut spans = vec![Span::raw(" ")];
            spans.extend(l.spans);
            Line::from(spans).style(l.style)
        })
        .collect();
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(theme.active_block(title))
}
