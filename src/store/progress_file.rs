//! The progress file's format: versioned RON, read strictly, written compactly.
//!
//! - Format 2 (this build): the records per lesson and step, plus the review history per lesson
//!   and step.
//! - Format 1: the same without review history; read, and migrated by the store.
//!
//! Either way, steps that moved to another lesson are moved on reading
//! (`assets/lesson_moves.ron`).

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::content::file::read_capped;
use crate::content::lesson_moves;
use crate::content::located::{LocatedError, MAX_FILE_BYTES, decode_text, parse_ron};
use crate::domain::schedule::Review;
use crate::domain::session::{LessonProgress, Progress};

/// The file name in the data directory.
pub const PROGRESS_FILE: &str = "progress.ron";

/// The progress format this build reads and writes.
pub const PROGRESS_FORMAT_VERSION: u32 = 2;

/// The largest progress file that is read, and so the largest that is written.
pub const MAX_PROGRESS_BYTES: usize = MAX_FILE_BYTES;

/// The first line of every file written.
const HEADER: &str = "// roofline progress: per lesson, the step to resume at, what was done on each step, and each step's reviews.\n";

/// The file as written (format 2).
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProgressFile {
    /// Must be [`PROGRESS_FORMAT_VERSION`].
    format_version: u32,
    /// The lesson studied last.
    #[serde(default)]
    last_lesson: Option<String>,
    /// Per lesson id: the resume step and a record per step.
    #[serde(default)]
    lessons: BTreeMap<String, LessonProgress>,
    /// Per lesson id and step id: the reviews, oldest first.
    #[serde(default)]
    reviews: BTreeMap<String, BTreeMap<String, Vec<Review>>>,
}

/// Format 1, as earlier builds wrote it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProgressFileV1 {
    /// Must be 1.
    #[allow(dead_code, reason = "checked by the version probe")]
    format_version: u32,
    /// The lesson studied last.
    #[serde(default)]
    last_lesson: Option<String>,
    /// Per lesson id: the resume step and a record per step.
    #[serde(default)]
    lessons: BTreeMap<String, LessonProgress>,
}

/// Only the version, read leniently first so a newer file is recognised as newer, not corrupt.
#[derive(Debug, Deserialize)]
struct VersionProbe {
    format_version: u32,
}

/// What reading the file found.
#[derive(Debug, Clone, PartialEq)]
pub enum ReadOutcome {
    /// No file: a first run.
    Missing,
    /// The progress, in this build's format.
    Read(Progress),
    /// The progress from an older format (the version), to be migrated.
    Older(u32, Progress),
    /// A file from a newer build, with its version.
    Newer(u32),
    /// The file exists but cannot be used; the reason, in one line.
    Unusable(String),
}

/// Reads and parses the file at `path`.
#[must_use]
pub fn read(path: &Path) -> ReadOutcome {
    // The one capped reader: a FIFO or a device is refused at once, not read forever.
    let bytes = match read_capped(path) {
        Ok(bytes) => bytes,
        Err(e) if e.is_not_found() => return ReadOutcome::Missing,
        Err(e) => return ReadOutcome::Unusable(format!("{}: {e}", path.display())),
    };
    parse(&path.display().to_string(), &bytes)
}

/// Parses the file's bytes (`shown` names it in messages). The progress read has the built-in
/// lesson moves applied ([`crate::content::lesson_moves`]): records and reviews of steps that
/// moved to another lesson are found under that lesson.
#[must_use]
pub fn parse(shown: &str, bytes: &[u8]) -> ReadOutcome {
    match parse_unmoved(shown, bytes) {
        ReadOutcome::Read(mut progress) => {
            progress.apply_moves(lesson_moves::builtin());
            ReadOutcome::Read(progress)
        }
        ReadOutcome::Older(version, mut progress) => {
            progress.apply_moves(lesson_moves::builtin());
            ReadOutcome::Older(version, progress)
        }
        other @ (ReadOutcome::Missing | ReadOutcome::Newer(_) | ReadOutcome::Unusable(_)) => other,
    }
}

/// [`parse`] without the lesson moves.
fn parse_unmoved(shown: &str, bytes: &[u8]) -> ReadOutcome {
    let text = match decode_text(shown, bytes) {
        Ok(text) => text,
        Err(e) => return ReadOutcome::Unusable(one_line(&e)),
    };
    match crate::content::located::ron_options().from_str::<VersionProbe>(text) {
        Ok(VersionProbe { format_version }) if format_version > PROGRESS_FORMAT_VERSION => {
            ReadOutcome::Newer(format_version)
        }
        Ok(VersionProbe { format_version: 1 }) => match parse_ron::<ProgressFileV1>(shown, text) {
            Ok(v1) => ReadOutcome::Older(
                1,
                Progress {
                    last_lesson: v1.last_lesson,
                    lessons: v1.lessons,
                    reviews: BTreeMap::new(),
                },
            ),
            Err(e) => ReadOutcome::Unusable(one_line(&e)),
        },
        Ok(VersionProbe { format_version }) if format_version < PROGRESS_FORMAT_VERSION => {
            ReadOutcome::Unusable(format!("{shown}: unknown format_version {format_version}"))
        }
        _ => match parse_ron::<ProgressFile>(shown, text) {
            Ok(file) => ReadOutcome::Read(Progress {
                last_lesson: file.last_lesson,
                lessons: file.lessons,
                reviews: file.reviews,
            }),
            Err(e) => ReadOutcome::Unusable(one_line(&e)),
        },
    }
}

/// Why progress cannot be turned into a file.
#[derive(Debug, thiserror::Error)]
pub enum EncodeError {
    /// Serialising failed.
    #[error("cannot encode progress: {0}")]
    Ron(#[from] ron::Error),
    /// The file would be larger than a tutor reads.
    #[error(
        "progress would take {bytes} bytes, more than the {} MiB a tutor reads back; nothing was written",
        MAX_PROGRESS_BYTES / (1024 * 1024)
    )]
    TooLarge {
        /// The encoded size.
        bytes: usize,
    },
}

/// The file's text for some progress: one header line, then compact RON. Refused when the
/// text would be larger than [`MAX_PROGRESS_BYTES`], so every file written can be read back.
pub fn encode(progress: &Progress) -> Result<String, EncodeError> {
    let Progress {
        last_lesson,
        lessons,
        reviews,
    } = progress.clone();
    let file = ProgressFile {
        format_version: PROGRESS_FORMAT_VERSION,
        last_lesson,
        lessons,
        reviews,
    };
    let mut text = String::from(HEADER);
    text.push_str(&ron::ser::to_string(&file)?);
    text.push('\n');
    if text.len() > MAX_PROGRESS_BYTES {
        return Err(EncodeError::TooLarge { bytes: text.len() });
    }
    Ok(text)
}

fn one_line(e: &LocatedError) -> String {
    format!("{}:{}:{}: {}", e.path, e.start.line, e.start.col, e.message)
}
