//! The GPUs and models a text names in words, as the catalog spells them: by id (`h100-sxm`),
//! by name (`H100 SXM5`), or by the name's first word that holds both a letter and a digit
//! (`H100`, `MI300X`, `B200`), which may name several cards (the H100 SXM, PCIe and NVL); a
//! figure near it is checked at each.

use crate::domain::catalog::Catalog;
use crate::domain::lesson::template::Change;

/// Every GPU and model `text` names, as changes to a scenario, in catalog order.
pub(super) fn named(text: &str, catalog: &Catalog) -> Vec<Change> {
    let lower = text.to_ascii_lowercase();
    let gpus = catalog
        .gpus
        .iter()
        .filter(|g| spellings(&g.id, &g.name).any(|s| mentions(&lower, &s)))
        .map(|g| Change::Gpu(g.id.clone()));
    let models = catalog
        .models
        .iter()
        .filter(|m| spellings(&m.id, &m.name).any(|s| mentions(&lower, &s)))
        .map(|m| Change::Model(m.id.clone()));
    gpus.chain(models).collect()
}

/// The lowercase ways a text may write an entry: its id, its name, and its name's first word
/// with a letter and a digit.
fn spellings(id: &str, name: &str) -> impl Iterator<Item = String> {
    let key = name
        .split_whitespace()
        .find(|w| {
            w.bytes().any(|b| b.is_ascii_digit()) && w.bytes().any(|b| b.is_ascii_alphabetic())
        })
        .map(str::to_ascii_lowercase);
    [
        Some(id.to_ascii_lowercase()),
        Some(name.to_ascii_lowercase()),
        key,
    ]
    .into_iter()
    .flatten()
}

/// Whether `lower` holds `word` as a whole word (a plural or a possessive still counts:
/// `H100s`, `H100's`).
fn mentions(lower: &str, word: &str) -> bool {
    let inside = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-');
    lower.match_indices(word).any(|(at, _)| {
        let before = lower[..at].chars().next_back();
        let rest = &lower[at + word.len()..];
        let rest = rest
            .strip_prefix('s')
            .filter(|r| !inside(r.chars().next()))
            .unwrap_or(rest);
        !inside(before) && !inside(rest.chars().next())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::data_files::builtin_catalog;
    use rstest::rstest;

    fn gpu(id: &str) -> Change {
        Change::Gpu(id.to_owned())
    }

    fn model(id: &str) -> Change {
        Change::Model(id.to_owned())
    }

    #[rstest]
    #[case::by_name("the H200 SXM moves 4.8 TB/s", vec![gpu("h200")])]
    #[case::by_key_word("against about 326 on the H100", vec![gpu("h100-sxm"), gpu("h100-pcie"), gpu("h100-nvl")])]
    #[case::by_id("on h100-nvl it is 214", vec![gpu("h100-nvl")])]
    #[case::sku("A100 80GB 153 (the A100 40GB is 201)", vec![gpu("a100-40gb"), gpu("a100-80gb")])]
    #[case::plural("split across 4 H200s", vec![gpu("h200")])]
    #[case::possessive("the H200's ridge", vec![gpu("h200")])]
    #[case::not_inside_a_word("an XH2000 card", vec![])]
    #[case::model("Llama-3-70B on 4 GPUs", vec![model("llama-3-70b")])]
    #[case::not_a_longer_model("Llama-3-8Bx", vec![])]
    #[case::both("Mixtral-8x7B on the MI300X", vec![gpu("mi300x"), model("mixtral-8x7b")])]
    fn reads_named_entries(#[case] text: &str, #[case] expected: Vec<Change>) {
        let catalog = builtin_catalog();
        assert_eq!(named(text, &catalog), expected);
    }
}
