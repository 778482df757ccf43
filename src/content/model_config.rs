//! A model from its Hugging Face `config.json` (`--model-config PATH`, a file or the model's
//! directory), offline: the fields are read strictly, a missing one is refused with its name
//! and where it should be, and each figure of the model keeps where it came from. When
//! `model.safetensors.index.json` sits beside the file, its `total_size` gives the exact bytes
//! of the checkpoint.

mod gpt_oss;
mod layout;
pub mod section;
mod weights;
mod window;

use std::path::Path;

use serde_json::Value;

use super::located::{LocatedError, read_text};
use crate::domain::dtype::Dtype;
use crate::domain::model::ModelSpec;
use crate::domain::model_config::ModelConfig;
use section::Section;

/// A model read from a `config.json`.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportedModel {
    /// The tutor's spec for it.
    pub spec: ModelSpec,
    /// Every field read, typed.
    pub config: ModelConfig,
    /// Where each figure of the spec came from: (figure, `path:line:col field` or how it was
    /// computed).
    pub origins: Vec<(&'static str, String)>,
    /// What the file says that the tutor does not model, in words.
    pub notes: Vec<String>,
    /// The checkpoint's bytes (`metadata.total_size` of `model.safetensors.index.json`).
    pub checkpoint_bytes: Option<u64>,
}

impl ImportedModel {
    /// The weight format the checkpoint ships in.
    #[must_use]
    pub const fn weights(&self) -> Dtype {
        self.config.weights.dtype()
    }
}

/// Reads a model from `path`: a `config.json`, or a directory holding one.
pub fn load_model_config(path: &Path) -> Result<ImportedModel, LocatedError> {
    let file = if path.is_dir() {
        path.join("config.json")
    } else {
        path.to_path_buf()
    };
    let text = read_text(&file)?;
    let name = model_name(&file);
    let mut model = parse_model_config(&file.display().to_string(), &text, &name)?;
    if let Some(index) = file
        .parent()
        .map(|d| d.join("model.safetensors.index.json"))
        && index.is_file()
    {
        model.checkpoint_bytes = Some(checkpoint_bytes(&index)?);
        model.origins.push((
            "checkpoint_bytes",
            format!("{} metadata.total_size", index.display()),
        ));
    }
    Ok(model)
}

/// The model's name: its directory's (`Meta-Llama-3-8B/config.json`), else `imported`.
fn model_name(file: &Path) -> String {
    file.parent()
        .and_then(Path::file_name)
        .map(|n| n.to_string_lossy().into_owned())
        .filter(|n| !n.is_empty() && n != ".")
        .unwrap_or_else(|| "imported".to_owned())
}

/// An id from a name: lowercase letters, digits, `-` and `.`.
#[must_use]
pub fn id_from_name(name: &str) -> String {
    let mut id: String = name
        .chars()
        .map(|c| match c.to_ascii_lowercase() {
            c @ ('a'..='z' | '0'..='9' | '.' | '-') => c,
            _ => '-',
        })
        .collect();
    id = String::from(id.trim_matches('-'));
    if id.is_empty() {
        "imported".to_owned()
    } else {
        id
    }
}

/// Parses `config.json` text; `name` names the model (its id is derived from it).
pub fn parse_model_config(
    path: &str,
    text: &str,
    name: &str,
) -> Result<ImportedModel, LocatedError> {
    let root: Value = serde_json::from_str(text).map_err(|e| {
        LocatedError::at(
            path,
            text,
            super::located::Location {
                line: e.line().max(1),
                col: e.column().max(1),
            },
            1,
            format!("not a config.json: {e}"),
        )
    })?;
    let Value::Object(map) = &root else {
        return Err(LocatedError::at_offset(
            path,
            text,
            0,
            1,
            "not a config.json: the top level must be an object",
        ));
    };
    let top = Section {
        path,
        text,
        map,
        at: text.find('{').unwrap_or(0),
        name: "",
    };
    // Multimodal checkpoints nest the language model's figures in `text_config`.
    let model = top.object("text_config")?.unwrap_or(top);
    let read = layout::read(top, model)?;
    let weights = weights::read(top, model)?;
    let config = ModelConfig {
        weights: weights.format,
        ..read.config
    };
    let mut origins = read.origins;
    origins.push(("weights", weights.origin));
    let id = id_from_name(name);
    let source = format!("{path} (imported by roofline model import)");
    let spec = config.spec(&id, name, &source);
    Ok(ImportedModel {
        spec,
        config,
        origins,
        notes: read.notes,
        checkpoint_bytes: None,
    })
}

/// `metadata.total_size` of a safetensors index.
fn checkpoint_bytes(index: &Path) -> Result<u64, LocatedError> {
    let shown = index.display().to_string();
    let text = read_text(index)?;
    let root: Value = serde_json::from_str(&text).map_err(|e| {
        LocatedError::at(
            &shown,
            &text,
            super::located::Location {
                line: e.line().max(1),
                col: e.column().max(1),
            },
            1,
            format!("not a safetensors index: {e}"),
        )
    })?;
    root.get("metadata")
        .and_then(|m| m.get("total_size"))
        .and_then(Value::as_u64)
        .ok_or_else(|| {
            LocatedError::at_needle(
                &shown,
                &text,
                0,
                "metadata",
                "a safetensors index needs \"metadata\": { \"total_size\": BYTES }",
            )
        })
}

#[cfg(test)]
mod tests;
