//! Files out: progress, written atomically; a corrupt file is moved aside, never lost.
//!
//! Progress lives in `progress.ron` in the data directory (the platform's, from the
//! `directories` crate, or `--data-dir`). It is versioned ([`PROGRESS_FORMAT_VERSION`]) and
//! written through a temporary file in the same directory that is renamed over the old one, so
//! a crash mid-write leaves the previous file whole. A file that cannot be read is renamed to
//! `progress.ron.corrupt-N` and the learner told so; a file from a newer version of the program
//! is left alone and nothing is saved over it.

pub mod atomic;
pub mod lab_file;
pub mod progress_file;

use std::path::{Path, PathBuf};

pub use progress_file::{PROGRESS_FILE, PROGRESS_FORMAT_VERSION};

use crate::domain::session::Progress;

/// The platform's data directory for the program (XDG on Linux), if the platform has one.
#[must_use]
pub fn default_data_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "roofline").map(|dirs| dirs.data_dir().to_path_buf())
}

/// Where progress is kept, and whether it may be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Store {
    dir: PathBuf,
    access: Access,
}

/// Whether saving is allowed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Access {
    /// Saves replace the progress file.
    ReadWrite,
    /// Saves are skipped: the file on disk must not be overwritten (it is from a newer version,
    /// or it could not be read and could not be moved aside).
    ReadOnly,
}

/// What loading found.
#[derive(Debug, Clone, PartialEq)]
pub struct Loaded {
    /// The progress to start from (empty on a first run or after a corrupt file).
    pub progress: Progress,
    /// Something the learner should be told, in one line.
    pub warning: Option<String>,
}

/// What a save did.
#[must_use]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Saved {
    /// The file was replaced.
    Written,
    /// Nothing was written: the store is read-only for this run.
    Skipped,
}

/// Why progress could not be saved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The data directory could not be created.
    #[error("cannot create the data directory {}: {source}", dir.display())]
    CreateDir {
        /// The directory.
        dir: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Writing or renaming the file failed.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The progress could not be turned into text.
    #[error("cannot encode progress: {0}")]
    Encode(#[from] ron::Error),
}

impl Store {
    /// A store in `dir` (nothing is touched until [`Store::load`] or [`Store::save`]).
    #[must_use]
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self {
            dir: dir.into(),
            access: Access::ReadWrite,
        }
    }

    /// The data directory.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The progress file's path.
    #[must_use]
    pub fn progress_path(&self) -> PathBuf {
        self.dir.join(PROGRESS_FILE)
    }

    /// Whether saves are written.
    #[must_use]
    pub const fn access(&self) -> &Access {
        &self.access
    }

    /// Reads the progress file. Never fails: a missing file is a first run; a bad one is moved
    /// aside (or, if that is impossible or the file is from a newer version, left alone and the
    /// store made read-only), with a warning saying what happened.
    pub fn load(&mut self) -> Loaded {
        let path = self.progress_path();
        match progress_file::read(&path) {
            progress_file::ReadOutcome::Missing => Loaded {
                progress: Progress::default(),
                warning: None,
            },
            progress_file::ReadOutcome::Read(progress) => Loaded {
                progress,
                warning: None,
            },
            progress_file::ReadOutcome::Newer(version) => {
                self.access = Access::ReadOnly;
                Loaded {
                    progress: Progress::default(),
                    warning: Some(format!(
                        "{} is from a newer roofline (format {version}; this one reads {PROGRESS_FORMAT_VERSION}): \
                         it is left as it is and progress will not be saved this session",
                        path.display()
                    )),
                }
            }
            progress_file::ReadOutcome::Unusable(why) => {
                let warning = match atomic::move_aside(&path) {
                    Ok(moved) => format!(
                        "your progress could not be read, so it was moved to {} and you start afresh ({why})",
                        moved.display()
                    ),
                    Err(e) => {
                        self.access = Access::ReadOnly;
                        format!(
                            "your progress could not be read nor moved aside, so it is left as it is and \
                             nothing will be saved this session ({why}; {e})"
                        )
                    }
                };
                Loaded {
                    progress: Progress::default(),
                    warning: Some(warning),
                }
            }
        }
    }

    /// Writes the progress file atomically (creating the directory if needed).
    pub fn save(&self, progress: &Progress) -> Result<Saved, SaveError> {
        if self.access == Access::ReadOnly {
            return Ok(Saved::Skipped);
        }
        let text = progress_file::encode(progress)?;
        std::fs::create_dir_all(&self.dir).map_err(|source| SaveError::CreateDir {
            dir: self.dir.clone(),
            source,
        })?;
        let path = self.progress_path();
        atomic::write(&path, text.as_bytes())
            .map_err(|source| SaveError::Write { path, source })?;
        Ok(Saved::Written)
    }
}

#[cfg(test)]
mod tests;
