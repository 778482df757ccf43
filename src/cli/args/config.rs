//! `roofline config` options.

use clap::{Args, Subcommand};

use super::GlobalArgs;

/// `roofline config` options.
#[derive(Debug, Args)]
pub struct ConfigCli {
    /// What to do with the settings file.
    #[command(subcommand)]
    pub action: ConfigAction,
    /// Options every command shares.
    #[command(flatten)]
    pub global: GlobalArgs,
}

/// What `roofline config` does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Subcommand)]
pub enum ConfigAction {
    /// Print where the settings file is read from.
    Path,
    /// Write a commented settings file there (refused if one exists, unless --force).
    Init {
        /// Replace an existing file.
        #[arg(long)]
        force: bool,
    },
}
