//! An advisory lock on the data directory, held while the progress file is read, merged and
//! replaced, so two tutors never interleave their saves.
//!
//! The lock is taken on a separate file (`progress.ron.lock`, never removed): the progress
//! file itself is replaced by a rename on every save, so a lock on it would guard a file that
//! no longer has the name.

use std::fs::{File, OpenOptions};
use std::io;
use std::path::Path;

/// The lock file's name in the data directory.
pub const LOCK_FILE: &str = "progress.ron.lock";

/// Held until dropped.
#[derive(Debug)]
pub struct DirLock {
    file: File,
}

impl DirLock {
    /// Waits for the exclusive lock on `dir` (which must exist).
    pub fn acquire(dir: &Path) -> io::Result<Self> {
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(dir.join(LOCK_FILE))?;
        fs4::FileExt::lock(&file)?;
        Ok(Self { file })
    }
}

impl Drop for DirLock {
    fn drop(&mut self) {
        // Closing the file releases the lock as well; unlocking first makes it explicit.
        let _ = fs4::FileExt::unlock(&self.file);
    }
}
