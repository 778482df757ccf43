use rstest::rstest;

use super::*;
use crate::content::data_files::builtin_catalog;
use crate::domain::link::fixtures::nvlink4;

fn link(id: &str, gbs: f64, base: f64, hop: f64) -> Link {
    Link {
        id: id.to_owned(),
        name: id.to_owned(),
        gbs,
        base_latency_us: base,
        hop_latency_us: hop,
        source: "test".to_owned(),
    }
}

/// InfiniBand NDR as the tests take it: 50 GB/s, 10 µs a call and 2 µs a hop.
fn ndr() -> Link {
    link("ib-ndr", 50.0, 10.0, 2.0)
}

/// An HGX board: `up` among 8 GPUs, `out` of it.
fn hgx<'a>(up: &'a Link, out: &'a Link) -> Fabric<'a> {
    Fabric {
        up,
        out: Some(out),
        domain: Some(8),
    }
}

#[track_caller]
fn near(got: f64, want: f64) {
    assert!(
        (got - want).abs() <= 1e-9 * want.abs().max(1e-12),
        "expected {want}, got {got}"
    );
}

#[track_caller]
fn model(id: &str) -> ModelSpec {
    builtin_catalog()
        .model(id)
        .expect("a shipped model")
        .clone()
}

/// An HGX H100 board: NVLink 4 among 8 GPUs, InfiniBand NDR out of it.
#[rstest]
// DeepSeek-V3 decode, B = 64, BF16: X = 2 · 64 · 8 · 7,168 · 2 = 14,680,064 B per layer.
// EP 8 fits the board: 7/8 · X / 450 GB/s = 28.545 µs a layer, × 58 layers; each of the
// 116 calls pays NVLink's 6 + 7 · 1 = 13 µs.
#[case::ep8_inside_the_board(8, 14_680_064.0 * 7.0 / 8.0 / 450e9 * 58.0, 13e-6 * 116.0)]
// EP 16 spans two boards: 8/16 · X crosses InfiniBand at 50 GB/s (146.8 µs) while 7/16 · X
// crosses NVLink (14.3 µs) at once; the NIC sets the time. Each call pays InfiniBand's
// 10 + 15 · 2 = 40 µs.
#[case::ep16_across_two_boards(16, 14_680_064.0 * 8.0 / 16.0 / 50e9 * 58.0, 40e-6 * 116.0)]
fn the_all_to_all_crosses_the_nic_when_expert_parallel_spans_nodes(
    #[case] n: u32,
    #[case] bandwidth_s: f64,
    #[case] latency_s: f64,
) {
    let (up, out) = (nvlink4(), ndr());
    let fabric = hgx(&up, &out);
    let t = ep_all_to_all(&model("deepseek-v3"), 64.0, 2.0, n, &fabric).expect("MoE");
    near(t.bandwidth_s, bandwidth_s);
    near(t.latency_s, latency_s);
    assert_eq!(t.calls, 116);
}

#[test]
fn ep16_on_the_board_takes_8_6_ms_of_bandwidth_and_4_6_ms_of_latency() {
    // The same case in milliseconds: 146.8 µs × 58 = 8.51 ms; 40 µs × 116 = 4.64 ms.
    let (up, out) = (nvlink4(), ndr());
    let fabric = hgx(&up, &out);
    let t = ep_all_to_all(&model("deepseek-v3"), 64.0, 2.0, 16, &fabric).expect("MoE");
    assert!(
        (t.bandwidth_s * 1e3 - 8.515).abs() < 0.001,
        "{}",
        t.bandwidth_s
    );
    assert!((t.latency_s * 1e3 - 4.64).abs() < 1e-9, "{}", t.latency_s);
}

#[test]
fn an_nvl72_rack_keeps_ep16_on_nvlink() {
    // GB200 NVL72: 72 GPUs to a domain, NVLink 5 at 900 GB/s: 15/16 · X / 900 GB/s a layer.
    let (up, out) = (link("nvlink5", 900.0, 6.0, 1.0), ndr());
    let fabric = Fabric {
        up: &up,
        out: Some(&out),
        domain: Some(72),
    };
    let t = ep_all_to_all(&model("deepseek-v3"), 64.0, 2.0, 16, &fabric).expect("MoE");
    near(t.bandwidth_s, 14_680_064.0 * 15.0 / 16.0 / 900e9 * 58.0);
    near(t.latency_s, 21e-6 * 116.0);
}

#[test]
fn a_dense_model_has_no_all_to_all() {
    let up = nvlink4();
    let fabric = Fabric {
        up: &up,
        out: None,
        domain: None,
    };
    assert!(ep_all_to_all(&model("llama-3-70b"), 16.0, 2.0, 8, &fabric).is_none());
}

/// Llama-3-70B decode, B = 16, BF16: S = 16 · 8,192 · 2 = 262,144 B at each stage boundary.
#[rstest]
#[case::one_stage(1, 0, 0.0, 0.0)]
// PP 4 on one board: 3 boundaries on NVLink, 1 µs of hop each.
#[case::pp4_on_the_board(4, 3, 3.0 * 262_144.0 / 450e9, 3e-6)]
// PP 16 over two boards: ⌈16/8⌉ − 1 = 1 boundary crosses InfiniBand, 14 stay on NVLink.
#[case::pp16_over_two_boards(
    16,
    15,
    14.0 * 262_144.0 / 450e9 + 262_144.0 / 50e9,
    (14.0 * 1.0 + 2.0) * 1e-6
)]
fn the_pipeline_sends_its_activations_across_each_boundary(
    #[case] stages: u32,
    #[case] calls: u32,
    #[case] bandwidth_s: f64,
    #[case] latency_s: f64,
) {
    let (up, out) = (nvlink4(), ndr());
    let fabric = hgx(&up, &out);
    let t = pp_sends(&model("llama-3-70b"), 16.0, 2.0, stages, &fabric);
    assert_eq!(t.calls, calls);
    near(t.bandwidth_s, bandwidth_s);
    near(t.latency_s, latency_s);
}

#[rstest]
#[case::fits(Some(8), true, 8, 8)]
#[case::spans(Some(8), true, 16, 8)]
#[case::no_size_named(None, true, 16, 16)]
#[case::no_nic(Some(8), false, 16, 16)]
fn a_group_fits_one_domain_unless_it_is_larger_and_has_a_nic(
    #[case] domain: Option<u32>,
    #[case] nic: bool,
    #[case] n: u32,
    #[case] want: u32,
) {
    let (up, out) = (nvlink4(), ndr());
    let fabric = Fabric {
        up: &up,
        out: nic.then_some(&out),
        domain,
    };
    assert_eq!(fabric.domain_of(n), want);
    let outer = if want < n { "ib-ndr" } else { "nvlink4" };
    assert_eq!(fabric.outer(n).id, outer);
}
