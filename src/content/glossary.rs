//! The course's glossary (`assets/glossary.ron`), embedded: the words that signal each concept
//! term, for the concept order check ([`crate::domain::lesson::glossary`]).

use crate::domain::lesson::glossary::Glossary;

const BUILTIN: &str = include_str!("../../assets/glossary.ron");

/// The shipped glossary.
///
/// # Panics
/// Never for the shipped file, which the tests below load and check.
#[must_use]
pub fn builtin() -> Glossary {
    let glossary: Glossary =
        ron::from_str(BUILTIN).expect("assets/glossary.ron is checked by tests");
    glossary
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::data_files::builtin_catalog;
    use crate::content::lessons::builtin as shipped_lessons;
    use crate::domain::lesson::concepts::teachings;
    use crate::domain::lesson::glossary::problems;

    #[test]
    fn the_shipped_glossary_loads_strictly_and_is_sound() {
        let glossary: Glossary = ron::from_str(BUILTIN).expect("parses");
        assert_eq!(problems(&glossary), Vec::<String>::new());
        assert!(!glossary.terms.is_empty());
    }

    #[test]
    fn every_term_of_the_glossary_is_taught_by_the_course() {
        let taught: Vec<String> = shipped_lessons(&builtin_catalog())
            .expect("the shipped lessons load")
            .iter()
            .flat_map(teachings)
            .map(|t| t.term)
            .collect();
        for term in builtin().terms {
            assert!(
                taught.contains(&term.term),
                "'{}' is taught by no step",
                term.term
            );
        }
    }

    #[test]
    fn an_unknown_field_is_refused() {
        let text = "(version: 1, terms: [], extra: 1)";
        assert!(ron::from_str::<Glossary>(text).is_err());
    }
}
