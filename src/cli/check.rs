//! `roofline check [PATH…]`: every problem in lesson files, located, then a count.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Result, bail};

use super::args::GlobalArgs;

/// Checks the given lesson files and directories (none: the built-in lessons).
pub fn run(_global: &GlobalArgs, _paths: &[PathBuf]) -> Result<ExitCode> {
    bail!("`roofline check` is not built yet")
}
