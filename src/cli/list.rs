//! `roofline list [--json]`: the lessons in order, with their step counts.

use std::process::ExitCode;

use anyhow::{Result, bail};

use super::args::GlobalArgs;

/// Lists the lessons.
pub fn run(_global: &GlobalArgs, _json: bool) -> Result<ExitCode> {
    bail!("`roofline list` is not built yet")
}
