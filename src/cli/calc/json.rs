//! `calc --json`: the inputs echoed, then every engine figure under the name lessons use for it.

use serde_json::{Value, json};

use crate::domain::quantity::{Quantity, QuantityValue};
use crate::domain::scenario::{BatchFit, Evaluation, KvSplit, Scenario};

pub(super) fn assumes_the_batch_runs_figure(name: &str) -> bool {
    Quantity::ALL
        .into_iter()
        .any(|q| assumes_the_batch_runs(q) && q.name() == name)
}

/// The JSON object: inputs echoed, then every number (as numbers, `null` where not defined).
/// Every engine quantity appears under the name lessons use for it (`decode_dot_intensity`,
/// `dense_intensity`, `expert_intensity`, `ttft_ms`, …), beside the older byte-valued keys.
#[must_use]
pub fn to_json(s: &Scenario, e: &Evaluation) -> Value {
    let mut object = json!({
        "gpu": s.gpu,
        "gpu_name": e.gpu_name,
        "precision": s.precision.name(),
        "weights": s.weights.name(),
        "kv": s.kv.name(),
        "batch": s.batch,
        "context": s.context,
        "tp": s.tp,
        "ep": s.ep,
        "pp": s.pp,
        "gpus": s.tp * s.pp,
        "mem_util": s.mem_util,
        "overhead_gb": s.overhead_gb,
        "attention_dp": s.attention_dp,
        "gpu_hour_usd": s.gpu_hour_usd,
        "bytes_per_weight": s.weights.bytes(),
        "bytes_per_kv_element": s.kv.bytes(),
        "bytes_per_activation": s.precision.bytes(),
        "link": s.link,
        // The links each job crosses, as the engine resolved them (the scenario's, else the GPU's;
        // the all-reduce's is the NIC where the TP ring spans scale-up domains).
        "scale_up_link": e.cluster.as_ref().and_then(|c| c.scale_up.as_ref()).map(|l| &l.id),
        "scale_out_link": e.cluster.as_ref().and_then(|c| c.scale_out.as_ref()).map(|l| &l.id),
        "prefix_hit": s.prefix_hit,
        "output_tokens": s.output_tokens,
        "chunk": s.chunk,
        "tpot_target_ms": s.tpot_target_ms,
        "rate": s.rate,
        "ridge_flop_per_byte": e.ridge,
    });
    let Value::Object(map) = &mut object else {
        return object;
    };
    if let (Some(m), Some(model_id)) = (&e.model, &s.model) {
        let extra = json!({
            "model": model_id,
            "model_name": m.model_name,
            "draft_tokens": s.draft_tokens,
            "prompt": s.prompt,
            "fits": m.batch_fit(s.batch).runs(),
            "fit": m.batch_fit(s.batch).name(),
            "decode_dot_layers": m.decode_dot.layers.name(),
            "kv_split": kv_split_name(m.kv_split),
            "weight_bytes_per_gpu": m.weight_bytes_per_gpu,
            "weight_bytes_stored_per_gpu": m.weight_bytes_stored_per_gpu,
            "kv_bytes_per_sequence": m.kv_bytes_per_sequence,
            "state_bytes_per_sequence": m.state_bytes_per_sequence,
            "kv_budget_bytes_per_gpu": m.kv_budget_bytes,
            "ridge_share": m.decode_dot.ridge_share,
        });
        if let Value::Object(extra) = extra {
            map.extend(extra);
        }
    }
    let past_wall = e
        .model
        .as_ref()
        .is_some_and(|m| matches!(m.batch_fit(s.batch), BatchFit::PastKvWall { .. }));
    for q in Quantity::ALL {
        if q.needs_model() && e.model.is_none() {
            continue;
        }
        let value = match q.value(e) {
            // A batch past the KV wall does not run: no time, rate or cost for it.
            _ if past_wall && assumes_the_batch_runs(q) => Value::Null,
            // A count of sequences stays an integer.
            Some(QuantityValue::Number(_)) if q == Quantity::MaxBatchKv => {
                json!(e.model.as_ref().and_then(|m| m.max_batch_kv))
            }
            Some(QuantityValue::Number(v)) => json!(v),
            Some(QuantityValue::Bound(b)) => json!(b.name()),
            None => Value::Null,
        };
        map.insert(q.name().to_owned(), value);
    }
    object
}

/// The figures that describe serving the batch, which a batch past the KV wall never does.
const fn assumes_the_batch_runs(q: Quantity) -> bool {
    matches!(
        q,
        Quantity::StepTimeMs
            | Quantity::TpotMs
            | Quantity::TokensPerS
            | Quantity::TokensPerSPerSeq
            | Quantity::UsdPerMillionTokens
            | Quantity::EnergyPerTokenJ
    )
}

const fn kv_split_name(split: KvSplit) -> &'static str {
    match split {
        KvSplit::Heads => "heads",
        KvSplit::Replicated => "replicated",
        KvSplit::Sequences => "sequences",
    }
}
