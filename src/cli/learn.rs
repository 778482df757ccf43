//! `roofline` and `roofline learn [LESSON]`: the terminal tutor.

use std::process::ExitCode;

use anyhow::{Result, bail};

use super::args::GlobalArgs;

/// Opens the tutor: at `lesson`, or where the learner left off, or at the lesson list.
pub fn run(_global: &GlobalArgs, _lesson: Option<&str>) -> Result<ExitCode> {
    bail!("the terminal tutor is not built yet")
}
