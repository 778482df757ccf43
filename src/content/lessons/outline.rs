//! Where things are in a lesson's RON source: the field keys and the start of each step, found
//! by one pass over the text that skips strings and comments. The validator says *what* is
//! wrong ("step 3, the `tolerance` under `answer`"); the outline turns that into a line and
//! column.

use crate::content::located::{LocatedError, Location};
use crate::domain::lesson::validate::Spot;

/// A field key (`tolerance:`) in the source.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Key {
    name: String,
    offset: usize,
    /// Bracket depth the key sits at: 1 for the lesson's own fields.
    depth: usize,
}

/// The field keys and step starts of one lesson file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outline {
    keys: Vec<Key>,
    /// Byte offset where each element of the top-level `steps` list starts.
    steps: Vec<usize>,
    /// Byte offset where each line starts (the first is 0).
    line_starts: Vec<usize>,
}

impl Outline {
    /// Scans `source`. Never fails: text that is not RON gives a partial outline.
    #[must_use]
    pub fn scan(source: &str) -> Self {
        Scanner {
            bytes: source.as_bytes(),
            outline: Self::default(),
            depth: 0,
            steps_depth: None,
            steps_key_seen: false,
            expect_step: false,
        }
        .run()
    }

    /// The step starts found (one per element of `steps`).
    #[must_use]
    pub fn step_offsets(&self) -> &[usize] {
        &self.steps
    }

    /// A located error for `spot`: the step, then each field key in turn inside it, then the
    /// needle text after the last key found. What cannot be found falls back to the last thing
    /// that was.
    #[must_use]
    pub fn locate(&self, path: &str, source: &str, spot: &Spot, message: String) -> LocatedError {
        let len = source.len();
        let (mut pos, end, mut width) =
            match spot.step.and_then(|i| self.steps.get(i).map(|s| (i, *s))) {
                Some((i, start)) => {
                    let end = self.steps.get(i + 1).copied().unwrap_or(len);
                    (start, end, ident_len(source, start))
                }
                None => (0, len, 1),
            };
        for (n, field) in spot.fields.iter().enumerate() {
            let top_level = spot.step.is_none() && n == 0;
            // Keys are in source order: start at `pos` rather than scanning them all, so that
            // locating many problems in a large file stays fast.
            let first = self.keys.partition_point(|k| k.offset < pos);
            let found = self.keys[first..]
                .iter()
                .take_while(|k| k.offset < end)
                .find(|k| k.name == *field && (!top_level || k.depth == 1));
            match found {
                Some(k) => {
                    pos = k.offset;
                    width = field.len();
                }
                None => break,
            }
        }
        if let Some(needle) = &spot.text
            && !needle.text.is_empty()
            && let Some(window) = source.get(pos..end.max(pos))
            && let Some(i) = window.find(&needle.text)
        {
            pos += i + needle.mark.start;
            width = needle.mark.len();
        }
        self.error_at(path, source, pos, width, message)
    }

    /// A located error at byte `offset`, underlining `len` bytes' worth of characters. Like
    /// `LocatedError::at_offset`, but finds the line from the outline's line index instead of
    /// counting newlines from the top for every problem.
    fn error_at(
        &self,
        path: &str,
        source: &str,
        offset: usize,
        len: usize,
        message: String,
    ) -> LocatedError {
        let mut offset = offset.min(source.len());
        while !source.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_starts.partition_point(|s| *s <= offset).max(1);
        let line_start = self
            .line_starts
            .get(line - 1)
            .copied()
            .unwrap_or(0)
            .min(offset);
        let line_end = source[line_start..]
            .find('\n')
            .map_or(source.len(), |i| line_start + i);
        let line_text = source[line_start..line_end].trim_end_matches('\r');
        let col = source[line_start..offset].chars().count() + 1;
        let rest = line_text.get(offset - line_start..).unwrap_or_default();
        let mut end = (offset - line_start + len).min(line_text.len());
        while !line_text.is_char_boundary(end) {
            end -= 1;
        }
        let width = line_text
            .get(offset - line_start..end)
            .map_or(1, |span| span.chars().count());
        LocatedError {
            path: path.to_owned(),
            start: Location { line, col },
            width: width.min(rest.chars().count()).max(1),
            message,
            line_text: line_text.to_owned(),
        }
    }
}

/// Length of the identifier at `at` (a step's variant name), at least 1.
fn ident_len(source: &str, at: usize) -> usize {
    source.get(at..).map_or(1, |rest| {
        rest.bytes().take_while(|b| is_ident(*b)).count().max(1)
    })
}

const fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

struct Scanner<'a> {
    bytes: &'a [u8],
    outline: Outline,
    depth: usize,
    /// Depth inside the `steps` list while the scan is in it.
    steps_depth: Option<usize>,
    /// The lesson's `steps:` key was just read; the next `[` opens the list.
    steps_key_seen: bool,
    /// The next token starts a step.
    expect_step: bool,
}

impl Scanner<'_> {
    fn run(mut self) -> Outline {
        self.outline.line_starts = std::iter::once(0)
            .chain(
                self.bytes
                    .iter()
                    .enumerate()
                    .filter(|(_, b)| **b == b'\n')
                    .map(|(i, _)| i + 1),
            )
            .collect();
        let mut i = 0;
        while i < self.bytes.len() {
            i = self.token(i);
        }
        self.outline
    }

    fn step_starts_at(&mut self, i: usize) {
        if self.expect_step {
            self.outline.steps.push(i);
            self.expect_step = false;
        }
    }

    /// Reads the token at `i` and returns where the next one may start.
    fn token(&mut self, i: usize) -> usize {
        let b = self.bytes;
        match b[i] {
            c if c.is_ascii_whitespace() => i + 1,
            b'/' if matches!(b.get(i + 1), Some(b'/' | b'*')) => skip_comment(b, i),
            b'"' => {
                self.step_starts_at(i);
                self.steps_key_seen = false;
                skip_string(b, i)
            }
            b'\'' => skip_char(b, i),
            b'r' if raw_string_start(b, i) => {
                self.step_starts_at(i);
                skip_raw_string(b, i + 1)
            }
            b'b' if b.get(i + 1) == Some(&b'"') => {
                self.step_starts_at(i);
                skip_string(b, i + 1)
            }
            b'(' | b'[' | b'{' => {
                self.step_starts_at(i);
                self.depth += 1;
                if b[i] == b'[' && self.steps_key_seen && self.depth == 2 {
                    self.steps_depth = Some(2);
                    self.expect_step = true;
                }
                self.steps_key_seen = false;
                i + 1
            }
            b')' | b']' | b'}' => {
                if self.steps_depth == Some(self.depth) {
                    self.steps_depth = None;
                    self.expect_step = false;
                }
                self.depth = self.depth.saturating_sub(1);
                i + 1
            }
            b',' => {
                if self.steps_depth == Some(self.depth) {
                    self.expect_step = true;
                }
                i + 1
            }
            c if c.is_ascii_alphabetic() || c == b'_' => self.identifier(i),
            b':' => i + 1,
            _ => {
                self.step_starts_at(i);
                i + 1
            }
        }
    }

    fn identifier(&mut self, i: usize) -> usize {
        let b = self.bytes;
        self.step_starts_at(i);
        let end = i + b[i..].iter().take_while(|c| is_ident(**c)).count();
        let after = skip_trivia(b, end);
        let is_key = b.get(after) == Some(&b':') && b.get(after + 1) != Some(&b':');
        self.steps_key_seen = false;
        if is_key {
            // Identifiers are ASCII, so the slice is valid UTF-8.
            let name = String::from_utf8_lossy(&b[i..end]).into_owned();
            if self.depth == 1 && name == "steps" {
                self.steps_key_seen = true;
            }
            self.outline.keys.push(Key {
                name,
                offset: i,
                depth: self.depth,
            });
        }
        end
    }
}

fn skip_trivia(b: &[u8], mut i: usize) -> usize {
    loop {
        match b.get(i) {
            Some(c) if c.is_ascii_whitespace() => i += 1,
            Some(b'/') if matches!(b.get(i + 1), Some(b'/' | b'*')) => i = skip_comment(b, i),
            _ => return i,
        }
    }
}

/// Skips `// …` to the end of the line, or a (nestable) `/* … */`.
fn skip_comment(b: &[u8], i: usize) -> usize {
    if b.get(i + 1) == Some(&b'/') {
        return b[i..]
            .iter()
            .position(|c| *c == b'\n')
            .map_or(b.len(), |n| i + n + 1);
    }
    let mut depth = 0usize;
    let mut j = i;
    while j < b.len() {
        match (b[j], b.get(j + 1)) {
            (b'/', Some(b'*')) => {
                depth += 1;
                j += 2;
            }
            (b'*', Some(b'/')) => {
                depth -= 1;
                j += 2;
                if depth == 0 {
                    return j;
                }
            }
            _ => j += 1,
        }
    }
    b.len()
}

/// Skips a `"…"` string starting at the quote at `i`, honouring backslash escapes.
fn skip_string(b: &[u8], i: usize) -> usize {
    skip_quoted(b, i, b"\"")
}

/// Skips a `'…'` character starting at the quote at `i` (a lone quote ends at the line).
fn skip_char(b: &[u8], i: usize) -> usize {
    skip_quoted(b, i, b"'\n")
}

/// Skips from the opening quote at `i` past the first byte of `ends` not escaped by a
/// backslash (to the end of `b` when there is none).
fn skip_quoted(b: &[u8], i: usize, ends: &[u8]) -> usize {
    let mut j = i + 1;
    while j < b.len() {
        match b[j] {
            b'\\' => j += 2,
            c if ends.contains(&c) => return j + 1,
            _ => j += 1,
        }
    }
    b.len()
}

/// `r"` or `r#…#"` at `i` (and not inside a longer identifier such as `for`).
fn raw_string_start(b: &[u8], i: usize) -> bool {
    if i > 0 && is_ident(b[i - 1]) {
        return false;
    }
    let hashes = b[i + 1..].iter().take_while(|c| **c == b'#').count();
    b.get(i + 1 + hashes) == Some(&b'"')
}

/// Skips a raw string whose `#`s start at `i` (just after the `r`).
fn skip_raw_string(b: &[u8], i: usize) -> usize {
    let hashes = b[i..].iter().take_while(|c| **c == b'#').count();
    let body = i + hashes + 1;
    let mut j = body;
    while j < b.len() {
        if b[j] == b'"'
            && b[j + 1..]
                .iter()
                .take(hashes)
                .filter(|c| **c == b'#')
                .count()
                == hashes
        {
            return j + 1 + hashes;
        }
        j += 1;
    }
    b.len()
}

#[cfg(test)]
mod tests;
