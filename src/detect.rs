//! `roofline detect`: finds this machine's accelerators and names them by catalog id.
//!
//! NVIDIA through NVML (`nvml-wrapper` opens libnvidia-ml at run time, so the binary builds and
//! runs where it is absent), falling back to `nvidia-smi --query-gpu=name,memory.total
//! --format=csv,noheader`; AMD through `rocm-smi --showproductname --showmeminfo vram`. The
//! tools' outputs are parsed by pure functions ([`parse`]) tested on saved outputs, and
//! product names map to ids in [`names`].

// A new variant of one of the project's enums must be handled wherever it is matched: no
// `_ =>` arm takes it in silence (a restriction lint, turned on per module, as in `domain`).
#![warn(clippy::wildcard_enum_match_arm)]

pub mod names;
pub mod parse;

use std::process::Command;

/// One accelerator as the system reports it.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    /// The product name, e.g. `NVIDIA H100 80GB HBM3`.
    pub name: String,
    /// Memory in bytes, when reported.
    pub memory_bytes: Option<f64>,
}

/// Which tool answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The NVIDIA management library.
    Nvml,
    /// `nvidia-smi`.
    NvidiaSmi,
    /// `rocm-smi`.
    RocmSmi,
}

impl Source {
    /// How the tool is named in messages.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Nvml => "NVML",
            Self::NvidiaSmi => "nvidia-smi",
            Self::RocmSmi => "rocm-smi",
        }
    }
}

/// The accelerators found, and by which tool; `None` when no tool found any.
#[must_use]
pub fn probe() -> Option<(Source, Vec<Found>)> {
    if let Some(found) = nvml().filter(|f| !f.is_empty()) {
        return Some((Source::Nvml, found));
    }
    let smi = run(
        "nvidia-smi",
        &["--query-gpu=name,memory.total", "--format=csv,noheader"],
    )
    .map(|out| parse::nvidia_smi_csv(&out))
    .filter(|f| !f.is_empty());
    if let Some(found) = smi {
        return Some((Source::NvidiaSmi, found));
    }
    run("rocm-smi", &["--showproductname", "--showmeminfo", "vram"])
        .map(|out| parse::rocm_smi(&out))
        .filter(|f| !f.is_empty())
        .map(|found| (Source::RocmSmi, found))
}

fn nvml() -> Option<Vec<Found>> {
    let nvml = nvml_wrapper::Nvml::init().ok()?;
    let count = nvml.device_count().ok()?;
    (0..count)
        .map(|i| {
            let device = nvml.device_by_index(i).ok()?;
            Some(Found {
                name: device.name().ok()?,
                memory_bytes: device.memory_info().ok().map(|m| m.total as f64),
            })
        })
        .collect()
}

/// A tool's standard output when it ran and succeeded.
fn run(program: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(program).args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

pub mod profile;

#[cfg(test)]
mod tests;
