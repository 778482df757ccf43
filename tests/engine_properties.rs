//! Shape properties of the engine over random scenarios on the built-in data.

use proptest::prelude::*;
use roofline_tutor::content::data_files::builtin_catalog;
use roofline_tutor::domain::catalog::Catalog;
use roofline_tutor::domain::dtype::Dtype;
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
    )
        .prop_map(
            |(gpu, model, precision, weights, kv, batch, context, tp)| Scenario {
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
        prop_assert!(m.attainable_flops <= e.peak_flops * (1.0 + 1e-12));
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
            None => prop_assert_eq!(s.context, 0),
            Some(b) => {
                let per_seq = s.context as f64 * m.kv_bytes_per_token / f64::from(s.tp);
                prop_assert!(b as f64 * per_seq <= m.kv_budget_bytes + 1e-3);
                prop_assert!((b + 1) as f64 * per_seq > m.kv_budget_bytes);
            }
        }
    }
}
