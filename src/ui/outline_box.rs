//! A bordered box drawn as ratatui's `Block::bordered()` draws it (border set, border style, a
//! left-aligned title on the top and on the bottom border; the test below compares every cell
//! and style with `Block`'s own output), without `Block`'s pass that sets its style, the
//! default one, on every cell inside: on the lesson list (the first frame) that pass touched
//! four thousand cells to change none.
//!
//! ```text
//! ╭ title ───────────╮
//! │ inner            │
//! ╰ bottom title ────╯
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::symbols::border;
use ratatui::text::Line;
use ratatui::widgets::Widget;

/// A box with a border on every side.
#[derive(Debug, Clone)]
pub struct OutlineBox<'a> {
    /// The border's glyphs.
    pub set: border::Set<'a>,
    /// The border's style.
    pub style: Style,
    /// The title on the top border, from its left.
    pub title: Option<Line<'a>>,
    /// The title on the bottom border, from its left.
    pub bottom: Option<Line<'a>>,
}

impl OutlineBox<'_> {
    /// What is inside the border.
    #[must_use]
    pub const fn inner(area: Rect) -> Rect {
        Rect {
            x: area.x.saturating_add(1),
            y: area.y.saturating_add(1),
            width: area.width.saturating_sub(2),
            height: area.height.saturating_sub(2),
        }
    }
}

impl Widget for &OutlineBox<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        let (left, top) = (area.left(), area.top());
        let (right, bottom) = (area.right() - 1, area.bottom() - 1);
        let mut put = |x: u16, y: u16, symbol: &str| {
            buf[(x, y)].set_symbol(symbol).set_style(self.style);
        };
        for y in top..=bottom {
            put(left, y, self.set.vertical_left);
        }
        for x in left..=right {
            put(x, top, self.set.horizontal_top);
        }
        for y in top..=bottom {
            put(right, y, self.set.vertical_right);
        }
        for x in left..=right {
            put(x, bottom, self.set.horizontal_bottom);
        }
        put(right, bottom, self.set.bottom_right);
        put(right, top, self.set.top_right);
        put(left, bottom, self.set.bottom_left);
        put(left, top, self.set.top_left);
        for (title, y) in [(&self.title, top), (&self.bottom, bottom)] {
            if let Some(title) = title {
                let width = area.width.saturating_sub(2);
                let shown = u16::try_from(title.width()).unwrap_or(u16::MAX).min(width);
                if shown > 0 {
                    title.render(Rect::new(left + 1, y, shown, 1), buf);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::{Color, Modifier, Stylize as _};
    use ratatui::text::Span;
    use ratatui::widgets::Block;
    use rstest::rstest;

    #[rstest]
    #[case::roomy(40, 8, true, true)]
    #[case::no_titles(40, 8, false, false)]
    #[case::top_title_only(30, 5, true, false)]
    #[case::titles_cut(12, 4, true, true)]
    #[case::title_room_of_one(3, 3, true, true)]
    #[case::two_by_two(2, 2, true, true)]
    #[case::one_by_one(1, 1, true, true)]
    #[case::one_row(20, 1, true, true)]
    #[case::one_column(1, 6, true, true)]
    fn draws_what_block_draws(
        #[case] width: u16,
        #[case] height: u16,
        #[case] title: bool,
        #[case] bottom: bool,
    ) {
        let style = Style::new().fg(Color::Cyan);
        let top_line = Line::from(Span::styled(
            " roofline · a title ",
            Style::new().add_modifier(Modifier::BOLD),
        ));
        let bottom_line = Line::from(vec![" legend: ".dark_gray(), "✓ within ".green()]);
        for set in [border::ROUNDED, border::PLAIN] {
            // On a buffer with something drawn already, and larger than the box.
            let canvas = Rect::new(0, 0, width + 4, height + 3);
            let mut reference = Buffer::filled(canvas, ratatui::buffer::Cell::new("x"));
            reference.set_style(canvas, Style::new().bg(Color::Blue));
            let mut ours = reference.clone();
            let area = Rect::new(2, 1, width, height);

            let mut block = Block::bordered().border_set(set).border_style(style);
            if title {
                block = block.title(top_line.clone());
            }
            if bottom {
                block = block.title_bottom(bottom_line.clone());
            }
            block.render(area, &mut reference);
            OutlineBox {
                set,
                style,
                title: title.then(|| top_line.clone()),
                bottom: bottom.then(|| bottom_line.clone()),
            }
            .render(area, &mut ours);
            assert_eq!(ours, reference, "{width}x{height}");
            assert_eq!(OutlineBox::inner(area), Block::bordered().inner(area));
        }
    }
}
