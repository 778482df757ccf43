use super::*;
use crate::content::data_files::builtin_catalog;
use crate::content::links::builtin_links;
use crate::domain::link::find;
use crate::test_support::{llama_8b_4k, llama_70b_tp4, near};
use rstest::rstest;

fn inputs() -> DisaggInputs {
    DisaggInputs {
        prefill_gpus: 4,
        decode_gpus: 4,
        prefix_hit: 0.0,
        output_tokens: 256,
        chunk: 2048,
    }
}

/// `s` split into pools as `inputs` says, the prompt's KV crossing `link` (an id of the links
/// data).
#[track_caller]
fn split(s: &Scenario, inputs: &DisaggInputs, link: &str) -> Result<Disagg, PlanError> {
    let links = builtin_links();
    evaluate(s, &builtin_catalog(), inputs, find(&links, link).unwrap())
}

#[rstest]
// Reference: 80 KiB per GPU per prompt token; IB NDR 1.64 µs (4.6 % of 35.7 µs of prefill),
// NVLink 0.18 µs (0.5 %), 100 GbE 6.6 µs (18 %). Attention's T² term only lowers the share.
#[case::ib("ib-ndr", 1.64)]
#[case::nvlink("nvlink4", 0.182)]
#[case::ethernet("eth-100g", 6.55)]
fn kv_transfer_against_the_prefill(#[case] link: &str, #[case] us_per_token: f64) {
    // The prompt's compute per token (34.76 µs: see the next test).
    let share = us_per_token / 34.76;
    let d = split(&llama_70b_tp4(), &inputs(), link).unwrap();
    near(d.kv_bytes_per_gpu / 2048.0, 80.0 * 1024.0, 1e-6);
    near(d.transfer_s / 2048.0 * 1e6, us_per_token, 0.01);
    assert!(
        d.transfer_share <= 1.005 * share && d.transfer_share > 0.9 * share,
        "{}",
        d.transfer_share
    );
    near(
        d.ttft_s,
        d.prefill_s + d.transfer_s + d.decode_step_s,
        1e-12,
    );
    assert_eq!(d.prefill_bound, Bound::Compute);
    assert_eq!(d.decode_bound, Bound::Memory);
}

#[test]
fn the_prefill_compute_per_prompt_token_is_35_7_us() {
    let s = Scenario {
        prompt: 512,
        ..llama_70b_tp4()
    };
    let d = split(&s, &inputs(), "ib-ndr").unwrap();
    // The reference's 35.7 µs is 2 · 70.55e9 ÷ (4 · 989.4e12), every weight for every token.
    // The engine leaves out the input embedding (one row per token) and runs the output head
    // for the last prompt token only (issue 24): 2 · (70.55e9 − 2 · 1.05e9) ÷ (4 · 989.4e12)
    // = 34.6 µs, plus a little attention at 512 tokens.
    near(d.prefill_s / 512.0 * 1e6, 34.76, 0.3);
}

#[test]
fn a_prefix_hit_discounts_prefill_not_the_transfer() {
    let cold = split(&llama_70b_tp4(), &inputs(), "ib-ndr").unwrap();
    let warm = split(
        &llama_70b_tp4(),
        &DisaggInputs {
            prefix_hit: 0.5,
            ..inputs()
        },
        "ib-ndr",
    )
    .unwrap();
    assert_eq!(warm.prefill_tokens, 1024);
    assert!(warm.prefill_s < 0.55 * cold.prefill_s);
    near(warm.transfer_s, cold.transfer_s, 1e-15);
}

#[test]
fn splitting_spares_decode_the_prefill_chunk() {
    // Llama-3-8B on H100s at B = 64, 4K: decode alone 14.7 ms; with a 2,048-token chunk ≈ 32 ms.
    let mut s = llama_8b_4k();
    (s.batch, s.prompt) = (64, 2048);
    let i = DisaggInputs {
        prefill_gpus: 1,
        decode_gpus: 1,
        ..inputs()
    };
    let d = split(&s, &i, "nvlink4").unwrap();
    near(d.decode_step_s * 1e3, 14.7, 0.05);
    near(d.one_pool_tpot_s * 1e3, 32.0, 1.5);
    assert!(matches!(
        d.verdict,
        Verdict::SplitWins | Verdict::SplitFasterTokens
    ));
}

#[rstest]
#[case::prefill_not_whole_groups(3, 4)]
#[case::empty_decode(4, 0)]
fn pools_must_be_whole_tp_groups(#[case] p: u32, #[case] d: u32) {
    let i = DisaggInputs {
        prefill_gpus: p,
        decode_gpus: d,
        ..inputs()
    };
    // The pools are checked before the link is read.
    let e = split(&llama_70b_tp4(), &i, "ib-ndr").unwrap_err();
    assert!(matches!(e, PlanError::Pool { .. }));
}

#[test]
fn verdicts_cover_both_figures_of_merit() {
    let o = |rate_per_gpu, tpot_s| Outcome {
        rate_per_gpu,
        tpot_s,
    };
    assert_eq!(Verdict::of(o(2.0, 0.01), o(1.0, 0.02)), Verdict::SplitWins);
    assert_eq!(
        Verdict::of(o(1.0, 0.01), o(2.0, 0.02)),
        Verdict::SplitFasterTokens
    );
    assert_eq!(
        Verdict::of(o(1.0, 0.02), o(2.0, 0.02)),
        Verdict::OnePoolWins
    );
    assert_eq!(
        Verdict::of(o(2.0, 0.03), o(1.0, 0.02)),
        Verdict::SplitMoreRequests
    );
}

/// Under PP a replica is TP × PP GPUs: 8 GPUs per pool hold one TP 4 × PP 2 replica, so each
/// pool finishes half the requests the two TP 4 replicas of PP 1 do (the prefill and the step
/// take as long: the stages run in turn), and a pool of 4 is not a whole replica.
#[test]
fn pools_count_replicas_of_tp_times_pp() {
    let eight = DisaggInputs {
        prefill_gpus: 8,
        decode_gpus: 8,
        ..inputs()
    };
    let one = split(&llama_70b_tp4(), &eight, "ib-ndr").unwrap();
    let staged = Scenario {
        pp: 2,
        ..llama_70b_tp4()
    };
    let two = split(&staged, &eight, "ib-ndr").unwrap();
    near(two.prefill_rate, one.prefill_rate / 2.0, 1e-12);
    near(two.decode_rate, one.decode_rate / 2.0, 1e-12);
    near(two.rate_per_gpu, one.rate_per_gpu / 2.0, 1e-12);
    near(
        two.one_pool_rate_per_gpu,
        one.one_pool_rate_per_gpu / 2.0,
        1e-12,
    );
    let e = split(&staged, &inputs(), "ib-ndr").unwrap_err();
    assert_eq!(
        e.to_string(),
        "a pool of 4 GPUs is not a whole number of TP 4 × PP 2 replicas"
    );
}

/// The pools' rates divide by the GPUs of a replica, and their derivation names that input for
/// what it is: N, the TP group at one stage, TP × PP under a pipeline (it was written `TP`
/// whatever its value).
#[rstest]
#[case::one_stage(1, 4.0, "the tensor-parallel group")]
#[case::two_stages(2, 8.0, "TP in each of the PP stages")]
fn the_pool_rates_divide_by_the_replicas_gpus(
    #[case] pp: u32,
    #[case] gpus: f64,
    #[case] named: &str,
) {
    let eight = DisaggInputs {
        prefill_gpus: 8,
        decode_gpus: 8,
        ..inputs()
    };
    let s = Scenario {
        pp,
        ..llama_70b_tp4()
    };
    let links = builtin_links();
    let link = find(&links, "ib-ndr").unwrap();
    let catalog = builtin_catalog();
    let d = evaluate(&s, &catalog, &eight, link).unwrap();
    let all = derivations(&s, &catalog, &eight, link, &d).unwrap();
    for formula in [Formula::PrefillPoolRate, Formula::DecodePoolRate] {
        let rate = all.iter().find(|x| x.formula == formula).unwrap();
        let n = rate.inputs.iter().find(|i| i.symbol == "N").unwrap();
        near(n.value, gpus, 1e-12);
        assert!(n.name.ends_with(named), "{}", n.name);
    }
}
