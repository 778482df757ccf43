//! Measured points on the roofline plot: the lab's sweep on "this machine" (a saved lab run)
//! with its fitted knee, and an endpoint's measured decode and prefill with MBU and MFU.

use std::path::Path;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use roofline_tutor::content::cluster::parse_cluster;
use roofline_tutor::content::data_files::builtin_catalog;
use roofline_tutor::domain::dtype::Dtype;
use roofline_tutor::domain::lab::{LabReport, THIS_MACHINE_ID};
use roofline_tutor::domain::measured::{decode_mbu, prefill_mfu};
use roofline_tutor::domain::scenario::Scenario;
use roofline_tutor::domain::withhold::Withheld;
use roofline_tutor::widgets::{
    Appearance, ColorMode, GlyphSet, MeasuredOverlay, PlotModel, RooflinePlot,
};

/// A `roofline lab` run saved from the development machine (see tests/fixtures/lab/README.md).
fn lab() -> LabReport {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lab");
    roofline_tutor::store::lab_file::read(&dir)
        .unwrap()
        .expect("the fixture exists")
}

fn draw(model: &PlotModel, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| frame.render_widget(RooflinePlot::new(model), frame.area()))
        .unwrap();
    let buf = terminal.backend().buffer();
    (0..height)
        .map(|y| {
            (0..width)
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
                .trim_end()
                .to_owned()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn mono(glyphs: GlyphSet) -> Appearance {
    Appearance::new(glyphs, ColorMode::Monochrome)
}

/// Whether the fitted knee's figure is one a question asks for (and so withheld).
#[derive(Clone, Copy, PartialEq)]
enum Knee {
    Shown,
    Asked,
}

fn this_machine_plot(glyphs: GlyphSet, knee: Knee) -> PlotModel {
    let mut catalog = builtin_catalog();
    catalog.add_lab(lab());
    let scenario = Scenario {
        precision: Dtype::Fp32,
        weights: Dtype::Fp32,
        ..Scenario::for_gpu(THIS_MACHINE_ID)
    };
    let evaluation = scenario.evaluate(&catalog).unwrap();
    let overlay = catalog.lab.as_ref().map(MeasuredOverlay::from_lab);
    let withheld = match (knee, overlay.as_ref().and_then(|o| o.knee)) {
        (Knee::Asked, Some((intensity, _))) => Withheld::new([intensity]),
        _ => Withheld::none(),
    };
    PlotModel::from_evaluation(&scenario, &evaluation, mono(glyphs))
        .with_measured(overlay)
        .with_withheld(withheld)
}

#[test]
fn the_lab_sweep_on_this_machine() {
    insta::assert_snapshot!(
        "lab_unicode_90x24",
        draw(&this_machine_plot(GlyphSet::Unicode, Knee::Shown), 90, 24)
    );
    insta::assert_snapshot!(
        "lab_ascii_70x18",
        draw(&this_machine_plot(GlyphSet::Ascii, Knee::Shown), 70, 18)
    );
}

#[test]
fn every_sweep_point_is_drawn_and_the_knee_is_labelled() {
    let plot = this_machine_plot(GlyphSet::Ascii, Knee::Shown);
    let text = draw(&plot, 120, 40);
    let report = lab();
    let knee = report
        .fitted_knee()
        .expect("the saved sweep crosses its knee");
    assert!(
        text.contains(&format!(
            "knee {}",
            roofline_tutor::domain::logscale::short_label(knee.ridge())
        )),
        "{text}"
    );
    assert!(text.contains("measured B=1"), "{text}");
    // Points may share a cell at this size, but there are several distinct ones.
    assert!(text.matches('*').count() >= 6, "{text}");
    let withheld = draw(&this_machine_plot(GlyphSet::Ascii, Knee::Asked), 120, 40);
    assert!(
        withheld.contains("knee ?") && !withheld.contains("knee 1"),
        "{withheld}"
    );
}

#[test]
fn the_example_endpoint_under_its_roof() {
    let catalog = builtin_catalog();
    let cluster = parse_cluster(
        "example.ron",
        include_str!("../assets/clusters/example.ron"),
        &catalog,
    )
    .unwrap();
    let measured = cluster.measured.unwrap();
    let scenario = &cluster.scenario;
    let decode = decode_mbu(scenario, measured.decode.unwrap(), &catalog)
        .unwrap()
        .unwrap();
    let prefill = prefill_mfu(scenario, measured.prefill.unwrap(), &catalog)
        .unwrap()
        .unwrap();
    let evaluation = scenario.evaluate(&catalog).unwrap();
    let model = PlotModel::from_evaluation(scenario, &evaluation, mono(GlyphSet::Unicode))
        .with_prefill(&evaluation)
        .with_measured(Some(MeasuredOverlay::from_endpoint(
            Some(&decode),
            Some(&prefill),
        )));
    let text = draw(&model, 100, 26);
    assert!(text.contains("MBU 10%"), "{text}");
    // 9.7 %: prefill runs the output head for the last prompt token only.
    assert!(text.contains("MFU 9.7%"), "{text}");
    insta::assert_snapshot!("endpoint_unicode_100x26", text);
}

/// The shipped H100 measurement on the datasheet plot: the decode sweep (B = 1 … 1024) under
/// the roof beside the speed-of-light dot, labelled with MBU at B = 1 and MFU at B = 1024, the
/// measured roofline (`measured 754 TF`) and its ridge (`knee 246`).
#[test]
fn the_shipped_h100_measurement_beside_the_speed_of_light() {
    let catalog = builtin_catalog();
    let scenario = Scenario {
        batch: 32,
        ..Scenario::default_cluster()
    };
    let evaluation = scenario.evaluate(&catalog).unwrap();
    let measured = roofline_tutor::ui::measured_pane::measured(&catalog, &scenario);
    assert!(measured.mbu.is_some() && measured.mfu.is_some());
    let model = PlotModel::from_evaluation(&scenario, &evaluation, mono(GlyphSet::Unicode))
        .with_overlay(measured.roof)
        .with_measured(measured.overlay);
    let text = draw(&model, 100, 26);
    assert!(text.contains("measured 754 TF"), "{text}");
    assert!(text.contains("knee 246"), "{text}");
    insta::assert_snapshot!("h100_reference_unicode_100x26", text);
}
