//! What the JSON readers share: a syntax error located in the file, and an object of the file
//! read as a [`Section`].

use serde_json::{Map, Value};

use crate::content::located::{LocatedError, Location};
use crate::content::model_config::section::Section;

/// A JSON syntax error in the object that starts at byte `at` of `text`, located in the file.
pub fn syntax_error(path: &str, text: &str, at: usize, e: &serde_json::Error) -> LocatedError {
    let line = text[..at].matches('\n').count() + e.line();
    LocatedError::at(
        path,
        text,
        Location {
            line: line.max(1),
            col: e.column().max(1),
        },
        1,
        format!("not a benchmark's JSON: {e}"),
    )
}

/// The object `map` at byte `at` of `text`, as a section of its own (no key above it).
pub const fn section<'a>(
    path: &'a str,
    text: &'a str,
    map: &'a Map<String, Value>,
    at: usize,
) -> Section<'a> {
    Section {
        path,
        text,
        map,
        at,
        name: "",
    }
}
