//! `roofline detect [--write FILE]`: prints (or writes) a cluster profile for this machine's
//! GPUs; with none found, one line and exit 1.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context as _, Result, bail};

use super::args::GlobalArgs;
use crate::detect::{probe, profile::profile};

/// Finds the GPUs and prints or writes their profile.
pub fn run(global: &GlobalArgs, write: Option<&Path>) -> Result<ExitCode> {
    let Some((source, found)) = probe() else {
        eprintln!(
            "no GPU found (tried NVML, nvidia-smi and rocm-smi); `roofline lab` measures this machine's CPU instead"
        );
        return Ok(ExitCode::FAILURE);
    };
    let catalog = super::catalog(global)?;
    let text = profile(source, &found, &catalog)?;
    match write {
        Some(path) => {
            crate::store::atomic::write(path, text.as_bytes())
                .with_context(|| format!("cannot write {}", path.display()))?;
            eprintln!(
                "wrote {}; use it with `roofline --cluster {} …`",
                path.display(),
                path.display()
            );
            Ok(ExitCode::SUCCESS)
        }
        None if found.is_empty() => bail!("no GPU found"),
        None => super::print(&text),
    }
}
