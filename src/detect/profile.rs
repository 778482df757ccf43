//! A cluster profile for the accelerators found: the catalog id of their product name, the
//! count, tp = count, and the tutor's default model, formats and context for the learner to
//! edit. Pure: tested on the parsed fixtures.

use std::fmt::Write as _;

use super::{Found, Source, names};
use crate::content::cluster::CLUSTER_FORMAT_VERSION;
use crate::domain::catalog::Catalog;
use crate::domain::scenario::Scenario;

/// Why no profile could be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DetectError {
    /// A product name that maps to no catalog id.
    #[error(
        "found {count}× '{name}' (via {tool}), which maps to no known accelerator; known ids: {known}. Write a profile with `roofline cluster new --gpu ID` and the closest id, or add the part with --hardware FILE"
    )]
    Unknown {
        /// The product name.
        name: String,
        /// How many.
        count: usize,
        /// The tool that reported it.
        tool: &'static str,
        /// Every catalog id.
        known: String,
    },
}

/// The profile's text for the GPUs found (all of the first product; others are noted).
pub fn profile(source: Source, found: &[Found], catalog: &Catalog) -> Result<String, DetectError> {
    let first = &found[0].name;
    let same: Vec<&Found> = found.iter().filter(|f| &f.name == first).collect();
    let count = same.len();
    let Some(id) = names::hardware_id(first).filter(|id| catalog.gpu(id).is_ok()) else {
        return Err(DetectError::Unknown {
            name: first.clone(),
            count,
            tool: source.name(),
            known: catalog
                .gpus
                .iter()
                .map(|g| g.id.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        });
    };
    let defaults = Scenario::default_cluster();
    let model = defaults.model.as_deref().unwrap_or("llama-3-8b");
    let memory = same
        .iter()
        .filter_map(|f| f.memory_bytes)
        .map(|b| format!("{:.0} GiB", b / f64::from(1 << 30)))
        .next()
        .unwrap_or_else(|| "memory not reported".to_owned());
    let mut text = String::new();
    let _ = writeln!(
        text,
        "// Written by `roofline detect` from {}: {count}× {first} ({memory}).",
        source.name()
    );
    let others: Vec<&str> = found
        .iter()
        .filter(|f| &f.name != first)
        .map(|f| f.name.as_str())
        .collect();
    if !others.is_empty() {
        let _ = writeln!(
            text,
            "// Also found, not in this profile: {}.",
            others.join(", ")
        );
    }
    let _ = writeln!(
        text,
        "// The GPU, count and tp are this machine's; the model, formats, context and batch limit\n\
         // are the tutor's defaults: set them to what you serve. Use it with --cluster FILE."
    );
    let _ = write!(
        text,
        "(\n    format_version: {CLUSTER_FORMAT_VERSION},\n    name: \"this machine: {count}× {first}\",\n    gpu: \"{id}\",\n    gpu_count: {count},\n    tp: {count},\n    model: \"{model}\",\n    precision: {precision},\n    context: {context},\n    max_num_seqs: {batch},\n)\n",
        precision = defaults.precision.name(),
        context = defaults.context,
        batch = 8,
    );
    Ok(text)
}
