//! `lab.ron` and `gpu-lab.ron` in the data directory: what the last `roofline lab` (this
//! machine) and `roofline lab --gpu` (its GPU) measured. Written atomically; read at start so the
//! measured accelerators are in the catalog until the next run replaces them. A file that
//! cannot be used is reported (with its line) and ignored, never deleted.

use std::io;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::content::located::{LocatedError, load_ron_file};
use crate::domain::gpu_lab::{GPU_LAB_FORMAT_VERSION, GpuLabReport};
use crate::domain::lab::{LAB_FORMAT_VERSION, LabReport};

/// The file name of the CPU lab in the data directory.
pub const LAB_FILE: &str = "lab.ron";

/// A measurement kept in the data directory.
pub trait LabFile: Serialize + DeserializeOwned {
    /// Its file name in the data directory.
    const FILE: &'static str;
    /// The format version this build reads and writes.
    const FORMAT_VERSION: u32;
    /// The command that writes it (said when a file is from another version).
    const COMMAND: &'static str;
    /// The comment at the top of the file.
    const HEADER: &'static str;
    /// The version the file says it is.
    fn format_version(&self) -> u32;
}

impl LabFile for LabReport {
    const FILE: &'static str = LAB_FILE;
    const FORMAT_VERSION: u32 = LAB_FORMAT_VERSION;
    const COMMAND: &'static str = "roofline lab";
    const HEADER: &'static str = "// roofline lab: this machine's measured roofline (bytes/s, FLOP/s) and batch sweep.\n\
         // Written by `roofline lab`; replaced by the next run.\n";
    fn format_version(&self) -> u32 {
        self.format_version
    }
}

impl LabFile for GpuLabReport {
    const FILE: &'static str = "gpu-lab.ron";
    const FORMAT_VERSION: u32 = GPU_LAB_FORMAT_VERSION;
    const COMMAND: &'static str = "roofline lab --gpu";
    const HEADER: &'static str = "// roofline lab --gpu: this GPU's measured roofline (bytes/s, FLOP/s) and decode-shaped sweep.\n\
         // Written by `roofline lab --gpu`; replaced by the next run.\n";
    fn format_version(&self) -> u32 {
        self.format_version
    }
}

/// The CPU lab file's path in a data directory.
#[must_use]
pub fn path_in(dir: &Path) -> PathBuf {
    dir.join(LAB_FILE)
}

/// Why a lab file was not used.
#[derive(Debug, thiserror::Error)]
pub enum LabFileError {
    /// The file does not parse (or has an unknown field).
    #[error(transparent)]
    Parse(#[from] LocatedError),
    /// The file is from another format version.
    #[error(
        "{path}: format_version {found} is not supported; this build reads {supported} (run `{command}` again)"
    )]
    Version {
        /// The file.
        path: String,
        /// Its version.
        found: u32,
        /// The version this build reads.
        supported: u32,
        /// The command that writes it.
        command: &'static str,
    },
}

/// Reads the CPU lab file in `dir`: `Ok(None)` when there is none.
pub fn read(dir: &Path) -> Result<Option<LabReport>, LabFileError> {
    read_measured(dir)
}

/// Reads a measurement kept in `dir`: `Ok(None)` when there is none.
pub fn read_measured<T: LabFile>(dir: &Path) -> Result<Option<T>, LabFileError> {
    let path = dir.join(T::FILE);
    if !path.exists() {
        return Ok(None);
    }
    let report: T = load_ron_file(&path)?;
    if report.format_version() != T::FORMAT_VERSION {
        return Err(LabFileError::Version {
            path: path.display().to_string(),
            found: report.format_version(),
            supported: T::FORMAT_VERSION,
            command: T::COMMAND,
        });
    }
    Ok(Some(report))
}

/// Writes a measurement to its file in `dir` atomically (creating the directory); returns the
/// path.
pub fn write_measured<T: LabFile>(dir: &Path, report: &T) -> io::Result<PathBuf> {
    // The reader's extensions, so that what is written reads back (`Some((…))` does not).
    let config = ron::ser::PrettyConfig::new()
        .struct_names(false)
        .extensions(crate::content::located::ron_options().default_extensions);
    let mut text = String::from(T::HEADER);
    text.push_str(&ron::ser::to_string_pretty(report, config).map_err(io::Error::other)?);
    text.push('\n');
    std::fs::create_dir_all(dir)?;
    let path = dir.join(T::FILE);
    super::atomic::write(&path, text.as_bytes())?;
    Ok(path)
}

/// The GPU lab run the unit tests read (`tests/fixtures/gpu-lab`: an H100 80GB HBM3 as the
/// reference measured it).
#[cfg(test)]
pub(crate) fn gpu_lab_fixture() -> GpuLabReport {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/gpu-lab");
    read_measured(&dir).unwrap().unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::lab_report as report;

    #[test]
    fn round_trips_and_reports_bad_files_with_their_line() {
        let dir = tempfile::tempdir().unwrap();
        assert!(read(dir.path()).unwrap().is_none());
        let path = write_measured(&dir.path().join("sub"), &report()).unwrap();
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

    #[test]
    fn the_gpu_lab_file_round_trips_beside_the_cpu_one() {
        let gpu = gpu_lab_fixture();
        assert_eq!(gpu.sweep.len(), 11);
        let dir = tempfile::tempdir().unwrap();
        let path = write_measured(dir.path(), &gpu).unwrap();
        assert!(path.ends_with("gpu-lab.ron"));
        assert_eq!(
            read_measured::<GpuLabReport>(dir.path()).unwrap(),
            Some(gpu)
        );
        // Each kind reads its own file only.
        assert!(read(dir.path()).unwrap().is_none());
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(
            &path,
            text.replace("format_version: 1", "format_version: 2"),
        )
        .unwrap();
        let e = read_measured::<GpuLabReport>(dir.path())
            .unwrap_err()
            .to_string();
        assert!(e.contains("run `roofline lab --gpu` again"), "{e}");
    }

    /// Runs of `roofline lab --gpu` on real cards (`tests/fixtures/gpu-lab-runs`), kept as
    /// they were written: each reads back, and gives the roofs, ridge and knee the run printed.
    #[rstest::rstest]
    #[case::h100("h100-sxm", "NVIDIA H100 80GB HBM3", 3.079, 810.1, 263.0, 289.0, 0)]
    #[case::h200("h200", "NVIDIA H200", 4.429, 798.2, 180.0, 192.0, 1)]
    fn a_real_cards_run_reads_back_with_the_figures_it_printed(
        #[case] id: &str,
        #[case] name: &str,
        #[case] read_tbs: f64,
        #[case] bf16_tflops: f64,
        #[case] ridge: f64,
        #[case] knee: f64,
        #[case] warnings: usize,
    ) {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/gpu-lab-runs")
            .join(id);
        let run: GpuLabReport = read_measured(&dir).unwrap().unwrap();
        assert_eq!(
            (run.name.as_str(), run.catalog_id.as_deref()),
            (name, Some(id))
        );
        // `got` printed to `places` decimals reads `want`.
        let near =
            |got: f64, want: f64, places: i32| (got - want).abs() <= 0.5 / 10f64.powi(places);
        assert!(
            near(run.bandwidth.best / 1e12, read_tbs, 3),
            "{:?}",
            run.bandwidth
        );
        assert!(
            near(run.bf16_peak.best / 1e12, bf16_tflops, 1),
            "{:?}",
            run.bf16_peak
        );
        assert!(
            near(run.measured_ridge(), ridge, 0),
            "{}",
            run.measured_ridge()
        );
        let fitted = run.fitted_knee().expect("the sweep crosses the knee");
        assert!(near(fitted.ridge(), knee, 0), "{fitted:?}");
        assert_eq!(run.warnings().len(), warnings, "{:?}", run.warnings());
        assert_eq!(run.sweep.len(), 11);
    }
}
