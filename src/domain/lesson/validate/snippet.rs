//! Text from inside a string value that can be found verbatim in the RON source: a run without
//! quotes, backslashes or control characters (which the source would write as escapes).

use super::spot::Needle;

/// Characters of context taken before the marked part, so that a common `{` or `}` is found in
/// the right place.
const CONTEXT_CHARS: usize = 12;

fn verbatim(c: char) -> bool {
    c != '"' && c != '\\' && !c.is_control()
}

/// A needle for bytes `mark` of `text`: up to [`CONTEXT_CHARS`] characters before it, then the
/// marked part up to the first character the source would escape.
#[must_use]
pub fn around(text: &str, mark: std::ops::Range<usize>) -> Needle {
    let start = mark.start.min(text.len());
    let end = mark.end.clamp(start, text.len());
    if !text.is_char_boundary(start) || !text.is_char_boundary(end) {
        return Needle::whole(String::new());
    }
    let before: Vec<(usize, char)> = text[..start]
        .char_indices()
        .rev()
        .take_while(|(_, c)| verbatim(*c))
        .take(CONTEXT_CHARS)
        .collect();
    let from = before.last().map_or(start, |(i, _)| *i);
    let marked = &text[start..end];
    let marked_len = marked.find(|c| !verbatim(c)).unwrap_or(marked.len());
    Needle {
        text: text[from..start + marked_len].to_owned(),
        mark: start - from..start - from + marked_len,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::context_before("ridge is {ridg} FLOP", 9..15, "ridge is {ridg}", 9..15)]
    #[case::long_context("a long sentence before {x", 23..24, "ence before {", 12..13)]
    #[case::stops_at_quote("say \"hi\" {x", 9..10, " {", 1..2)]
    #[case::stops_at_newline("a\n}", 2..3, "}", 0..1)]
    #[case::mark_stops_at_escape("{a\"b}", 0..5, "{a", 0..2)]
    #[case::unicode("≈≈ {", 7..8, "≈≈ {", 7..8)]
    fn needles(
        #[case] text: &str,
        #[case] mark: std::ops::Range<usize>,
        #[case] found: &str,
        #[case] marked: std::ops::Range<usize>,
    ) {
        let n = around(text, mark);
        assert_eq!((n.text.as_str(), n.mark), (found, marked));
    }
}
