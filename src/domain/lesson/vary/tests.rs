//! Drawing variants: deterministic per seed, and only variants that compute.

use super::*;
use crate::content::data_files::builtin_catalog;
use crate::domain::lesson::{NumberAnswer, ScenarioPatch, Step};

fn step(vary: &[Vary], quantity: &str) -> PredictStep {
    PredictStep {
        id: "p".into(),
        question:
            "On {gpu} with {model} in {precision} at batch {batch}, {context} tokens, TP {tp}?"
                .into(),
        scenario: Some(ScenarioPatch {
            model: Some("llama-3-8b".into()),
            ..ScenarioPatch::default()
        }),
        answer: Answer::Number(NumberAnswer {
            value: NumberSource::Quantity(quantity.into()),
            unit: "u".into(),
            tolerance: None,
        }),
        explanation: "e".into(),
        trap: None,
        vary: Some(vary.to_vec()),
        alone: None,
    }
}

#[test]
fn the_same_seed_draws_the_same_variant_and_other_seeds_draw_others() {
    let catalog = builtin_catalog();
    let active = Scenario::default_cluster();
    let step = step(&Vary::ALL, "step_time_ms");
    let draws = |seed| draw_variant(&step, &active, &catalog, seed).unwrap();
    for seed in 0..20 {
        assert_eq!(draws(seed), draws(seed), "seed {seed}");
    }
    let distinct: std::collections::HashSet<String> = (0..20)
        .map(|seed| format!("{:?}", draws(seed).scenario))
        .collect();
    assert!(distinct.len() >= 15, "{} distinct of 20", distinct.len());
}

#[test]
fn only_the_named_settings_change_and_each_variant_computes() {
    let catalog = builtin_catalog();
    let active = Scenario::default_cluster();
    let step = step(&[Vary::Batch], "fc_intensity");
    let base = scenario_for(step.scenario.as_ref(), &active);
    for seed in 0..30 {
        let variant = draw_variant(&step, &active, &catalog, seed).unwrap();
        assert_ne!(variant.scenario.batch, base.batch, "a fresh batch");
        assert!(BATCHES.contains(&variant.scenario.batch));
        let mut same = variant.scenario.clone();
        same.batch = base.batch;
        assert_eq!(same, base, "nothing else changed");
        let answer = resolve_number(
            &NumberSource::Quantity("fc_intensity".into()),
            &variant.scenario,
            &catalog,
        )
        .unwrap();
        assert!((answer - variant.answer).abs() < 1e-9);
    }
}

#[test]
fn variants_keep_to_what_the_hardware_and_model_allow() {
    let catalog = builtin_catalog();
    let active = Scenario::default_cluster();
    let step = step(
        &[Vary::Gpu, Vary::Precision, Vary::Tp, Vary::Model],
        "max_batch_kv",
    );
    for seed in 0..40 {
        let variant = draw_variant(&step, &active, &catalog, seed).unwrap();
        let s = &variant.scenario;
        let gpu = catalog.gpu(&s.gpu).unwrap();
        assert!(gpu.peak_flops(s.precision).is_some(), "{s:?}");
        let model = catalog.model(s.model.as_deref().unwrap()).unwrap();
        assert_eq!(model.kv_heads % s.tp, 0, "{s:?}");
        let evaluation = s.evaluate(&catalog).unwrap();
        let m = evaluation.model.unwrap();
        assert!(m.kv_budget_bytes > 0.0, "weights fit: {s:?}");
        assert!(
            u64::from(s.batch) <= m.max_batch_kv.unwrap(),
            "KV fits: {s:?}"
        );
    }
}

/// A cluster's batch is its server's limit (`max_num_seqs`): at 32K tokens and a limit of
/// 512, no catalog model keeps 512 sequences' KV on one H100, so a step that varies the model
/// (not the batch) is asked at the drawn model's KV wall, as a server runs no more sequences
/// than fit. Without that, no variant computed (issue 23: `roofline check` on a profile made
/// by `cluster new`, whose limit is 256).
#[test]
fn a_limit_beyond_every_models_wall_is_lowered_to_the_wall() {
    let catalog = builtin_catalog();
    let active = Scenario {
        context: 32_768,
        batch: 512,
        ..Scenario::default_cluster()
    };
    // No scenario of its own: the step is asked on the learner's cluster, as lesson 26's are.
    let step = PredictStep {
        scenario: None,
        ..step(&[Vary::Model], "kv_kib_per_token")
    };
    for seed in 0..4 {
        let v = draw_variant(&step, &active, &catalog, seed).unwrap();
        let m = v.scenario.evaluate(&catalog).unwrap().model.unwrap();
        let wall = m.max_batch_kv.unwrap();
        assert!(wall < 512, "seed {seed}: {wall}");
        assert_eq!(u64::from(v.scenario.batch), wall, "seed {seed}");
    }
}

#[test]
fn fixed_answers_cannot_vary() {
    let catalog = builtin_catalog();
    let active = Scenario::default_cluster();
    let mut literal = step(&[Vary::Batch], "ridge");
    literal.answer = Answer::Number(NumberAnswer {
        value: NumberSource::Literal(3.0),
        unit: "u".into(),
        tolerance: None,
    });
    assert_eq!(
        draw_variant(&literal, &active, &catalog, 1),
        Err(VaryError::FixedAnswer)
    );
}

/// Every variant a quiz or a review can draw from the shipped lessons computes, and the
/// question renders for it.
#[test]
fn every_variant_of_the_shipped_lessons_computes() {
    let catalog = builtin_catalog();
    let active = Scenario::default_cluster();
    let lessons = crate::content::lessons::builtin(&catalog).unwrap();
    for lesson in &lessons {
        for s in &lesson.steps {
            let Step::Predict(p) = s else { continue };
            if p.vary.is_none() {
                continue;
            }
            for seed in 0..25 {
                let variant = draw_variant(p, &active, &catalog, seed)
                    .unwrap_or_else(|e| panic!("{}/{}: {e}", lesson.id, p.id));
                assert!(variant.answer.is_finite() && variant.answer > 0.0);
                let question = crate::domain::lesson::template::render(
                    &p.question,
                    &variant.scenario,
                    &catalog,
                );
                assert!(
                    !question.contains(crate::domain::lesson::template::UNAVAILABLE),
                    "{}/{}: {question}",
                    lesson.id,
                    p.id
                );
            }
        }
    }
}

#[test]
fn vary_counts_count_only_quantity_answers() {
    let varied = step(&[Vary::Gpu], "ridge");
    let fixed = PredictStep {
        vary: None,
        ..step(&[], "ridge")
    };
    let literal = PredictStep {
        answer: Answer::Number(NumberAnswer {
            value: NumberSource::Literal(2.0),
            unit: "u".into(),
            tolerance: None,
        }),
        ..fixed.clone()
    };
    let lesson = crate::domain::lesson::Lesson {
        format_version: 1,
        id: "a".into(),
        title: "A".into(),
        summary: "s".into(),
        concepts: Vec::new(),
        steps: [varied, fixed, literal].map(Step::Predict).to_vec(),
    };
    let counts = VaryCounts::of(&lesson);
    assert_eq!(
        counts,
        VaryCounts {
            quantity_answers: 2,
            varied: 1
        }
    );
    assert!((counts.percent() - 50.0).abs() < 1e-9);
    assert_eq!(VaryCounts::total([&lesson, &lesson]).varied, 2);
    assert!((VaryCounts::default().percent() - 100.0).abs() < 1e-9);
}
