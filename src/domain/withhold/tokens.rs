//! Reading the numbers a text writes (`295`, `1.3k`, `14,300`), each with where it stands and
//! how finely it is written.

use super::Token;

/// The number tokens of a text, left to right.
pub fn tokens(text: &str) -> impl Iterator<Item = Token> + '_ {
    let bytes = text.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        while at < bytes.len() {
            let start = at;
            if !bytes[start].is_ascii_digit() || glued_before(bytes, start) {
                at += 1;
                continue;
            }
            let (end, token) = scan(text, start);
            at = end.max(start + 1);
            if let Some(token) = token {
                return Some(token);
            }
        }
        None
    })
}

/// Whether `token` in `text` is a signed percentage (`+10 %`, `-0.45%`, `−3 %`): a change,
/// not a level.
#[must_use]
pub fn is_change(text: &str, token: &Token) -> bool {
    let signed = text[..token.range.start].ends_with(['+', '-', '−']);
    signed && text[token.range.end..].trim_start().starts_with('%')
}

/// Whether the digit at `start` continues a word or a number (`H100`, `v5e`, the `5` of `0.5`,
/// a version in a name after a hyphen: the `3.1` of `Llama-3.1-405B`).
fn glued_before(bytes: &[u8], start: usize) -> bool {
    start > 0 && {
        let before = bytes[start - 1];
        before.is_ascii_alphanumeric()
            || before == b'.'
            || before == b'_'
            || (before == b'-' && start > 1 && bytes[start - 2].is_ascii_alphabetic())
    }
}

/// Reads the number starting at `start`: `(end of what was read, the token if it is a figure)`.
fn scan(text: &str, start: usize) -> (usize, Option<Token>) {
    let bytes = text.as_bytes();
    let digits_from = |from: usize| {
        let mut end = from;
        while end < bytes.len() && bytes[end].is_ascii_digit() {
            end += 1;
        }
        end
    };
    let mut end = digits_from(start);
    let mut whole: String = text[start..end].to_owned();
    // Thousands groups: `1,790` (a comma followed by exactly three digits).
    while bytes.get(end) == Some(&b',') && digits_from(end + 1) == end + 4 {
        whole.push_str(&text[end + 1..end + 4]);
        end += 4;
    }
    let mut decimals = 0;
    if bytes.get(end) == Some(&b'.') && bytes.get(end + 1).is_some_and(u8::is_ascii_digit) {
        let frac_end = digits_from(end + 1);
        decimals = frac_end - end - 1;
        whole.push('.');
        whole.push_str(&text[end + 1..frac_end]);
        end = frac_end;
    }
    let Ok(mut value) = whole.parse::<f64>() else {
        return (end, None);
    };
    let mut resolution = 10f64.powi(-i32::try_from(decimals).unwrap_or(i32::MAX));
    // A `k` or `M` right after the digits scales them (`1.3k`), when it ends the word.
    let after = bytes.get(end).copied();
    let next_is_letter = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_alphanumeric);
    match after {
        Some(b'k' | b'M') if !next_is_letter(end + 1) => {
            let scale = if after == Some(b'k') { 1e3 } else { 1e6 };
            value *= scale;
            resolution *= scale;
            end += 1;
        }
        Some(c) if c.is_ascii_alphabetic() || c == b'_' => return (end, None),
        _ => {}
    }
    (
        end,
        Some(Token {
            range: start..end,
            value,
            resolution,
        }),
    )
}
