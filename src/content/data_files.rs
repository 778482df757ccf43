//! The hardware and model data files: the built-in ones embedded in the binary, and the user's
//! own (`--hardware FILE`, `--models FILE`), which add to or replace built-in entries by id.

use std::collections::HashSet;
use std::path::PathBuf;

use serde::Deserialize;

use super::located::{LocatedError, parse_ron, read_text};
use crate::domain::catalog::Catalog;
use crate::domain::hardware::Gpu;
use crate::domain::model::{Attention, ModelSpec};

/// The data file format this build reads.
pub const FORMAT_VERSION: u32 = 1;

const BUILTIN_HARDWARE: (&str, &str) = (
    "assets/hardware.ron",
    include_str!("../../assets/hardware.ron"),
);
const BUILTIN_MODELS: (&str, &str) = ("assets/models.ron", include_str!("../../assets/models.ron"));

/// A hardware data file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HardwareFile {
    /// Must be [`FORMAT_VERSION`].
    pub format_version: u32,
    /// The accelerators, each with a unique id.
    pub gpus: Vec<Gpu>,
}

/// A model data file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelsFile {
    /// Must be [`FORMAT_VERSION`].
    pub format_version: u32,
    /// The models, each with a unique id.
    pub models: Vec<ModelSpec>,
}

/// Where the catalog comes from: the built-ins plus any user files, in order.
#[derive(Debug, Clone, Default)]
pub struct CatalogSources {
    /// Extra hardware files.
    pub hardware: Vec<PathBuf>,
    /// Extra model files.
    pub models: Vec<PathBuf>,
}

/// The built-in catalog only.
#[must_use]
pub fn builtin_catalog() -> Catalog {
    load_catalog(&CatalogSources::default()).expect("built-in data files are checked by tests")
}

/// The built-in catalog plus the user's files. Every problem of every file is reported.
pub fn load_catalog(sources: &CatalogSources) -> Result<Catalog, Vec<LocatedError>> {
    let mut catalog = Catalog::default();
    let mut errors = Vec::new();
    let mut hardware_texts = vec![(BUILTIN_HARDWARE.0.to_owned(), BUILTIN_HARDWARE.1.to_owned())];
    let mut model_texts = vec![(BUILTIN_MODELS.0.to_owned(), BUILTIN_MODELS.1.to_owned())];
    for (paths, texts) in [
        (&sources.hardware, &mut hardware_texts),
        (&sources.models, &mut model_texts),
    ] {
        for path in paths {
            match read_text(path) {
                Ok(text) => texts.push((path.display().to_string(), text)),
                Err(e) => errors.push(e),
            }
        }
    }
    for (path, text) in &hardware_texts {
        match parse_hardware(path, text) {
            Ok(gpus) => catalog.add_gpus(gpus),
            Err(mut e) => errors.append(&mut e),
        }
    }
    for (path, text) in &model_texts {
        match parse_models(path, text) {
            Ok(models) => catalog.add_models(models),
            Err(mut e) => errors.append(&mut e),
        }
    }
    if errors.is_empty() {
        Ok(catalog)
    } else {
        Err(errors)
    }
}

/// Parses and checks a hardware file.
pub fn parse_hardware(path: &str, text: &str) -> Result<Vec<Gpu>, Vec<LocatedError>> {
    let file: HardwareFile = parse_ron(path, text).map_err(|e| vec![e])?;
    let mut errors = check_version(path, text, file.format_version);
    let mut seen = HashSet::new();
    for gpu in &file.gpus {
        let at = |message: String| {
            LocatedError::at_needle(path, text, 0, &format!("\"{}\"", gpu.id), message)
        };
        if !seen.insert(gpu.id.clone()) {
            errors.push(at(format!("duplicate GPU id '{}'", gpu.id)));
        }
        if !valid_id(&gpu.id) {
            errors.push(at(format!(
                "GPU id '{}' must be lowercase letters, digits, '-' and '.'",
                gpu.id
            )));
        }
        if !(gpu.bandwidth_tbs > 0.0 && gpu.bandwidth_tbs.is_finite()) {
            errors.push(at(format!(
                "{}: bandwidth_tbs must be a positive number",
                gpu.id
            )));
        }
        if !(gpu.memory_gb > 0.0 && gpu.memory_gb.is_finite()) {
            errors.push(at(format!(
                "{}: memory_gb must be a positive number",
                gpu.id
            )));
        }
        let formats = gpu.peak_tflops.formats();
        if formats.is_empty() {
            errors.push(at(format!(
                "{}: peak_tflops needs at least one format",
                gpu.id
            )));
        }
        for d in formats {
            let peak = gpu.peak_tflops.get(d).unwrap_or_default();
            if !(peak > 0.0 && peak.is_finite()) {
                errors.push(at(format!(
                    "{}: the {} peak must be a positive number",
                    gpu.id,
                    d.name()
                )));
            }
        }
    }
    if errors.is_empty() {
        Ok(file.gpus)
    } else {
        Err(errors)
    }
}

/// Parses and checks a model file.
pub fn parse_models(path: &str, text: &str) -> Result<Vec<ModelSpec>, Vec<LocatedError>> {
    let file: ModelsFile = parse_ron(path, text).map_err(|e| vec![e])?;
    let mut errors = check_version(path, text, file.format_version);
    let mut seen = HashSet::new();
    for m in &file.models {
        let at = |message: String| {
            LocatedError::at_needle(path, text, 0, &format!("\"{}\"", m.id), message)
        };
        if !seen.insert(m.id.clone()) {
            errors.push(at(format!("duplicate model id '{}'", m.id)));
        }
        if !valid_id(&m.id) {
            errors.push(at(format!(
                "model id '{}' must be lowercase letters, digits, '-' and '.'",
                m.id
            )));
        }
        let counts = [m.layers, m.query_heads, m.kv_heads, m.head_dim];
        if counts.contains(&0) || m.hidden == 0 || m.ffn == 0 || m.vocab == 0 {
            errors.push(at(format!(
                "{}: layers, heads, head_dim, hidden, ffn and vocab must be positive",
                m.id
            )));
        } else if m.query_heads % m.kv_heads != 0 {
            errors.push(at(format!(
                "{}: query_heads must be a multiple of kv_heads",
                m.id
            )));
        }
        if !(m.params.is_finite() && m.params > m.embedding_params()) {
            errors.push(at(format!(
                "{}: params must exceed the embedding table (vocab × hidden)",
                m.id
            )));
        }
        if m.attention_layers.is_some_and(|a| a == 0 || a > m.layers) {
            errors.push(at(format!(
                "{}: attention_layers must be between 1 and layers",
                m.id
            )));
        }
        if let Some(e) = m.experts {
            if e.routed == 0
                || e.per_token == 0
                || e.per_token > e.routed
                || e.moe_layers > m.layers
            {
                errors.push(at(format!(
                    "{}: experts need 0 < per_token ≤ routed and moe_layers ≤ layers",
                    m.id
                )));
            } else if m.routed_expert_params() >= m.params {
                errors.push(at(format!(
                    "{}: routed experts cannot hold more than params",
                    m.id
                )));
            }
        }
        if let Attention::Mla { latent, .. } = m.attention {
            if latent == 0 {
                errors.push(at(format!("{}: the MLA latent must be positive", m.id)));
            }
        }
    }
    if errors.is_empty() {
        Ok(file.models)
    } else {
        Err(errors)
    }
}

fn check_version(path: &str, text: &str, version: u32) -> Vec<LocatedError> {
    if version == FORMAT_VERSION {
        Vec::new()
    } else {
        vec![LocatedError::at_needle(
            path,
            text,
            0,
            "format_version",
            format!("format_version {version} is not supported; this build reads {FORMAT_VERSION}"),
        )]
    }
}

/// Ids are lowercase ASCII letters, digits, `-` and `.`, and not empty.
#[must_use]
pub fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '.')
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    const GPU: &str = r#"(id: "x", name: "X", vendor: "V", peak_tflops: (bf16: 100.0), bandwidth_tbs: 1.0, memory_gb: 10.0, source: "s")"#;

    #[test]
    fn builtin_files_load_clean() {
        let catalog = builtin_catalog();
        assert_eq!(catalog.gpus.len(), 16);
        assert!(catalog.models.len() >= 11);
    }

    #[rstest]
    #[case::version(format!("(format_version: 2, gpus: [{GPU}])"), "format_version 2 is not supported")]
    #[case::duplicate(format!("(format_version: 1, gpus: [{GPU}, {GPU}])"), "duplicate GPU id 'x'")]
    #[case::zero_bandwidth(GPU.replace("bandwidth_tbs: 1.0", "bandwidth_tbs: 0.0"), "bandwidth_tbs must be")]
    #[case::bad_id(GPU.replace("\"x\"", "\"X Y\""), "must be lowercase")]
    #[case::no_peaks(GPU.replace("(bf16: 100.0)", "()"), "at least one format")]
    fn bad_hardware_is_refused(#[case] text: String, #[case] message: &str) {
        let text = if text.starts_with("(format_version") {
            text
        } else {
            format!("(format_version: 1, gpus: [{text}])")
        };
        let errors = parse_hardware("hw.ron", &text).unwrap_err();
        assert!(
            errors.iter().any(|e| e.message.contains(message)),
            "{errors:?}"
        );
        assert!(
            errors
                .iter()
                .all(|e| e.start.line >= 1 && e.path == "hw.ron")
        );
    }

    #[test]
    fn bad_model_reports_every_problem() {
        let text = BUILTIN_MODELS
            .1
            .replace("kv_heads: 8,", "kv_heads: 5,")
            .replacen("\"llama-3-70b\"", "\"llama-3-8b\"", 1);
        let errors = parse_models("m.ron", &text).unwrap_err();
        assert!(
            errors
                .iter()
                .any(|e| e.message.contains("duplicate model id"))
        );
        assert!(
            errors
                .iter()
                .any(|e| e.message.contains("multiple of kv_heads"))
        );
    }

    #[test]
    fn user_entry_replaces_builtin_by_id() {
        let mut catalog = builtin_catalog();
        let text = format!(
            "(format_version: 1, gpus: [{}])",
            GPU.replace("\"x\"", "\"h100-sxm\"")
        );
        catalog.add_gpus(parse_hardware("mine.ron", &text).unwrap());
        assert_eq!(catalog.gpus.len(), 16);
        assert_eq!(catalog.gpu("h100-sxm").unwrap().name, "X");
    }
}
