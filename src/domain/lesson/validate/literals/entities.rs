//! The GPUs and models a text names in words, as the catalog spells them: by id (`h100-sxm`),
//! by name (`H100 SXM5`), or by the name's first word that holds both a letter and a digit
//! (`H100`, `MI300X`, `B200`). A key word several cards share ("H100": the SXM, PCIe and NVL)
//! names one of them: the step's own card where it is one, else the first the catalog lists (the
//! H100 SXM, the datasheet a text means by "H100"), so a figure near it is checked at one card.

use crate::domain::catalog::Catalog;
use crate::domain::lesson::template::Change;
use std::ops::Range;

/// Every GPU and model `text` names, as changes to a scenario, in catalog order. A key word
/// that begins a fuller spelling of one entry (`H100 SXM`, `h100-pcie`) names that entry alone;
/// one that several entries share names `own` (the step's GPU) if it is one of them, else the
/// first of them.
pub(super) fn named(text: &str, catalog: &Catalog, own: &str) -> Vec<Change> {
    let lower = text.to_ascii_lowercase();
    let entries = catalog
        .gpus
        .iter()
        .map(|g| (Change::Gpu(g.id.clone()), g.id.as_str(), g.name.as_str()))
        .chain(
            catalog
                .models
                .iter()
                .map(|m| (Change::Model(m.id.clone()), m.id.as_str(), m.name.as_str())),
        );
    let spans: Vec<Range<usize>> = catalog
        .gpus
        .iter()
        .map(|g| (g.id.as_str(), g.name.as_str()))
        .chain(
            catalog
                .models
                .iter()
                .map(|m| (m.id.as_str(), m.name.as_str())),
        )
        .flat_map(|(id, name)| full(id, name))
        .flat_map(|s| occurrences(&lower, &s).collect::<Vec<_>>())
        .collect();
    let entries: Vec<(Change, &str, &str)> = entries.collect();
    // The key words written bare (not the start of a fuller spelling).
    let bare = |k: &str| {
        occurrences(&lower, k)
            .any(|at| !spans.iter().any(|s| s.start == at.start && s.end > at.end))
    };
    // The entry a bare key word names: `own` among those sharing it, else the first.
    let chosen = |k: &str| {
        let sharing: Vec<&str> = entries
            .iter()
            .filter(|(_, _, name)| key(name).as_deref() == Some(k))
            .map(|(_, id, _)| *id)
            .collect();
        sharing
            .iter()
            .find(|id| **id == own)
            .or_else(|| sharing.first())
            .map(|id| (*id).to_owned())
    };
    entries
        .iter()
        .filter(|(_, id, name)| {
            full(id, name).any(|s| occurrences(&lower, &s).next().is_some())
                || key(name).is_some_and(|k| bare(&k) && chosen(&k).as_deref() == Some(*id))
        })
        .map(|(change, _, _)| change.clone())
        .collect()
}

/// The lowercase ways a text may write an entry in full: its id (with dashes or spaces) and
/// its name.
fn full(id: &str, name: &str) -> impl Iterator<Item = String> {
    let id = id.to_ascii_lowercase();
    [id.replace('-', " "), id, name.to_ascii_lowercase()].into_iter()
}

/// An entry's key word: its name's first word with a letter and a digit.
fn key(name: &str) -> Option<String> {
    name.split_whitespace()
        .find(|w| {
            w.bytes().any(|b| b.is_ascii_digit()) && w.bytes().any(|b| b.is_ascii_alphabetic())
        })
        .map(str::to_ascii_lowercase)
}

/// Where `lower` holds `word` as a whole word (a plural or a possessive still counts:
/// `H100s`, `H100's`).
fn occurrences<'a>(lower: &'a str, word: &'a str) -> impl Iterator<Item = Range<usize>> + 'a {
    let inside = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-');
    lower.match_indices(word).filter_map(move |(at, _)| {
        let before = lower[..at].chars().next_back();
        let rest = &lower[at + word.len()..];
        let rest = rest
            .strip_prefix('s')
            .filter(|r| !inside(r.chars().next()))
            .unwrap_or(rest);
        (!inside(before) && !inside(rest.chars().next())).then_some(at..at + word.len())
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
    #[case::by_key_word("against about 326 on the H100", vec![gpu("h100-sxm")])]
    #[case::by_id("on h100-nvl it is 214", vec![gpu("h100-nvl")])]
    #[case::sku("A100 80GB 153 (the A100 40GB is 201)", vec![gpu("a100-40gb"), gpu("a100-80gb")])]
    #[case::plural("split across 4 H200s", vec![gpu("h200")])]
    #[case::possessive("the H200's ridge", vec![gpu("h200")])]
    #[case::not_inside_a_word("an XH2000 card", vec![])]
    #[case::model("Llama-3-70B on 4 GPUs", vec![model("llama-3-70b")])]
    #[case::not_a_longer_model("Llama-3-8Bx", vec![])]
    #[case::both("Mixtral-8x7B on the MI300X", vec![gpu("mi300x"), model("mixtral-8x7b")])]
    #[case::key_word_qualified("An H100 SXM at 700 W", vec![gpu("h100-sxm")])]
    #[case::key_word_and_id("the H100 beside h100-pcie", vec![gpu("h100-sxm"), gpu("h100-pcie")])]
    fn reads_named_entries(#[case] text: &str, #[case] expected: Vec<Change>) {
        let catalog = builtin_catalog();
        assert_eq!(named(text, &catalog, "l4"), expected);
    }

    /// "H100" alone is one card: the step's own where it is an H100, else the H100 SXM.
    #[rstest]
    #[case::own_card("h100-nvl", vec![gpu("h100-nvl")])]
    #[case::another_family("h200", vec![gpu("h100-sxm")])]
    fn a_shared_key_word_names_one_card(#[case] own: &str, #[case] expected: Vec<Change>) {
        let catalog = builtin_catalog();
        assert_eq!(named("326 on the H100", &catalog, own), expected);
    }
}
