//! Sliding-window layers (`sliding_window` with `layer_types` or `sliding_window_pattern`), and
//! Gemma 3, whose layers mix sliding and full attention (gpt-oss, the other, has its own file).

use crate::content::located::LocatedError;
use crate::domain::model::SlidingWindow;
use crate::domain::model_config::{HeadNorm, ModelConfig};

use super::section::Section;

/// The layer types the tutor reads in `layer_types`.
const LAYER_TYPES: [&str; 3] = ["full_attention", "sliding_attention", "linear_attention"];

/// Every entry of `layer_types` must be one the tutor reads: a list the length of the model,
/// counted by type. `None` when the file has no `layer_types`.
pub(super) fn layer_types(m: Section<'_>, layers: u32) -> Result<Option<[u32; 3]>, LocatedError> {
    let Some(value) = m.get("layer_types") else {
        return Ok(None);
    };
    let Some(types) = value.as_array() else {
        return Err(m.at_key(
            "layer_types",
            format!("layer_types must be a list, not {value}"),
        ));
    };
    if types.len() != layers as usize {
        return Err(m.at_key(
            "layer_types",
            format!(
                "layer_types lists {} layers; num_hidden_layers is {layers}",
                types.len()
            ),
        ));
    }
    let mut counts = [0_u32; 3];
    for (i, t) in types.iter().enumerate() {
        let Some(k) = t
            .as_str()
            .and_then(|t| LAYER_TYPES.iter().position(|known| *known == t))
        else {
            return Err(m.at_key(
                "layer_types",
                format!(
                    "layer_types[{i}] is {t}, not a layer type the tutor reads ({})",
                    LAYER_TYPES.join(", ")
                ),
            ));
        };
        counts[k] += 1;
    }
    Ok(Some(counts))
}

/// The sliding window and how many layers use it: those `layer_types` calls
/// `sliding_attention`, else all but every `sliding_window_pattern`-th layer (Gemma 3's five
/// local to one global), else every layer (Mistral-7B v0.1). A sliding layer keeps the KV of its
/// last `sliding_window` tokens only.
pub(super) fn sliding(
    m: Section<'_>,
    c: &mut ModelConfig,
    origins: &mut Vec<(&'static str, String)>,
) -> Result<(), LocatedError> {
    let types = layer_types(m, c.layers)?;
    let Some(window) = m.opt_count("sliding_window")? else {
        return Ok(());
    };
    if m.opt_flag("use_sliding_window")? == Some(false) {
        return Ok(());
    }
    let (layers, from) = if let Some([_, sliding, _]) = types {
        (sliding, "layer_types")
    } else if let Some(every) = m.opt_count32("sliding_window_pattern")? {
        (c.layers - c.layers / every.max(1), "sliding_window_pattern")
    } else {
        (c.layers, "sliding_window")
    };
    if layers == 0 {
        return Ok(());
    }
    c.sliding_window = Some(SlidingWindow { window, layers });
    origins.push(("sliding_window.window", m.origin("sliding_window")));
    origins.push(("sliding_window.layers", m.origin(from)));
    Ok(())
}

/// Gemma 3: per-head query and key norms.
pub(super) fn gemma3(c: &mut ModelConfig, notes: &mut Vec<String>) {
    c.attention.head_norm = HeadNorm::QueryKey;
    notes.push(format!(
        "Gemma 3's two extra norms per layer (before and after the MLP) are left out of the parameters: {} of them",
        u64::from(c.layers) * 2 * c.hidden
    ));
}

#[cfg(test)]
mod tests;
