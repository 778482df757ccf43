//! The hardware and model data files: the built-in ones embedded in the binary, and the user's
//! own (`--hardware FILE`, `--models FILE`), which add to or replace built-in entries by id.

use std::path::PathBuf;

use serde::Deserialize;

use super::located::{LocatedError, parse_ron, read_text};
use crate::domain::catalog::Catalog;
use crate::domain::hardware::Gpu;
use crate::domain::limits;
use crate::domain::model::ModelSpec;

use super::data_ids::{Checked, Entry, checked};
pub use super::data_ids::{FORMAT_VERSION, valid_id};

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
    catalog.references = crate::content::measured_reference::shipped_references();
    catalog.links = super::links::builtin_links();
    if errors.is_empty() {
        Ok(catalog)
    } else {
        Err(errors)
    }
}

/// Parses and checks a hardware file.
pub fn parse_hardware(path: &str, text: &str) -> Result<Vec<Gpu>, Vec<LocatedError>> {
    let file: HardwareFile = parse_ron(path, text).map_err(|e| vec![e])?;
    checked(path, text, file.format_version, file.gpus)
}

/// Parses and checks a model file.
pub fn parse_models(path: &str, text: &str) -> Result<Vec<ModelSpec>, Vec<LocatedError>> {
    let file: ModelsFile = parse_ron(path, text).map_err(|e| vec![e])?;
    checked(path, text, file.format_version, file.models)
}

impl Checked for Gpu {
    const KIND: &'static str = "GPU";

    fn id(&self) -> &str {
        &self.id
    }

    fn problems(&self, entry: &Entry<'_>) -> Vec<LocatedError> {
        let mut errors = Vec::new();
        if self.peak_tflops.formats().is_empty() {
            errors.push(entry.problem("peak_tflops needs at least one format"));
        }
        errors.extend(entry.field_problems(limits::gpu_problems(self)));
        errors
    }
}

impl Checked for ModelSpec {
    const KIND: &'static str = "model";

    fn id(&self) -> &str {
        &self.id
    }

    /// Its counts out of range, else what its figures must agree on.
    fn problems(&self, entry: &Entry<'_>) -> Vec<LocatedError> {
        let m = self;
        let out_of_range = limits::model_problems(m);
        if !out_of_range.is_empty() {
            // The derived checks below assume every count in range.
            return entry.field_problems(out_of_range);
        }
        let mut errors = Vec::new();
        if m.query_heads % m.kv_heads != 0 {
            errors.push(entry.problem("query_heads must be a multiple of kv_heads"));
        }
        if m.params <= m.embedding_params() {
            errors.push(entry.problem("params must exceed the embedding table (vocab × hidden)"));
        }
        if m.attention_layers.is_some_and(|a| a == 0 || a > m.layers) {
            errors.push(entry.problem("attention_layers must be between 1 and layers"));
        }
        if let Some(e) = m.experts {
            if e.routed == 0
                || e.per_token == 0
                || e.per_token > e.routed
                || e.moe_layers > m.layers
            {
                errors.push(
                    entry.problem("experts need 0 < per_token ≤ routed and moe_layers ≤ layers"),
                );
            } else if m.routed_expert_params() >= m.params {
                errors.push(entry.problem("routed experts cannot hold more than params"));
            }
        }
        let active = limits::active_params_problem(m).map(|why| ("active_params", why));
        errors.extend(entry.field_problems(active));
        errors
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    const GPU: &str = r#"(id: "x", name: "X", vendor: "V", peak_tflops: (bf16: 100.0), bandwidth_tbs: 1.0, memory_gb: 10.0, source: "s")"#;

    #[test]
    fn builtin_files_load_clean() {
        let catalog = builtin_catalog();
        assert_eq!(catalog.gpus.len(), 20);
        assert!(catalog.models.len() >= 11);
    }

    #[rstest]
    #[case::version(format!("(format_version: 2, gpus: [{GPU}])"), "format_version 2 is not supported")]
    #[case::duplicate(format!("(format_version: 1, gpus: [{GPU}, {GPU}])"), "duplicate GPU id 'x'")]
    #[case::zero_bandwidth(GPU.replace("bandwidth_tbs: 1.0", "bandwidth_tbs: 0.0"), "bandwidth_tbs 0 is out of range")]
    #[case::huge_bandwidth(GPU.replace("bandwidth_tbs: 1.0", "bandwidth_tbs: 1e308"), "x: bandwidth_tbs 1e308 is out of range: it must be between 0.01 and 1000 TB/s")]
    #[case::huge_peak(GPU.replace("bf16: 100.0", "bf16: 1e300"), "the bf16 peak: peak_tflops 1e300 is out of range")]
    #[case::tiny_peak(GPU.replace("bf16: 100.0", "bf16: 5e-324"), "peak_tflops 5e-324 is out of range")]
    #[case::huge_memory(GPU.replace("memory_gb: 10.0", "memory_gb: 1e308"), "memory_gb 1e308 is out of range")]
    #[case::nan_power(GPU.replace("memory_gb: 10.0", "memory_gb: 10.0, tdp_w: NaN"), "tdp_w NaN is out of range")]
    #[case::huge_power(GPU.replace("memory_gb: 10.0", "memory_gb: 10.0, tdp_w: 1e300"), "tdp_w 1e300 is out of range")]
    #[case::zero_capacity(GPU.replace("memory_gb: 10.0", "memory_gb: 10.0, capacity: (mib: 0.0, source: \"s\")"), "capacity.mib 0 is out of range")]
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

    /// Each case changes one field of Llama-3-8B; the error names the field, its range, and
    /// sits on the field's line.
    #[rstest]
    #[case::params(
        "params: 8030261248.0",
        "params: 1e308",
        "params 1e308 is out of range: it must be between 1e6 and 1e14 parameters"
    )]
    #[case::layers(
        "layers: 32",
        "layers: 4000000000",
        "layers 4e9 is out of range: it must be between 1 and 10000"
    )]
    #[case::kv_heads("kv_heads: 8", "kv_heads: 4000000000", "kv_heads 4e9 is out of range")]
    #[case::head_dim("head_dim: 128", "head_dim: 0", "head_dim 0 is out of range")]
    #[case::hidden(
        "hidden: 4096",
        "hidden: 18446744073709551615",
        "hidden 1.8446744073709552e19 is out of range"
    )]
    #[case::vocab(
        "vocab: 128256",
        "vocab: 18446744073709551615",
        "vocab 1.8446744073709552e19 is out of range"
    )]
    #[case::active_dense(
        "tied_embeddings: false",
        "tied_embeddings: false, active_params: 8e9",
        "active_params is for mixture-of-experts models"
    )]
    fn out_of_range_model_fields_are_located(
        #[case] from: &str,
        #[case] to: &str,
        #[case] message: &str,
    ) {
        let llama = BUILTIN_MODELS.1.find("\"llama-3-8b\"").unwrap();
        let at = llama + BUILTIN_MODELS.1[llama..].find(from).unwrap();
        let text = format!(
            "{}{to}{}",
            &BUILTIN_MODELS.1[..at],
            &BUILTIN_MODELS.1[at + from.len()..]
        );
        let field = to
            .rsplit(", ")
            .next()
            .and_then(|f| f.split(':').next())
            .unwrap();
        assert_one_model_error(&text, message, field);
    }

    /// Fails unless the model file `text` is refused with exactly one error, saying `message`
    /// on a line that holds `line`.
    #[track_caller]
    fn assert_one_model_error(text: &str, message: &str, line: &str) {
        let errors = parse_models("m.ron", text).unwrap_err();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].message.contains(message), "{}", errors[0]);
        assert!(errors[0].line_text.contains(line), "{}", errors[0]);
    }

    #[test]
    fn a_stated_active_params_must_agree_with_the_experts() {
        let text = BUILTIN_MODELS
            .1
            .replacen("active_params: 12.9e9", "active_params: 40.0e9", 1);
        assert_ne!(text, BUILTIN_MODELS.1);
        assert_one_model_error(
            &text,
            "active_params 4e10 disagrees with the 1.2",
            "active_params: 40.0e9",
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
        assert_eq!(catalog.gpus.len(), 20);
        assert_eq!(catalog.gpu("h100-sxm").unwrap().name, "X");
    }
}
