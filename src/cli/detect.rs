//! `roofline detect` (placeholder until the detection lands).

use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;

/// Finds the GPUs.
pub fn run(_write: Option<&Path>) -> Result<ExitCode> {
    anyhow::bail!("not yet")
}
