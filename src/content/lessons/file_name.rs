//! Lesson files are named `NN-<id>.ron`: two digits for the place in the course, a dash, the
//! lesson id. Sorting the names gives the course order, and the name says which lesson it is.

use crate::domain::lesson::validate::valid_id;

/// What a lesson file should be called: the file's own `NN` kept when it has one.
#[must_use]
pub fn expected_file_name(file_name: &str, id: &str) -> String {
    let order = order_prefix(file_name).unwrap_or("NN");
    format!("{order}-{id}.ron")
}

/// The two-digit order prefix of `NN-…`, if the name has one.
fn order_prefix(file_name: &str) -> Option<&str> {
    let prefix = file_name.get(..3)?;
    let (digits, dash) = prefix.split_at(2);
    (dash == "-" && digits.bytes().all(|b| b.is_ascii_digit())).then_some(digits)
}

/// Why `file_name` does not fit lesson `id`, if it does not. Ids that are not valid are
/// reported by the validator instead.
#[must_use]
pub(super) fn problem(file_name: &str, id: &str) -> Option<String> {
    if !valid_id(id) {
        return None;
    }
    let fits = order_prefix(file_name).is_some()
        && file_name
            .get(3..)
            .and_then(|rest| rest.strip_suffix(".ron"))
            == Some(id);
    (!fits).then(|| {
        format!(
            "file name '{file_name}' does not match the lesson; it should be '{}' (two digits for its place in the course, a dash, the lesson id)",
            expected_file_name(file_name, id)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::fits("02-ridge-point.ron", None)]
    #[case::wrong_id("02-ridge.ron", Some("02-ridge-point.ron"))]
    #[case::no_order("ridge-point.ron", Some("NN-ridge-point.ron"))]
    #[case::one_digit("2-ridge-point.ron", Some("NN-ridge-point.ron"))]
    #[case::three_digits("002-ridge-point.ron", Some("NN-ridge-point.ron"))]
    #[case::extension("02-ridge-point.txt", Some("02-ridge-point.ron"))]
    #[case::unicode("é2-ridge-point.ron", Some("NN-ridge-point.ron"))]
    #[case::short("a", Some("NN-ridge-point.ron"))]
    fn names(#[case] file_name: &str, #[case] expected: Option<&str>) {
        let message = problem(file_name, "ridge-point");
        match expected {
            None => assert_eq!(message, None),
            Some(name) => {
                let message = message.expect("a problem");
                assert!(
                    message.contains(&format!("it should be '{name}'")),
                    "{message}"
                );
            }
        }
    }

    #[test]
    fn invalid_ids_are_left_to_the_validator() {
        assert_eq!(problem("x.ron", "Not Valid"), None);
    }
}
