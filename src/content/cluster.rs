//! Cluster profiles (`--cluster FILE`): the learner's own GPU, model, formats, context and
//! batch limit. Every worked example and computed answer that does not set its own scenario
//! uses the active profile; without one, the tutor's default (one H100 SXM, Llama-3-8B, BF16).

use std::path::Path;

pub use super::cluster_file::{ClusterFile, MeasuredFile};
use super::located::{LocatedError, parse_ron, read_text};
use crate::domain::catalog::Catalog;
use crate::domain::dtype::Dtype;
use crate::domain::limits;
use crate::domain::measured::{DecodeRate, Measurement, PrefillRate};
use crate::domain::scenario::{DEFAULT_RESERVE_GB, MAX_BATCH, Scenario};

/// The prompt length a prefill measurement is taken at unless it says.
pub const DEFAULT_PROMPT: u64 = 2048;

/// The cluster profile format this build writes. Format 2 added the scale-up and scale-out
/// links; a format 1 profile still loads (its single `link`, if any, sets both).
pub const CLUSTER_FORMAT_VERSION: u32 = 2;

/// Every profile format this build reads.
const READS: std::ops::RangeInclusive<u32> = 1..=CLUSTER_FORMAT_VERSION;

/// A checked profile: the scenario it stands for, and what the scenario does not hold.
#[derive(Debug, Clone, PartialEq)]
pub struct ClusterProfile {
    /// The deployment's name.
    pub name: String,
    /// GPUs in the deployment.
    pub gpu_count: u32,
    /// What was measured on the endpoint, if given.
    pub measured: Option<Measurement>,
    /// The scenario: batch = the batch limit.
    pub scenario: Scenario,
}

impl ClusterProfile {
    /// The tutor's default cluster.
    #[must_use]
    pub fn default_profile() -> Self {
        Self {
            name: "default: 1× H100 SXM, Llama-3-8B BF16".to_owned(),
            gpu_count: 1,
            measured: None,
            scenario: Scenario::default_cluster(),
        }
    }
}

/// Reads and checks a profile file against the catalog.
pub fn load_cluster(path: &Path, catalog: &Catalog) -> Result<ClusterProfile, LocatedError> {
    let text = read_text(path)?;
    parse_cluster(&path.display().to_string(), &text, catalog)
}

/// Parses and checks profile text (for tests and embedded examples).
pub fn parse_cluster(
    path: &str,
    text: &str,
    catalog: &Catalog,
) -> Result<ClusterProfile, LocatedError> {
    let file: ClusterFile = parse_ron(path, text)?;
    check(path, text, file, catalog)
}

/// The profile's field an evaluation error is about: the scenario's setting under the name
/// the profile gives it (the batch is `max_num_seqs`), else the profile's `name`.
fn error_field(e: &crate::domain::scenario::ScenarioError) -> &'static str {
    match e.setting() {
        Some("batch") => "max_num_seqs",
        Some(setting) => setting,
        None => "name",
    }
}

/// Why `gpu_count` is not a whole number of replicas, each TP GPUs in each of its PP stages
/// (pp 0 is refused with the scenario); `None` when it is.
fn whole_replicas(file: &ClusterFile) -> Option<String> {
    let (replica, of) = match file.pp.unwrap_or(1) {
        0 | 1 => (file.tp, "tp"),
        pp => (file.tp.saturating_mul(pp), "tp × pp"),
    };
    (replica == 0 || file.gpu_count == 0 || file.gpu_count % replica != 0).then(|| {
        format!(
            "gpu_count ({}) must be a positive multiple of {of} ({replica})",
            file.gpu_count
        )
    })
}

fn check(
    path: &str,
    text: &str,
    file: ClusterFile,
    catalog: &Catalog,
) -> Result<ClusterProfile, LocatedError> {
    let at = |field: &str, message: String| LocatedError::at_needle(path, text, 0, field, message);
    if !READS.contains(&file.format_version) {
        return Err(at(
            "format_version",
            format!(
                "format_version {} is not supported; this build reads 1 to {CLUSTER_FORMAT_VERSION}",
                file.format_version
            ),
        ));
    }
    let (scale_up_link, scale_out_link) = links(&file, catalog).map_err(|(f, why)| at(f, why))?;
    if file.context == 0 {
        return Err(at(
            "context",
            "context must be at least 1 token (the KV cache, and so the KV wall, depend on it)"
                .to_owned(),
        ));
    }
    if let Some(why) = limits::CONTEXT.check_count(file.context) {
        return Err(at("context", why));
    }
    if let Some(why) = limits::GPU_COUNT.check_count(u64::from(file.gpu_count)) {
        return Err(at("gpu_count", why));
    }
    if file.max_num_seqs == 0 {
        return Err(at(
            "max_num_seqs",
            "max_num_seqs must be at least 1".to_owned(),
        ));
    }
    if let Some(why) = whole_replicas(&file) {
        return Err(at("gpu_count", why));
    }
    let measured = match file.measured {
        Some(m) => Some(
            check_measured(m, file.max_num_seqs).map_err(|(field, message)| {
                // Inside the block, past the comments that may use the same words.
                let block = code_line_starting(text, "measured").unwrap_or(0);
                LocatedError::at_needle(path, text, block, field, message)
            })?,
        ),
        None => None,
    };
    let scenario = Scenario {
        gpu: file.gpu.clone(),
        model: Some(super::cluster_model::model_id(path, text, &file)?),
        precision: file.precision,
        weights: file.weights.unwrap_or(file.precision),
        kv: file.kv.unwrap_or(Dtype::Bf16),
        batch: file.max_num_seqs,
        context: file.context,
        tp: file.tp,
        ep: file.ep.unwrap_or(1),
        pp: file.pp.unwrap_or(1),
        mem_util: file.mem_util.unwrap_or(0.9),
        overhead_gb: file.overhead_gb.unwrap_or(DEFAULT_RESERVE_GB),
        attention_dp: file.attention_dp.unwrap_or(false),
        gpu_hour_usd: file
            .gpu_hour_usd
            .unwrap_or(crate::domain::scenario::DEFAULT_GPU_HOUR_USD),
        scale_up_link,
        scale_out_link,
        ..Scenario::default_cluster()
    };
    if let Err(e) = scenario.evaluate(catalog) {
        // The field's own line first: `ep` and `pp` also occur inside other words.
        let (field, why) = (error_field(&e), e.to_string());
        let from = code_line_starting(text, field).unwrap_or(0);
        return Err(LocatedError::at_needle(path, text, from, field, why));
    }
    Ok(ClusterProfile {
        name: file.name,
        gpu_count: file.gpu_count,
        measured,
        scenario,
    })
}

/// A profile's scale-up and scale-out link ids.
type ProfileLinks = (Option<String>, Option<String>);

/// The profile's two links, each its own field else the one-for-both `link` (an old profile's
/// single link migrates to both jobs), every id checked against the links data.
fn links(file: &ClusterFile, catalog: &Catalog) -> Result<ProfileLinks, (&'static str, String)> {
    for (field, id) in [
        ("link", &file.link),
        ("scale_up_link", &file.scale_up_link),
        ("scale_out_link", &file.scale_out_link),
    ] {
        if let Some(id) = id {
            crate::domain::link::find(&catalog.links, id).map_err(|e| (field, e.to_string()))?;
        }
    }
    let choice = crate::domain::link::LinkChoice {
        link: file.link.clone(),
        scale_up_link: file.scale_up_link.clone(),
        scale_out_link: file.scale_out_link.clone(),
    };
    let owned = |v: Option<&str>| v.map(str::to_owned);
    Ok((owned(choice.scale_up()), owned(choice.scale_out())))
}

/// The byte offset of the first line that is not a comment and starts with `word`.
fn code_line_starting(text: &str, word: &str) -> Option<usize> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if trimmed.starts_with(word) && !trimmed.starts_with("//") {
            return Some(offset + (line.len() - trimmed.len()));
        }
        offset += line.len();
    }
    None
}

/// Checks a measured block: positive rates, a batch in range, and no batch or prompt without
/// the rate it qualifies. Errors name the field.
fn check_measured(
    m: MeasuredFile,
    max_num_seqs: u32,
) -> Result<Measurement, (&'static str, String)> {
    let positive = |field: &'static str, v: f64, limit: limits::Limit| {
        if !(v > 0.0 && v.is_finite()) {
            return Err((field, format!("{field} must be a positive number, not {v}")));
        }
        limit.check(v).map_or(Ok(v), |why| Err((field, why)))
    };
    if m.decode_tok_s.is_none() && m.prefill_tok_s.is_none() {
        return Err((
            "measured",
            "measured needs decode_tok_s, prefill_tok_s or both".to_owned(),
        ));
    }
    if m.batch.is_some() && m.decode_tok_s.is_none() {
        return Err((
            "batch",
            "batch qualifies decode_tok_s: give it too".to_owned(),
        ));
    }
    if m.prompt.is_some() && m.prefill_tok_s.is_none() {
        return Err((
            "prompt",
            "prompt qualifies prefill_tok_s: give it too".to_owned(),
        ));
    }
    let decode = match m.decode_tok_s {
        Some(rate) => {
            let batch = m.batch.unwrap_or(max_num_seqs);
            if batch == 0 || batch > MAX_BATCH {
                return Err((
                    "batch",
                    format!("batch must be between 1 and {MAX_BATCH}, not {batch}"),
                ));
            }
            Some(DecodeRate {
                tokens_per_s: positive("decode_tok_s", rate, limits::MEASURED_DECODE)?,
                batch,
            })
        }
        None => None,
    };
    let prefill = match m.prefill_tok_s {
        Some(rate) => {
            let prompt = m.prompt.unwrap_or(DEFAULT_PROMPT);
            if prompt == 0 {
                return Err(("prompt", "prompt must be at least 1 token".to_owned()));
            }
            Some(PrefillRate {
                tokens_per_s: positive("prefill_tok_s", rate, limits::MEASURED_PREFILL)?,
                prompt,
            })
        }
        None => None,
    };
    Ok(Measurement { decode, prefill })
}

#[cfg(test)]
mod tests;
