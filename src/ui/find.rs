//! The lesson list's search and the weakest steps: one row per match or step, the highlighted
//! one marked, each opening its lesson at its step.
//!
//! ```text
//! ┌ Search the lessons · /ridge▏ · 9 matches ──────────────────────────┐
//! │▸  2 The ridge point                                                 │
//! │   2 The ridge point · step 1  The slope and the roof meet where…    │
//! └─ Enter opens the match · Esc back to the list ─────────────────────┘
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::outline_box::OutlineBox;
use super::theme::Theme;
use crate::app::{App, Search};

/// Draws the search: the query in the title, one row per match.
pub fn render_search(app: &App, search: &Search, body: Rect, buf: &mut Buffer) {
    let theme = Theme::new(app.appearance());
    let course = app.course();
    let count = match search.hits.len() {
        1 => "1 match".to_owned(),
        n => format!("{n} matches"),
    };
    let title = format!(
        " Search the lessons{}/{}{}{}{count} ",
        theme.dot(),
        search.query,
        theme.glyph("▏", "_"),
        theme.dot()
    );
    let rows: Vec<Line<'static>> = search
        .hits
        .iter()
        .enumerate()
        .map(|(i, hit)| {
            let lesson = course.title(hit.lesson).unwrap_or_default();
            let mut spans = vec![
                marker(theme, i == search.selected),
                Span::raw(format!("{:>2} ", hit.lesson + 1)),
            ];
            match hit.step {
                None => spans.extend(highlighted(theme, &hit.text, hit.at.clone())),
                Some(step) => {
                    spans.push(Span::styled(
                        format!("{lesson}{}step {}  ", theme.dot(), step + 1),
                        theme.muted(),
                    ));
                    spans.extend(highlighted(theme, &hit.text, hit.at.clone()));
                }
            }
            styled_row(theme, spans, i == search.selected)
        })
        .collect();
    let empty = if search.query.trim().is_empty() {
        "type to search lesson titles and step text"
    } else {
        "nothing matches"
    };
    let bottom = " Enter opens the match at its step · Esc back to the list ";
    render_box(
        theme,
        title,
        bottom,
        rows,
        empty,
        search.selected,
        body,
        buf,
    );
}

/// Draws the weakest steps: score, lesson and step, lowest score first.
pub fn render_weakest(app: &App, selected: usize, body: Rect, buf: &mut Buffer) {
    let theme = Theme::new(app.appearance());
    let course = app.course();
    let weak = app.weakest_steps();
    let title = format!(
        " Weakest steps{}{} missed or partly right{}lowest score first ",
        theme.dot(),
        weak.len(),
        theme.dot()
    );
    let rows: Vec<Line<'static>> = weak
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let kind = course
                .step_heads(w.lesson)
                .nth(w.step)
                .map_or("", |(_, kind)| kind.name());
            let score_style = if w.score == 0 {
                theme.error()
            } else {
                theme.warning()
            };
            let spans = vec![
                marker(theme, i == selected),
                Span::styled(format!("{:>3} ", w.score), score_style),
                Span::raw(format!(
                    "{:>2} {}",
                    w.lesson + 1,
                    course.title(w.lesson).unwrap_or_default()
                )),
                Span::styled(
                    format!("{}step {} {kind} · {}", theme.dot(), w.step + 1, w.step_id),
                    theme.muted(),
                ),
            ];
            styled_row(theme, spans, i == selected)
        })
        .collect();
    let bottom = " Score out of 100 · Enter opens the step · Esc back to the list ";
    let empty = "no step missed or partly right yet: answers below 100 gather here";
    render_box(theme, title, bottom, rows, empty, selected, body, buf);
}

fn marker(theme: Theme, selected: bool) -> Span<'static> {
    Span::raw(if selected {
        theme.glyph("▸ ", "> ")
    } else {
        "  "
    })
}

fn styled_row(theme: Theme, spans: Vec<Span<'static>>, selected: bool) -> Line<'static> {
    let line = Line::from(spans);
    if selected {
        line.style(theme.selected())
    } else {
        line
    }
}

/// `text` with the match at `at` in the input style.
fn highlighted(theme: Theme, text: &str, at: std::ops::Range<usize>) -> Vec<Span<'static>> {
    let (before, rest) = text.split_at(at.start.min(text.len()));
    let (found, after) = rest.split_at(at.len().min(rest.len()));
    vec![
        Span::raw(before.to_owned()),
        Span::styled(found.to_owned(), theme.input().patch(Style::new().bold())),
        Span::raw(after.to_owned()),
    ]
}

/// The outlined box with its rows, scrolled to keep `selected` in view.
#[allow(
    clippy::too_many_arguments,
    reason = "one call per screen, each naming its parts"
)]
fn render_box(
    theme: Theme,
    title: String,
    bottom: &str,
    rows: Vec<Line<'static>>,
    empty: &str,
    selected: usize,
    body: Rect,
    buf: &mut Buffer,
) {
    let area = Rect {
        height: body.height,
        ..super::layout::centred(body, 100, body.height)
    };
    (&OutlineBox {
        set: theme.border_set(),
        style: theme.border_active(),
        title: Some(Line::from(Span::styled(title, theme.heading()))),
        bottom: Some(Line::styled(bottom.to_owned(), theme.muted())),
    })
        .render(area, buf);
    let inner = OutlineBox::inner(area);
    if rows.is_empty() {
        Paragraph::new(Line::styled(format!(" {empty}"), theme.muted())).render(inner, buf);
        return;
    }
    let height = usize::from(inner.height).max(1);
    let skip = selected.saturating_sub(height - 1);
    Paragraph::new(rows.into_iter().skip(skip).collect::<Vec<_>>()).render(inner, buf);
}
