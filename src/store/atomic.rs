//! Whole-file writes that never leave a half-written file, and moving a bad file aside.

use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

/// How many `.corrupt-N` names are tried before giving up.
const MAX_ASIDE: u32 = 1000;

/// Writes `bytes` to `path` through a temporary file in the same directory, synced and then
/// renamed over `path`: readers see the old file or the new one, never a mixture.
pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy());
    let mut temp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".tmp")
        .tempfile_in(dir)?;
    temp.write_all(bytes)?;
    temp.as_file().sync_all()?;
    temp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Renames `path` to `path.corrupt-N` with the first free N, and returns the new path.
pub fn move_aside(path: &Path) -> io::Result<PathBuf> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?
        .to_string_lossy()
        .into_owned();
    for n in 1..=MAX_ASIDE {
        let aside = path.with_file_name(format!("{name}.corrupt-{n}"));
        if aside.symlink_metadata().is_err() {
            std::fs::rename(path, &aside)?;
            return Ok(aside);
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!("{MAX_ASIDE} earlier copies are already set aside"),
    ))
}

/// Copies `path` to `path.TAG` (or `path.TAG-N` with the first free N when that exists), and
/// returns the copy's path. The original stays where it is.
pub fn copy_aside(path: &Path, tag: &str) -> io::Result<PathBuf> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?
        .to_string_lossy()
        .into_owned();
    for n in 1..=MAX_ASIDE {
        let copy = if n == 1 {
            path.with_file_name(format!("{name}.{tag}"))
        } else {
            path.with_file_name(format!("{name}.{tag}-{n}"))
        };
        if copy.symlink_metadata().is_err() {
            write(&copy, &std::fs::read(path)?)?;
            return Ok(copy);
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!("{MAX_ASIDE} earlier copies are already kept"),
    ))
}
