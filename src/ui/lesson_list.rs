//! The lesson list: the course in order, each lesson's status and score, and the selected
//! lesson's summary.
//!
//! ```text
//! ┌ roofline · 12 lessons · course 31/160 steps · mean score 81 ───────┐
//! │  #  Lesson                   Progress         Right     Score      │
//! │▸ 1  The two ceilings         ✓ done           ✓7 ◐1 ✗1  85  2 due  │
//! │  2  The ridge point          in progress 3/9  ✓2        76         │
//! │  3  Decode at batch 1        not started                           │
//! (the Review column, "N due", only while something is due for review;
//! the marks and score are the lesson end's, from one `summarize`)
//! └─ Right: ✓ within tolerance, ◐ partly, ✗ missed · Score: mean ─────┘
//! ┌ The ridge point ───────────────────────────────────────┐
//! │ summary, wrapped                                       │
//! └────────────────────────────────────────────────────────┘
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

mod rows;

use super::outline_box::OutlineBox;
use super::theme::Theme;
use crate::app::{App, Course};
use crate::domain::session::{LessonStatus, LessonSummary, summarize_steps};
use rows::ListTable;

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
    // Heads only: the list never parses a lesson (see `app::Course`).
    let course = app.course();
    let summaries: Vec<_> = (0..course.len())
        .map(|i| {
            let progress = course.id(i).and_then(|id| app.progress().lessons.get(id));
            summarize_steps(course.step_heads(i), progress)
        })
        .collect();
    let reviews = app.schedule().due_total() > 0;
    let rows = summaries.iter().enumerate().map(|(i, summary)| {
        let score = summary.score.map_or_else(String::new, |s| format!("{s}"));
        let mut cells = vec![
            Line::from(format!("{:>2}", i + 1)),
            Line::from(course.title(i).unwrap_or_default()),
            status_cell(theme, summary),
            Line::from(right_marks(theme, summary)),
            Line::from(score),
        ];
        if reviews {
            let due = app.schedule().due_in(course.id(i).unwrap_or_default());
            cells.push(if due > 0 {
                Line::styled(format!("{due} due"), theme.warning())
            } else {
                Line::default()
            });
        }
        cells
    });
    let mut header = vec!["#", "Lesson", "Progress", "Right", "Score"];
    let mut widths = vec![
        Constraint::Length(3),
        Constraint::Fill(1),
        Constraint::Length(17),
        Constraint::Length(11),
        Constraint::Length(5),
    ];
    if reviews {
        // Only while something is due: the column says where (`roofline review` asks it).
        header.push("Review");
        widths.push(Constraint::Length(7));
    }
    let header = (header.into_iter().map(Line::from).collect(), theme.muted());
    let (mut title, legend) = title_and_legend(theme, course, &summaries);
    if reviews {
        let due = app.schedule().due_total();
        title = format!("{}{}{due} due for review ", title.trim_end(), theme.dot());
    }
    if course.is_empty() {
        Paragraph::new("no lessons to show")
            .block(Block::bordered().border_set(theme.border_set()))
            .render(area, buf);
        return;
    }
    ListTable {
        block: OutlineBox {
            set: theme.border_set(),
            style: theme.border_active(),
            title: Some(Line::from(Span::styled(title, theme.heading()))),
            bottom: Some(Line::styled(legend, theme.muted())),
        },
        header,
        body: rows.collect(),
        widths,
        selected: selected.min(course.len() - 1),
        symbol: theme.glyph("▸ ", "> "),
        highlight: theme.selected(),
    }
    .render(area, buf);
}

/// A lesson's progress, coloured by how far it got.
fn status_cell(theme: Theme, summary: &LessonSummary) -> Line<'static> {
    let (status, style) = match summary.status {
        LessonStatus::NotStarted => ("not started".to_owned(), theme.muted()),
        LessonStatus::InProgress { done, total } => {
            (format!("in progress {done}/{total}"), theme.input())
        }
        LessonStatus::Done => (format!("{} done", theme.glyph("✓", "*")), theme.good()),
    };
    Line::styled(status, style)
}

/// The counts of steps right, partly right and missed, each with its mark; none that is 0.
fn right_marks(theme: Theme, summary: &LessonSummary) -> Vec<Span<'static>> {
    let mut marks = Vec::new();
    if summary.right > 0 {
        marks.push(Span::styled(
            format!("{}{} ", theme.glyph("✓", "+"), summary.right),
            theme.good(),
        ));
    }
    if summary.partly > 0 {
        marks.push(Span::styled(
            format!("{}{} ", theme.glyph("◐", "~"), summary.partly),
            theme.trap(),
        ));
    }
    if summary.missed > 0 {
        marks.push(Span::styled(
            format!("{}{}", theme.glyph("✗", "x"), summary.missed),
            theme.error(),
        ));
    }
    marks
}

/// The list's title (the course total and mean score) and its legend (what the columns mean).
fn title_and_legend(
    theme: Theme,
    course: &Course,
    summaries: &[crate::domain::session::LessonSummary],
) -> (String, String) {
    let noun = if course.len() == 1 {
        "lesson"
    } else {
        "lessons"
    };
    let (done, total) = summaries.iter().enumerate().fold((0, 0), |(d, t), (i, s)| {
        let n = course.step_heads(i).count();
        match s.status {
            LessonStatus::NotStarted => (d, t + n),
            LessonStatus::InProgress { done, .. } => (d + done, t + n),
            LessonStatus::Done => (d + n, t + n),
        }
    });
    let scores: Vec<u32> = summaries
        .iter()
        .filter_map(|s| s.score.map(u32::from))
        .collect();
    let mean = crate::domain::session::mean_score(&scores)
        .map_or_else(String::new, |m| format!("{}mean score {m}", theme.dot()));
    let title = format!(
        " roofline{}{} {noun}{}course {done}/{total} steps{mean} ",
        theme.dot(),
        course.len(),
        theme.dot()
    );
    let legend = format!(
        " Right: {} within tolerance, {} partly, {} missed{}Score: mean of predictions, out of 100 ",
        theme.glyph("✓", "+"),
        theme.glyph("◐", "~"),
        theme.glyph("✗", "x"),
        theme.dot()
    );
    (title, legend)
}

fn render_summary(app: &App, selected: usize, area: Rect, buf: &mut Buffer) {
    let theme = Theme::new(app.appearance());
    let course = app.course();
    let (Some(title), Some(summary)) = (course.title(selected), course.summary(selected)) else {
        return;
    };
    (&OutlineBox {
        set: theme.border_set(),
        style: theme.border(),
        title: Some(Line::from(Span::styled(
            format!(" {title} "),
            theme.heading(),
        ))),
        bottom: None,
    })
        .render(area, buf);
    Paragraph::new(summary)
        .wrap(Wrap { trim: true })
        .render(OutlineBox::inner(area), buf);
}
