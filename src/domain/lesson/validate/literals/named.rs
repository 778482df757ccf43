//! The settings a text names in words ("batch 512", "at 128K tokens", "TP 8", "a 2,048-token
//! prompt", "short prompts"): a figure typed beside them is a figure at that setting, which the
//! engine computes as surely as the step's own.

use crate::domain::dtype::Dtype;
use crate::domain::lesson::template::Change;

/// Every setting `text` names, in the order written (duplicates kept out).
pub(super) fn settings(text: &str) -> Vec<Change> {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ';' | ':' | '"' | '/'))
        .map(|w| w.trim_end_matches(['.', ',', '?', '!']))
        .filter(|w| !w.is_empty())
        .collect();
    let mut out = Vec::new();
    let mut push = |c: Change| {
        if !out.contains(&c) {
            out.push(c);
        }
    };
    if [
        "short prompts",
        "short prompt",
        "short context",
        "no context",
    ]
    .iter()
    .any(|p| lower.contains(p))
    {
        push(Change::Context(0));
    }
    for (i, word) in words.iter().enumerate() {
        let next = |k: usize| words.get(i + k).copied().unwrap_or("");
        if let Some(n) = word.strip_prefix("batch-").and_then(count) {
            push_small(&mut push, n, Change::Batch);
        }
        if let Some(n) = word.strip_suffix("-token").and_then(count)
            && matches!(next(1), "prompt" | "prompts" | "prefill")
        {
            push(Change::Prompt(n));
        }
        if let Ok(format) = word.parse::<Dtype>() {
            push(Change::Format(format));
        }
        match *word {
            "batch" | "batches" => {
                let n = count(next(1)).or_else(|| (next(1) == "of").then(|| count(next(2)))?);
                if let Some(n) = n {
                    push_small(&mut push, n, Change::Batch);
                }
            }
            "tp" => {
                if let Some(n) = count(next(1)) {
                    push_small(&mut push, n, Change::Tp);
                }
            }
            _ => {
                let Some(n) = count(word) else { continue };
                let of_context =
                    next(1).starts_with("token") && next(2) == "of" && next(3) == "context";
                let k_tokens = word.ends_with('k') && next(1).starts_with("token");
                if of_context || next(1) == "context" || k_tokens {
                    push(Change::Context(n));
                }
            }
        }
    }
    out
}

fn push_small(push: &mut impl FnMut(Change), n: u64, make: fn(u32) -> Change) {
    if let Ok(n) = u32::try_from(n) {
        push(make(n));
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
    #[case::k_context("a customer asks for 128K-token contexts", vec![])]
    #[case::k_tokens("at 128K tokens the cache", vec![Change::Context(131_072)])]
    #[case::tokens_of_context("every sequence has 4,096 tokens of context", vec![Change::Context(4096)])]
    #[case::context_word("at 32K context", vec![Change::Context(32_768)])]
    #[case::prompt("a 2,048-token prompt", vec![Change::Prompt(2048)])]
    #[case::short("4.48 ms per step with short prompts", vec![Change::Context(0)])]
    #[case::format("8 in BF16", vec![Change::Format(Dtype::Bf16)])]
    #[case::nothing("the ridge is 295 FLOP/byte", vec![])]
    fn reads_named_settings(#[case] text: &str, #[case] expected: Vec<Change>) {
        assert_eq!(settings(text), expected);
    }
}
