//! Files out: progress, written atomically and merged; a corrupt file is moved aside, never lost.
//!
//! Progress lives in `progress.ron` in the data directory (the platform's, from the
//! `directories` crate, or `--data-dir`). It is versioned ([`PROGRESS_FORMAT_VERSION`]) and
//! written compactly through a temporary file in the same directory that is renamed over the old
//! one, so a crash mid-write leaves the previous file whole, and never larger than a tutor reads
//! back ([`MAX_PROGRESS_BYTES`]).
//!
//! Two tutors may run on one data directory. A save takes the directory's lock
//! ([`lock::DirLock`]), re-reads the file, applies only what this tutor changed since it last
//! loaded or saved ([`Changes`]) and replaces the file, so neither loses the other's answers.
//!
//! A file that cannot be read is renamed to `progress.ron.corrupt-N` and the learner told so; a
//! file from a newer version of the program is left alone and nothing is saved over it; a
//! format-1 file is copied to `progress.ron.format-1` and rewritten in format 2.

// A new variant of one of the project's enums must be handled wherever it is matched: no
// `_ =>` arm takes it in silence (a restriction lint, turned on per module, as in `domain`).
#![warn(clippy::wildcard_enum_match_arm)]

pub mod atomic;
pub mod lab_file;
pub mod lock;
pub mod progress_file;

use std::path::{Path, PathBuf};

pub use progress_file::{MAX_PROGRESS_BYTES, PROGRESS_FILE, PROGRESS_FORMAT_VERSION};

use crate::domain::session::{Changes, Progress};
use lock::DirLock;
use progress_file::{EncodeError, ReadOutcome};

/// The platform's data directory for the program (XDG on Linux), if the platform has one.
#[must_use]
pub fn default_data_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "roofline").map(|dirs| dirs.data_dir().to_path_buf())
}

/// Where progress is kept, whether it may be written, and the progress this tutor last loaded
/// or saved (what its next save is compared with).
#[derive(Debug, Clone, PartialEq)]
pub struct Store {
    dir: PathBuf,
    access: Access,
    base: Progress,
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

/// A progress file that must be migrated or moved aside (under the lock).
enum Repair {
    /// From an older format: migrate it.
    Older(u32, Progress),
    /// Unreadable: move it aside.
    Unusable(String),
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
    /// The progress could not be turned into a file a tutor can read back.
    #[error(transparent)]
    Encode(#[from] EncodeError),
    /// The lock on the data directory could not be taken.
    #[error("cannot lock {}: {source}", path.display())]
    Lock {
        /// The lock file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Since this tutor started, a newer tutor wrote the file: it is left as it is, and this
    /// tutor saves nothing more.
    #[error(
        "{} is now from a newer roofline (format {version}); it is left as it is and progress is no longer saved this session",
        path.display()
    )]
    Newer {
        /// The file.
        path: PathBuf,
        /// Its format.
        version: u32,
    },
}

impl Store {
    /// A store in `dir` (nothing is touched until [`Store::load`] or [`Store::save`]).
    #[must_use]
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self {
            dir: dir.into(),
            access: Access::ReadWrite,
            base: Progress::default(),
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

    /// Reads the progress file without touching anything (no migration, nothing moved aside):
    /// for commands that only report. `Ok(None)` when there is none yet; `Err` says why a file
    /// that is there cannot be read (unusable, not a regular file, or from a newer tutor), so
    /// a report never passes it off as empty.
    pub fn peek(&self) -> Result<Option<Progress>, String> {
        let path = self.progress_path();
        match progress_file::read(&path) {
            ReadOutcome::Read(progress) | ReadOutcome::Older(_, progress) => Ok(Some(progress)),
            ReadOutcome::Missing => Ok(None),
            ReadOutcome::Newer(version) => Err(format!(
                "{} is from a newer roofline (format {version}; this one reads {PROGRESS_FORMAT_VERSION})",
                path.display()
            )),
            ReadOutcome::Unusable(why) => Err(why),
        }
    }

    /// Reads the progress file. Never fails: a missing file is a first run; a format-1 file is
    /// migrated (a copy kept beside it); a bad one is moved aside (or, if that is impossible or
    /// the file is from a newer version, left alone and the store made read-only), with a
    /// warning saying what happened.
    pub fn load(&mut self) -> Loaded {
        let path = self.progress_path();
        let loaded = match self.settled(&path, progress_file::read(&path)) {
            Ok(loaded) => loaded,
            Err(_) => self.repair(),
        };
        self.base = loaded.progress.clone();
        loaded
    }

    /// What a read that needs no repair gives: nothing (a first run), the progress, or, for a
    /// file from a newer tutor, nothing with the store made read-only and a warning. An older
    /// or unusable file comes back to the caller to repair.
    fn settled(&mut self, path: &Path, outcome: ReadOutcome) -> Result<Loaded, Repair> {
        match outcome {
            ReadOutcome::Missing => Ok(Loaded {
                progress: Progress::default(),
                warning: None,
            }),
            ReadOutcome::Read(progress) => Ok(Loaded {
                progress,
                warning: None,
            }),
            ReadOutcome::Newer(version) => {
                self.access = Access::ReadOnly;
                Ok(Loaded {
                    progress: Progress::default(),
                    warning: Some(format!(
                        "{} is from a newer roofline (format {version}; this one reads {PROGRESS_FORMAT_VERSION}): \
                         it is left as it is and progress will not be saved this session",
                        path.display()
                    )),
                })
            }
            ReadOutcome::Older(version, progress) => Err(Repair::Older(version, progress)),
            ReadOutcome::Unusable(why) => Err(Repair::Unusable(why)),
        }
    }

    /// Migrates an older file or moves a bad one aside, under the lock (another tutor may be
    /// doing the same: the file is read again once the lock is held).
    fn repair(&mut self) -> Loaded {
        let path = self.progress_path();
        let _lock = match DirLock::acquire(&self.dir) {
            Ok(lock) => lock,
            Err(e) => {
                self.access = Access::ReadOnly;
                return Loaded {
                    progress: Progress::default(),
                    warning: Some(format!(
                        "{} needs repair but {} cannot be locked, so it is left as it is and nothing \
                         will be saved this session ({e})",
                        path.display(),
                        self.dir.join(lock::LOCK_FILE).display()
                    )),
                };
            }
        };
        match self.settled(&path, progress_file::read(&path)) {
            Ok(loaded) => loaded,
            Err(Repair::Older(version, progress)) => {
                let warning = self.warning_after(
                    self.migrate(version, &progress),
                    |kept| format!(
                        "your progress was upgraded to format {PROGRESS_FORMAT_VERSION}; the format-{version} file is kept as {}",
                        kept.display()
                    ),
                    |e| format!(
                        "your progress (format {version}) could not be upgraded, so it is left as it \
                         is and nothing will be saved this session ({e})"
                    ),
                );
                Loaded {
                    progress,
                    warning: Some(warning),
                }
            }
            Err(Repair::Unusable(why)) => {
                let warning = self.warning_after(
                    atomic::move_aside(&path),
                    |moved| format!(
                        "your progress could not be read, so it was moved to {} and you start afresh ({why})",
                        moved.display()
                    ),
                    |e| format!(
                        "your progress could not be read nor moved aside, so it is left as it is and \
                         nothing will be saved this session ({why}; {e})"
                    ),
                );
                Loaded {
                    progress: Progress::default(),
                    warning: Some(warning),
                }
            }
        }
    }

    /// The warning after a repair: what `done` says of its result, or, when it failed, what
    /// `failed` says, and then nothing is saved this session.
    fn warning_after<T, E>(
        &mut self,
        repaired: Result<T, E>,
        done: impl FnOnce(T) -> String,
        failed: impl FnOnce(E) -> String,
    ) -> String {
        repaired.map_or_else(
            |e| {
                self.access = Access::ReadOnly;
                failed(e)
            },
            done,
        )
    }

    /// Copies the old file beside itself, then writes `progress` in this format. Returns the
    /// copy's path.
    fn migrate(&self, version: u32, progress: &Progress) -> Result<PathBuf, SaveError> {
        let path = self.progress_path();
        let kept = atomic::copy_aside(&path, &format!("format-{version}")).map_err(|source| {
            SaveError::Write {
                path: path.clone(),
                source,
            }
        })?;
        let text = progress_file::encode(progress)?;
        atomic::write(&path, text.as_bytes())
            .map_err(|source| SaveError::Write { path, source })?;
        Ok(kept)
    }

    /// Saves what changed in `progress` since this store last loaded or saved, merged over the
    /// file as it is now (see [`Changes`]), under the directory's lock. Afterwards `progress`
    /// is what the next save is compared with: the caller keeps its own copy.
    pub fn save(&mut self, progress: &Progress) -> Result<Saved, SaveError> {
        Ok(self.write_merged(progress)?.0)
    }

    /// Like [`Store::save`], but returns the merged progress (this tutor's changes plus the
    /// other tutors' answers), which becomes what the next save is compared with: the caller
    /// must replace its copy with it. With a read-only store, `progress` comes back unchanged.
    pub fn sync(&mut self, progress: &Progress) -> Result<Progress, SaveError> {
        let (_, merged) = self.write_merged(progress)?;
        self.base.clone_from(&merged);
        Ok(merged)
    }

    fn write_merged(&mut self, progress: &Progress) -> Result<(Saved, Progress), SaveError> {
        if self.access == Access::ReadOnly {
            return Ok((Saved::Skipped, progress.clone()));
        }
        let changes = Changes::between(&self.base, progress);
        std::fs::create_dir_all(&self.dir).map_err(|source| SaveError::CreateDir {
            dir: self.dir.clone(),
            source,
        })?;
        let _lock = DirLock::acquire(&self.dir).map_err(|source| SaveError::Lock {
            path: self.dir.join(lock::LOCK_FILE),
            source,
        })?;
        let path = self.progress_path();
        let mut merged = match progress_file::read(&path) {
            ReadOutcome::Read(on_disk) | ReadOutcome::Older(_, on_disk) => on_disk,
            // Gone (or damaged) since this tutor read it: what this tutor believed was there
            // stands in for it.
            ReadOutcome::Missing => self.base.clone(),
            ReadOutcome::Unusable(_) => {
                atomic::move_aside(&path).map_err(|source| SaveError::Write {
                    path: path.clone(),
                    source,
                })?;
                self.base.clone()
            }
            ReadOutcome::Newer(version) => {
                self.access = Access::ReadOnly;
                return Err(SaveError::Newer { path, version });
            }
        };
        changes.apply(&mut merged);
        let text = progress_file::encode(&merged)?;
        atomic::write(&path, text.as_bytes())
            .map_err(|source| SaveError::Write { path, source })?;
        self.base.clone_from(progress);
        Ok((Saved::Written, merged))
    }
}

#[cfg(test)]
mod tests;
