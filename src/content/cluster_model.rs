//! What a cluster profile names outside itself: its model as an id or as a `config.json`
//! (`model_config`), and its benchmark files (`measured_files`), each path relative to the
//! profile.

use std::path::{Path, PathBuf};

use super::cluster_file::ClusterFile;
use super::located::{LocatedError, parse_ron, read_text};
use super::model_config::load_model_config;

/// A path written in the profile at `profile`, made relative to the profile's directory.
#[must_use]
pub fn beside(profile: &str, written: &str) -> PathBuf {
    let written = Path::new(written);
    if written.is_absolute() {
        return written.to_path_buf();
    }
    Path::new(profile)
        .parent()
        .map_or_else(|| written.to_path_buf(), |dir| dir.join(written))
}

/// The profile's model id: `model`, or the id of the model its `model_config` reads. One of
/// the two, not both.
pub fn model_id(path: &str, text: &str, file: &ClusterFile) -> Result<String, LocatedError> {
    match (&file.model, &file.model_config) {
        (Some(id), None) => Ok(id.clone()),
        (None, Some(config)) => load_model_config(&beside(path, config))
            .map(|m| m.spec.id)
            .map_err(|e| {
                LocatedError::at_needle(path, text, 0, "model_config", format!("model_config: {e}"))
            }),
        (Some(_), Some(_)) => Err(LocatedError::at_needle(
            path,
            text,
            0,
            "model_config",
            "give model (an id) or model_config (a config.json), not both",
        )),
        (None, None) => Err(LocatedError::at_needle(
            path,
            text,
            0,
            "format_version",
            "a profile needs model (an id such as \"llama-3-8b\") or model_config (a config.json)",
        )),
    }
}

/// The files a profile names: its `model_config` and its `measured_files`, as paths (the
/// profile is read, not checked: loading it checks it).
pub fn profile_files(profile: &Path) -> Result<(Option<PathBuf>, Vec<PathBuf>), LocatedError> {
    let shown = profile.display().to_string();
    let text = read_text(profile)?;
    let file: ClusterFile = parse_ron(&shown, &text)?;
    Ok((
        file.model_config.map(|c| beside(&shown, &c)),
        file.measured_files
            .iter()
            .map(|m| beside(&shown, m))
            .collect(),
    ))
}
