//! The course's glossary: each concept term (the ids lessons' `concepts` teach) with the words
//! that signal a use of it in lesson text ("KV cache", "TP", "all-reduce"). The concept order
//! check finds the first use of each term by these words, so a lesson that says "TP" before any
//! step teaches tensor parallelism is reported even where nobody declared the use.
//!
//! A signal is matched as a whole word (an `s` may follow: "KV caches"). A signal with a capital
//! letter is matched as written ("TP" is not "tp"); one in lowercase in any case ("ridge",
//! "Ridge"). A signal ending in `*` matches any word it starts ("prefix cach*": caching,
//! cached).

use std::ops::Range;

use serde::{Deserialize, Serialize};

/// The glossary format this build reads.
pub const GLOSSARY_VERSION: u32 = 1;

/// Concept terms and the words that signal them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Glossary {
    /// The file's format: [`GLOSSARY_VERSION`].
    pub version: u32,
    /// The terms, each once.
    pub terms: Vec<GlossaryTerm>,
}

/// One concept term and its signals.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GlossaryTerm {
    /// The concept id, as lessons' `concepts` write it (`kv-cache`).
    pub term: String,
    /// Words that signal a use.
    pub signals: Vec<String>,
}

/// What is wrong with a glossary as written.
#[must_use]
pub fn problems(glossary: &Glossary) -> Vec<String> {
    let mut out = Vec::new();
    if glossary.version != GLOSSARY_VERSION {
        out.push(format!(
            "glossary version {} is not supported; this build reads {GLOSSARY_VERSION}",
            glossary.version
        ));
    }
    for (i, t) in glossary.terms.iter().enumerate() {
        if glossary.terms[..i].iter().any(|o| o.term == t.term) {
            out.push(format!("term '{}' is listed twice", t.term));
        }
        if t.signals.is_empty() {
            out.push(format!("term '{}' has no signal", t.term));
        }
        for s in &t.signals {
            if s.trim_end_matches('*').trim().len() < 2 {
                out.push(format!(
                    "term '{}' has a signal too short to mean anything: '{s}'",
                    t.term
                ));
            }
        }
    }
    out
}

impl Glossary {
    /// Each term `text` uses, with where its first signal is written, in the glossary's order.
    #[must_use]
    pub fn uses<'a>(&'a self, text: &str) -> Vec<(&'a str, Range<usize>)> {
        self.terms
            .iter()
            .filter_map(|t| {
                t.signals
                    .iter()
                    .filter_map(|s| find(s, text))
                    .min_by_key(|r| r.start)
                    .map(|r| (t.term.as_str(), r))
            })
            .collect()
    }
}

/// Where `signal` is first written in `text` as a word of its own.
fn find(signal: &str, text: &str) -> Option<Range<usize>> {
    let (pattern, prefix) = match signal.strip_suffix('*') {
        Some(p) => (p, true),
        None => (signal, false),
    };
    let exact = pattern.chars().any(char::is_uppercase);
    // ASCII folding keeps byte offsets, so a range found in the folded text is one in `text`.
    let (hay, needle) = if exact {
        (text.to_owned(), pattern.to_owned())
    } else {
        (text.to_ascii_lowercase(), pattern.to_ascii_lowercase())
    };
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    hay.match_indices(&needle).find_map(|(at, _)| {
        let end = at + needle.len();
        if word(hay[..at].chars().next_back()) {
            return None;
        }
        let mut rest = hay[end..].chars();
        let next = rest.next();
        let ends = prefix || !word(next) || (next == Some('s') && !word(rest.next()));
        ends.then_some(at..end)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[track_caller]
    fn glossary(signals: &[&str]) -> Glossary {
        Glossary {
            version: GLOSSARY_VERSION,
            terms: vec![GlossaryTerm {
                term: "t".to_owned(),
                signals: signals.iter().map(|s| (*s).to_owned()).collect(),
            }],
        }
    }

    #[rstest]
    #[case::word("the KV cache grows", &["KV cache"], Some(4..12))]
    #[case::plural("two KV caches", &["KV cache"], Some(4..12))]
    #[case::exact_case_only("tp is lowercase here", &["TP"], None)]
    #[case::not_inside_a_word("TPOT p99", &["TP"], None)]
    #[case::after_a_dash("with TP-4 groups", &["TP"], Some(5..7))]
    #[case::any_case("Ridge first", &["ridge"], Some(0..5))]
    #[case::prefix("prefix caching helps", &["prefix cach*"], Some(0..11))]
    #[case::prefix_needs_its_start("aprefix caching", &["prefix cach*"], None)]
    #[case::earliest_signal("an all-reduce after TP", &["TP", "all-reduce"], Some(3..13))]
    #[case::unicode_before("≈ SRAM", &["SRAM"], Some(4..8))]
    fn finds_the_first_use(
        #[case] text: &str,
        #[case] signals: &[&str],
        #[case] expected: Option<Range<usize>>,
    ) {
        let glossary = glossary(signals);
        let found = glossary.uses(text);
        assert_eq!(found.first().map(|(_, r)| r.clone()), expected, "{found:?}");
    }

    #[rstest]
    #[case::sound(GLOSSARY_VERSION, &["KV cache"], 0)]
    #[case::version(2, &["KV cache"], 1)]
    #[case::no_signal(GLOSSARY_VERSION, &[], 1)]
    #[case::short(GLOSSARY_VERSION, &["K*"], 1)]
    fn reports_a_glossary_as_written(
        #[case] version: u32,
        #[case] signals: &[&str],
        #[case] count: usize,
    ) {
        let g = Glossary {
            version,
            ..glossary(signals)
        };
        assert_eq!(problems(&g).len(), count, "{:?}", problems(&g));
    }
}
