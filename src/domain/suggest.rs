//! "Did you mean …?" for mistyped ids.

/// Levenshtein distance between two strings, by characters (the `strsim` crate's).
#[must_use]
pub fn edit_distance(a: &str, b: &str) -> usize {
    strsim::levenshtein(a, b)
}

/// The candidate closest to `wanted` (case-insensitive), if any is reasonably close.
#[must_use]
pub fn closest<'a>(wanted: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let wanted = wanted.to_ascii_lowercase();
    candidates
        .into_iter()
        .map(|c| {
            let lower = c.to_ascii_lowercase();
            let distance = if lower.contains(&wanted) || wanted.contains(&lower) {
                0
            } else if wanted.len().abs_diff(lower.len()) > (c.len() / 2).max(2) {
                // The distance is at least the difference in length: too far to suggest, and
                // a hostile 100 KB argument is not compared character by character.
                usize::MAX
            } else {
                edit_distance(&wanted, &lower)
            };
            (distance, c)
        })
        .filter(|(d, c)| *d <= (c.len() / 2).max(2))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::same("h100", "h100", 0)]
    #[case::one_off("h100", "h200", 1)]
    #[case::empty("", "abc", 3)]
    #[case::insert("l4", "l40s", 2)]
    fn distances(#[case] a: &str, #[case] b: &str, #[case] d: usize) {
        assert_eq!(edit_distance(a, b), d);
    }

    #[rstest]
    #[case::typo("h100-sxn", Some("h100-sxm"))]
    #[case::prefix("h100", Some("h100-sxm"))]
    #[case::nothing_close("zzzzzzzzzz", None)]
    #[case::much_longer("h100-sxm-but-much-much-longer", Some("h100-sxm"))]
    #[case::far_in_length("h9999999999999999999", None)]
    fn suggestions(#[case] wanted: &str, #[case] expected: Option<&str>) {
        let ids = ["h100-sxm", "h200", "a100-80gb"];
        assert_eq!(closest(wanted, ids), expected);
    }
}
