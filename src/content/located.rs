//! Strict RON loading with errors that point at the line: `path:line:col: message`, the source
//! line, and a caret under the span.

use std::fmt;
use std::path::Path;

use ron::extensions::Extensions;
use serde::de::DeserializeOwned;

use super::terminal_text::{escape_controls, push_char, shown_width};

pub use super::file::MAX_FILE_BYTES;

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

    /// A problem with the file as a whole (it cannot be read, say): shown as one line,
    /// `path: message`, with no line number or caret.
    #[must_use]
    pub fn whole_file(path: &str, message: impl Into<String>) -> Self {
        Self {
            path: path.to_owned(),
            start: Location { line: 0, col: 0 },
            width: 1,
            message: message.into(),
            line_text: String::new(),
        }
    }

    /// Whether this is about the file as a whole ([`LocatedError::whole_file`]).
    #[must_use]
    pub const fn is_whole_file(&self) -> bool {
        self.start.line == 0
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

/// Source lines longer than this (in characters) are shown as a window around the problem.
pub const MAX_SHOWN_CHARS: usize = 200;

/// `path:line:col: message`, then the source line (a window around the problem when it is
/// long) and a caret under the span. A problem with no source line is its first line alone.
/// Control characters in the path, message and line are shown escaped
/// ([`terminal_text`](super::terminal_text)); tabs as single spaces, so the caret stays under
/// the span.
impl fmt::Display for LocatedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = escape_controls(&self.path);
        let message = escape_controls(&self.message);
        if self.is_whole_file() {
            return write!(f, "{path}: {message}");
        }
        let Location { line, col } = self.start;
        write!(f, "{path}:{line}:{col}: {message}")?;
        if self.line_text.is_empty() {
            return Ok(());
        }
        let chars: Vec<char> = self.line_text.chars().collect();
        let col = col.clamp(1, chars.len() + 1);
        let (from, to) = if chars.len() <= MAX_SHOWN_CHARS {
            (1, chars.len() + 1)
        } else {
            let from = col.saturating_sub(MAX_SHOWN_CHARS / 2).max(1);
            (from, (from + MAX_SHOWN_CHARS).min(chars.len() + 1))
        };
        let window = &chars[from - 1..to - 1];
        let mut shown = String::new();
        let mut caret_at = 0;
        if from > 1 {
            shown.push('…');
            caret_at += 1;
        }
        for &c in window {
            if c == '\t' {
                shown.push(' ');
            } else {
                push_char(&mut shown, c);
            }
        }
        if to <= chars.len() {
            shown.push('…');
        }
        let width = |cs: &[char]| -> usize {
            cs.iter()
                .map(|&c| if c == '\t' { 1 } else { shown_width(c) })
                .sum()
        };
        caret_at += width(&window[..col - from]);
        let span_end = (col - 1 + self.width).min(to - 1);
        let carets = width(&chars[col - 1..span_end.max(col - 1)]).max(1);
        let gutter = line.to_string().len();
        writeln!(f)?;
        writeln!(f, "{:gutter$} |", "")?;
        writeln!(f, "{line} | {shown}")?;
        write!(
            f,
            "{:gutter$} | {}{}",
            "",
            " ".repeat(caret_at),
            "^".repeat(carets)
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
    let text = read_text(path)?;
    parse_ron(&shown, &text)
}

/// Reads a file through the one reader ([`super::file::read_capped`]) and decodes it as UTF-8;
/// every failure is a [`LocatedError`] against the path.
pub fn read_text(path: &Path) -> Result<String, LocatedError> {
    let shown = path.display().to_string();
    let bytes = super::file::read_capped(path)
        .map_err(|e| LocatedError::whole_file(&shown, e.to_string()))?;
    decode_text(&shown, &bytes)?;
    // Just checked to be UTF-8.
    Ok(String::from_utf8(bytes).unwrap_or_default())
}

// ron's `Error`: the errors the loader does not word itself keep ron's own words; its many
// variants are not ours to list.
#[allow(clippy::wildcard_enum_match_arm)]
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
mod tests;
