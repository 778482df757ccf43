//! The progress file's format: versioned RON, read strictly.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::content::file::read_capped;
use crate::content::located::{LocatedError, decode_text, parse_ron};
use crate::domain::session::{LessonProgress, Progress};

/// The file name in the data directory.
pub const PROGRESS_FILE: &str = "progress.ron";

/// The progress format this build reads and writes.
pub const PROGRESS_FORMAT_VERSION: u32 = 1;

/// The file as written.
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
    lessons: std::collections::BTreeMap<String, LessonProgress>,
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
    /// The progress.
    Read(Progress),
    /// A file from a newer build, with its version.
    Newer(u32),
    /// The file exists but cannot be used; the reason, in one line.
    Unusable(String),
}

/// Reads and parses the file at `path`.
#[must_use]
pub fn read(path: &Path) -> ReadOutcome {
    let bytes = match read_capped(path) {
        Ok(bytes) => bytes,
        Err(e) if e.is_not_found() => return ReadOutcome::Missing,
        Err(e) => return ReadOutcome::Unusable(format!("{}: {e}", path.display())),
    };
    parse(&path.display().to_string(), &bytes)
}

/// Parses the file's bytes (`shown` names it in messages).
#[must_use]
pub fn parse(shown: &str, bytes: &[u8]) -> ReadOutcome {
    let text = match decode_text(shown, bytes) {
        Ok(text) => text,
        Err(e) => return ReadOutcome::Unusable(one_line(&e)),
    };
    match crate::content::located::ron_options().from_str::<VersionProbe>(text) {
        Ok(VersionProbe { format_version }) if format_version > PROGRESS_FORMAT_VERSION => {
            return ReadOutcome::Newer(format_version);
        }
        Ok(VersionProbe { format_version }) if format_version < PROGRESS_FORMAT_VERSION => {
            return ReadOutcome::Unusable(format!(
                "{shown}: unknown format_version {format_version}"
            ));
        }
        _ => {}
    }
    match parse_ron::<ProgressFile>(shown, text) {
        Ok(ProgressFile {
            format_version: _,
            last_lesson,
            lessons,
        }) => ReadOutcome::Read(Progress {
            last_lesson,
            lessons,
        }),
        Err(e) => ReadOutcome::Unusable(one_line(&e)),
    }
}

/// The file's text for some progress.
pub fn encode(progress: &Progress) -> Result<String, ron::Error> {
    let Progress {
        last_lesson,
        lessons,
    } = progress.clone();
    let file = ProgressFile {
        format_version: PROGRESS_FORMAT_VERSION,
        last_lesson,
        lessons,
    };
    let config = ron::ser::PrettyConfig::new().struct_names(false);
    let mut text = String::from(
        "// roofline progress: per lesson, the step to resume at and what was done on each step.\n",
    );
    text.push_str(&ron::ser::to_string_pretty(&file, config)?);
    text.push('\n');
    Ok(text)
}

fn one_line(e: &LocatedError) -> String {
    format!("{}:{}:{}: {}", e.path, e.start.line, e.start.col, e.message)
}
