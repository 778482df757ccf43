//! Puts labels where they do not cover a dot or another label: each label lists the spots it
//! would like, best first. The first pass takes the first spot over blank cells only, so a
//! label does not hide a curve when it need not; the second takes the first spot clear of dots
//! and labels, curves or not. Labels keep three blank columns between them. A label with no spot at all is left out rather than drawn over
//! something more important, so labels are placed in order of importance.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// Blank columns kept between two labels on one row.
const LABEL_GAP: u16 = 3;

/// Free-space bookkeeping for the labels of one render (a handful of rectangles).
#[derive(Debug, Clone)]
pub struct LabelPlacer {
    bounds: Rect,
    taken: Vec<Rect>,
}

impl LabelPlacer {
    /// Labels must fit inside `bounds`.
    #[must_use]
    pub fn new(bounds: Rect) -> Self {
        Self {
            bounds,
            taken: Vec::with_capacity(12),
        }
    }

    /// Marks a cell as taken (a dot's glyph).
    pub fn reserve(&mut self, column: u16, row: u16) {
        self.taken.push(Rect::new(column, row, 1, 1));
    }

    /// Finds a spot for a label `width` cells wide among `candidates` (start column and row,
    /// signed so callers can offer spots left of or above the bounds without underflow), as
    /// the module describes, and takes it. `buf` is what is drawn so far.
    pub fn place(&mut self, buf: &Buffer, width: u16, candidates: &[(i32, i32)]) -> Option<Rect> {
        if width == 0 {
            return None;
        }
        let fits = |&(column, row): &(i32, i32)| {
            let column = u16::try_from(column).ok()?;
            let row = u16::try_from(row).ok()?;
            let rect = Rect::new(column, row, width, 1);
            let inside = column >= self.bounds.left()
                && row >= self.bounds.top()
                && row < self.bounds.bottom()
                && u32::from(column) + u32::from(width) <= u32::from(self.bounds.right());
            (inside && !self.taken.iter().any(|t| t.intersects(rect))).then_some(rect)
        };
        let blank = |rect: &Rect| {
            rect.columns()
                .all(|cell| buf.cell((cell.x, cell.y)).is_none_or(|c| c.symbol() == " "))
        };
        let spot = candidates
            .iter()
            .filter_map(fits)
            .find(blank)
            .or_else(|| candidates.iter().find_map(fits))?;
        // Keep blank columns either side, so two labels never read as one (`ridge 295 989 TF`
        // reads as one figure; three blanks read as two labels).
        self.taken.push(Rect::new(
            spot.x.saturating_sub(LABEL_GAP),
            spot.y,
            spot.width + 2 * LABEL_GAP,
            1,
        ));
        Some(spot)
    }
}

/// Spots around a dot at `(column, row)` for a label `width` wide: right of it on its row,
/// left of it, then the rows just below and above.
#[must_use]
pub fn around_dot(column: u16, row: u16, width: u16) -> [(i32, i32); 6] {
    let (c, r, w) = (i32::from(column), i32::from(row), i32::from(width));
    [
        (c + 2, r),
        (c - 1 - w, r),
        (c + 1, r + 1),
        (c + 1, r - 1),
        (c - w, r + 1),
        (c - w, r - 1),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blank(width: u16, height: u16) -> Buffer {
        Buffer::empty(Rect::new(0, 0, width, height))
    }

    /// Asserts where a label `width` wide is placed among `candidates`: at `spot` (its column
    /// and row), or nowhere.
    #[track_caller]
    fn assert_placed(
        placer: &mut LabelPlacer,
        buf: &Buffer,
        width: u16,
        candidates: &[(i32, i32)],
        spot: Option<(u16, u16)>,
    ) {
        let expected = spot.map(|(column, row)| Rect::new(column, row, width, 1));
        assert_eq!(placer.place(buf, width, candidates), expected);
    }

    #[test]
    fn takes_the_first_free_spot_inside() {
        let buf = blank(20, 5);
        let mut placer = LabelPlacer::new(buf.area);
        placer.reserve(5, 2);
        // Overlaps the reserved dot, then runs off the right edge, then fits.
        assert_placed(
            &mut placer,
            &buf,
            6,
            &[(3, 2), (16, 1), (10, 1)],
            Some((10, 1)),
        );
        // The same spot is now taken.
        assert_placed(&mut placer, &buf, 3, &[(12, 1), (-2, 0), (0, 7)], None);
        assert_placed(&mut placer, &buf, 3, &[(12, 1), (0, 0)], Some((0, 0)));
    }

    #[test]
    fn labels_keep_three_columns_apart() {
        let buf = blank(40, 1);
        let mut placer = LabelPlacer::new(buf.area);
        assert!(placer.place(&buf, 6, &[(20, 0)]).is_some());
        // Two blanks or fewer between them, on either side, is refused; three is allowed.
        assert_placed(&mut placer, &buf, 9, &[(9, 0), (28, 0)], None);
        assert_placed(&mut placer, &buf, 9, &[(8, 0)], Some((8, 0)));
    }

    #[test]
    fn prefers_blank_cells_but_will_cover_a_curve() {
        let mut buf = blank(20, 3);
        buf.set_string(0, 0, "⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒", ratatui::style::Style::new());
        let mut placer = LabelPlacer::new(buf.area);
        // The roof row is drawn on: the row below is taken instead.
        assert_placed(&mut placer, &buf, 4, &[(2, 0), (2, 1)], Some((2, 1)));
        // With no blank candidate, the first free one wins.
        assert_placed(&mut placer, &buf, 4, &[(2, 0), (9, 0)], Some((2, 0)));
    }

    #[test]
    fn around_a_dot_prefers_the_right() {
        let buf = blank(14, 8);
        let spots = around_dot(10, 4, 5);
        assert_eq!(spots[0], (12, 4));
        assert_eq!(spots[1], (4, 4));
        let mut placer = LabelPlacer::new(buf.area);
        placer.reserve(10, 4);
        // No room on the right (12 + 5 > 14): it goes left.
        assert_placed(&mut placer, &buf, 5, &spots, Some((4, 4)));
    }

    #[test]
    fn empty_labels_take_nothing() {
        let buf = blank(10, 1);
        assert_eq!(LabelPlacer::new(buf.area).place(&buf, 0, &[(0, 0)]), None);
    }
}
