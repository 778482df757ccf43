//! Characters that change how the text around them is shown without showing themselves:
//! Unicode's default-ignorable code points and format characters (bidirectional overrides and
//! isolates, zero-width joiners, tag characters, fillers that render blank, the soft hyphen,
//! interlinear annotation marks), and the line and paragraph separators. A name or a line from
//! a network peer is shown without them, so it cannot reorder, hide or split what follows.

/// Whether `c` is one of them.
#[must_use]
pub const fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}'                      // soft hyphen
        | '\u{034F}'                    // combining grapheme joiner
        | '\u{0600}'..='\u{0605}'       // Arabic number signs (format)
        | '\u{061C}'                    // Arabic letter mark
        | '\u{06DD}' | '\u{070F}' | '\u{0890}'..='\u{0891}' | '\u{08E2}'
        | '\u{115F}'..='\u{1160}'       // Hangul fillers
        | '\u{17B4}'..='\u{17B5}'
        | '\u{180B}'..='\u{180F}'       // Mongolian variation selectors and vowel separator
        | '\u{200B}'..='\u{200F}'       // zero-width space, joiners, LRM, RLM
        | '\u{2028}'..='\u{2029}'       // line and paragraph separators
        | '\u{202A}'..='\u{202E}'       // bidi embeddings and overrides
        | '\u{2060}'..='\u{206F}'       // word joiner, invisible operators, bidi isolates
        | '\u{3164}'                    // Hangul filler
        | '\u{FE00}'..='\u{FE0F}'       // variation selectors
        | '\u{FEFF}'                    // byte-order mark
        | '\u{FFA0}'                    // halfwidth Hangul filler
        | '\u{FFF0}'..='\u{FFFB}'       // interlinear annotation (and unassigned ignorables)
        | '\u{110BD}' | '\u{110CD}'
        | '\u{13430}'..='\u{1343F}'     // Egyptian hieroglyph format controls
        | '\u{1BCA0}'..='\u{1BCA3}'     // shorthand format controls
        | '\u{1D173}'..='\u{1D17A}'     // musical symbol format controls
        | '\u{E0000}'..='\u{E0FFF}'     // tag characters and variation selectors supplement
    )
}

#[cfg(test)]
mod tests {
    use super::is_invisible;
    use rstest::rstest;

    #[rstest]
    #[case::arabic_letter_mark('\u{061C}')]
    #[case::tag_a('\u{E0041}')]
    #[case::cancel_tag('\u{E007F}')]
    #[case::hangul_filler('\u{3164}')]
    #[case::line_separator('\u{2028}')]
    #[case::paragraph_separator('\u{2029}')]
    #[case::soft_hyphen('\u{00AD}')]
    #[case::mongolian_vowel_separator('\u{180E}')]
    #[case::annotation_anchor('\u{FFF9}')]
    #[case::annotation_terminator('\u{FFFB}')]
    #[case::right_to_left_override('\u{202E}')]
    #[case::first_strong_isolate('\u{2068}')]
    #[case::zero_width_joiner('\u{200D}')]
    #[case::byte_order_mark('\u{FEFF}')]
    fn invisible(#[case] c: char) {
        assert!(is_invisible(c), "U+{:04X}", u32::from(c));
    }

    #[rstest]
    #[case::latin('a')]
    #[case::accented('é')]
    #[case::arabic_letter('\u{0628}')]
    #[case::hangul_syllable('한')]
    #[case::cjk('中')]
    #[case::emoji('🙂')]
    #[case::space(' ')]
    fn visible(#[case] c: char) {
        assert!(!is_invisible(c), "U+{:04X}", u32::from(c));
    }
}
