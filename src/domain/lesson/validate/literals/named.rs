//! The settings a text names in words ("batch 512", "at 128K tokens", "TP 8", "PP 2", "EP 8",
//! "a 2,048-token prompt", "an 8,192-token context", "short prompts"): a figure typed beside
//! them is a figure at that setting, which the engine computes as surely as the step's own.

use crate::domain::dtype::Dtype;
use crate::domain::lesson::template::Change;
use std::ops::Range;

/// Every setting `text` names, in the order written (duplicates kept out).
pub(super) fn settings(text: &str) -> Vec<Change> {
    let mut out = Vec::new();
    for (change, _) in spans(text) {
        if !out.contains(&change) {
            out.push(change);
        }
    }
    out
}

/// Every setting `text` names, with the bytes of the word that writes its value (`4` of "TP
/// 4", `8,192-token` of "an 8,192-token context"; empty for "short prompts"), in the order
/// written.
pub(super) fn spans(text: &str) -> Vec<(Change, Range<usize>)> {
    let lower = text.to_ascii_lowercase();
    let words = words(&lower);
    let mut out = Vec::new();
    if [
        "short prompts",
        "short prompt",
        "short context",
        "no context",
    ]
    .iter()
    .any(|p| lower.contains(p))
    {
        out.push((Change::Context(0), 0..0));
    }
    if ["without drafts", "no drafts", "without speculation"]
        .iter()
        .any(|p| lower.contains(p))
    {
        out.push((Change::Draft(0), 0..0));
    }
    for (i, (_, word)) in words.iter().enumerate() {
        // A word is read as following its naming word only with nothing but spaces (or an
        // opening bracket: "the batch (1 → 64)") between: "whatever the batch; (2) why" names
        // no batch.
        let next = |k: usize| {
            let joined = (i..i + k).all(|j| {
                words.get(j + 1).is_some_and(|w| {
                    lower[words[j].0.end..w.0.start]
                        .trim_matches(|c: char| c.is_whitespace() || c == '(')
                        .is_empty()
                })
            });
            if joined { words[i + k].1 } else { "" }
        };
        let at = |k: usize| words.get(i + k).map_or(0..0, |w| w.0.clone());
        if let Some(n) = word.strip_prefix("batch-").and_then(count) {
            push_small(&mut out, n, Change::Batch, at(0));
        }
        if let Some(n) = word.strip_suffix("-token").and_then(count) {
            match next(1) {
                "prompt" | "prompts" | "prefill" => out.push((Change::Prompt(n), at(0))),
                "context" => out.push((Change::Context(n), at(0))),
                _ => {}
            }
        }
        if let Ok(format) = word.parse::<Dtype>() {
            out.push((Change::Format(format), at(0)));
        }
        match *word {
            "batch" | "batches" => {
                let of = usize::from(next(1) == "of");
                if let Some(n) = count(next(1 + of)) {
                    push_small(&mut out, n, Change::Batch, at(1 + of));
                }
            }
            "tp" | "pp" | "ep" => {
                let make = match *word {
                    "tp" => Change::Tp,
                    "pp" => Change::Pp,
                    _ => Change::Ep,
                };
                if let Some(n) = count(next(1)) {
                    push_small(&mut out, n, make, at(1));
                }
            }
            _ => {
                let Some(n) = count(word) else { continue };
                let of_context =
                    next(1).starts_with("token") && next(2) == "of" && next(3) == "context";
                let k_tokens = word.ends_with('k') && next(1).starts_with("token");
                if of_context || next(1) == "context" || k_tokens {
                    out.push((Change::Context(n), at(0)));
                }
            }
        }
    }
    out
}

/// The words of `lower` with their byte ranges, split at spaces and brackets, with trailing
/// punctuation trimmed.
fn words(lower: &str) -> Vec<(Range<usize>, &str)> {
    let split = |c: char| c.is_whitespace() || matches!(c, '(' | ')' | ';' | ':' | '"' | '/');
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in lower
        .char_indices()
        .chain(std::iter::once((lower.len(), ' ')))
    {
        match (start, split(c)) {
            (None, false) => start = Some(i),
            (Some(s), true) => {
                let word = lower[s..i].trim_end_matches(['.', ',', '?', '!']);
                if !word.is_empty() {
                    out.push((s..s + word.len(), word));
                }
                start = None;
            }
            (None, true) | (Some(_), false) => {}
        }
    }
    out
}

fn push_small(
    out: &mut Vec<(Change, Range<usize>)>,
    n: u64,
    make: fn(u32) -> Change,
    at: Range<usize>,
) {
    if let Ok(n) = u32::try_from(n) {
        out.push((make(n), at));
    }
}

/// A count as a text writes it: `512`, `4,096`, `128k` (× 1,024, as contexts are written).
fn count(word: &str) -> Option<u64> {
    let (digits, scale) = match word.strip_suffix('k') {
        Some(d) => (d, 1024),
        None => (word, 1),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit() || b == b',') {
        return None;
    }
    digits
        .replace(',', "")
        .parse::<u64>()
        .ok()
        .map(|n| n * scale)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::batch("at batch 512 it takes", vec![Change::Batch(512)])]
    #[case::batch_of("a batch of 64 sequences", vec![Change::Batch(64)])]
    #[case::batch_dash("the batch-512 figure", vec![Change::Batch(512)])]
    #[case::tp("TP 8 across two nodes", vec![Change::Tp(8)])]
    #[case::pp_and_ep("PP 2 with EP 8", vec![Change::Pp(2), Change::Ep(8)])]
    #[case::token_context("an 8,192-token context", vec![Change::Context(8192)])]
    #[case::k_context("a customer asks for 128K-token contexts", vec![])]
    #[case::k_tokens("at 128K tokens the cache", vec![Change::Context(131_072)])]
    #[case::tokens_of_context("every sequence has 4,096 tokens of context", vec![Change::Context(4096)])]
    #[case::context_word("at 32K context", vec![Change::Context(32_768)])]
    #[case::prompt("a 2,048-token prompt", vec![Change::Prompt(2048)])]
    #[case::short("4.48 ms per step with short prompts", vec![Change::Context(0)])]
    #[case::no_drafts("against 25% without drafts", vec![Change::Draft(0)])]
    #[case::format("8 in BF16", vec![Change::Format(Dtype::Bf16)])]
    #[case::nothing("the ridge is 295 FLOP/byte", vec![])]
    fn reads_named_settings(#[case] text: &str, #[case] expected: Vec<Change>) {
        assert_eq!(settings(text), expected);
    }

    #[test]
    fn locates_the_value_it_reads() {
        let text = "Now (TP 4) at batch of 64.";
        let found: Vec<&str> = spans(text).into_iter().map(|(_, r)| &text[r]).collect();
        assert_eq!(found, ["4", "64"]);
    }
}
