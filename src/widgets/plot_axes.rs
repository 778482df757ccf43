//! The log-log axes both plots draw (the roofline and the throughput–interactivity curve): the
//! axis lines, the decade ticks with their labels, the x title on its own row, and the one-line
//! summary below the smallest canvas. Written straight into the buffer, one cell at a time, so
//! ticks land on the cells the canvas's dots land in.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Span;

use super::plot_layout::{DotGrid, PlotLayout, centred_start};
use super::theme::{Appearance, Element};
use crate::domain::logscale::{LogScale, short_label};
use crate::domain::withhold::MASK;

/// Whether an axis's tick labels carry their numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TickLabels {
    /// Each tick is labelled with its value.
    Numbers,
    /// Each tick's label is masked (a step asks the quantity the axis shows).
    Masked,
}

impl TickLabels {
    fn label(self, value: f64) -> String {
        match self {
            Self::Numbers => short_label(value),
            Self::Masked => MASK.to_owned(),
        }
    }
}

/// One axis to draw: its scale, the values that get a tick, and how they are labelled.
#[derive(Debug, Clone, Copy)]
pub struct AxisTicks<'a> {
    /// Maps a value to its fraction of the axis.
    pub scale: &'a LogScale,
    /// The values that get a tick.
    pub ticks: &'a [f64],
    /// Numbers or masks.
    pub labels: TickLabels,
}

impl<'a> AxisTicks<'a> {
    /// An axis whose ticks at `ticks` on `scale` are labelled `labels`.
    #[must_use]
    pub const fn new(scale: &'a LogScale, ticks: &'a [f64], labels: TickLabels) -> Self {
        Self {
            scale,
            ticks,
            labels,
        }
    }
}

/// The layout for a plot whose y ticks are `y_ticks` (the gutter as wide as the widest label);
/// `None` when the canvas would be too small for axes.
#[must_use]
pub fn layout_for(area: Rect, y_ticks: &[f64]) -> Option<PlotLayout> {
    let y_label_width = y_ticks
        .iter()
        .map(|&t| short_label(t).len() as u16)
        .max()
        .unwrap_or(1);
    PlotLayout::new(area, y_label_width)
}

/// Draws the y axis with its ticks and labels in the gutter, then the x axis with its ticks and
/// the labels that fit without touching the one before.
pub fn paint_axes(
    buf: &mut Buffer,
    layout: &PlotLayout,
    look: Appearance,
    y: AxisTicks<'_>,
    x: AxisTicks<'_>,
) {
    let style = look.style(Element::Axis);
    let grid = DotGrid::new(layout.canvas, look.glyphs);
    let PlotLayout {
        header,
        gutter,
        axis_column,
        canvas,
        axis_row,
        tick_label_row,
        x_title_row: _,
    } = *layout;
    let set = |buf: &mut Buffer, column: u16, row: u16, symbol: &str| {
        if let Some(cell) = buf.cell_mut((column, row)) {
            cell.set_symbol(symbol).set_style(style);
        }
    };
    for row in canvas.top()..canvas.bottom() {
        set(buf, axis_column, row, look.pick("│", "|"));
    }
    for &tick in y.ticks {
        let Some(row) = grid.row(y.scale.fraction(tick)) else {
            continue;
        };
        set(buf, axis_column, row, look.pick("┤", "+"));
        let label = y.labels.label(tick);
        let x = gutter.right().saturating_sub(label.len() as u16);
        buf.set_stringn(x, row, &label, usize::from(gutter.width), style);
    }
    set(buf, axis_column, axis_row, look.pick("└", "+"));
    for column in canvas.left()..canvas.right() {
        set(buf, column, axis_row, look.pick("─", "-"));
    }
    let mut next_free = header.left();
    for &tick in x.ticks {
        let Some(column) = grid.column(x.scale.fraction(tick)) else {
            continue;
        };
        set(buf, column, axis_row, look.pick("┬", "+"));
        let label = x.labels.label(tick);
        let start = centred_start(column, label.len() as u16, header.left(), header.right());
        if start >= next_free {
            buf.set_string(start, tick_label_row, &label, style);
            next_free = start + label.len() as u16 + 1;
        }
    }
}

/// The x axis's title: on the layout's own title row where it has one (`below`, see
/// [`paint_x_title_below`]), else `beside` at the header's right end, where it fits beside the
/// y title (`y_title_width` columns) with a column between them.
pub fn paint_x_title(
    buf: &mut Buffer,
    layout: &PlotLayout,
    below: (&str, &str),
    beside: &str,
    y_title_width: usize,
    style: Style,
) {
    let header = layout.header;
    if let Some(row) = layout.x_title_row {
        paint_x_title_below(buf, layout, row, below, style);
    } else {
        let width = Span::raw(beside).width();
        if width + y_title_width < usize::from(header.width) {
            let x = header.right() - width as u16;
            buf.set_string(x, header.y, beside, style);
        }
    }
}

/// The x title on its own `row`, centred under the canvas: `long` where the canvas is wide
/// enough for it, else `short`.
fn paint_x_title_below(
    buf: &mut Buffer,
    layout: &PlotLayout,
    row: u16,
    (long, short): (&str, &str),
    style: Style,
) {
    let PlotLayout { header, canvas, .. } = *layout;
    let title = if long.len() <= usize::from(canvas.width) {
        long
    } else {
        short
    };
    let start = centred_start(
        canvas.x + canvas.width / 2,
        title.len() as u16,
        header.left(),
        header.right(),
    );
    buf.set_stringn(start, row, title, usize::from(header.width), style);
}

/// `text` on the first row of `area`, cut at its width: what a plot or slider too small to draw
/// shows instead.
pub fn paint_one_line(buf: &mut Buffer, area: Rect, text: &str, style: Style) {
    buf.set_stringn(area.x, area.y, text, usize::from(area.width), style);
}
