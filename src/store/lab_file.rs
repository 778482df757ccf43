//! `lab.ron` in the data directory: what the last `roofline lab` measured. Written atomically;
//! read at start so "this machine" is in the catalog until the next lab replaces it. A file
//! that cannot be used is reported (with its line) and ignored, never deleted.

use std::io;
use std::path::{Path, PathBuf};

use crate::content::located::{LocatedError, load_ron_file};
use crate::domain::lab::{LAB_FORMAT_VERSION, LabReport};

/// The file name in the data directory.
pub const LAB_FILE: &str = "lab.ron";

/// The lab file's path in a data directory.
#[must_use]
pub fn path_in(dir: &Path) -> PathBuf {
    dir.join(LAB_FILE)
}

/// Why the lab file was not used.
#[derive(Debug, thiserror::Error)]
pub enum LabFileError {
    /// The file does not parse (or has an unknown field).
    #[error("{0}")]
    Parse(#[from] LocatedError),
    /// The file is from another format version.
    #[error(
        "{path}: format_version {found} is not supported; this build reads {LAB_FORMAT_VERSION} (run `roofline lab` again)"
    )]
    Version {
        /// The file.
        path: String,
        /// Its version.
        found: u32,
    },
}

/// Reads the lab file in `dir`: `Ok(None)` when there is none.
pub fn read(dir: &Path) -> Result<Option<LabReport>, LabFileError> {
    let path = path_in(dir);
    if !path.exists() {
        return Ok(None);
    }
    let report: LabReport = load_ron_file(&path)?;
    if report.format_version != LAB_FORMAT_VERSION {
        return Err(LabFileError::Version {
            path: path.display().to_string(),
            found: report.format_version,
        });
    }
    Ok(Some(report))
}

/// Writes the report to `dir/lab.ron` atomically (creating the directory); returns the path.
pub fn write(dir: &Path, report: &LabReport) -> io::Result<PathBuf> {
    let config = ron::ser::PrettyConfig::new().struct_names(false);
    let mut text = String::from(
        "// roofline lab: this machine's measured roofline (bytes/s, FLOP/s) and batch sweep.\n\
         // Written by `roofline lab`; replaced by the next run.\n",
    );
    text.push_str(&ron::ser::to_string_pretty(report, config).map_err(io::Error::other)?);
    text.push('\n');
    std::fs::create_dir_all(dir)?;
    let path = path_in(dir);
    super::atomic::write(&path, text.as_bytes())?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::lab::{Repeated, SweepPoint};

    fn report() -> LabReport {
        LabReport {
            format_version: LAB_FORMAT_VERSION,
            cpu: "Test CPU".to_owned(),
            threads: 2,
            simd: "AVX2+FMA (8 × f32)".to_owned(),
            memory_bytes: None,
            buffer_bytes: 1024.0,
            bandwidth: Repeated {
                best: 2e10,
                median: 1.9e10,
            },
            peak: Repeated {
                best: 2e11,
                median: 1.9e11,
            },
            sweep: vec![SweepPoint {
                batch: 1,
                k: 8,
                n: 32,
                flops_per_s: Repeated {
                    best: 1e9,
                    median: 1e9,
                },
            }],
        }
    }

    #[test]
    fn round_trips_and_reports_bad_files_with_their_line() {
        let dir = tempfile::tempdir().unwrap();
        assert!(read(dir.path()).unwrap().is_none());
        let path = write(&dir.path().join("sub"), &report()).unwrap();
        assert_eq!(read(&dir.path().join("sub")).unwrap(), Some(report()));

        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, text.replace("threads:", "thread:")).unwrap();
        let e = read(&dir.path().join("sub")).unwrap_err().to_string();
        assert!(e.contains("lab.ron:") && e.contains("thread"), "{e}");

        std::fs::write(
            &path,
            text.replace("format_version: 1", "format_version: 7"),
        )
        .unwrap();
        let e = read(&dir.path().join("sub")).unwrap_err().to_string();
        assert!(e.contains("format_version 7 is not supported"), "{e}");
    }
}
