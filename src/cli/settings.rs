//! The settings file at the edge: where it is (`config path`), a commented one (`config
//! init`), and its values applied under the command line's (a flag wins). A value that cannot
//! be used (an unknown theme, a key that cannot be read, a key another action has, an unknown
//! action) stops the program at start, located in the file.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context as _, Result, bail};

use super::args::{ConfigAction, GlobalArgs};
use crate::app::Keymap;
use crate::app::keymap::rebind::{RebindError, actions};
use crate::content::located::LocatedError;
use crate::content::settings::{self, SettingsFile, TEMPLATE};
use crate::domain::schedule::DesiredRetention;
use crate::widgets::Palette;

/// Where the settings file is read from: `config.toml` in the platform's config directory.
#[must_use]
pub fn path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "roofline")
        .map(|dirs| dirs.config_dir().join("config.toml"))
}

/// `roofline config path` and `roofline config init`.
pub fn run(action: ConfigAction) -> Result<ExitCode> {
    let Some(file) = path() else {
        bail!("this platform has no config directory for a settings file");
    };
    match action {
        ConfigAction::Path => super::print(&format!("{}\n", file.display())),
        ConfigAction::Init { force } => {
            if file.exists() && !force {
                bail!(
                    "{} exists already: edit it, or pass --force to replace it",
                    file.display()
                );
            }
            if let Some(dir) = file.parent() {
                std::fs::create_dir_all(dir)
                    .with_context(|| format!("cannot create {}", dir.display()))?;
            }
            crate::store::atomic::write(&file, template().as_bytes())
                .with_context(|| format!("cannot write {}", file.display()))?;
            eprintln!("wrote {}", file.display());
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The commented file, listing every action a key can be given.
#[must_use]
pub fn template() -> String {
    let list: Vec<String> = actions(&Keymap::default())
        .iter()
        .map(|a| format!("#   {a}"))
        .collect();
    TEMPLATE.replace("{actions}", &list.join("\n"))
}

/// The command line's options with the settings file's values under them, if there is a file.
pub fn apply(global: GlobalArgs) -> Result<GlobalArgs> {
    let Some(file) = path() else {
        return Ok(global);
    };
    match settings::read(&file).map_err(|e| anyhow::anyhow!("{e}"))? {
        Some(settings) => applied(global, &settings),
        None => Ok(global),
    }
}

/// `global` with `settings` under it; every problem in the file at once.
pub fn applied(mut global: GlobalArgs, settings: &SettingsFile) -> Result<GlobalArgs> {
    let mut problems: Vec<LocatedError> = Vec::new();
    if let Some(theme) = &settings.theme {
        match theme.value.parse::<Palette>() {
            Ok(palette) => global.theme = global.theme.or(Some(palette)),
            Err(e) => problems.push(settings.error_at(&theme.span, e.to_string())),
        }
    }
    if let Some(retention) = &settings.retention {
        match DesiredRetention::new(retention.value) {
            Ok(r) => global.retention = global.retention.or(Some(r)),
            Err(e) => problems.push(settings.error_at(&retention.span, e.to_string())),
        }
    }
    if global.cluster.is_none() {
        global.cluster.clone_from(&settings.cluster);
    }
    let mut keymap = std::mem::take(&mut global.keys);
    for (action, key) in &settings.keys {
        match keymap.clone().rebound(&action.value, &key.value) {
            Ok(rebound) => keymap = rebound,
            Err(e @ RebindError::UnknownAction(_)) => {
                problems.push(settings.error_at(&action.span, e.to_string()));
            }
            Err(e @ (RebindError::BadKey(_) | RebindError::Conflict { .. })) => {
                problems.push(settings.error_at(&key.span, e.to_string()));
            }
        }
    }
    global.keys = keymap;
    if problems.is_empty() {
        return Ok(global);
    }
    Err(super::context::problems("the settings file", &problems))
}

#[cfg(test)]
mod tests;
