use rstest::rstest;

use super::*;
use crate::content::data_files::builtin_catalog;
use crate::domain::derivation::Source;
use crate::domain::link;

#[track_caller]
fn terms_of(gpu: &str, model: &str, tp: u32, batch: u32) -> Terms {
    let catalog = builtin_catalog();
    let g = catalog.gpu(gpu).expect("a shipped GPU");
    let spec = catalog.model(model).expect("a shipped model");
    let s = Scenario {
        gpu: gpu.to_owned(),
        model: Some(model.to_owned()),
        tp,
        batch,
        ..Scenario::default_cluster()
    };
    let find = |id: Option<&String>| id.map(|id| link::find(&catalog.links, id).expect("known"));
    let up = find(g.scale_up_link.as_ref()).expect("a scale-up link");
    let fabric = Fabric {
        up,
        out: find(g.scale_out_link.as_ref()),
        domain: g.scale_up_gpus,
    };
    terms(&s, g, spec, &fabric)
}

#[track_caller]
fn basis_of<'a>(t: &'a Terms, figure: &str) -> &'a Derivation {
    t.basis
        .iter()
        .find(|d| d.figure == figure)
        .unwrap_or_else(|| panic!("no {figure}"))
}

#[rstest]
#[case::llama_70b_tp8_h100("h100-sxm", "llama-3-70b", 8, 16)]
#[case::deepseek_ep16_h100("h100-sxm", "deepseek-v3", 16, 64)]
#[case::deepseek_ep16_gb200("gb200", "deepseek-v3", 16, 64)]
#[case::mixtral_tp2_b300("b300", "mixtral-8x7b", 2, 32)]
#[case::one_gpu("h100-sxm", "qwen3-30b-a3b", 1, 8)]
fn each_terms_derivation_recomputes_its_figure(
    #[case] gpu: &str,
    #[case] model: &str,
    #[case] tp: u32,
    #[case] batch: u32,
) {
    let t = terms_of(gpu, model, tp, batch);
    let mut figures = vec![
        ("interconnect_ms", t.decode.total_s()),
        ("prefill_allreduce_ms", t.prefill.total_s()),
        ("pipeline_parallel_send_ms", t.pipeline.total_s()),
    ];
    figures.extend(
        t.all_to_all
            .map(|a| ("expert_parallel_all_to_all_ms", a.total_s())),
    );
    assert_eq!(t.basis.len(), figures.len());
    for (figure, value) in figures {
        let d = basis_of(&t, figure);
        let again = d.recompute();
        assert!(
            (again - value).abs() <= 1e-9 * value.abs().max(1e-9),
            "{figure}: derivation gives {again}, the term is {value}"
        );
        assert!((d.value - value).abs() <= 1e-12 * value.abs().max(1e-9));
    }
}

#[test]
fn the_all_to_all_names_the_nic_and_its_source_when_ep_spans_boards() {
    let t = terms_of("h100-sxm", "deepseek-v3", 16, 64);
    assert_eq!((t.all_to_all_link.as_str(), t.domain), ("ib-ndr", 8));
    let d = basis_of(&t, "expert_parallel_all_to_all_ms");
    let input = |symbol: &str| {
        d.inputs
            .iter()
            .find(|i| i.symbol == symbol)
            .unwrap_or_else(|| panic!("no {symbol}"))
    };
    assert!((input("out").value - 50.0).abs() < 1e-12);
    assert!(
        matches!(&input("out").source, Source::Datasheet { field, .. } if field.contains("scale_out_link = ib-ndr"))
    );
    assert!(
        matches!(&input("D").source, Source::Datasheet { field, .. } if field.starts_with("scale_up_gpus = 8"))
    );
    assert!(matches!(&input("d").source, Source::Model { field } if field == "hidden"));
    assert!(matches!(&input("N").source, Source::Setting { field } if field == "tp"));
}

#[test]
fn a_gb200_rack_keeps_ep16_on_nvlink() {
    let t = terms_of("gb200", "deepseek-v3", 16, 64);
    assert_eq!((t.all_to_all_link.as_str(), t.domain), ("nvlink5", 16));
}

/// TP 16 on H100s is a ring over two boards: it runs at the NIC's pace (a flat ring's slowest
/// hop). Llama-3-70B decode at batch 16 in BF16: X = 262,144 B; 160 calls of
/// 2 · 15/16 · X / 50 GB/s + (10 + 30 · 2) µs.
#[test]
fn a_ring_over_two_boards_runs_at_the_nics_pace() {
    let t = terms_of("h100-sxm", "llama-3-70b", 16, 16);
    let by_hand = 160.0 * (2.0 * 15.0 / 16.0 * 262_144.0 / 50e9 + 70e-6);
    assert!(
        (t.decode.total_s() - by_hand).abs() < 1e-12,
        "{}",
        t.decode.total_s()
    );
    let inside = terms_of("h100-sxm", "llama-3-70b", 8, 16);
    assert_eq!(inside.all_to_all_link, "nvlink4");
}
