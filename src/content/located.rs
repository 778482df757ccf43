//! Strict RON loading with errors that point at the line: `path:line:col: message`, the source
//! line, and a caret under the span.

use std::fmt;
use std::path::Path;

use ron::extensions::Extensions;
use serde::de::DeserializeOwned;

/// Files larger than this are refused before parsing: no lesson or data file comes close, and a
/// runaway file should not stall the program.
pub const MAX_FILE_BYTES: usize = 4 * 1024 * 1024;

/// A 1-based line and column (in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Location {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub col: usize,
}

/// A problem in a file, with where it is and the line it is on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct LocatedError {
    /// The file's path as the user gave it (or `lessons/x.ron` for embedded files).
    pub path: String,
    /// Where the problem starts.
    pub start: Location,
    /// How many characters the caret underlines (at least 1).
    pub width: usize,
    /// What is wrong and what was expected.
    pub message: String,
    /// The source line the problem is on (empty when there is none).
    pub line_text: String,
}

impl LocatedError {
    /// An error at a 1-based line and column of `source`, underlining `width` characters.
    #[must_use]
    pub fn at(
        path: &str,
        source: &str,
        start: Location,
        width: usize,
        message: impl Into<String>,
    ) -> Self {
        let line_text = source
            .lines()
            .nth(start.line.saturating_sub(1))
            .unwrap_or_default()
            .trim_end_matches('\r')
            .to_owned();
        Self {
            path: path.to_owned(),
            start,
            width: width.max(1),
            message: message.into(),
            line_text,
        }
    }

    /// An error at a byte offset of `source`, underlining `len` bytes' worth of characters.
    #[must_use]
    pub fn at_offset(
        path: &str,
        source: &str,
        offset: usize,
        len: usize,
        message: impl Into<String>,
    ) -> Self {
        let offset = floor_char_boundary(source, offset.min(source.len()));
        let end = floor_char_boundary(source, (offset + len).min(source.len()));
        let before = &source[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = source[line_start..offset].chars().count() + 1;
        let span_text = &source[offset..end];
        let width = span_text
            .split('\n')
            .next()
            .unwrap_or_default()
            .chars()
            .count();
        Self::at(path, source, Location { line, col }, width, message)
    }

    /// An error at the first occurrence of `needle` at or after byte `from` (or at the start of
    /// the file when it does not occur), underlining it.
    #[must_use]
    pub fn at_needle(
        path: &str,
        source: &str,
        from: usize,
        needle: &str,
        message: impl Into<String>,
    ) -> Self {
        let from = floor_char_boundary(source, from.min(source.len()));
        match source[from..].find(needle) {
            Some(i) => Self::at_offset(path, source, from + i, needle.len(), message),
            None => Self::at_offset(path, source, from, 1, message),
        }
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The longest stretch of a source line shown; longer lines are cut to a window around the
/// caret, marked with `…`.
pub const MAX_SHOWN_CHARS: usize = 200;

/// The one rendering of a located error: `path:line:col: message`, then the source line and a
/// caret under the spot. A problem with no source line (a file that cannot be read) is one
/// line; a very long line is cut to a window around the caret; tabs show as spaces so the
/// caret stays under its column.
impl fmt::Display for LocatedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Location { line, col } = self.start;
        write!(f, "{}:{line}:{col}: {}", self.path, self.message)?;
        if self.line_text.is_empty() {
            return Ok(());
        }
        let chars: Vec<char> = self
            .line_text
            .chars()
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        let col = col.clamp(1, chars.len() + 1);
        let (from, to) = if chars.len() <= MAX_SHOWN_CHARS {
            (1, chars.len() + 1)
        } else {
            let from = col.saturating_sub(MAX_SHOWN_CHARS / 2).max(1);
            (from, (from + MAX_SHOWN_CHARS).min(chars.len() + 1))
        };
        let mut window: String = chars[from - 1..to - 1].iter().collect();
        let mut caret_col = col - from + 1;
        if from > 1 {
            window.insert(0, '…');
            caret_col += 1;
        }
        if to <= chars.len() {
            window.push('…');
        }
        let gutter = line.to_string().len();
        let width = self.width.min(to.saturating_sub(col)).max(1);
        write!(
            f,
            "\n{:gutter$} |\n{line} | {window}\n{:gutter$} | {}{}",
            "",
            "",
            " ".repeat(caret_col - 1),
            "^".repeat(width)
        )
    }
}

/// The RON options every data file is read with: `Option` fields may be written bare
/// (`model: "llama-3-8b"` rather than `Some("llama-3-8b")`), and a variant that wraps a
/// struct takes the struct's fields directly (`Read(id: "x", text: "…")`).
#[must_use]
pub fn ron_options() -> ron::Options {
    ron::Options::default()
        .with_default_extension(Extensions::IMPLICIT_SOME | Extensions::UNWRAP_VARIANT_NEWTYPES)
}

/// Decodes bytes as UTF-8 text within the size limit, or says where it stops being text.
pub fn decode_text<'a>(path: &str, bytes: &'a [u8]) -> Result<&'a str, LocatedError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(LocatedError::at(
            path,
            "",
            Location { line: 1, col: 1 },
            1,
            format!(
                "file is {} bytes; files larger than {} MiB are refused",
                bytes.len(),
                MAX_FILE_BYTES / (1024 * 1024)
            ),
        ));
    }
    std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        // The valid prefix is UTF-8 by construction.
        let prefix = std::str::from_utf8(good).unwrap_or_default();
        let line_end = bytes[e.valid_up_to()..]
            .iter()
            .position(|b| *b == b'\n')
            .map_or(bytes.len(), |i| e.valid_up_to() + i);
        let shown = String::from_utf8_lossy(&bytes[..line_end]).into_owned();
        LocatedError::at_offset(
            path,
            &shown,
            prefix.len(),
            1,
            format!(
                "not UTF-8 text: invalid byte 0x{:02x}",
                bytes[e.valid_up_to()]
            ),
        )
    })
}

/// Parses RON text into `T`, strictly (the types carry `deny_unknown_fields`).
pub fn parse_ron<T: DeserializeOwned>(path: &str, source: &str) -> Result<T, LocatedError> {
    ron_options().from_str(source).map_err(|e| {
        let ron::error::SpannedError { code, span } = e;
        let start = Location {
            line: span.start.line.max(1),
            col: span.start.col.max(1),
        };
        let width = if span.end.line == span.start.line && span.end.col > span.start.col {
            span.end.col - span.start.col
        } else {
            1
        };
        let trimmed = source.trim_end();
        let end = Location {
            line: trimmed.matches('\n').count() + 1,
            col: trimmed
                .rsplit('\n')
                .next()
                .unwrap_or_default()
                .chars()
                .count()
                + 1,
        };
        let mut message = describe(&code);
        let reached = Location {
            line: span.end.line,
            col: span.end.col,
        };
        if reached >= end && !matches!(code, ron::Error::Eof) {
            message = format!(
                "unexpected end of file: {message} (is a bracket or parenthesis left open?)"
            );
        }
        LocatedError::at(path, source, start, width, message)
    })
}

/// Reads a file from disk and parses it; I/O failures are reported against the path.
pub fn load_ron_file<T: DeserializeOwned>(path: &Path) -> Result<T, LocatedError> {
    let shown = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| {
        LocatedError::at(
            &shown,
            "",
            Location { line: 1, col: 1 },
            1,
            format!("cannot read file: {e}"),
        )
    })?;
    let text = decode_text(&shown, &bytes)?;
    parse_ron(&shown, text)
}

fn describe(code: &ron::Error) -> String {
    use ron::Error as E;
    match code {
        E::NoSuchStructField {
            expected,
            found,
            outer,
        } => format!(
            "unknown field `{found}`{}; expected one of: {}",
            outer
                .as_ref()
                .map(|o| format!(" in {o}"))
                .unwrap_or_default(),
            expected.join(", ")
        ),
        E::MissingStructField { field, outer } => format!(
            "missing field `{field}`{}",
            outer
                .as_ref()
                .map(|o| format!(" in {o}"))
                .unwrap_or_default()
        ),
        E::NoSuchEnumVariant {
            expected,
            found,
            outer,
        } => format!(
            "unknown variant `{found}`{}; expected one of: {}",
            outer
                .as_ref()
                .map(|o| format!(" of {o}"))
                .unwrap_or_default(),
            expected.join(", ")
        ),
        E::Eof => "unexpected end of file (is a bracket or parenthesis left open?)".to_owned(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Sample {
        name: String,
        count: u32,
    }

    #[track_caller]
    fn err(source: &str) -> LocatedError {
        parse_ron::<Sample>("x.ron", source).unwrap_err()
    }

    #[test]
    fn unknown_field_is_located_with_a_caret() {
        let e = err("(\n  name: \"a\",\n  cuont: 3,\n)");
        assert_eq!((e.start.line, e.start.col), (3, 3));
        assert!(e.message.contains("unknown field `cuont`"), "{}", e.message);
        let shown = e.to_string();
        assert!(
            shown.starts_with("x.ron:3:3: unknown field `cuont`"),
            "{shown}"
        );
        assert!(shown.contains("3 |   cuont: 3,"), "{shown}");
        assert!(shown.ends_with("  |   ^^^^^"), "{shown:?}");
    }

    #[test]
    fn wrong_type_and_truncation_are_located() {
        let e = err("(name: \"a\", count: \"three\")");
        assert_eq!(e.start.line, 1);
        let e = err("(name: \"a\", count: 3");
        assert!(e.message.contains("end of file"), "{e:?}");
    }

    #[test]
    fn missing_field_names_it() {
        let e = err("(name: \"a\")");
        assert!(e.message.contains("missing field `count`"), "{}", e.message);
    }

    #[test]
    fn non_utf8_is_located() {
        let e = decode_text("x.ron", b"(name:\n \"a\xff\")").unwrap_err();
        assert_eq!((e.start.line, e.start.col), (2, 4));
        assert!(e.message.contains("0xff"));
    }

    #[test]
    fn huge_file_is_refused() {
        let big = vec![b' '; MAX_FILE_BYTES + 1];
        assert!(
            decode_text("x.ron", &big)
                .unwrap_err()
                .message
                .contains("larger than")
        );
    }

    #[test]
    fn needle_locates_a_value() {
        let src = "(\n  gpu: \"h100-sxn\",\n)";
        let e = LocatedError::at_needle("x.ron", src, 0, "\"h100-sxn\"", "unknown GPU");
        assert_eq!((e.start.line, e.start.col, e.width), (2, 8, 10));
    }
}
