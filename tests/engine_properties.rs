//! Shape properties of the engine over random scenarios on the built-in data.

use proptest::prelude::*;
use roofline_tutor::content::data_files::builtin_catalog;
use roofline_tutor::domain::catalog::Catalog;
use roofline_tutor::domain::dtype::Dtype;
use roofline_tutor::domain::quantity::Quantity;
use roofline_tutor::domain::scenario::Scenario;
use std::sync::LazyLock;

static CATALOG: LazyLock<Catalog> = LazyLock::new(builtin_catalog);

fn scenarios() -> impl Strategy<Value = Scenario> {
    let gpus: Vec<String> = CATALOG.gpus.iter().map(|g| g.id.clone()).collect();
    let models: Vec<String> = CATALOG.models.iter().map(|m| m.id.clone()).collect();
    (
        prop::sample::select(gpus),
        prop::sample::select(models),
        prop::sample::select(vec![Dtype::Bf16, Dtype::Int8]),
        prop::sample::select(vec![Dtype::Bf16, Dtype::Fp8, Dtype::Int4]),
        prop::sample::select(vec![Dtype::Bf16, Dtype::Fp8]),
        1u32..4096,
        prop::sample::select(vec![0u64, 1024, 4096, 32_768, 131_072]),
        prop::sample::select(vec![1u32, 2, 4]),
        any::<bool>(),
    )
        .prop_map(
            |(gpu, model, precision, weights, kv, batch, context, tp, attention_dp)| Scenario {
                attention_dp,
                model: Some(model),
                precision,
                weights,
                kv,
                batch,
                context,
                tp,
                ..Scenario::for_gpu(&gpu)
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn attention_intensity_ignores_batch_and_context(s in scenarios(), other_batch in 1u32..4096) {
        let Ok(e) = s.evaluate(&CATALOG) else { return Ok(()) };
        let moved = Scenario { batch: other_batch, context: s.context * 2 + 7, ..s.clone() };
        let e2 = moved.evaluate(&CATALOG).unwrap();
        let (a, b) = (e.model.unwrap().attention_intensity, e2.model.unwrap().attention_intensity);
        prop_assert!((a - b).abs() < 1e-12);
    }

    #[test]
    fn fc_intensity_rises_with_batch_under_the_approximation(s in scenarios()) {
        let Ok(e) = s.evaluate(&CATALOG) else { return Ok(()) };
        let next = Scenario { batch: s.batch + 1, ..s.clone() }.evaluate(&CATALOG).unwrap();
        let (m, n) = (e.model.unwrap(), next.model.unwrap());
        prop_assert!(n.fc_intensity > m.fc_intensity);
        prop_assert!(m.fc_intensity < m.fc_intensity_approx);
    }

    #[test]
    fn step_time_is_the_larger_term_and_never_beats_either_roof(s in scenarios()) {
        let Ok(e) = s.evaluate(&CATALOG) else { return Ok(()) };
        let m = e.model.unwrap();
        prop_assert!(m.step_time_s >= m.memory_time_s && m.step_time_s >= m.compute_time_s);
        prop_assert!(m.decode_dot.attainable_flops <= e.peak_flops * (1.0 + 1e-12));
        prop_assert!(m.tokens_per_s > 0.0 && m.tokens_per_s.is_finite());
    }

    #[test]
    fn aggregate_throughput_never_falls_with_batch(s in scenarios()) {
        let Ok(e) = s.evaluate(&CATALOG) else { return Ok(()) };
        let double = Scenario { batch: s.batch * 2, ..s.clone() }.evaluate(&CATALOG).unwrap();
        prop_assert!(double.model.unwrap().tokens_per_s >= e.model.unwrap().tokens_per_s * (1.0 - 1e-12));
    }

    #[test]
    fn kv_limited_batch_fits_and_one_more_does_not(s in scenarios()) {
        let Ok(e) = s.evaluate(&CATALOG) else { return Ok(()) };
        let m = e.model.unwrap();
        match m.max_batch_kv {
            None => prop_assert!(s.context == 0 || !m.fit.fits()),
            Some(b) => {
                prop_assert!(m.fit.fits());
                // Sequences per GPU that holds them: all of the replica's, or 1/TP of them
                // under data-parallel attention.
                let per_gpu = if s.attention_dp { b / u64::from(s.tp) } else { b };
                let per_seq = m.sequence_bytes_per_gpu;
                prop_assert!(per_gpu as f64 * per_seq <= m.kv_budget_bytes + 1e-3);
                prop_assert!((per_gpu + 1) as f64 * per_seq > m.kv_budget_bytes);
            }
        }
    }

    #[test]
    fn weights_that_do_not_fit_have_no_kv_wall(s in scenarios()) {
        let Ok(e) = s.evaluate(&CATALOG) else { return Ok(()) };
        let m = e.model.unwrap();
        let fits = m.weight_bytes_stored_per_gpu <= m.usable_bytes_per_gpu;
        prop_assert_eq!(m.fit.fits(), fits);
        if !fits {
            prop_assert_eq!(m.max_batch_kv, None);
            prop_assert_eq!(m.batch_limit(), Some(0));
        }
    }

    #[test]
    fn the_decode_dot_is_what_every_surface_reads(s in scenarios()) {
        let Ok(e) = s.evaluate(&CATALOG) else { return Ok(()) };
        let m = e.model.clone().unwrap();
        let dot = m.decode_dot;
        prop_assert!((dot.intensity - m.moe.map_or(m.fc_intensity, |moe| moe.expert_intensity)).abs() < 1e-9);
        let share = Quantity::RidgeSharePct.number(&e).unwrap();
        prop_assert!((share - 100.0 * dot.intensity / e.ridge).abs() < 1e-9);
        let attainable = Quantity::AttainableTflops.number(&e).unwrap() * 1e12;
        prop_assert!((attainable - (dot.intensity * e.bandwidth).min(e.peak_flops)).abs() < 1.0);
        let shown = Quantity::DecodeDotIntensity.number(&e).unwrap();
        prop_assert!((shown - dot.intensity).abs() < 1e-12);
    }
}

fn moe_scenarios() -> impl Strategy<Value = Scenario> {
    (
        prop::sample::select(vec!["mixtral-8x7b", "qwen3-30b-a3b", "deepseek-v3"]),
        prop::sample::select(vec![Dtype::Bf16, Dtype::Fp8]),
        1u32..20_000,
        0u32..5,
    )
        .prop_map(|(model, precision, batch, draft_tokens)| Scenario {
            model: Some(model.to_owned()),
            precision,
            weights: precision,
            batch,
            draft_tokens,
            ..Scenario::for_gpu("h200")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn moe_dot_rises_with_batch_and_stays_under_the_dense_layers(s in moe_scenarios()) {
        let m = s.evaluate(&CATALOG).unwrap().model.unwrap();
        let next = Scenario { batch: s.batch + 1, ..s.clone() }.evaluate(&CATALOG).unwrap();
        let n = next.model.unwrap();
        let (here, there) = (m.moe.unwrap().expert_intensity, n.moe.unwrap().expert_intensity);
        prop_assert!(there > here, "{here} → {there}");
        prop_assert!(here <= m.fc_intensity * (1.0 + 1e-12), "{here} > dense {}", m.fc_intensity);
        prop_assert!((m.decode_dot.intensity - here).abs() < 1e-12);
    }

    #[test]
    fn mla_kv_per_gpu_does_not_fall_with_tp_unless_attention_is_data_parallel(
        tp in prop::sample::select(vec![2u32, 4, 8, 16]),
        batch in 1u32..512,
        context in prop::sample::select(vec![1024u64, 4096, 32_768]),
    ) {
        let base = Scenario {
            model: Some("deepseek-v3".to_owned()),
            precision: Dtype::Fp8,
            weights: Dtype::Fp8,
            batch,
            context,
            ..Scenario::for_gpu("h200")
        };
        let one = base.evaluate(&CATALOG).unwrap().model.unwrap();
        let split = Scenario { tp, ..base.clone() }.evaluate(&CATALOG).unwrap().model.unwrap();
        prop_assert!(split.kv_bytes_read_per_gpu >= one.kv_bytes_read_per_gpu * (1.0 - 1e-12));
        prop_assert!(split.sequence_bytes_per_gpu >= one.sequence_bytes_per_gpu * (1.0 - 1e-12));
        let dp = Scenario { tp, attention_dp: true, ..base }.evaluate(&CATALOG).unwrap().model.unwrap();
        prop_assert!(dp.kv_bytes_read_per_gpu < one.kv_bytes_read_per_gpu);
        prop_assert!((dp.attention_intensity - one.attention_intensity).abs() < 1e-9);
        prop_assert!(split.attention_intensity < one.attention_intensity);
    }
}
