//! A value that loads is a value that computes: over random scenarios across the whole
//! catalog (every GPU, model and format, the full range of every setting the command line
//! and lessons accept), every number the engine gives, `calc` prints or `--json` writes is
//! finite. Scenarios the engine refuses are refused with a reason, never computed into
//! `inf` or `NaN`.

use std::sync::LazyLock;

use proptest::prelude::*;
use roofline_tutor::cli::args::PlanCli;
use roofline_tutor::cli::calc::{self, CalcArgs};
use roofline_tutor::content::data_files::builtin_catalog;
use roofline_tutor::domain::catalog::Catalog;
use roofline_tutor::domain::dtype::Dtype;
use roofline_tutor::domain::limits;
use roofline_tutor::domain::quantity::Quantity;
use roofline_tutor::domain::scenario::{MAX_BATCH, Scenario};

static CATALOG: LazyLock<Catalog> = LazyLock::new(builtin_catalog);

fn dtype() -> impl Strategy<Value = Dtype> {
    prop::sample::select(Dtype::ALL.to_vec())
}

/// Mostly small values, sometimes the edges of the range.
fn count(max: u64) -> impl Strategy<Value = u64> {
    prop_oneof![1u64..=64, 1u64..=max, Just(max), Just(1)]
}

fn scenarios() -> impl Strategy<Value = Scenario> {
    let gpus: Vec<String> = CATALOG.gpus.iter().map(|g| g.id.clone()).collect();
    let mut models: Vec<Option<String>> =
        CATALOG.models.iter().map(|m| Some(m.id.clone())).collect();
    models.push(None);
    let context_max = limits::CONTEXT.max as u64;
    (
        (
            prop::sample::select(gpus),
            prop::sample::select(models),
            dtype(),
            dtype(),
            dtype(),
        ),
        (
            count(u64::from(MAX_BATCH)),
            prop_oneof![Just(0u64), count(context_max)],
            prop::sample::select(vec![1u32, 2, 4, 8, 16, 64, 1024]),
            prop_oneof![Just(1.0f64), 1e-9f64..=1.0],
            prop_oneof![Just(0.0f64), 0.0f64..=200.0],
            count(limits::PROMPT.max as u64),
            0u32..=limits::MAX_DRAFT_TOKENS,
        ),
    )
        .prop_map(
            |(
                (gpu, model, precision, weights, kv),
                (batch, context, tp, mem_util, overhead_gb, prompt, draft_tokens),
            )| Scenario {
                gpu,
                model,
                precision,
                weights,
                kv,
                batch: batch as u32,
                context,
                tp,
                mem_util,
                overhead_gb,
                prompt,
                draft_tokens,
                attention_dp: false,
                gpu_hour_usd: 2.5,
                tpot_target_ms: Some(50.0),
                rate: Some(4.0),
                ..Scenario::default_cluster()
            },
        )
}

/// The `--json` keys that are null when they do not apply (checked finite when they do): the
/// KV wall at context 0 or when the weights do not fit, the routed experts' figures for a
/// dense model, a batch that never reaches the ridge, board power a part does not publish.
const OPTIONAL: [&str; 36] = [
    "max_batch_kv",
    "expert_intensity",
    "expert_tokens_to_ridge",
    "experts_touched_pct",
    "tokens_per_expert",
    "batch_to_ridge",
    "dense_batch_to_ridge",
    "energy_per_token_j",
    "tdp_w",
    // Measured only where a benchmark, a lab or the shipped sweep covers the setting.
    "measured_tpot_ms",
    // The cluster figures: a link only where the GPU has one, a target or a rate only where the
    // scenario sets it.
    "kv_transfer_ms",
    "transfer_share_pct",
    "split_ttft_ms",
    "link_gbs",
    "allreduce_calls",
    "allreduce_ms",
    "allreduce_latency_ms",
    "step_with_comm_ms",
    "comm_share_pct",
    "target_batch",
    "target_batch_no_wall",
    "concurrency",
    "gpus_for_rate",
    "bend_batch",
    // Sizing needs a target the batch can meet; the all-to-all an MoE model, the state in tokens
    // a hybrid one.
    "tp_to_fit",
    "replicas_for_rate",
    "pool_ratio",
    "target_usd_per_million_tokens",
    "alltoall_mb_per_token",
    "state_kv_tokens",
    // The terms `ep` and `pp` add exist only where they are set above 1.
    "ep_alltoall_ms",
    "pp_send_ms",
    // A link only where the GPU's data names one (or the scenario does).
    "scale_out_link",
    "scale_up_link",
    // vLLM's KV cache usage needs a context and a KV budget.
    "kv_usage_pct",
    // The link echoed only where the scenario names one.
    "link",
];

/// What a batch past the KV wall leaves out: it does not run, so it has no time or rate.
const NOT_RUN: [&str; 6] = [
    "step_time_ms",
    "tpot_ms",
    "tokens_per_s",
    "tokens_per_s_per_seq",
    "usd_per_million_tokens",
    "energy_per_token_j",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn every_number_shown_or_printed_is_finite(s in scenarios()) {
        let Ok(e) = s.evaluate(&CATALOG) else { return Ok(()) };
        for n in [e.peak_flops, e.bandwidth, e.memory_bytes, e.ridge] {
            prop_assert!(n.is_finite(), "{s:?}: {e:?}");
        }
        for q in Quantity::ALL {
            if let Some(v) = q.number(&e) {
                prop_assert!(v.is_finite(), "{} = {v} for {s:?}", q.name());
            }
        }
        if let Some(m) = &e.model {
            let numbers = [
                m.weight_bytes_per_gpu, m.weight_bytes_stored_per_gpu, m.kv_bytes_per_token,
                m.kv_bytes_per_sequence, m.kv_budget_bytes, m.fc_intensity,
                m.fc_intensity_approx, m.attention_intensity, m.prefill_intensity,
                m.decode_dot.batch_to_ridge_approx, m.decode_dot.attainable_flops,
                m.decode_dot.intensity, m.decode_dot.ridge_share, m.step_intensity,
                m.memory_time_s, m.compute_time_s, m.step_time_s, m.tokens_per_s,
            ];
            for n in numbers.into_iter().chain(m.moe.map(|moe| moe.expert_intensity)).chain(m.decode_dot.batch_to_ridge) {
                prop_assert!(n.is_finite(), "{s:?}: {m:?}");
            }
            prop_assert!(m.max_batch_kv.is_none_or(|b| b < u64::MAX), "{s:?}: {m:?}");
        }
        for json in [false, true] {
            let text = calc::run(&CATALOG, &CalcArgs { scenario: s.clone(), json, explain: !json, plan: PlanCli::default() })
                .map_err(|e| TestCaseError::fail(format!("{e:#}")))?;
            for bad in ["inf", "NaN", "18446744073709551615"] {
                prop_assert!(!text.contains(bad), "{bad} in calc output for {s:?}:\n{text}");
            }
            if json {
                // serde_json writes a non-finite number as null: only the optional ones may be.
                let v: serde_json::Value = serde_json::from_str(&text).unwrap();
                let past_wall = v["fit"] == "past_kv_wall";
                for (key, value) in v.as_object().unwrap() {
                    prop_assert!(
                        !value.is_null()
                            || OPTIONAL.contains(&key.as_str())
                            || (past_wall && NOT_RUN.contains(&key.as_str())),
                        "{key} is null for {s:?}"
                    );
                }
            }
        }
    }
}

/// A value between `min` and `max`, spread evenly in log space, with the edges themselves
/// drawn often.
fn log_uniform(min: f64, max: f64) -> impl Strategy<Value = f64> {
    let (lo, hi) = (min.max(1e-300).log10(), max.log10());
    prop_oneof![
        Just(min.max(1e-300)),
        Just(max),
        (lo..=hi).prop_map(|e| 10f64.powf(e))
    ]
}

fn int(limit: &limits::Limit) -> impl Strategy<Value = u64> {
    log_uniform(limit.min.max(1.0), limit.max).prop_map(|v| (v.round() as u64).max(1))
}

/// A hardware file and a model file with every field anywhere in its range.
fn data_files() -> impl Strategy<Value = (String, String)> {
    (
        (
            log_uniform(limits::PEAK_TFLOPS.min, limits::PEAK_TFLOPS.max),
            log_uniform(limits::BANDWIDTH_TBS.min, limits::BANDWIDTH_TBS.max),
            log_uniform(limits::MEMORY_GB.min, limits::MEMORY_GB.max),
        ),
        (
            int(&limits::LAYERS),
            int(&limits::HIDDEN),
            int(&limits::FFN),
            int(&limits::HEADS),
            1u64..=64,
            int(&limits::HEAD_DIM),
            int(&limits::VOCAB),
            log_uniform(limits::PARAMS.min, limits::PARAMS.max),
            prop::bool::ANY,
        ),
    )
        .prop_map(
            |((peak, bw, mem), (layers, hidden, ffn, kv, group, head_dim, vocab, params, tied))| {
                let hardware = format!(
                    "(format_version: 1, gpus: [(id: \"g\", name: \"G\", vendor: \"V\", \
                     peak_tflops: (bf16: {peak:e}, fp32: {peak:e}), bandwidth_tbs: {bw:e}, \
                     memory_gb: {mem:e}, source: \"s\")])"
                );
                let query = (kv * group).min(limits::HEADS.max as u64);
                let models = format!(
                    "(format_version: 1, models: [(id: \"m\", name: \"M\", params: {params:e}, \
                     layers: {layers}, hidden: {hidden}, ffn: {ffn}, query_heads: {query}, \
                     kv_heads: {kv}, head_dim: {head_dim}, vocab: {vocab}, tied_embeddings: {tied}, \
                     attention: Standard, source: \"s\")])"
                );
                (hardware, models)
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// Data files anywhere inside the ranges, any scenario: what loads computes.
    #[test]
    fn data_that_loads_computes(
        (hardware, models) in data_files(),
        s in scenarios(),
    ) {
        use roofline_tutor::content::data_files::{parse_hardware, parse_models};
        let (Ok(gpus), Ok(specs)) = (parse_hardware("hw.ron", &hardware), parse_models("m.ron", &models)) else {
            // Refused with a located reason (params below the embedding table, say).
            return Ok(());
        };
        let mut catalog = Catalog::default();
        catalog.add_gpus(gpus);
        catalog.add_models(specs);
        let s = Scenario { gpu: "g".into(), model: s.model.as_ref().map(|_| "m".into()), precision: Dtype::Bf16, ..s };
        let Ok(e) = s.evaluate(&catalog) else { return Ok(()) };
        for q in Quantity::ALL {
            if let Some(v) = q.number(&e) {
                prop_assert!(v.is_finite(), "{} = {v} for {s:?}\n{hardware}\n{models}", q.name());
            }
        }
        let text = calc::run(&catalog, &CalcArgs { scenario: s.clone(), json: false, explain: true, plan: PlanCli::default() })
            .map_err(|e| TestCaseError::fail(format!("{e:#}")))?;
        for bad in ["inf", "NaN", "18446744073709551615"] {
            prop_assert!(!text.contains(bad), "{bad} in calc output for {s:?}:\n{text}\n{hardware}\n{models}");
        }
    }
}
