//! Walks over the whole table of quantities, in every scenario: each derivation recomputes
//! its figure, per cent stays per cent, and only searched figures are found again.

use rstest::rstest;

use super::super::{bound_number, of_quantity};
use super::{
    builtin_catalog, evaluated, llama_8b, llama_70b_cluster, parallel, scenarios, sliding,
    sliding_model,
};
use crate::domain::quantity::{Quantity, QuantityValue};
use crate::domain::scenario::Scenario;

/// Every quantity (the enum's own list, checked exhaustively in `quantity`'s tests), in every
/// scenario: where the engine gives a value, the derivation's own inputs through its own
/// formula give the same figure (relative 1e-9, in the quantity's unit); where the engine gives
/// none (an expert figure of a dense model, no target set, …), there is no derivation either,
/// and the quantity is skipped by name. Every quantity is derived in at least one scenario.
#[test]
fn each_quantitys_derivation_recomputes_its_figure() {
    let mut catalog = builtin_catalog();
    catalog.add_models([sliding_model()]);
    let mut derived = std::collections::BTreeSet::new();
    for s in scenarios().into_iter().chain([sliding(), parallel()]) {
        let (e, gpu, model) = evaluated(&catalog, &s);
        for q in Quantity::ALL {
            let d = of_quantity(q, &s, &e, gpu, model);
            let (value, d) = match (q.value(&e), d) {
                (None, None) => continue, // does not apply in this scenario
                (Some(v), Some(d)) => (v, d),
                (v, d) => panic!("{q} in {s:?}: value {v:?}, derivation {d:?}"),
            };
            let recomputed = d.recompute();
            assert!(
                (recomputed - d.value).abs() <= 1e-9 * d.value.abs(),
                "{q}: {recomputed} against {}",
                d.value
            );
            let shown = match value {
                QuantityValue::Number(v) => v,
                QuantityValue::Bound(b) => bound_number(b),
            };
            let got = d
                .recompute_in(q.unit())
                .unwrap_or_else(|| panic!("{q}: {} does not convert to {}", d.unit, q.unit()));
            assert!(
                (got - shown).abs() <= 1e-9 * shown.abs(),
                "{q} in {}: {got} against {shown}",
                s.model.as_deref().unwrap_or("")
            );
            assert_eq!(d.figure, q.name());
            assert!(!d.assumptions.is_empty(), "{q}");
            for i in &d.inputs {
                assert!(
                    d.formula.symbols().contains(i.symbol),
                    "{} in {q}",
                    i.symbol
                );
                assert!(i.value.is_finite(), "{} of {q}", i.symbol);
            }
            derived.insert(q.name());
        }
    }
    let never: Vec<_> = Quantity::ALL
        .iter()
        .filter(|q| !derived.contains(q.name()))
        .collect();
    assert!(never.is_empty(), "never derived: {never:?}");
}

/// A figure in per cent is derived in per cent (issue 24): its derivation's value, unit and
/// formula are the figure's, not a fraction the reader must multiply by 100. Every `%`
/// quantity, in every scenario that has it.
#[test]
fn per_cent_figures_are_derived_in_per_cent() {
    let catalog = builtin_catalog();
    let per_cent: Vec<Quantity> = Quantity::ALL
        .into_iter()
        .filter(|q| q.unit() == "%")
        .collect();
    assert!(per_cent.len() >= 6, "{per_cent:?}");
    let mut seen = std::collections::BTreeSet::new();
    for s in scenarios() {
        let (e, gpu, model) = evaluated(&catalog, &s);
        for &q in &per_cent {
            let Some(d) = of_quantity(q, &s, &e, gpu, model) else {
                continue;
            };
            let Some(QuantityValue::Number(shown)) = q.value(&e) else {
                panic!("{q}: no number");
            };
            assert_eq!(d.unit, "%", "{q}");
            assert!(
                (d.value - shown).abs() <= 1e-9 * shown.abs(),
                "{q}: {} against {shown}",
                d.value
            );
            assert!(
                (d.recompute() - shown).abs() <= 1e-9 * shown.abs(),
                "{q}: recomputes {} against {shown}",
                d.recompute()
            );
            assert!(
                d.formula.symbols().contains("100"),
                "{q}: {}",
                d.formula.symbols()
            );
            assert!(
                d.formula.words().contains("per cent"),
                "{q}: {}",
                d.formula.words()
            );
            seen.insert(q.name());
        }
    }
    assert_eq!(seen.len(), per_cent.len(), "derived: {seen:?}");
}

/// A searched figure names the input whose 10 % rise moves it most, found by running the
/// search again (issue 24): Llama-3-70B at TP 4 under a 25 ms target is memory-bound, so more
/// bandwidth lets a larger batch meet the target; capped by the KV wall at 8K context, the
/// batch moves with the GPU's memory instead. The rerun's "from" is the figure itself, and
/// the rise moves it the way the physics says.
#[rstest]
#[case::no_wall(Quantity::TargetBatchNoWall, "memory bandwidth")]
#[case::capped_by_the_wall(Quantity::TargetBatch, "GPU memory")]
fn a_searched_batch_names_the_input_that_moves_it_most(#[case] q: Quantity, #[case] input: &str) {
    let s = llama_70b_cluster();
    let catalog = builtin_catalog();
    let (e, gpu, model) = evaluated(&catalog, &s);
    let d = of_quantity(q, &s, &e, gpu, model).unwrap();
    assert!(!d.reruns.is_empty(), "{q}");
    for r in &d.reruns {
        assert_eq!(r.from.to_bits(), d.value.to_bits(), "{q}: {r:?}");
        assert!(r.to.is_finite(), "{q}: {r:?}");
    }
    let most = d.rerun_most().unwrap();
    assert_eq!(most.input, input, "{q}: {:?}", d.reruns);
    assert!(most.to > most.from, "{q}: {most:?}");
    let words = d.moves_most("→").unwrap();
    assert!(
        words.starts_with(&format!("{input} +10 % → {} ", q.name())),
        "{words}"
    );
}

/// Every searched figure carries its reruns, and a figure a formula computes carries none.
#[test]
fn only_searched_figures_are_found_again() {
    let catalog = builtin_catalog();
    let searched = [
        Quantity::TargetBatchNoWall,
        Quantity::TargetBatch,
        Quantity::BendBatch,
        Quantity::TpToFit,
    ];
    let mut seen = std::collections::BTreeSet::new();
    for s in scenarios() {
        let (e, gpu, model) = evaluated(&catalog, &s);
        for q in Quantity::ALL {
            let Some(d) = of_quantity(q, &s, &e, gpu, model) else {
                continue;
            };
            if searched.contains(&q) {
                assert!(!d.reruns.is_empty(), "{q}");
                assert!(d.moves_most("→").is_some(), "{q}");
                seen.insert(q.name());
            } else {
                assert!(d.reruns.is_empty(), "{q}: {:?}", d.reruns);
            }
        }
    }
    assert_eq!(seen.len(), searched.len(), "{seen:?}");
}

/// At the search's last batch there is no B + 1: the largest-meeting derivation shows the
/// batch, its step and the budget, leaves the next step out (it is `None`, never infinite),
/// and still recomputes its figure.
#[test]
fn the_largest_meeting_batch_at_the_searchs_bound_is_derived_without_a_next_step() {
    let s = Scenario {
        tpot_target_ms: Some(1e12),
        ..llama_8b()
    };
    let catalog = builtin_catalog();
    let (e, gpu, model) = evaluated(&catalog, &s);
    let target = e.cluster.as_ref().unwrap().target.unwrap();
    assert_eq!(target.next_step_s, None, "{target:?}");
    let d = of_quantity(Quantity::TargetBatchNoWall, &s, &e, gpu, model).unwrap();
    let symbols: Vec<&str> = d.inputs.iter().map(|i| i.symbol).collect();
    assert_eq!(symbols, ["B", "t_B", "t*"]);
    assert_eq!(d.recompute().to_bits(), f64::from(target.no_wall).to_bits());
    assert!(d.inputs.iter().all(|i| i.value.is_finite()), "{d:?}");
}
