//! Where the plot's parts go inside its `Rect`, and how a point on the log-log axes maps to a
//! terminal cell exactly as the ratatui `Canvas` maps it to a dot (so ticks, dots and labels
//! line up with the curves).
//!
//! ```text
//! TFLOP/s              FLOP/byte →    header (x title here when short)
//!  1k ┤       ⣀⣀⣀⣀⣀⣀⣀⣀                canvas rows, y labels in the gutter
//! 100 ┤    ⢀⠔⠁
//!     └┬────┬────┬────┬────┬          axis row
//!     0.1   1   10  100   1k          tick-label row
//!     arithmetic intensity, FLOP/byte x title row (tall plots only)
//! ```

use ratatui::layout::Rect;
use ratatui::symbols::Marker;
use ratatui::widgets::canvas::{Canvas, Context};

use super::theme::GlyphSet;

/// A canvas over the unit square, both axes from 0 to 1: the plots draw in axis fractions.
pub fn unit_canvas<F: Fn(&mut Context<'_>)>(marker: Marker, paint: F) -> Canvas<'static, F> {
    Canvas::default()
        .x_bounds([0.0, 1.0])
        .y_bounds([0.0, 1.0])
        .marker(marker)
        .paint(paint)
}

/// The smallest canvas worth drawing axes around; below it the plot prints a summary line.
pub const MIN_CANVAS: (u16, u16) = (10, 3);

/// Plots at least this tall give the x-axis title its own row.
const X_TITLE_ROW_FROM_HEIGHT: u16 = 16;

/// The rectangles and rows of one plot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlotLayout {
    /// The top row: y-axis title on the left, x-axis title on the right when it has no row.
    pub header: Rect,
    /// Right-aligned y tick labels, left of the axis.
    pub gutter: Rect,
    /// The column of the y axis line.
    pub axis_column: u16,
    /// The curves' drawing area.
    pub canvas: Rect,
    /// The row of the x axis line.
    pub axis_row: u16,
    /// The row of the x tick labels.
    pub tick_label_row: u16,
    /// A row of its own for the x-axis title, on tall plots.
    pub x_title_row: Option<u16>,
}

impl PlotLayout {
    /// Splits `area` given the widest y tick label; `None` when the canvas would be smaller
    /// than [`MIN_CANVAS`].
    #[must_use]
    pub fn new(area: Rect, y_label_width: u16) -> Option<Self> {
        let x_title_rows = u16::from(area.height >= X_TITLE_ROW_FROM_HEIGHT);
        let canvas_height = area.height.checked_sub(3 + x_title_rows)?;
        let canvas_width = area.width.checked_sub(y_label_width + 1)?;
        if canvas_width < MIN_CANVAS.0 || canvas_height < MIN_CANVAS.1 {
            return None;
        }
        let axis_column = area.x + y_label_width;
        let canvas = Rect::new(axis_column + 1, area.y + 1, canvas_width, canvas_height);
        let axis_row = canvas.bottom();
        Some(Self {
            header: Rect::new(area.x, area.y, area.width, 1),
            gutter: Rect::new(area.x, canvas.y, y_label_width, canvas_height),
            axis_column,
            canvas,
            axis_row,
            tick_label_row: axis_row + 1,
            x_title_row: (x_title_rows > 0).then_some(axis_row + 2),
        })
    }
}

/// The canvas's dot grid: which cell a point at axis fractions `(fx, fy)` lands in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DotGrid {
    area: Rect,
    dots_per_cell: (u16, u16),
}

impl DotGrid {
    /// The grid a canvas of `area` uses with the markers of `glyphs` (Braille: 2×4 dots a cell;
    /// ASCII: one character a cell).
    #[must_use]
    pub const fn new(area: Rect, glyphs: GlyphSet) -> Self {
        let dots_per_cell = match glyphs {
            GlyphSet::Unicode => (2, 4),
            GlyphSet::Ascii => (1, 1),
        };
        Self {
            area,
            dots_per_cell,
        }
    }

    /// The canvas area the grid covers.
    #[must_use]
    pub const fn area(&self) -> Rect {
        self.area
    }

    /// The cell holding the dot at axis fractions (0 at the left/bottom, 1 at the right/top),
    /// rounded as ratatui's `Painter::get_point` rounds; `None` outside the axes.
    #[must_use]
    pub fn cell(&self, fx: f64, fy: f64) -> Option<(u16, u16)> {
        Some((self.column(fx)?, self.row(fy)?))
    }

    /// The column of an x fraction; `None` outside `[0, 1]`.
    #[must_use]
    pub fn column(&self, fx: f64) -> Option<u16> {
        Self::index(fx, self.area.width, self.dots_per_cell.0).map(|i| self.area.x + i)
    }

    /// The row of a y fraction (1 is the top row); `None` outside `[0, 1]`.
    #[must_use]
    pub fn row(&self, fy: f64) -> Option<u16> {
        Self::index(1.0 - fy, self.area.height, self.dots_per_cell.1).map(|i| self.area.y + i)
    }

    fn index(fraction: f64, cells: u16, dots_per_cell: u16) -> Option<u16> {
        if !(0.0..=1.0).contains(&fraction) || cells == 0 {
            return None;
        }
        let dots = f64::from(cells) * f64::from(dots_per_cell);
        let dot = (fraction * (dots - 1.0)).round() as u16;
        Some((dot / dots_per_cell).min(cells - 1))
    }
}

/// Where a label of `width` cells centred on `column` starts, kept inside `[left, right)`.
#[must_use]
pub fn centred_start(column: u16, width: u16, left: u16, right: u16) -> u16 {
    let start = column.saturating_sub(width / 2).max(left);
    start.min(right.saturating_sub(width)).max(left)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::short(Rect::new(0, 0, 40, 12), 9, 10, None)]
    #[case::tall(Rect::new(2, 3, 60, 20), 16, 20, Some(22))]
    fn splits_the_area(
        #[case] area: Rect,
        #[case] canvas_height: u16,
        #[case] axis_row: u16,
        #[case] x_title_row: Option<u16>,
    ) {
        let layout = PlotLayout::new(area, 3).unwrap();
        assert_eq!(layout.canvas.height, canvas_height);
        assert_eq!(layout.canvas.x, area.x + 4);
        assert_eq!(layout.canvas.right(), area.right());
        assert_eq!(layout.axis_row, axis_row);
        assert_eq!(layout.tick_label_row, axis_row + 1);
        assert_eq!(layout.x_title_row, x_title_row);
        assert!(layout.x_title_row.unwrap_or(layout.tick_label_row) < area.bottom());
    }

    #[rstest]
    #[case::narrow(Rect::new(0, 0, 13, 12))]
    #[case::flat(Rect::new(0, 0, 60, 5))]
    #[case::empty(Rect::new(0, 0, 0, 0))]
    fn too_small_has_no_layout(#[case] area: Rect) {
        assert_eq!(PlotLayout::new(area, 3), None);
    }

    #[rstest]
    #[case::braille(GlyphSet::Unicode)]
    #[case::ascii(GlyphSet::Ascii)]
    fn corners_and_outside(#[case] glyphs: GlyphSet) {
        let grid = DotGrid::new(Rect::new(5, 2, 20, 8), glyphs);
        assert_eq!(grid.cell(0.0, 0.0), Some((5, 9)));
        assert_eq!(grid.cell(1.0, 1.0), Some((24, 2)));
        assert_eq!(grid.cell(-0.01, 0.5), None);
        assert_eq!(grid.cell(0.5, 1.01), None);
        assert_eq!(grid.cell(f64::NAN, 0.5), None);
    }

    #[test]
    fn matches_the_canvas_rounding() {
        // Braille, 10 cells → 20 dots: fraction 0.5 is dot round(9.5) = 10, cell 5.
        let grid = DotGrid::new(Rect::new(0, 0, 10, 1), GlyphSet::Unicode);
        assert_eq!(grid.column(0.5), Some(5));
        assert_eq!(grid.column(0.45), Some(4));
    }

    #[rstest]
    #[case::middle(20, 4, 0, 40, 18)]
    #[case::left_edge(1, 4, 0, 40, 0)]
    #[case::right_edge(39, 4, 0, 40, 36)]
    #[case::wider_than_room(5, 50, 2, 40, 2)]
    fn centred_labels_stay_inside(
        #[case] column: u16,
        #[case] width: u16,
        #[case] left: u16,
        #[case] right: u16,
        #[case] start: u16,
    ) {
        assert_eq!(centred_start(column, width, left, right), start);
    }
}
