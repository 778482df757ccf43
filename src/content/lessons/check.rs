//! Checking lesson files: each parsed, validated in its place in the course, and every
//! problem located in its file (bounded per file), with duplicate lesson ids caught across files.

use std::collections::HashMap;

use super::outline::Outline;
use super::sources::LessonSource;
use super::{course, file_name};
use crate::content::located::{LocatedError, decode_text, parse_ron};
use crate::domain::catalog::Catalog;
use crate::domain::lesson::validate::{MAX_PROBLEMS, Needle, Spot, concept_order, validate};
use crate::domain::lesson::{Course, Lesson};
use crate::domain::scenario::Scenario;

/// Problems listed per file; more are summed up in one line.
pub const MAX_ERRORS_PER_FILE: usize = 200;

/// Source-line bytes the listed problems of one file may carry (each shows its line).
const MAX_SHOWN_BYTES_PER_FILE: usize = 16 * 1024 * 1024;

/// The outcome of checking a set of lesson files.
#[derive(Debug, Clone, Default)]
pub struct Checked {
    /// The lessons that parsed, in file order (with or without problems).
    pub lessons: Vec<Lesson>,
    /// Every problem, file by file, each file's in source order.
    pub errors: Vec<LocatedError>,
    /// How many files were read (or tried).
    pub files: usize,
}

impl Checked {
    /// The lessons when there is no problem at all, or every problem.
    pub fn into_result(self) -> Result<Vec<Lesson>, Vec<LocatedError>> {
        if self.errors.is_empty() {
            Ok(self.lessons)
        } else {
            Err(self.errors)
        }
    }

    /// How many distinct files have problems.
    #[must_use]
    pub fn files_with_problems(&self) -> usize {
        let mut paths: Vec<&str> = self.errors.iter().map(|e| e.path.as_str()).collect();
        paths.sort_unstable();
        paths.dedup();
        paths.len()
    }
}

/// Checks `sources` in order, each in its place in `course` (a source whose lesson the course
/// has takes that lesson's place; any other comes after the course).
pub(super) fn in_course(
    sources: Vec<Result<LessonSource, LocatedError>>,
    mut course: Course,
    catalog: &Catalog,
    base: &Scenario,
) -> Checked {
    for lesson in sources.iter().flatten().filter_map(course::parse_quietly) {
        course.put(&lesson);
    }
    let mut checked = Checked::default();
    let mut lesson_ids: HashMap<String, String> = HashMap::new();
    for source in sources {
        checked.files += 1;
        let source = match source {
            Ok(source) => source,
            Err(e) => {
                checked.errors.push(e);
                continue;
            }
        };
        let (lesson, mut errors) = check_one(&source, catalog, base, &course, &mut lesson_ids);
        checked.errors.append(&mut errors);
        checked.lessons.extend(lesson);
    }
    checked
}

fn check_one(
    source: &LessonSource,
    catalog: &Catalog,
    base: &Scenario,
    course: &Course,
    lesson_ids: &mut HashMap<String, String>,
) -> (Option<Lesson>, Vec<LocatedError>) {
    let path = source.path.as_str();
    let text = match decode_text(path, &source.bytes) {
        Ok(text) => text,
        Err(e) => return (None, vec![e]),
    };
    let lesson: Lesson = match parse_ron(path, text) {
        Ok(lesson) => lesson,
        Err(e) => return (None, vec![e]),
    };
    let mut problems = validate(&lesson, catalog, base);
    problems.extend(concept_order(&lesson, course));
    let name_problem = file_name::problem(&source.file_name, &lesson.id);
    let first_use = lesson_ids.get(&lesson.id).cloned();
    if first_use.is_none() {
        lesson_ids.insert(lesson.id.clone(), path.to_owned());
    }
    if problems.is_empty() && name_problem.is_none() && first_use.is_none() {
        // The usual case: no problem, so no index to locate one with.
        return (Some(lesson), Vec::new());
    }
    let outline = Outline::scan(text);
    let mut errors = Vec::new();
    let mut shown_bytes = 0;
    let mut overflow = None;
    for (n, p) in problems.iter().enumerate() {
        // Each error carries its source line; bound what a pathological file can cost.
        if n >= MAX_ERRORS_PER_FILE || shown_bytes > MAX_SHOWN_BYTES_PER_FILE {
            let more = problems.len() - n;
            let message = if problems.len() >= MAX_PROBLEMS {
                format!("at least {more} more problems in this file, not listed; fix these first")
            } else {
                format!("{more} more problems in this file, not listed; fix these first")
            };
            overflow = Some(outline.locate(path, text, &Spot::lesson("steps", None), message));
            break;
        }
        let error = outline.locate(path, text, &p.spot, p.message.clone());
        shown_bytes += error.line_text.len();
        errors.push(error);
    }
    let at_id = || Spot::lesson("id", Some(Needle::whole(format!("\"{}\"", lesson.id))));
    if let Some(message) = name_problem {
        errors.push(outline.locate(path, text, &at_id(), message));
    }
    if let Some(first) = first_use {
        let message = format!(
            "duplicate lesson id '{}' (also used by {first}); lesson ids must be unique",
            lesson.id
        );
        errors.push(outline.locate(path, text, &at_id(), message));
    }
    errors.sort_by_key(|e| e.start);
    errors.extend(overflow);
    (Some(lesson), errors)
}
