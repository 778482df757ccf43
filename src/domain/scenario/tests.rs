//! What a scenario refuses: the same rules for the calculator, cluster profiles and lessons.

use rstest::rstest;

use super::*;
use crate::content::data_files::builtin_catalog;

#[track_caller]
fn refused(change: impl FnOnce(&mut Scenario)) -> String {
    let mut s = Scenario::default_cluster();
    change(&mut s);
    s.evaluate(&builtin_catalog())
        .expect_err("the scenario is refused")
        .to_string()
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
    let catalog = builtin_catalog();
    let s = Scenario {
        prompt: 1,
        draft_tokens: 64,
        overhead_gb: 80.0,
        ..Scenario::default_cluster()
    };
    let e = s.evaluate(&catalog).unwrap();
    let m = e.model.unwrap();
    // Nothing is left for the weights: they do not fit, and no KV wall is presented.
    assert_eq!(
        (m.fit, m.max_batch_kv, m.batch_limit()),
        (WeightFit::DoesNotFit, None, Some(0))
    );
}
