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
    let aside = first_free(path, "set aside", |name, n| format!("{name}.corrupt-{n}"))?;
    std::fs::rename(path, &aside)?;
    Ok(aside)
}

/// Copies `path` to `path.TAG` (or `path.TAG-N` with the first free N when that exists), and
/// returns the copy's path. The original stays where it is.
pub fn copy_aside(path: &Path, tag: &str) -> io::Result<PathBuf> {
    let copy = first_free(path, "kept", |name, n| match n {
        1 => format!("{name}.{tag}"),
        _ => format!("{name}.{tag}-{n}"),
    })?;
    write(&copy, &std::fs::read(path)?)?;
    Ok(copy)
}

/// The first of `path`'s siblings named `aside(file name, n)` for n = 1, 2, … `MAX_ASIDE` that
/// does not exist; when all do, an error saying that many copies are already `done`.
fn first_free(path: &Path, done: &str, aside: impl Fn(&str, u32) -> String) -> io::Result<PathBuf> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?
        .to_string_lossy()
        .into_owned();
    (1..=MAX_ASIDE)
        .map(|n| path.with_file_name(aside(&name, n)))
        .find(|candidate| candidate.symlink_metadata().is_err())
        .ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::AlreadyExists,
                format!("{MAX_ASIDE} earlier copies are already {done}"),
            )
        })
}
