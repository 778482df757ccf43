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
        let path = dir.join(LOCK_FILE);
        // A FIFO would block the open forever, a device or a directory is no lock: only a
        // regular file (or none yet) is opened.
        if let Ok(meta) = std::fs::metadata(&path)
            && !meta.is_file()
        {
            return Err(io::Error::other(format!(
                "{} is not a regular file",
                path.display()
            )));
        }
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)?;
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

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_fifo_in_the_lock_files_place_is_refused_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let status = std::process::Command::new("mkfifo")
            .arg(dir.path().join(LOCK_FILE))
            .status()
            .unwrap();
        assert!(status.success());
        // On a thread, so a regression fails the wait below instead of hanging the suite.
        let path = dir.path().to_owned();
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = send.send(DirLock::acquire(&path).map(drop));
        });
        let taken = receive
            .recv_timeout(std::time::Duration::from_secs(5))
            .expect("acquire returns at once");
        let e = taken.unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
    }
}
