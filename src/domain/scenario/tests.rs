//! What a scenario refuses: the same rules for the calculator, cluster profiles and lessons.

use rstest::rstest;

use super::*;
use crate::content::data_files::builtin_catalog;
use crate::domain::roofline::Bound;

#[track_caller]
fn refused(change: impl FnOnce(&mut Scenario)) -> String {
    let mut s = Scenario::default_cluster();
    change(&mut s);
    s.evaluate(&builtin_catalog())
        .expect_err("the scenario is refused")
        .to_string()
}

/// The model's numbers for a scenario that evaluates.
#[track_caller]
fn model_of(s: &Scenario) -> ModelEvaluation {
    let e = s
        .evaluate(&builtin_catalog())
        .expect("the scenario evaluates");
    e.model.expect("the scenario names a model")
}

#[rstest]
#[case::prompt_zero(|s: &mut Scenario| s.prompt = 0, "prompt 0 is out of range")]
#[case::prompt_huge(|s: &mut Scenario| s.prompt = u64::MAX, "prompt 1.8446744073709552e19 is out of range")]
#[case::context_huge(|s: &mut Scenario| s.context = u64::MAX, "context 1.8446744073709552e19 is out of range")]
#[case::draft_65(|s: &mut Scenario| s.draft_tokens = 65, "draft_tokens must be between 0 and 64, not 65")]
#[case::overhead_beyond_memory(|s: &mut Scenario| s.overhead_gb = 85.6, "reserved overhead 85.6 GB is more than the 85.5 GB of H100 SXM5")]
fn out_of_range_settings_are_refused(#[case] change: fn(&mut Scenario), #[case] message: &str) {
    let why = refused(change);
    assert!(why.contains(message), "{why}");
}

#[test]
fn the_edges_still_evaluate() {
    let m = model_of(&Scenario {
        prompt: 1,
        draft_tokens: 64,
        overhead_gb: 80.0,
        ..Scenario::default_cluster()
    });
    // Nothing is left for the weights: they do not fit, and no KV wall is presented.
    assert_eq!(
        (m.fit, m.max_batch_kv, m.batch_limit()),
        (WeightFit::DoesNotFit, None, Some(0))
    );
}

/// One definition of "bound" (issue 24, part 3): `calc` called Llama-3-8B's step compute-bound
/// from batch 296 (the FLOPs outlast the weight bytes) while its decode dot, activations
/// counted, stays below the ridge until 325. The step's bound and the dot's side of the ridge
/// now agree: memory-bound through 325, compute-bound from 326.
#[rstest]
#[case::b295(295, Bound::Memory)]
#[case::b296(296, Bound::Memory)]
#[case::b300(300, Bound::Memory)]
#[case::b325(325, Bound::Memory)]
#[case::b326(326, Bound::Compute)]
#[case::b512(512, Bound::Compute)]
fn llama_8b_on_an_h100_is_bound_as_its_dot_says(#[case] batch: u32, #[case] bound: Bound) {
    let m = model_of(&Scenario {
        batch,
        context: 0,
        ..Scenario::default_cluster()
    });
    assert_eq!(
        (m.bound, m.decode_dot.bound),
        (bound, bound),
        "batch {batch}"
    );
}

/// Past the ridge, a step whose KV reads outlast its FLOPs still waits on memory.
#[test]
fn a_long_context_keeps_the_step_memory_bound_past_the_ridge() {
    let m = model_of(&Scenario {
        batch: 400,
        context: 32_768,
        mem_util: 1.0,
        ..Scenario::default_cluster()
    });
    assert_eq!(
        (m.decode_dot.bound, m.bound),
        (Bound::Compute, Bound::Memory)
    );
}
