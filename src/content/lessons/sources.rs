//! Reading lesson files from disk: single files, or every `.ron` file of a directory in name
//! order. Reading never hangs or runs out of memory: only regular files are read, and only up
//! to the size limit.

use std::path::Path;

use crate::content::file::read_capped;
use crate::content::located::LocatedError;

/// One lesson file's bytes, with the path messages show and its bare file name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LessonSource {
    /// The path as the user gave it (`lessons/NN-id.ron` for embedded files).
    pub path: String,
    /// The file name alone, checked against the lesson id.
    pub file_name: String,
    /// The contents, not yet decoded.
    pub bytes: Vec<u8>,
}

fn file_error(path: &Path, message: impl Into<String>) -> LocatedError {
    LocatedError::whole_file(&path.display().to_string(), message)
}

/// The sources a command-line path stands for: a directory's `.ron` files, or the file itself.
#[must_use]
pub fn gather(path: &Path) -> Vec<Result<LessonSource, LocatedError>> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => read_dir_sources(path),
        Ok(_) => vec![read_file_source(path)],
        Err(e) => vec![Err(file_error(path, format!("cannot read: {e}")))],
    }
}

/// Every `*.ron` file directly in `dir`, sorted by file name; an error when there is none.
#[must_use]
pub fn read_dir_sources(dir: &Path) -> Vec<Result<LessonSource, LocatedError>> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => return vec![Err(file_error(dir, format!("cannot read directory: {e}")))],
    };
    let mut files: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "ron") && path.is_file())
        .collect();
    if files.is_empty() {
        return vec![Err(file_error(
            dir,
            "no lesson files (*.ron) in this directory",
        ))];
    }
    files.sort_by(|a, b| a.file_name().cmp(&b.file_name()));
    files.iter().map(|path| read_file_source(path)).collect()
}

/// Reads one file through the one reader ([`read_capped`]): not a FIFO, a device or a
/// directory, and not more than the size limit.
pub fn read_file_source(path: &Path) -> Result<LessonSource, LocatedError> {
    let bytes = read_capped(path).map_err(|e| file_error(path, e.to_string()))?;
    Ok(LessonSource {
        path: path.display().to_string(),
        file_name: path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
        bytes,
    })
}
