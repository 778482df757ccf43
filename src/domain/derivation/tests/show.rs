//! How a derivation prints its figures: a unit that shows their size.

use rstest::rstest;

use super::super::show;

/// Bytes print in a unit that shows their size: a token's KV (128 KiB for Llama-3-8B) is not
/// `0.000 GB` (issue 24).
#[rstest]
#[case::kv_per_token(131_072.0, "128 KiB")]
#[case::mla_kv_per_token(70_272.0, "68.6 KiB")]
#[case::a_block(2_097_152.0, "2 MiB")]
#[case::a_prompt_shard(52_428_800.0 + 1e5, "50.1 MiB")]
#[case::a_sequence(536_870_912.0, "0.537 GB")]
#[case::alltoall(524_288.0, "512 KiB")]
#[case::under_a_kib(576.0, "576 bytes")]
#[case::none(0.0, "0 bytes")]
#[case::weights(16.06e9, "16.060 GB")]
fn bytes_show_in_a_unit_that_shows_their_size(#[case] bytes: f64, #[case] shown: &str) {
    assert_eq!(show(bytes, "bytes"), shown);
}

/// A per cent prints to one decimal, as the readouts print it (59.3 %, not 59.335 %).
#[rstest]
#[case::kv_usage(59.335_f64, "59.3 %")]
#[case::whole(100.0, "100.0 %")]
fn a_per_cent_shows_to_one_decimal(#[case] pct: f64, #[case] shown: &str) {
    assert_eq!(show(pct, "%"), shown);
}

/// FLOPs the same way: one context token's attention in Llama-3-70B is megaFLOPs, not
/// `0.0 GFLOP`.
#[rstest]
#[case::attention_per_token(2_621_440.0, "2.6 MFLOP")]
#[case::a_step(139.0e9, "139.0 GFLOP")]
#[case::tiny(512.0, "512 FLOP")]
fn flops_show_in_a_unit_that_shows_their_size(#[case] flops: f64, #[case] shown: &str) {
    assert_eq!(show(flops, "FLOP"), shown);
}
