//! The roofline picture: its text as a snapshot, and the marks a scenario calls for.

use super::*;
use crate::content::data_files::builtin_catalog;
use crate::domain::dtype::Dtype;
use crate::domain::measured::Utilization;
use crate::widgets::{Appearance, MeasuredOverlay};

/// Llama-3-8B on an H100 at batch `batch`, 4K context, with the prefill dot.
fn picture(batch: u32, overlay: Option<&str>) -> RooflinePicture {
    let catalog = builtin_catalog();
    let scenario = Scenario {
        batch,
        ..Scenario::default_cluster()
    };
    let evaluation = scenario.evaluate(&catalog).unwrap();
    let overlay = overlay.map(|id| Roof::for_gpu(catalog.gpu(id).unwrap(), Dtype::Bf16).unwrap());
    let plot = PlotModel::from_evaluation(&scenario, &evaluation, Appearance::default())
        .with_prefill(&evaluation)
        .with_overlay(overlay);
    RooflinePicture::new(plot, &scenario, &evaluation, &catalog)
}

#[test]
fn the_default_scenario_with_a_second_gpu() {
    let svg = render(&picture(8, Some("b200")));
    insta::assert_snapshot!("roofline_h100_b200", svg);
}

#[test]
fn every_mark_is_labelled() {
    let svg = render(&picture(8, Some("b200")));
    for label in [
        "Roofline · H100 SXM5 · BF16 vs B200 (HGX)",
        "Llama-3-8B · batch 8 · 4K context",
        "H100 SXM5 989 TF",
        "B200 (HGX) 2.25k TF",
        "ridge 295 FLOP/byte",
        "3.35 TB/s",
        "decode B=8",
        "attention · 4 FLOP/byte",
        "prefill",
        "KV wall B=107",
        "arithmetic intensity (FLOP/byte)",
        "attainable TFLOP/s",
        ">0.1<",
        ">10k<",
        ">1k<",
    ] {
        assert!(svg.contains(label), "no {label:?} in\n{svg}");
    }
    assert!(!svg.contains("NaN") && !svg.contains("inf"), "{svg}");
}

#[test]
fn the_kv_wall_sits_where_the_decode_dot_would_be_at_that_batch() {
    let wall = picture(8, None).kv_wall.unwrap();
    assert_eq!(wall.batch, 107);
    // Batch 107 of an 8B BF16 model: about 107 FLOP/byte (2·B / 2 bytes, a little less).
    assert!(wall.intensity > 80.0 && wall.intensity < 107.5, "{wall:?}");
    // Without a model there are no dots and no wall.
    let catalog = builtin_catalog();
    let scenario = Scenario::for_gpu("h100-sxm");
    let evaluation = scenario.evaluate(&catalog).unwrap();
    let plot = PlotModel::from_evaluation(&scenario, &evaluation, Appearance::default());
    let bare = RooflinePicture::new(plot, &scenario, &evaluation, &catalog);
    assert_eq!(bare.kv_wall, None);
    let svg = render(&bare);
    assert!(svg.contains("H100 SXM5 · no model chosen"), "{svg}");
    assert!(!svg.contains("class=\"decode\"") && !svg.contains("KV wall"));
}

#[test]
fn measured_points_are_crosses_with_their_labels() {
    let mut picture = picture(8, None);
    let decode = Utilization {
        share: 0.42,
        speed_of_light_tokens_per_s: 1000.0,
        intensity: 8.0,
        flops_per_s: 11e12,
    };
    picture.plot = picture
        .plot
        .with_measured(Some(MeasuredOverlay::from_endpoint(Some(&decode), None)));
    let svg = render(&picture);
    assert!(svg.contains("measured decode MBU 42%"), "{svg}");
    assert_eq!(
        svg.matches("class=\"measured\"").count(),
        2 + 2,
        "point and legend"
    );
    assert!(svg.contains(">measured</text>"), "the legend names it");
}

#[test]
fn withheld_figures_are_masked() {
    let mut picture = picture(8, None);
    let ridge = picture.plot.roof.ridge();
    picture.plot = picture
        .plot
        .with_withheld(crate::domain::withhold::Withheld::new(vec![ridge]));
    let svg = render(&picture);
    assert!(svg.contains("ridge ? FLOP/byte"), "{svg}");
    assert!(!svg.contains("ridge 295"));
}
