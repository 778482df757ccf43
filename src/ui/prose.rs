//! Lesson prose to wrapped lines: paragraphs separated by blank lines, `- ` bullets with a
//! hanging indent, everything wrapped to the pane's width.
//!
//! Wrapping is remembered ([`wrap`] keeps the last few results): a frame is drawn after every
//! key, and a long text (a 4 MB paragraph, say) is wrapped once per width, not once per key.

use std::cell::RefCell;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::rc::Rc;

use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// Wrapped texts remembered per thread; a screen shows only a few at a time.
const CACHED: usize = 16;

/// Texts shorter than this are wrapped afresh each time: hashing them costs about as much.
const CACHE_FROM_BYTES: usize = 4096;

/// What a wrapped text depends on.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Key {
    hash: u64,
    len: usize,
    width: u16,
    style: Style,
    bullet: String,
}

thread_local! {
    static CACHE: RefCell<Vec<(Key, Rc<Vec<Line<'static>>>)>> = const { RefCell::new(Vec::new()) };
}

/// Wraps prose to `width` columns, each line in `style`. A bullet (`- `) is drawn with
/// `bullet` and its continuation lines are indented under the text.
#[must_use]
pub fn wrap(text: &str, width: u16, style: Style, bullet: &str) -> Vec<Line<'static>> {
    wrap_shared(text, width, style, bullet).as_ref().clone()
}

/// [`wrap`], shared: a long text's lines come from the cache when it was wrapped before with
/// the same width, style and bullet.
#[must_use]
pub fn wrap_shared(text: &str, width: u16, style: Style, bullet: &str) -> Rc<Vec<Line<'static>>> {
    if text.len() < CACHE_FROM_BYTES {
        return Rc::new(wrap_uncached(text, width, style, bullet));
    }
    let mut hasher = DefaultHasher::new();
    text.hash(&mut hasher);
    let key = Key {
        hash: hasher.finish(),
        len: text.len(),
        width,
        style,
        bullet: bullet.to_owned(),
    };
    if let Some(hit) = CACHE.with_borrow_mut(|cache| {
        let at = cache.iter().position(|(k, _)| *k == key)?;
        // Most recently used last.
        let entry = cache.remove(at);
        let lines = Rc::clone(&entry.1);
        cache.push(entry);
        Some(lines)
    }) {
        return hit;
    }
    let lines = Rc::new(wrap_uncached(text, width, style, bullet));
    CACHE.with_borrow_mut(|cache| {
        if cache.len() >= CACHED {
            cache.remove(0);
        }
        cache.push((key, Rc::clone(&lines)));
    });
    lines
}

fn wrap_uncached(text: &str, width: u16, style: Style, bullet: &str) -> Vec<Line<'static>> {
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

    #[test]
    fn a_long_text_is_wrapped_once_per_width() {
        let text = "word ".repeat(2000);
        let first = wrap_shared(&text, 40, Style::new(), "•");
        let again = wrap_shared(&text, 40, Style::new(), "•");
        assert!(
            Rc::ptr_eq(&first, &again),
            "the second call is the cached result"
        );
        let narrower = wrap_shared(&text, 30, Style::new(), "•");
        assert!(!Rc::ptr_eq(&first, &narrower));
        assert_eq!(
            plain(&narrower),
            plain(&wrap_uncached(&text, 30, Style::new(), "•"))
        );
        let changed = text.replacen("word", "ward", 1);
        let other = wrap_shared(&changed, 40, Style::new(), "•");
        assert!(
            !Rc::ptr_eq(&first, &other),
            "a different text is wrapped afresh"
        );
        assert_eq!(
            plain(&other)[0],
            plain(&wrap_uncached(&changed, 40, Style::new(), "•"))[0]
        );
    }
}
