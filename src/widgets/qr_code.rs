//! A QR code drawn with half blocks: each cell holds two modules, one above the other, in
//! explicit black and white (so it scans on a dark or a light terminal), inside a quiet zone.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::widgets::Widget;

/// A QR code as a square of modules, dark or light, with no quiet zone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QrMatrix {
    /// Modules per side.
    pub width: usize,
    /// Row by row, `true` for dark.
    pub dark: Vec<bool>,
}

impl QrMatrix {
    /// Whether the module at (`x`, `y`) is dark; outside the square is light.
    #[must_use]
    pub fn is_dark(&self, x: usize, y: usize) -> bool {
        x < self.width && y < self.width && self.dark.get(y * self.width + x) == Some(&true)
    }
}

/// Light modules around the code, on each side: the four the standard asks for, so the code
/// scans on a dark terminal too.
pub const QUIET: usize = 4;

/// A QR code widget.
#[derive(Debug, Clone, Copy)]
pub struct QrCode<'a> {
    matrix: &'a QrMatrix,
}

impl<'a> QrCode<'a> {
    /// The widget for a matrix.
    #[must_use]
    pub const fn new(matrix: &'a QrMatrix) -> Self {
        Self { matrix }
    }

    /// Cells it takes: (columns, rows).
    #[must_use]
    pub fn size(&self) -> (u16, u16) {
        let side = self.matrix.width + 2 * QUIET;
        (side as u16, side.div_ceil(2) as u16)
    }

    /// Whether the module at (`x`, `y`), counted from the quiet zone's corner, is dark.
    fn dark(self, x: usize, y: usize) -> bool {
        x >= QUIET && y >= QUIET && self.matrix.is_dark(x - QUIET, y - QUIET)
    }
}

impl Widget for QrCode<'_> {
    /// Draws the code at the area's top left; nothing when it does not fit whole (a cut QR
    /// code would not scan).
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (columns, rows) = self.size();
        if columns > area.width || rows > area.height {
            return;
        }
        let shade = |dark: bool| if dark { Color::Black } else { Color::White };
        for row in 0..rows {
            for column in 0..columns {
                let (x, y) = (usize::from(column), 2 * usize::from(row));
                let top = self.dark(x, y);
                let bottom = y + 1 < self.matrix.width + 2 * QUIET && self.dark(x, y + 1);
                if let Some(cell) = buf.cell_mut((area.x + column, area.y + row)) {
                    cell.set_symbol("▀")
                        .set_style(Style::new().fg(shade(top)).bg(shade(bottom)));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_cell_carries_two_modules() {
        // A 2×2 matrix: dark on the diagonal.
        let m = QrMatrix {
            width: 2,
            dark: vec![true, false, false, true],
        };
        let widget = QrCode::new(&m);
        assert_eq!(widget.size(), (10, 5));
        let mut buf = Buffer::empty(Rect::new(0, 0, 10, 5));
        widget.render(buf.area, &mut buf);
        // Row 2 holds module rows 4 and 5: the matrix's rows 0 and 1, after the quiet zone.
        let cell = &buf[(4, 2)];
        assert_eq!((cell.fg, cell.bg), (Color::Black, Color::White));
        let cell = &buf[(5, 2)];
        assert_eq!((cell.fg, cell.bg), (Color::White, Color::Black));
        let quiet = &buf[(0, 0)];
        assert_eq!((quiet.fg, quiet.bg), (Color::White, Color::White));
    }

    #[test]
    fn too_small_an_area_draws_nothing() {
        let m = QrMatrix {
            width: 21,
            dark: vec![true; 441],
        };
        let mut buf = Buffer::empty(Rect::new(0, 0, 10, 5));
        QrCode::new(&m).render(buf.area, &mut buf);
        assert_eq!(buf, Buffer::empty(Rect::new(0, 0, 10, 5)));
    }
}
