//! How the widgets draw: which characters (`--ascii` or Unicode) and whether to use colour
//! (`NO_COLOR`), and the one palette both the plot and the slider read their styles from.

use std::ffi::OsStr;

use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::Marker;

/// Which characters the widgets draw with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum GlyphSet {
    /// Braille curves, box-drawing axes and geometric dot glyphs (`●`, `◆`).
    #[default]
    Unicode,
    /// Plain ASCII only (`--ascii`): curves of `/`, `=` and `.`, axes of `|`, `-` and `+`.
    Ascii,
}

/// Whether the widgets may use colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ColorMode {
    /// Each element in its own colour.
    #[default]
    Color,
    /// No colour at all (`NO_COLOR`): elements differ only by glyph, pattern and label.
    Monochrome,
}

impl ColorMode {
    /// The mode the `NO_COLOR` convention (<https://no-color.org>) asks for, given the value of
    /// the variable: set and non-empty means monochrome. Pure so the caller reads the
    /// environment once, at the edge.
    #[must_use]
    pub fn from_no_color(value: Option<&OsStr>) -> Self {
        match value {
            Some(v) if !v.is_empty() => Self::Monochrome,
            _ => Self::Color,
        }
    }
}

/// The drawing settings every widget here takes: glyphs and colour together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Appearance {
    /// Characters to draw with.
    pub glyphs: GlyphSet,
    /// Colour or monochrome.
    pub colors: ColorMode,
    /// The colours for a dark or a light background.
    pub palette: super::palette::Palette,
}

/// The elements of the plot and slider that get their own look.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Element {
    /// Axis lines, ticks, tick labels and axis titles.
    Axis,
    /// The active GPU's bandwidth slope and compute roof, and the roof's label.
    Roof,
    /// The ridge's dotted vertical line and its label.
    Ridge,
    /// The decode FC dot, its label, and the slider's thumb and filled track.
    Decode,
    /// The attention dot and its label.
    Attention,
    /// The prefill dot and its label.
    Prefill,
    /// The comparison GPU's roofline and its label.
    Overlay,
    /// The slider's track between the thumb and the KV wall.
    Track,
    /// The KV wall's mark, its label and the batches beyond it.
    Wall,
    /// Measured points (the lab's sweep, an endpoint's throughput) and the fitted knee.
    Measured,
}

impl Element {
    /// The colour an element gets in [`ColorMode::Color`]. Roof and overlay, decode and
    /// attention must stay distinct: the colour tests hold them to it.
    #[must_use]
    pub const fn color(self) -> Color {
        match self {
            Self::Axis | Self::Track => Color::DarkGray,
            Self::Roof => Color::Cyan,
            Self::Ridge => Color::Gray,
            Self::Decode => Color::Yellow,
            Self::Attention => Color::Magenta,
            Self::Prefill => Color::Green,
            Self::Overlay => Color::LightBlue,
            Self::Wall => Color::Red,
            Self::Measured => Color::LightRed,
        }
    }
}

impl Appearance {
    /// Builds an appearance from the two switches.
    #[must_use]
    pub const fn new(glyphs: GlyphSet, colors: ColorMode) -> Self {
        Self {
            glyphs,
            colors,
            palette: super::palette::Palette::Dark,
        }
    }

    /// The same appearance with the colours of `palette`.
    #[must_use]
    pub const fn with_palette(mut self, palette: super::palette::Palette) -> Self {
        self.palette = palette;
        self
    }

    /// The foreground colour for an element (`Color::Reset` in monochrome).
    #[must_use]
    pub const fn color(self, element: Element) -> Color {
        match self.colors {
            ColorMode::Color => self.palette.tone(element.color()),
            ColorMode::Monochrome => Color::Reset,
        }
    }

    /// The text style for an element. The decode dot is bold in both modes so that it
    /// stands out even without colour.
    #[must_use]
    pub fn style(self, element: Element) -> Style {
        let style = Style::new().fg(self.color(element));
        match element {
            Element::Decode => style.add_modifier(Modifier::BOLD),
            Element::Axis
            | Element::Roof
            | Element::Ridge
            | Element::Attention
            | Element::Prefill
            | Element::Overlay
            | Element::Track
            | Element::Wall
            | Element::Measured => style,
        }
    }

    /// The canvas marker for solid curves.
    #[must_use]
    pub const fn curve_marker(self, ascii_char: char) -> Marker {
        match self.glyphs {
            GlyphSet::Unicode => Marker::Braille,
            GlyphSet::Ascii => Marker::Custom(ascii_char),
        }
    }

    /// Picks the Unicode or the ASCII spelling of a glyph.
    #[must_use]
    pub const fn pick(self, unicode: &'static str, ascii: &'static str) -> &'static str {
        match self.glyphs {
            GlyphSet::Unicode => unicode,
            GlyphSet::Ascii => ascii,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::unset(None, ColorMode::Color)]
    #[case::empty(Some(""), ColorMode::Color)]
    #[case::one(Some("1"), ColorMode::Monochrome)]
    #[case::anything(Some("false"), ColorMode::Monochrome)]
    fn no_color_convention(#[case] value: Option<&str>, #[case] expected: ColorMode) {
        assert_eq!(ColorMode::from_no_color(value.map(OsStr::new)), expected);
    }

    #[test]
    fn elements_that_must_be_told_apart_have_distinct_colours() {
        let distinct = [
            Element::Roof,
            Element::Decode,
            Element::Attention,
            Element::Prefill,
            Element::Overlay,
            Element::Wall,
            Element::Measured,
        ];
        for (i, a) in distinct.iter().enumerate() {
            for b in &distinct[i + 1..] {
                assert_ne!(a.color(), b.color(), "{a:?} and {b:?} share a colour");
            }
        }
    }

    #[test]
    fn monochrome_has_no_colour_but_keeps_the_decode_dot_bold() {
        let mono = Appearance::new(GlyphSet::Unicode, ColorMode::Monochrome);
        for element in [
            Element::Roof,
            Element::Decode,
            Element::Overlay,
            Element::Wall,
        ] {
            assert_eq!(mono.style(element).fg, Some(Color::Reset));
        }
        assert!(
            mono.style(Element::Decode)
                .add_modifier
                .contains(Modifier::BOLD)
        );
    }
}
