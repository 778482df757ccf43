//! Text from data files and arguments on its way to a terminal: control characters shown
//! escaped (`\u{1b}`, `\r`), never sent raw, so a name carrying an escape sequence cannot
//! write the clipboard, retitle the window or move the cursor; and a very long line cut to
//! something readable.

use std::borrow::Cow;
use std::fmt::Write as _;

/// Lines longer than this (in characters) are cut by [`cut_long_lines`].
pub const MAX_LINE_CHARS: usize = 400;

/// Whether `c` must not reach a terminal raw: the C0 controls but newline, DEL and the C1
/// controls (which some terminals read as ESC sequences).
#[must_use]
pub fn is_unsafe(c: char) -> bool {
    c.is_control() && c != '\n'
}

/// `text` with every control character but newline written as Rust writes it in a string
/// literal (`\u{1b}`, `\t`, `\r`).
#[must_use]
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    rewrite_if_unsafe(text, push_char)
}

/// One character as [`escape_controls`] shows it.
pub fn push_char(out: &mut String, c: char) {
    if is_unsafe(c) {
        let _ = write!(out, "{}", c.escape_debug());
    } else {
        out.push(c);
    }
}

/// How many characters [`push_char`] writes for `c`.
#[must_use]
pub fn shown_width(c: char) -> usize {
    if is_unsafe(c) {
        c.escape_debug().count()
    } else {
        1
    }
}

/// JSON text with every control character JSON allows raw inside strings (DEL and the C1
/// controls; serde_json escapes the C0 ones) written as `\u00XX`: still the same JSON value.
/// Only valid for JSON, where such characters can only occur inside strings.
#[must_use]
pub fn escape_json_controls(json: &str) -> Cow<'_, str> {
    rewrite_if_unsafe(json, |out, c| {
        if is_unsafe(c) {
            let _ = write!(out, "\\u{:04x}", u32::from(c));
        } else {
            out.push(c);
        }
    })
}

/// `text` borrowed as it is when no character [`is_unsafe`], else written anew one character
/// at a time by `push`.
fn rewrite_if_unsafe(text: &str, push: impl Fn(&mut String, char)) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        push(&mut out, c);
    }
    Cow::Owned(out)
}

/// Each line longer than [`MAX_LINE_CHARS`] keeps its start and its end, with a note of how
/// much was cut between them (an echoed 100,000-character argument, say).
#[must_use]
pub fn cut_long_lines(text: &str) -> Cow<'_, str> {
    if text.lines().all(|l| l.chars().count() <= MAX_LINE_CHARS) {
        return Cow::Borrowed(text);
    }
    let keep = MAX_LINE_CHARS / 2 - 20;
    let mut out = String::new();
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let count = line.chars().count();
        if count <= MAX_LINE_CHARS {
            out.push_str(line);
            continue;
        }
        out.extend(line.chars().take(keep));
        let _ = write!(out, "…[{} characters cut]…", count - 2 * keep);
        out.extend(line.chars().skip(count - keep));
    }
    Cow::Owned(out)
}

/// What the command line prints: controls escaped, then long lines cut.
#[must_use]
pub fn for_terminal(text: &str) -> String {
    cut_long_lines(&escape_controls(text)).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::plain("H100 SXM5 · BF16\n", "H100 SXM5 · BF16\n")]
    #[case::osc52("a\u{1b}]52;c;eA==\u{7}b", r"a\u{1b}]52;c;eA==\u{7}b")]
    #[case::cr_tab("x\ry\tz", r"x\ry\tz")]
    #[case::del_c1("\u{7f}\u{9b}", r"\u{7f}\u{9b}")]
    fn controls_are_escaped(#[case] raw: &str, #[case] shown: &str) {
        assert_eq!(escape_controls(raw), shown);
        assert_eq!(
            shown_width_of(raw),
            shown.chars().count(),
            "widths agree with the text"
        );
    }

    fn shown_width_of(s: &str) -> usize {
        s.chars().map(shown_width).sum()
    }

    #[test]
    fn json_stays_json() {
        let json =
            serde_json::to_string(&serde_json::json!({"n": "a\u{1b}\u{9b}\u{7f}b"})).unwrap();
        let safe = escape_json_controls(&json);
        assert!(!safe.chars().any(is_unsafe), "{safe}");
        let back: serde_json::Value = serde_json::from_str(&safe).unwrap();
        assert_eq!(back["n"], "a\u{1b}\u{9b}\u{7f}b");
    }

    #[test]
    fn a_long_line_keeps_both_ends() {
        let line = format!("error: unknown GPU '{}' (see --help)", "x".repeat(100_000));
        let cut = cut_long_lines(&line);
        assert!(cut.chars().count() <= MAX_LINE_CHARS, "{cut}");
        assert!(cut.starts_with("error: unknown GPU 'xxx"), "{cut}");
        assert!(cut.ends_with("xx' (see --help)"), "{cut}");
        assert!(cut.contains("characters cut]"), "{cut}");
        assert_eq!(cut_long_lines("short\nlines"), "short\nlines");
    }
}
