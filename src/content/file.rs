//! The one way the tutor reads a file from disk (lessons, `--hardware`, `--models`,
//! `--cluster`, the progress file): only a regular file, and only up to [`MAX_FILE_BYTES`].
//! A FIFO would block forever and `/dev/zero` would fill memory; both are refused before a
//! byte is read, with a one-line reason.

use std::io::{self, Read as _};
use std::path::Path;

/// Files larger than this are refused before reading: no lesson or data file comes close, and a
/// runaway file should not stall the program.
pub const MAX_FILE_BYTES: usize = 4 * 1024 * 1024;

/// Why a file was not read. Its `Display` is one line, without the path.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file system said no (missing, no permission, …).
    #[error("cannot read: {0}")]
    Io(#[from] io::Error),
    /// A directory, FIFO, device or socket.
    #[error("not a regular file ({0})")]
    NotRegular(&'static str),
    /// Over [`MAX_FILE_BYTES`].
    #[error(
        "file is {0} bytes; files larger than {mib} MiB are refused",
        mib = MAX_FILE_BYTES / (1024 * 1024)
    )]
    TooLarge(u64),
}

impl ReadError {
    /// Whether the file does not exist (a first run, for the progress file).
    #[must_use]
    pub fn is_not_found(&self) -> bool {
        matches!(self, Self::Io(e) if e.kind() == io::ErrorKind::NotFound)
    }
}

/// Reads a whole regular file of at most [`MAX_FILE_BYTES`] (symbolic links are followed).
pub fn read_capped(path: &Path) -> Result<Vec<u8>, ReadError> {
    // Checked before opening: opening a FIFO for reading blocks until a writer comes.
    check(&std::fs::metadata(path)?)?;
    let file = std::fs::File::open(path)?;
    // Checked again on what was opened, in case the path was swapped in between.
    check(&file.metadata()?)?;
    let limit = MAX_FILE_BYTES as u64;
    let mut bytes = Vec::new();
    // The file may grow after the check; never read past the limit.
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge(bytes.len() as u64));
    }
    Ok(bytes)
}

fn check(meta: &std::fs::Metadata) -> Result<(), ReadError> {
    if !meta.is_file() {
        return Err(ReadError::NotRegular(kind(meta.file_type())));
    }
    if meta.len() > MAX_FILE_BYTES as u64 {
        return Err(ReadError::TooLarge(meta.len()));
    }
    Ok(())
}

#[cfg(unix)]
fn kind(t: std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt as _;
    if t.is_dir() {
        "a directory"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else if t.is_socket() {
        "a socket"
    } else {
        "not a file"
    }
}

#[cfg(not(unix))]
fn kind(t: std::fs::FileType) -> &'static str {
    if t.is_dir() {
        "a directory"
    } else {
        "not a file"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_regular_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.ron");
        std::fs::write(&path, "(x: 1)").unwrap();
        assert_eq!(read_capped(&path).unwrap(), b"(x: 1)");
    }

    #[cfg(unix)]
    #[test]
    fn refuses_a_fifo_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("fifo");
        assert!(
            std::process::Command::new("mkfifo")
                .arg(&path)
                .status()
                .unwrap()
                .success()
        );
        let e = read_capped(&path).unwrap_err();
        assert_eq!(e.to_string(), "not a regular file (a FIFO)");
    }

    #[cfg(unix)]
    #[test]
    fn refuses_dev_zero_and_directories() {
        assert_eq!(
            read_capped(Path::new("/dev/zero")).unwrap_err().to_string(),
            "not a regular file (a character device)"
        );
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(
            read_capped(dir.path()).unwrap_err().to_string(),
            "not a regular file (a directory)"
        );
    }

    #[test]
    fn refuses_a_large_file_by_its_size() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big");
        std::fs::File::create(&path)
            .unwrap()
            .set_len(MAX_FILE_BYTES as u64 + 1)
            .unwrap();
        assert!(
            read_capped(&path)
                .unwrap_err()
                .to_string()
                .contains("larger than 4 MiB")
        );
    }

    #[test]
    fn a_missing_file_is_not_found() {
        assert!(
            read_capped(Path::new("/no/such/file"))
                .unwrap_err()
                .is_not_found()
        );
    }
}
