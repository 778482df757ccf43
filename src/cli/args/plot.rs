//! `roofline plot` options: calc's scenario flags, a second GPU, and the picture's file.

use std::path::PathBuf;

use clap::Args;

use super::GlobalArgs;
use super::scenario::ScenarioFlags;

/// `roofline plot` options.
#[derive(Debug, Args)]
#[command(allow_negative_numbers = true)]
pub struct PlotCli {
    /// The scenario, as `calc` takes it.
    #[command(flatten)]
    pub scenario: ScenarioFlags,
    /// A second GPU drawn behind the first for comparison, e.g. `b200`.
    #[arg(long = "vs", value_name = "ID")]
    pub vs: Option<String>,
    /// Write the roofline as an SVG picture to FILE (`-` for standard output).
    #[arg(long, value_name = "FILE", required = true)]
    pub svg: PathBuf,
    /// Options every command shares.
    #[command(flatten)]
    pub global: GlobalArgs,
}
