//! Lesson prose to wrapped lines: paragraphs separated by blank lines, `- ` bullets with a
//! hanging indent, everything wrapped to the pane's width.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// Wraps prose to `width` columns, each line in `style`. A bullet (`- `) is drawn with
/// `bullet` and its continuation lines are indented under the text.
#[must_use]
pub fn wrap(text: &str, width: u16, style: Style, bullet: &str) -> Vec<Line<'static>> {
    let width = usize::from(width.max(1));
    let mut lines = Vec::new();
    for (i, paragraph) in paragraphs(text).into_iter().enumerate() {
        if i > 0 {
            lines.push(Line::default());
        }
        for source in paragraph {
            let (first, rest, body) = match source.trim_start().strip_prefix("- ") {
                Some(item) => (
                    format!("{bullet} "),
                    " ".repeat(bullet.chars().count() + 1),
                    item,
                ),
                None => (String::new(), String::new(), source.trim()),
            };
            let options = textwrap::Options::new(width)
                .initial_indent(&first)
                .subsequent_indent(&rest)
                // Break at spaces only: Unicode line-breaking would split units (`TB/s`) at the slash.
                .word_separator(textwrap::WordSeparator::AsciiSpace)
                // Nor at hyphens: "2-byte" and "Llama-3-8B" read badly split.
                .word_splitter(textwrap::WordSplitter::NoHyphenation)
                .break_words(true);
            for piece in textwrap::wrap(body, options) {
                lines.push(Line::from(Span::styled(piece.into_owned(), style)));
            }
        }
    }
    lines
}

/// Splits text into paragraphs (blank-line separated), each a list of logical lines: a bullet
/// starts a new logical line, other lines join the one before.
fn paragraphs(text: &str) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = Vec::new();
    let mut current: Vec<String> = Vec::new();
    for raw in text.lines() {
        let line = raw.trim();
        if line.is_empty() {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
            continue;
        }
        match current.last_mut() {
            Some(last) if !line.starts_with("- ") => {
                last.push(' ');
                last.push_str(line);
            }
            _ => current.push(line.to_owned()),
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    fn plain(lines: &[Line<'_>]) -> Vec<String> {
        lines.iter().map(ToString::to_string).collect()
    }

    #[rustfmt::skip]
    #[rstest]
    #[case::wraps("one two three four", 9, &["one two", "three", "four"])]
    #[case::units_stay_whole("moves 3.35 TB/s", 12, &["moves 3.35", "TB/s"])]
    #[case::hyphenated_words_stay_whole("per 2-byte weight", 9, &["per", "2-byte", "weight"])]
    #[case::joins_lines("one\ntwo", 20, &["one two"])]
    #[case::paragraphs("one\n\n\ntwo", 20, &["one", "", "two"])]
    #[case::bullets("Intro:\n- first item here\n- second", 12, &["Intro:", "• first item", "  here", "• second"])]
    #[case::long_word("abcdefghij", 4, &["abcd", "efgh", "ij"])]
    #[case::empty("", 10, &[])]
    #[case::width_zero("ab", 0, &["a", "b"])]
    fn wrapping(#[case] text: &str, #[case] width: u16, #[case] expected: &[&str]) {
        assert_eq!(plain(&wrap(text, width, Style::new(), "•")), expected);
    }
}
