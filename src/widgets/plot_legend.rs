//! The plot's marks and what each means, for the `?` help: the same glyphs and elements the
//! plot and the slider draw, in both glyph sets, so the legend cannot disagree with them.

use super::theme::{Appearance, Element};

/// One mark of the plot (or its slider) and what it means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark {
    /// The glyph as drawn (for curves, a few cells of the line).
    pub glyph: &'static str,
    /// Its colour's element.
    pub element: Element,
    /// What it means.
    pub meaning: &'static str,
}

/// Every mark, dots first, then the lines, the slider's wall and the measured points.
#[must_use]
pub fn marks(look: Appearance) -> [Mark; 12] {
    let pick = |unicode, ascii| look.pick(unicode, ascii);
    // Curves are Braille in Unicode, the canvas's marker characters in ASCII.
    let curve = pick;
    let mark = |glyph, element, meaning| Mark {
        glyph,
        element,
        meaning,
    };
    [
        mark(
            pick("●", "O"),
            Element::Decode,
            "decode dot: the FC layers at the batch on the slider (moves with it)",
        ),
        mark(
            pick("○", "o"),
            Element::Decode,
            "dense-layer dot of a mixture-of-experts model (the ● is then its experts)",
        ),
        mark(
            pick("◆", "X"),
            Element::Attention,
            "attention dot: reading the KV cache (the batch does not move it)",
        ),
        mark(
            pick("▲", "^"),
            Element::Prefill,
            "prefill dot: a prompt through the same FC layer (f shows or hides it)",
        ),
        mark(
            curve("⢀⠔⠊", "///"),
            Element::Roof,
            "bandwidth slope: attainable = intensity × memory bandwidth",
        ),
        mark(
            curve("⠒⠒⠒", "==="),
            Element::Roof,
            "compute roof: the peak for the precision shown",
        ),
        mark(
            curve("⡇", ":"),
            Element::Ridge,
            "ridge: where slope meets roof; left of it memory-bound, right compute-bound",
        ),
        mark(
            curve("⠂⠐⠂", "..."),
            Element::Overlay,
            "a second GPU's roofline, for comparison (:overlay ID)",
        ),
        mark(
            pick("┃", "|"),
            Element::Wall,
            "KV wall on the slider: the most sequences whose KV cache fits",
        ),
        mark(
            pick("╌", "."),
            Element::Wall,
            "batches past the KV wall (refused, and the line says why)",
        ),
        mark(
            pick("•", "*"),
            Element::Measured,
            "measured point (the lab's sweep, a profile's tok/s)",
        ),
        mark(
            pick("✕", "x"),
            Element::Measured,
            "the knee fitted to the measured points (the ridge they show)",
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::widgets::{ColorMode, GlyphSet};
    use rstest::rstest;

    #[rstest]
    #[case::unicode(GlyphSet::Unicode)]
    #[case::ascii(GlyphSet::Ascii)]
    fn every_mark_has_a_glyph_of_its_set_and_a_meaning(#[case] glyphs: GlyphSet) {
        let marks = marks(Appearance::new(glyphs, ColorMode::Color));
        for mark in &marks {
            assert!(
                !mark.glyph.is_empty() && !mark.meaning.is_empty(),
                "{mark:?}"
            );
            if glyphs == GlyphSet::Ascii {
                assert!(mark.glyph.is_ascii(), "{mark:?}");
            }
        }
        let glyphs: std::collections::HashSet<_> = marks.iter().map(|m| m.glyph).collect();
        assert_eq!(glyphs.len(), marks.len(), "no two marks look alike");
    }
}
