//! The table of steps that moved between lessons (`assets/lesson_moves.ron`), embedded in the
//! binary and applied to every progress file read (see
//! [`crate::domain::session::progress::moves`]).

use std::sync::OnceLock;

use serde::Deserialize;

use super::data_ids::{FORMAT_VERSION, valid_id};
use super::located::{LocatedError, Location, parse_ron};
use crate::domain::session::StepMove;

const BUILTIN_MOVES: (&str, &str) = (
    "assets/lesson_moves.ron",
    include_str!("../../assets/lesson_moves.ron"),
);

/// The file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MovesFile {
    /// Must be [`FORMAT_VERSION`].
    format_version: u32,
    /// The moves, in the order they are applied.
    moves: Vec<StepMove>,
}

/// Parses a moves file: strict RON, the known format version, valid ids, no move to itself.
pub fn parse(path: &str, text: &str) -> Result<Vec<StepMove>, LocatedError> {
    let file: MovesFile = parse_ron(path, text)?;
    let whole =
        |message: String| LocatedError::at(path, text, Location { line: 1, col: 1 }, 1, message);
    if file.format_version != FORMAT_VERSION {
        return Err(whole(format!(
            "unknown format_version {} (this build reads {FORMAT_VERSION})",
            file.format_version
        )));
    }
    if let Some(bad) = file
        .moves
        .iter()
        .find(|m| !(valid_id(&m.step) && valid_id(&m.from) && valid_id(&m.to)) || m.from == m.to)
    {
        return Err(whole(format!(
            "the move of {:?} from {:?} to {:?} needs three valid ids and two different lessons",
            bad.step, bad.from, bad.to
        )));
    }
    Ok(file.moves)
}

/// The built-in moves (parsed once; `tests` check the file).
#[must_use]
pub fn builtin() -> &'static [StepMove] {
    static MOVES: OnceLock<Vec<StepMove>> = OnceLock::new();
    MOVES.get_or_init(|| {
        parse(BUILTIN_MOVES.0, BUILTIN_MOVES.1).expect("the built-in moves are checked by tests")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[test]
    fn the_builtin_moves_parse() {
        assert!(!builtin().is_empty());
    }

    #[rstest]
    #[case::unknown_field(
        "(format_version: 1, moves: [(step: \"a\", from: \"b\", to: \"c\", when: 1)])"
    )]
    #[case::newer_version("(format_version: 2, moves: [])")]
    #[case::missing_moves("(format_version: 1)")]
    #[case::to_itself("(format_version: 1, moves: [(step: \"a\", from: \"b\", to: \"b\")])")]
    #[case::bad_id("(format_version: 1, moves: [(step: \"A b\", from: \"b\", to: \"c\")])")]
    fn a_bad_moves_file_is_refused(#[case] text: &str) {
        assert!(parse("moves.ron", text).is_err());
    }
}
