use super::*;
use rstest::rstest;

#[rstest]
#[case::share_beside_the_ridge(Q::Ridge, Q::RidgeSharePct)]
#[case::the_bandwidth_beside_the_peak(Q::Ridge, Q::BandwidthTbs)]
#[case::tokens_per_s_beside_the_batch(Q::StepTimeMs, Q::TokensPerS)]
#[case::step_time_beside_the_batch(Q::TokensPerS, Q::StepTimeMs)]
#[case::tpot_is_the_step_time(Q::TpotMs, Q::TokensPerS)]
#[case::intensity_beside_the_ridge(Q::RidgeSharePct, Q::DecodeDotIntensity)]
#[case::share_beside_the_intensity(Q::ExpertIntensity, Q::RidgeSharePct)]
#[case::attainable_beside_the_bandwidth(Q::DecodeDotIntensity, Q::AttainableTflops)]
#[case::prefill_is_the_dot_at_batch_p(Q::PrefillIntensity, Q::DecodeDotIntensity)]
#[case::share_beside_the_batch(Q::BatchToRidge, Q::RidgeSharePct)]
#[case::cost_from_tokens_per_s(Q::UsdPerMillionTokens, Q::TokensPerS)]
#[case::per_sequence_is_the_total_at_batch_1(Q::TokensPerSPerSeq, Q::TokensPerS)]
#[case::per_gpu_is_the_total_over_tp(Q::TokensPerS, Q::TokensPerSPerGpu)]
#[case::per_gpu_beside_per_user(Q::TokensPerSPerSeq, Q::TokensPerSPerGpu)]
#[case::per_user_beside_per_gpu(Q::TokensPerSPerGpu, Q::TokensPerSPerSeq)]
#[case::per_user_is_one_over_the_step(Q::StepTimeMs, Q::TokensPerSPerSeq)]
#[case::the_share_beside_the_all_reduce(Q::CommSharePct, Q::AllreduceMs)]
#[case::the_all_reduce_beside_the_sum(Q::StepWithCommMs, Q::AllreduceMs)]
#[case::the_sum_beside_the_all_reduce(Q::AllreduceMs, Q::StepWithCommMs)]
#[case::the_share_beside_the_step(Q::StepTimeMs, Q::CommSharePct)]
#[case::latency_is_most_of_the_all_reduce(Q::AllreduceLatencyMs, Q::AllreduceMs)]
#[case::tokens_per_expert_is_the_expert_ai_in_bf16(Q::TokensPerExpert, Q::ExpertIntensity)]
#[case::the_expert_ai_is_tokens_per_expert_in_bf16(Q::ExpertIntensity, Q::TokensPerExpert)]
#[case::ttft_is_the_step_at_batch_p(Q::TtftMs, Q::StepTimeMs)]
#[case::the_prefill_is_the_step_at_batch_p(Q::PrefillMs, Q::StepTimeMs)]
fn withholds_what_gives_the_answer_in_one_operation(
    #[case] asked: Quantity,
    #[case] also: Quantity,
) {
    let family = family(asked);
    assert!(
        family.contains(&asked) && family.contains(&also),
        "{family:?}"
    );
}

#[rstest]
#[case::the_peak_stays_when_the_bandwidth_goes(Q::Ridge, Q::PeakTflops)]
#[case::the_ridge_stays_beside_a_hidden_share(Q::DecodeDotIntensity, Q::Ridge)]
#[case::tokens_per_s_stays_for_an_intensity(Q::DecodeDotIntensity, Q::TokensPerS)]
#[case::the_wall_is_not_a_step_time(Q::StepTimeMs, Q::MaxBatchKv)]
fn keeps_what_does_not_give_it(#[case] asked: Quantity, #[case] kept: Quantity) {
    assert!(!family(asked).contains(&kept), "{:?}", family(asked));
}

#[rstest]
#[case::the_measured_step_beside_mbu(Q::MeasuredTpotMs, &[MeasuredFigure::Mbu, MeasuredFigure::Mfu])]
#[case::the_step_time_keeps_the_shares(Q::StepTimeMs, &[])]
#[case::the_memory_time_keeps_them_too(Q::MemoryTimeMs, &[])]
#[case::mfu_is_mbu_times_the_share(Q::RidgeSharePct, &[MeasuredFigure::Mfu])]
#[case::tokens_per_s_keeps_them(Q::TokensPerS, &[])]
#[case::the_ridge_withholds_the_share_and_so_mfu(Q::Ridge, &[MeasuredFigure::Mfu])]
#[case::an_intensity_too(Q::DecodeDotIntensity, &[MeasuredFigure::Mfu])]
#[case::the_batch_to_the_ridge_too(Q::BatchToRidge, &[MeasuredFigure::Mfu])]
fn measured_shares_go_only_where_they_give_the_answer(
    #[case] asked: Quantity,
    #[case] expected: &[MeasuredFigure],
) {
    assert_eq!(measured_family(asked), expected);
    // The point's batch is a setting of the measurement: never withheld.
    assert!(!measured_family(asked).contains(&MeasuredFigure::Batch));
}

#[test]
fn the_step_time_withholds_the_measured_step_not_the_share() {
    // MBU beside the measured step gives the memory time; the measured step is never on
    // screen, so it is the one that goes and the MBU label stays.
    assert!(family(Q::StepTimeMs).contains(&Q::MeasuredTpotMs));
    assert!(!family(Q::MeasuredTpotMs).contains(&Q::StepTimeMs));
}

#[test]
fn every_quantity_has_a_family_that_holds_it() {
    for q in Quantity::ALL {
        assert!(family(q).contains(&q), "{q:?}");
    }
}
