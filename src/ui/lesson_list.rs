//! The lesson list: the course in order, each lesson's status and score, and the selected
//! lesson's summary.
//!
//! ```text
//! ┌ roofline · 12 lessons ─────────────────────────────────┐
//! │  #  Lesson                      Progress        Score  │
//! │▸ 1  The two ceilings            ✓ done          85     │
//! │  2  The ridge point             in progress 3/9 76     │
//! │  3  Decode at batch 1           not started            │
//! └────────────────────────────────────────────────────────┘
//! ┌ The ridge point ───────────────────────────────────────┐
//! │ summary, wrapped                                       │
//! └────────────────────────────────────────────────────────┘
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Row, StatefulWidget, Table, TableState, Widget, Wrap};

use super::theme::Theme;
use crate::app::App;
use crate::domain::session::{LessonStatus, summarize};

/// Draws the list with `selected` highlighted.
pub fn render(app: &App, selected: usize, body: Rect, buf: &mut Buffer) {
    let body = Rect {
        height: body.height,
        ..super::layout::centred(body, 100, body.height)
    };
    let show_summary = body.height >= 14;
    let [list, summary] = Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(if show_summary { 5 } else { 0 }),
    ])
    .areas(body);
    render_table(app, selected, list, buf);
    if show_summary {
        render_summary(app, selected, summary, buf);
    }
}

fn render_table(app: &App, selected: usize, area: Rect, buf: &mut Buffer) {
    let theme = Theme::new(app.appearance());
    let lessons = app.lessons();
    let rows = lessons.iter().enumerate().map(|(i, lesson)| {
        let summary = summarize(lesson, app.progress().lessons.get(&lesson.id));
        let (status, style) = match summary.status {
            LessonStatus::NotStarted => ("not started".to_owned(), theme.muted()),
            LessonStatus::InProgress { done, total } => {
                (format!("in progress {done}/{total}"), theme.input())
            }
            LessonStatus::Done => (format!("{} done", theme.glyph("✓", "*")), theme.good()),
        };
        let score = summary.score.map_or_else(String::new, |s| format!("{s}"));
        Row::new(vec![
            Line::from(format!("{:>2}", i + 1)),
            Line::from(lesson.title.clone()),
            Line::styled(status, style),
            Line::from(score),
        ])
    });
    let header = Row::new(vec!["#", "Lesson", "Progress", "Score"]).style(theme.muted());
    let noun = if lessons.len() == 1 {
        "lesson"
    } else {
        "lessons"
    };
    let title = format!(" roofline{}{} {noun} ", theme.dot(), lessons.len());
    let table = Table::new(
        rows,
        [
            Constraint::Length(3),
            Constraint::Fill(1),
            Constraint::Length(17),
            Constraint::Length(5),
        ],
    )
    .header(header)
    .row_highlight_style(theme.selected())
    .highlight_symbol(theme.glyph("▸ ", "> "))
    .block(
        Block::bordered()
            .border_set(theme.border_set())
            .border_style(theme.border_active())
            .title(Span::styled(title, theme.heading())),
    );
    if lessons.is_empty() {
        Paragraph::new("no lessons to show")
            .block(Block::bordered().border_set(theme.border_set()))
            .render(area, buf);
        return;
    }
    let mut state = TableState::default().with_selected(Some(selected.min(lessons.len() - 1)));
    StatefulWidget::render(table, area, buf, &mut state);
}

fn render_summary(app: &App, selected: usize, area: Rect, buf: &mut Buffer) {
    let theme = Theme::new(app.appearance());
    let Some(lesson) = app.lessons().get(selected) else {
        return;
    };
    Paragraph::new(lesson.summary.clone())
        .wrap(Wrap { trim: true })
        .block(
            Block::bordered()
                .border_set(theme.border_set())
                .border_style(theme.border())
                .title(Span::styled(format!(" {} ", lesson.title), theme.heading())),
        )
        .render(area, buf);
}
