//! Lesson files: the `lessons/` directory embedded in the binary (so it runs from anywhere), or
//! a directory given with `--lessons DIR`. File names are `NN-<id>.ron`; sorted by name they
//! give the course order.
//!
//! Every file is parsed strictly and then checked ([`validate`]); every problem of every file
//! comes back at once, each as `path:line:col` with the line and a caret.

mod check;
mod course;
mod file_name;
mod outline;
mod sources;

pub use check::{Checked, MAX_ERRORS_PER_FILE};
pub use file_name::expected_file_name;
pub use outline::Outline;
pub use sources::{LessonSource, gather, read_dir_sources, read_file_source};

use std::path::{Path, PathBuf};

use super::located::{LocatedError, decode_text, parse_ron};
use crate::domain::catalog::Catalog;
use crate::domain::lesson::validate::validate;
use crate::domain::lesson::{Course, Lesson, LessonHead, StepKind};
use crate::domain::scenario::Scenario;

/// The shipped lessons: `(file name, contents)`, sorted by name. Written by `build.rs`.
const EMBEDDED: &[(&str, &[u8])] = include!(concat!(env!("OUT_DIR"), "/embedded_lessons.rs"));

/// Each shipped lesson's head (id, title, summary, step ids and kinds), in course order, read
/// by `build.rs`; `None` when a file's head could not be read.
pub const SHIPPED_HEADS: Option<&[LessonHead]> =
    include!(concat!(env!("OUT_DIR"), "/embedded_heads.rs"));

/// The embedded lesson files, named `lessons/NN-id.ron`.
#[must_use]
pub fn embedded_sources() -> Vec<LessonSource> {
    EMBEDDED
        .iter()
        .map(|(name, bytes)| LessonSource {
            path: format!("lessons/{name}"),
            file_name: (*name).to_owned(),
            bytes: bytes.to_vec(),
        })
        .collect()
}

/// The shipped lessons, checked, in course order.
pub fn builtin(catalog: &Catalog) -> Result<Vec<Lesson>, Vec<LocatedError>> {
    check_sources(embedded_sources().into_iter().map(Ok), catalog).into_result()
}

/// The lessons of a directory (`--lessons DIR`), checked, in course order. A directory without
/// `.ron` files is an error.
pub fn load_dir(dir: &Path, catalog: &Catalog) -> Result<Vec<Lesson>, Vec<LocatedError>> {
    check_sources(read_dir_sources(dir), catalog).into_result()
}

/// The lessons from `--lessons DIR` when given, else the shipped ones.
pub fn load(dir: Option<&Path>, catalog: &Catalog) -> Result<Vec<Lesson>, Vec<LocatedError>> {
    load_against(dir, catalog, &Scenario::default_cluster())
}

/// Which catalog the lessons are loaded for: what decides whether the shipped lessons need
/// checking again at run time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CatalogKind {
    /// The shipped catalog exactly (no `--hardware`, no `--models`, no lab machine added): the
    /// shipped lessons were checked against it, with the default cluster, by the tests
    /// (`the_embedded_lessons_load`, `shipped_lessons_parsed_alone_are_the_checked_ones`).
    Shipped,
    /// A catalog with the learner's own entries: the learner's lessons (`--lessons`) are
    /// checked against it; the shipped ones are only parsed, as with [`CatalogKind::Shipped`]
    /// (the learner's data changes the figures they show, never makes them errors).
    Extended,
}

/// As [`load`], the start-up path: the shipped lessons are only parsed, whatever the catalog
/// (checking them again against the shipped one would find what the tests found: nothing, at
/// many times the cost; against the learner's, a replaced GPU would turn them into errors);
/// lessons from `--lessons DIR` are checked in full.
pub fn load_for(
    dir: Option<&Path>,
    catalog: &Catalog,
    kind: CatalogKind,
) -> Result<Vec<Lesson>, Vec<LocatedError>> {
    match (dir, kind) {
        // The shipped lessons are checked against the shipped catalog by the tests; the
        // learner's data files (a built-in GPU replaced, say) change the figures they show,
        // never turn them into errors.
        (None, CatalogKind::Shipped | CatalogKind::Extended) => parse_embedded(),
        (Some(_), CatalogKind::Shipped | CatalogKind::Extended) => load(dir, catalog),
    }
}

/// The shipped lessons parsed strictly, in order, without the checks of [`validate`]: every
/// parse error comes back, located (none does: the tests parse them).
fn parse_embedded() -> Result<Vec<Lesson>, Vec<LocatedError>> {
    let mut parsed = Checked::default();
    for (name, bytes) in EMBEDDED {
        parsed.files += 1;
        match parse_embedded_file(name, bytes) {
            Ok(lesson) => parsed.lessons.push(lesson),
            Err(e) => parsed.errors.push(e),
        }
    }
    parsed.into_result()
}

/// One embedded lesson file, parsed strictly (`lessons/NAME` in a located error).
fn parse_embedded_file(name: &str, bytes: &[u8]) -> Result<Lesson, LocatedError> {
    let path = format!("lessons/{name}");
    decode_text(&path, bytes).and_then(|text| parse_ron::<Lesson>(&path, text))
}

/// The shipped lessons, parsed, for a course whose heads are [`SHIPPED_HEADS`]: parsed on the
/// first read of a lesson's text, never at start-up. The tests parse every one; should one not
/// parse all the same (a lesson edited and the build not tested), it becomes a lesson of one
/// step that says where and why, not a crash in the middle of a session.
#[must_use]
pub fn parse_shipped() -> Vec<Lesson> {
    parse_with_heads(EMBEDDED, SHIPPED_HEADS.unwrap_or_default())
}

/// Each of `sources` parsed, or (one that does not parse) its head with a step saying why.
fn parse_with_heads(sources: &[(&str, &[u8])], heads: &[LessonHead]) -> Vec<Lesson> {
    sources
        .iter()
        .zip(heads)
        .map(|((name, bytes), head)| {
            parse_embedded_file(name, bytes).unwrap_or_else(|e| unreadable(head, &e))
        })
        .collect()
}

/// A lesson that could not be parsed: its head, and one step saying where and why.
fn unreadable(head: &LessonHead, error: &LocatedError) -> Lesson {
    use crate::domain::lesson::{LESSON_FORMAT_VERSION, ReadStep, Step};
    // Braces are doubled: the text is a template.
    let why = format!(
        "{}:{}:{}: {}",
        error.path, error.start.line, error.start.col, error.message
    )
    .replace('{', "{{")
    .replace('}', "}}");
    Lesson {
        format_version: LESSON_FORMAT_VERSION,
        id: head.id.to_owned(),
        title: head.title.to_owned(),
        summary: head.summary.to_owned(),
        concepts: Vec::new(),
        steps: vec![Step::Read(ReadStep {
            id: "unreadable".to_owned(),
            tag: None,
            text: format!(
                "This lesson's file could not be read, so it cannot be studied in this build:\n\n{why}\n\n`roofline check` lists every problem."
            ),
            scenario: None,
        })],
    }
}

/// As [`load`], with every step that takes its scenario from the active cluster checked
/// against `cluster` (the learner's `--cluster` profile) rather than the default.
pub fn load_against(
    dir: Option<&Path>,
    catalog: &Catalog,
    cluster: &Scenario,
) -> Result<Vec<Lesson>, Vec<LocatedError>> {
    match dir {
        Some(dir) => check_sources_against(read_dir_sources(dir), catalog, cluster),
        None => check_sources_against(embedded_sources().into_iter().map(Ok), catalog, cluster),
    }
    .into_result()
}

/// How many problems the already-checked `lessons` have against the learner's cluster (steps
/// that take their scenario from it and do not compute for it), without reading or parsing
/// them again.
#[must_use]
pub fn problems_against(lessons: &[Lesson], catalog: &Catalog, cluster: &Scenario) -> usize {
    lessons
        .iter()
        .map(|lesson| validate(lesson, catalog, cluster).len())
        .sum()
}

/// Checks files and directories as `roofline check` does: a directory stands for its `.ron`
/// files; no paths at all means the shipped lessons (or `lessons_dir` when given).
#[must_use]
pub fn check_files(paths: &[PathBuf], lessons_dir: Option<&Path>, catalog: &Catalog) -> Checked {
    check_files_against(paths, lessons_dir, catalog, &Scenario::default_cluster())
}

/// As [`check_files`], against the learner's cluster (see [`load_against`]).
#[must_use]
pub fn check_files_against(
    paths: &[PathBuf],
    lessons_dir: Option<&Path>,
    catalog: &Catalog,
    cluster: &Scenario,
) -> Checked {
    match (paths, lessons_dir) {
        ([], None) => {
            check_sources_against(embedded_sources().into_iter().map(Ok), catalog, cluster)
        }
        ([], Some(dir)) => check_sources_against(read_dir_sources(dir), catalog, cluster),
        // Files checked on their own take their place in the course the tutor would load: a
        // concept the lessons before them teach is taught.
        _ => check::in_course(
            paths.iter().flat_map(|p| gather(p)).collect(),
            course::of(lessons_dir),
            catalog,
            cluster,
        ),
    }
}

/// Parses and checks lesson sources in order; a source that could not be read is passed in as
/// its error. Lesson ids must be unique across all of them.
pub fn check_sources(
    sources: impl IntoIterator<Item = Result<LessonSource, LocatedError>>,
    catalog: &Catalog,
) -> Checked {
    check_sources_against(sources, catalog, &Scenario::default_cluster())
}

/// As [`check_sources`], against the learner's cluster (see [`load_against`]). The sources
/// are the course, in order.
pub fn check_sources_against(
    sources: impl IntoIterator<Item = Result<LessonSource, LocatedError>>,
    catalog: &Catalog,
    base: &Scenario,
) -> Checked {
    check::in_course(
        sources.into_iter().collect(),
        Course::default().with_glossary(super::glossary::builtin()),
        catalog,
        base,
    )
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod cluster_tests {
    use super::*;
    use crate::content::data_files::builtin_catalog;

    /// The count the tutor warns with is the count `check` lists for that cluster.
    #[test]
    fn problems_against_a_cluster_match_a_full_check() {
        let catalog = builtin_catalog();
        let lessons = builtin(&catalog).unwrap();
        let a100 = Scenario {
            gpu: "a100-80gb".to_owned(),
            precision: crate::domain::dtype::Dtype::Bf16,
            ..Scenario::default_cluster()
        };
        let counts: Vec<usize> = [Scenario::default_cluster(), a100]
            .iter()
            .map(|cluster| {
                let full = load_against(None, &catalog, cluster)
                    .err()
                    .map_or(0, |e| e.len());
                assert_eq!(problems_against(&lessons, &catalog, cluster), full);
                full
            })
            .collect();
        assert_eq!(counts[0], 0);
        assert!(
            counts[1] > 0,
            "an A100 has no FP8 peak, which some steps ask for"
        );
    }
}
