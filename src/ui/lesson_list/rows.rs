//! The lesson list's table, drawn as ratatui's `Table` draws it (the same column layout,
//! scrolling, highlight symbol and styles: the test below compares every cell and style with
//! `Table`'s own output) but without `Table`'s style passes over the whole area, every row and
//! every cell, which are no-ops for default styles and were half the cost of the tutor's first
//! frame.
//!
//! ```text
//! ┌ title ─────────────────────────────────────────┐
//! │  #  Lesson                 Progress      …     │  header (its style over the row)
//! │▸  1 Two ceilings           not started         │  selected: symbol, then its style
//! │   2 The ridge point        in progress 3/9     │
//! └ legend ────────────────────────────────────────┘
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use crate::ui::outline_box::OutlineBox;

/// A table of one-line rows, one selected.
pub struct ListTable<'a> {
    /// The frame, title and legend.
    pub block: OutlineBox<'a>,
    /// The header's cells and its style.
    pub header: (Vec<Line<'a>>, Style),
    /// Each row's cells.
    pub body: Vec<Vec<Line<'a>>>,
    /// The columns' widths (one column space between columns).
    pub widths: Vec<Constraint>,
    /// The selected row (kept in view by scrolling).
    pub selected: usize,
    /// Drawn before the selected row (every row is indented by its width).
    pub symbol: &'a str,
    /// Patched over the selected row after its cells.
    pub highlight: Style,
}

impl Widget for ListTable<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let inner = OutlineBox::inner(area);
        self.block.render(area, buf);
        if inner.is_empty() {
            return;
        }
        let indent = u16::try_from(Line::from(self.symbol).width()).unwrap_or(u16::MAX);
        let columns = Layout::horizontal(self.widths).spacing(1).split(Rect::new(
            0,
            0,
            inner.width.saturating_sub(indent),
            1,
        ));
        let cell =
            |column: &Rect, y: u16| Rect::new(inner.x + indent + column.x, y, column.width, 1);

        let (header, header_style) = self.header;
        buf.set_style(Rect { height: 1, ..inner }, header_style);
        for (line, column) in header.iter().zip(columns.iter()) {
            line.render(cell(column, inner.y), buf);
        }

        let body = Rect {
            y: inner.y + 1,
            height: inner.height - 1,
            ..inner
        };
        let visible = usize::from(body.height);
        if visible == 0 || self.body.is_empty() {
            return;
        }
        let selected = self.selected.min(self.body.len() - 1);
        let first = (selected + 1).saturating_sub(visible);
        for (row, (i, cells)) in self
            .body
            .iter()
            .enumerate()
            .skip(first)
            .take(visible)
            .enumerate()
        {
            let y = body.y + u16::try_from(row).unwrap_or(u16::MAX);
            let row_area = Rect {
                y,
                height: 1,
                ..body
            };
            if i == selected {
                Line::from(self.symbol).render(
                    Rect {
                        width: indent,
                        ..row_area
                    },
                    buf,
                );
            }
            for (line, column) in cells.iter().zip(columns.iter()) {
                line.render(cell(column, y), buf);
            }
            if i == selected {
                buf.set_style(row_area, self.highlight);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::{Color, Modifier, Stylize as _};
    use ratatui::symbols::border;
    use ratatui::widgets::{Block, Row, StatefulWidget, Table, TableState};
    use rstest::rstest;

    fn cells(i: usize) -> Vec<Line<'static>> {
        vec![
            Line::from(format!("{:>2}", i + 1)),
            Line::from(format!("Lesson number {i} with a long title")),
            Line::styled("not started", Style::new().fg(Color::Gray)),
            Line::from(vec!["✓3 ".green(), "✗1".red()]),
            Line::from("85"),
            Line::styled("2 due", Style::new().fg(Color::Yellow)),
        ]
    }

    /// The same table through ratatui's `Table` and through [`ListTable`].
    fn both(rows: usize, columns: usize, selected: usize, area: Rect) -> (Buffer, Buffer) {
        let widths = [
            Constraint::Length(3),
            Constraint::Fill(1),
            Constraint::Length(17),
            Constraint::Length(8),
            Constraint::Length(5),
            Constraint::Length(7),
        ][..columns]
            .to_vec();
        let header: Vec<Line> = ["#", "Lesson", "Progress", "Right", "Score", "Review"][..columns]
            .iter()
            .map(|h| Line::from(*h))
            .collect();
        let header_style = Style::new().fg(Color::DarkGray);
        let highlight = Style::new()
            .bg(Color::DarkGray)
            .add_modifier(Modifier::BOLD);
        let border = Style::new().fg(Color::Cyan);
        let block = Block::bordered()
            .border_set(border::ROUNDED)
            .border_style(border)
            .title(" roofline · title ")
            .title_bottom(Line::styled(" legend ", header_style));
        let body: Vec<Vec<Line>> = (0..rows).map(|i| cells(i)[..columns].to_vec()).collect();

        let mut reference = Buffer::empty(area);
        let table = Table::new(body.iter().map(|c| Row::new(c.clone())), widths.clone())
            .header(Row::new(header.clone()).style(header_style))
            .row_highlight_style(highlight)
            .highlight_symbol("▸ ")
            .block(block.clone());
        StatefulWidget::render(
            table,
            area,
            &mut reference,
            &mut TableState::default().with_selected(Some(selected)),
        );

        let mut ours = Buffer::empty(area);
        ListTable {
            block: OutlineBox {
                set: border::ROUNDED,
                style: border,
                title: Some(Line::from(" roofline · title ")),
                bottom: Some(Line::styled(" legend ", header_style)),
            },
            header: (header, header_style),
            body,
            widths,
            selected,
            symbol: "▸ ",
            highlight,
        }
        .render(area, &mut ours);
        (ours, reference)
    }

    #[rstest]
    #[case::roomy(15, 5, 0, 100, 30)]
    #[case::review_column(15, 6, 3, 100, 30)]
    #[case::scrolled_to_the_selection(15, 5, 12, 100, 8)]
    #[case::last_row(15, 5, 14, 60, 6)]
    #[case::narrow(15, 6, 2, 30, 10)]
    #[case::very_narrow(3, 5, 1, 9, 5)]
    #[case::header_only(3, 5, 1, 40, 3)]
    #[case::border_only(3, 5, 0, 2, 2)]
    #[case::selection_past_the_end(4, 5, 9, 50, 12)]
    #[case::one_row(1, 5, 0, 50, 4)]
    fn draws_what_the_table_widget_draws(
        #[case] rows: usize,
        #[case] columns: usize,
        #[case] selected: usize,
        #[case] width: u16,
        #[case] height: u16,
    ) {
        let (ours, reference) = both(rows, columns, selected, Rect::new(3, 2, width, height));
        assert_eq!(ours, reference);
    }
}
