//! The course a lesson checked on its own takes its place in: what the lessons before it teach
//! (the order rule of [`crate::domain::lesson::validate::concept_order`]).

use std::path::Path;

use super::sources::{LessonSource, read_dir_sources};
use crate::content::located::{decode_text, parse_ron};
use crate::domain::lesson::{Course, Lesson};

/// The course the tutor would load: the lessons of `dir`, else the shipped ones. A file that
/// does not parse teaches nothing here (its own check says why).
pub(super) fn of(dir: Option<&Path>) -> Course {
    let lessons: Vec<Lesson> = match dir {
        Some(dir) => read_dir_sources(dir)
            .iter()
            .flatten()
            .filter_map(parse_quietly)
            .collect(),
        None => super::parse_shipped(),
    };
    Course::of(&lessons).with_glossary(crate::content::glossary::builtin())
}

/// A source parsed, or `None` when it does not (its check reports the error).
pub(super) fn parse_quietly(source: &LessonSource) -> Option<Lesson> {
    let text = decode_text(&source.path, &source.bytes).ok()?;
    parse_ron(&source.path, text).ok()
}
