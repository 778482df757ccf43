//! `--ascii`: after a frame is drawn, any character outside ASCII left in it (from lesson prose,
//! a model's name, a datasheet's symbol) becomes its nearest plain cousin, so the promise holds
//! whatever the text says. The screens' own glyphs already have ASCII spellings; this catches
//! the rest.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// The plain character drawn for a non-ASCII one.
#[must_use]
pub fn plain(c: char) -> char {
    match c {
        '×' | '✗' => 'x',
        '÷' | '⁄' => '/',
        '·' | '•' | '∙' | '⋅' => '*',
        '≈' | '∼' => '~',
        '—' | '–' | '−' | '─' | '━' | '╌' | '┄' | '‐' => '-',
        '│' | '┃' | '║' | '▏' => '|',
        '…' => '.',
        '→' | '▶' | '▸' | '›' | '»' | '≥' => '>',
        '←' | '◀' | '‹' | '«' | '≤' => '<',
        '↑' => '^',
        '↓' => 'v',
        '“' | '”' | '„' => '"',
        '‘' | '’' | '′' => '\'',
        '²' => '2',
        '³' => '3',
        'µ' | 'μ' => 'u',
        '±' | '✓' | '✔' => '+',
        '●' | '◆' | '■' => 'o',
        '\u{a0}' | '\u{2009}' | '\u{202f}' => ' ',
        c if c.is_ascii() => c,
        _ => '?',
    }
}

/// Replaces every non-ASCII cell of `area` with its plain cousin; a wide character becomes
/// `?` followed by a space, so the columns stay where they were.
pub fn plain_cells(area: Rect, buf: &mut Buffer) {
    let area = area.intersection(buf.area);
    for y in area.top()..area.bottom() {
        let mut x = area.left();
        while x < area.right() {
            let symbol = buf[(x, y)].symbol().to_owned();
            if symbol.is_ascii() {
                x += 1;
                continue;
            }
            let width = unicode_width(&symbol);
            let replacement = symbol.chars().next().map_or(' ', plain);
            buf[(x, y)].set_char(replacement);
            for extra in 1..width {
                if x + extra < area.right() {
                    buf[(x + extra, y)].set_char(' ');
                }
            }
            x += width.max(1);
        }
    }
}

fn unicode_width(symbol: &str) -> u16 {
    u16::try_from(ratatui::text::Span::raw(symbol).width()).unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaves_nothing_outside_ascii() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 12, 1));
        buf.set_string(0, 0, "8 × 2 ≈ 16漢z", ratatui::style::Style::new());
        plain_cells(buf.area, &mut buf);
        let text: String = (0..12).map(|x| buf[(x, 0)].symbol().to_owned()).collect();
        assert_eq!(text, "8 x 2 ~ 16? ");
        assert!(text.is_ascii());
    }
}
