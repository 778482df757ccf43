//! `--model-config PATH` and `roofline model import PATH`: a model from its Hugging Face
//! `config.json`, put on the catalog (and made the scenario's model), or printed as the
//! tutor's own model file.

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context as _, Result, anyhow};
use serde::Serialize;
use serde_json::{Map, Value, json};

use super::args::GlobalArgs;
use crate::content::data_files::{FORMAT_VERSION, parse_models, valid_id};
use crate::content::model_config::{ImportedModel, load_model_config};
use crate::domain::catalog::Catalog;
use crate::domain::model::ModelSpec;

/// The model `--model-config` names, read (none without the flag).
pub fn imported(global: &GlobalArgs) -> Result<Option<ImportedModel>> {
    global.model_config.as_deref().map(import).transpose()
}

/// Reads a model from a `config.json` or its directory.
pub fn import(path: &Path) -> Result<ImportedModel> {
    load_model_config(path)
        .map_err(|e| anyhow!("{e}"))
        .context("cannot use that config.json")
}

/// Puts `--model-config`'s model on the catalog.
/// A `--cluster` profile's `model_config` model goes on the catalog too (a profile that
/// cannot be read is reported, located, when it is loaded).
pub fn add_to(global: &GlobalArgs, catalog: &mut Catalog) -> Result<()> {
    if let Some(m) = imported(global)? {
        catalog.add_models([m.spec]);
    }
    if let Some(profile) = &global.cluster
        && let Ok((Some(config), _)) = crate::content::cluster_model::profile_files(profile)
        && let Ok(m) = load_model_config(&config)
    {
        catalog.add_models([m.spec]);
    }
    Ok(())
}

/// `roofline model import PATH [--id ID]`: the model file, with where each figure came from
/// as comments; checked by reading it back as `--models` would.
pub fn run_import(path: &Path, id: Option<&str>) -> Result<ExitCode> {
    let mut model = import(path)?;
    if let Some(id) = id {
        anyhow::ensure!(
            valid_id(id),
            "--id '{id}' must be lowercase letters, digits, '-' and '.'"
        );
        id.clone_into(&mut model.spec.id);
    }
    let text = model_file(&model)?;
    parse_models("(imported)", &text).map_err(|errors| {
        let listed: Vec<String> = errors.iter().map(ToString::to_string).collect();
        anyhow!("the imported model does not check: {}", listed.join("\n"))
    })?;
    super::print(&text)
}

#[derive(Serialize)]
struct ModelsOut<'a> {
    format_version: u32,
    models: Vec<&'a ModelSpec>,
}

/// The model as a models file (RON), each figure's origin in a comment above it.
pub fn model_file(model: &ImportedModel) -> Result<String> {
    let config = ron::ser::PrettyConfig::new()
        .struct_names(false)
        .extensions(ron::extensions::Extensions::IMPLICIT_SOME);
    let body = ron::ser::to_string_pretty(
        &ModelsOut {
            format_version: FORMAT_VERSION,
            models: vec![&model.spec],
        },
        config,
    )?;
    let mut out = format!(
        "// {} as `roofline model import` read it from its config.json. Keep this file and pass\n\
         // it with `roofline --models FILE`. Where each figure came from:\n",
        model.spec.name
    );
    for (figure, origin) in &model.origins {
        let _ = writeln!(out, "//   {figure}: {origin}");
    }
    let _ = match model.spec.experts_only {
        Some(split) => writeln!(
            out,
            "// The checkpoint ships its routed experts as {} and every other weight as {}.",
            split.experts.label(),
            split.rest.label()
        ),
        None => writeln!(
            out,
            "// The checkpoint ships its weights as {}.",
            model.weights().label()
        ),
    };
    if let Some(bytes) = model.checkpoint_bytes {
        let _ = writeln!(
            out,
            "// Its safetensors index holds {bytes} bytes of weights (the tutor computes {:.0} at that format).",
            model.spec.weight_bytes_stored(model.weights())
        );
    }
    for note in &model.notes {
        let _ = writeln!(out, "// Not modelled: {note}.");
    }
    out.push_str(&body);
    out.push('\n');
    Ok(out)
}

/// `calc --json`'s `model_sources`: where each figure of the scenario's model came from (the
/// config.json's lines for an imported model, the data file's `source` for a catalog one).
#[must_use]
pub fn model_sources(imported: Option<&ImportedModel>, spec: &ModelSpec) -> Value {
    match imported.filter(|m| m.spec.id == spec.id) {
        Some(m) => {
            let mut map = Map::new();
            for (figure, origin) in &m.origins {
                match map.get_mut(*figure) {
                    Some(Value::String(s)) => {
                        s.push_str("; ");
                        s.push_str(origin);
                    }
                    _ => {
                        map.insert((*figure).to_owned(), json!(origin));
                    }
                }
            }
            Value::Object(map)
        }
        None => json!({ "all": spec.source }),
    }
}

/// `calc --json`'s text with `model_sources` added (when the scenario has a model).
pub fn with_sources(
    json: &str,
    scenario: &crate::domain::scenario::Scenario,
    catalog: &Catalog,
    imported: Option<&ImportedModel>,
) -> Result<String> {
    let Some(spec) = scenario
        .model
        .as_deref()
        .and_then(|id| catalog.model(id).ok())
    else {
        return Ok(json.to_owned());
    };
    let mut value: Value = serde_json::from_str(json)?;
    if let Value::Object(map) = &mut value {
        map.insert("model_sources".to_owned(), model_sources(imported, spec));
    }
    let mut text = serde_json::to_string_pretty(&value)?;
    text.push('\n');
    Ok(text)
}
