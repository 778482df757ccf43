//! Pipeline parallel's memory (#25): PP stages split the layers, so each GPU holds the weights
//! and the KV of its stage's layers only, while one decode step still passes through every
//! stage in turn. Checked by hand from Llama-3-70B's config and the H100's capacity.

#[path = "engine/quantity.rs"]
mod quantity;

#[path = "engine/near.rs"]
mod near;

use near::assert_near;
use quantity::q;
use roofline_tutor::content::data_files::builtin_catalog;
use roofline_tutor::domain::quantity::Quantity;
use roofline_tutor::domain::scenario::Scenario;
use rstest::rstest;

/// Llama-3-70B BF16 on H100 SXMs at 8K context, batch 1.
fn llama_70b(tp: u32, pp: u32) -> Scenario {
    Scenario {
        model: Some("llama-3-70b".to_owned()),
        context: 8192,
        tp,
        pp,
        ..Scenario::for_gpu("h100-sxm")
    }
}

/// Llama-3-70B's config: 70,553,706,496 parameters at 2 bytes; KV 2 × 80 layers × 8 heads ×
/// 128 × 2 bytes per token. The H100's 81,559 MiB, 90 % of it usable, less 3 GB of reserve.
const WEIGHTS: f64 = 70_553_706_496.0 * 2.0;
const KV_PER_TOKEN: f64 = 2.0 * 80.0 * 8.0 * 128.0 * 2.0;
const USABLE: f64 = 81_559.0 * 1_048_576.0 * 0.9 - 3e9;

/// Each GPU holds W ÷ (TP · PP) of the weights and 1 ÷ (TP · PP) of every sequence's KV (its
/// heads of its stage's layers): the KV wall is ⌊(usable − W/GPU) ÷ (KV at 8K ÷ (TP · PP))⌋.
#[rstest]
#[case::tp4_pp1(4, 1, 57.0)]
#[case::tp4_pp2(4, 2, 167.0)]
#[case::tp2_pp4(2, 4, 167.0)]
#[case::tp1_pp2(1, 2, 2.0)]
fn weights_and_kv_per_gpu_divide_by_every_gpu_of_the_replica(
    #[case] tp: u32,
    #[case] pp: u32,
    #[case] wall: f64,
) {
    let s = llama_70b(tp, pp);
    let gpus = f64::from(tp * pp);
    let held = WEIGHTS / gpus;
    let sequence = KV_PER_TOKEN * 8192.0 / gpus;
    assert_near(
        q(&s, Quantity::WeightGbStoredPerGpu),
        held / 1e9,
        1e-9 * held,
    );
    assert_near(
        q(&s, Quantity::SequenceGbPerGpu),
        sequence / 1e9,
        1e-9 * sequence,
    );
    assert_near(q(&s, Quantity::KvBudgetGb), (USABLE - held) / 1e9, 1e-6);
    assert_near(((USABLE - held) / sequence).floor(), wall, 0.0);
    assert_near(q(&s, Quantity::MaxBatchKv), wall, 0.0);
}

/// PP 2 against PP 1 at TP 4: the weights per GPU halve and the KV wall more than doubles (the
/// budget grows as the sequence shrinks), but one decode step passes through both stages in
/// turn: the step time at the roofs is the same, so tokens/s per GPU, over twice the GPUs,
/// halves, and the cost and the energy per token double.
#[test]
fn pipeline_stages_halve_the_memory_but_not_the_step() {
    let one = llama_70b(4, 1);
    let two = llama_70b(4, 2);
    assert_near(
        q(&two, Quantity::WeightGbStoredPerGpu),
        q(&one, Quantity::WeightGbStoredPerGpu) / 2.0,
        1e-9,
    );
    assert!(q(&two, Quantity::MaxBatchKv) > 2.0 * q(&one, Quantity::MaxBatchKv));
    for same in [
        Quantity::StepTimeMs,
        Quantity::TokensPerS,
        Quantity::WeightGbPerGpu,
        Quantity::TtftMs,
    ] {
        assert_near(q(&two, same), q(&one, same), 1e-9 * q(&one, same));
    }
    for (halves, k) in [
        (Quantity::TokensPerSPerGpu, 0.5),
        (Quantity::UsdPerMillionTokens, 2.0),
        (Quantity::EnergyPerTokenJ, 2.0),
    ] {
        let want = q(&one, halves) * k;
        assert_near(q(&two, halves), want, 1e-9 * want);
    }
    // By hand: batch 1 at TP 4 reads the weights less the embedding table (one row of it per
    // token: 128,256 × 8,192 parameters stay unread) plus the 8K KV, ÷ 4 per GPU at 3.35 TB/s,
    // and 8 GPUs share the tokens.
    let read = WEIGHTS - 128_256.0 * 8192.0 * 2.0;
    let step_s = (read + KV_PER_TOKEN * 8192.0) / 4.0 / 3.35e12;
    let per_gpu = 1.0 / step_s / 8.0;
    assert_near(q(&two, Quantity::TokensPerSPerGpu), per_gpu, per_gpu * 1e-3);
}

/// PP 4 at batch 1 is no faster than one GPU that could hold the model: the stages take turns.
#[test]
fn pp4_at_batch_1_is_no_faster_than_one_stage() {
    let s = |pp| Scenario {
        context: 0,
        ..llama_70b(1, pp)
    };
    let one = q(&s(1), Quantity::StepTimeMs);
    assert_near(q(&s(4), Quantity::StepTimeMs), one, 1e-9 * one);
}

/// Llama-3-70B in BF16 does not fit one H100 (141 GB of weights), and fits two as pipeline
/// stages (70.6 GB each, under 74.0 GB usable): the fit check and the KV wall agree.
#[test]
fn a_model_too_big_for_one_gpu_fits_two_stages() {
    let e = |pp| {
        llama_70b(1, pp)
            .evaluate(&builtin_catalog())
            .expect("scenario evaluates")
            .model
            .expect("a model")
    };
    assert!(!e(1).fit.fits());
    assert_eq!(e(1).batch_limit(), Some(0));
    assert!(e(2).fit.fits());
    assert_eq!(e(2).batch_limit(), Some(2));
}

/// GPUs for a rate count every GPU of a replica: ⌈C ÷ B⌉ × TP × PP.
#[test]
fn gpus_for_a_rate_count_the_pipeline_stages() {
    let s = |pp| Scenario {
        rate: Some(2.0),
        batch: 8,
        ..llama_70b(4, pp)
    };
    let c = q(&s(2), Quantity::Concurrency);
    assert_near(
        q(&s(2), Quantity::GpusForRate),
        (c / 8.0).ceil().max(1.0) * 8.0,
        0.0,
    );
    assert_near(
        q(&s(2), Quantity::GpusForRate),
        2.0 * q(&s(1), Quantity::GpusForRate),
        1e-9,
    );
}

/// The pipeline's sends, by hand: at batch 64 each boundary carries 64 × 8,192 × 2 bytes (the
/// whole activation, every rank of a TP 4 stage to its peer at once), plus one hop. Two stages
/// of four share an HGX board (NVLink 4: 450 GB/s, 1 µs a hop); four stages fill two boards,
/// so one of the three boundaries crosses InfiniBand NDR (50 GB/s, 2 µs).
#[rstest]
#[case::one_board(2, 1.0, 0.0)]
#[case::two_boards(4, 2.0, 1.0)]
fn pipeline_sends_of_70b_by_hand(#[case] pp: u32, #[case] nvlink: f64, #[case] nic: f64) {
    let s = Scenario {
        batch: 64,
        ..llama_70b(4, pp)
    };
    let bytes = 64.0 * 8192.0 * 2.0;
    let want_s = nvlink * (bytes / 450e9 + 1e-6) + nic * (bytes / 50e9 + 2e-6);
    assert_near(q(&s, Quantity::PpSendMs), want_s * 1e3, want_s * 1e-6);
}

/// Split serving under PP: each GPU sends the prompt's KV of its own heads in its own stage's
/// layers, all at once, so the transfer per GPU and its time halve at PP 2: 2,048 tokens ×
/// 327,680 bytes ÷ 8 GPUs over InfiniBand NDR's 50 GB/s.
#[test]
fn each_stage_sends_its_own_layers_kv() {
    let s = |pp| Scenario {
        link: Some("ib-ndr".to_owned()),
        ..llama_70b(4, pp)
    };
    let want_ms = 2048.0 * KV_PER_TOKEN / 8.0 / 50e9 * 1e3;
    assert_near(q(&s(2), Quantity::KvTransferMs), want_ms, want_ms * 1e-9);
    assert_near(
        q(&s(1), Quantity::KvTransferMs),
        2.0 * want_ms,
        want_ms * 1e-9,
    );
}
