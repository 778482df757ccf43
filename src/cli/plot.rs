//! `roofline plot`: the roofline of one scenario (calc's flags) as an SVG picture for slides.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context as _, Result, anyhow};

use super::args::{GlobalArgs, PlotCli};
use crate::domain::batch_range::{BatchRange, Wall};
use crate::domain::catalog::Catalog;
use crate::domain::scenario::Scenario;
use crate::picture::roofline_svg::{RooflinePicture, render};
use crate::widgets::{Appearance, PlotModel, Roof};

/// Draws the scenario and writes the picture to `--svg FILE` (or standard output for `-`).
pub fn run(global: &GlobalArgs, args: PlotCli) -> Result<ExitCode> {
    // `--measured` runs are checked against, and placed at, the setting the flags give.
    let (catalog, scenario) = super::context::catalog_and_cluster_at(global, |catalog| {
        super::flags_scenario(global, catalog, args.scenario)
    })?;
    let svg = picture(&catalog, &scenario, args.vs.as_deref())?;
    if args.svg == Path::new("-") {
        return super::print(&svg);
    }
    std::fs::write(&args.svg, svg)
        .with_context(|| format!("cannot write the picture to {}", args.svg.display()))?;
    eprintln!("wrote {}", args.svg.display());
    Ok(ExitCode::SUCCESS)
}

/// The SVG text for `scenario`, with `vs` drawn behind it and what the catalog holds that was
/// measured for it (this machine's sweep, a cluster's endpoint).
pub fn picture(catalog: &Catalog, scenario: &Scenario, vs: Option<&str>) -> Result<String> {
    let evaluation = scenario
        .evaluate(catalog)
        .context("cannot draw that scenario")?;
    let overlay = match vs {
        Some(id) => {
            let gpu = catalog.gpu(id)?;
            let roof = Roof::for_gpu(gpu, scenario.precision).ok_or_else(|| {
                anyhow!(
                    "{} has no {} peak to compare with",
                    gpu.name,
                    scenario.precision.label()
                )
            })?;
            Some(roof)
        }
        None => None,
    };
    // As on the screen: with no GPU to compare, the measured roof (or, for this GPU, its
    // card's datasheet roof) is drawn beside the scenario's.
    let measured = crate::ui::measured_pane::measured(catalog, scenario);
    let mut plot = PlotModel::from_evaluation(scenario, &evaluation, Appearance::default())
        .with_prefill(&evaluation)
        .with_overlay(overlay.or(measured.roof))
        .with_measured(measured.overlay);
    if !BatchRange::of(scenario, &evaluation, Wall::Stops).fits() {
        // A setting that cannot run has no dots to draw (the subtitle names the model).
        plot.decode = None;
        plot.dense = None;
        plot.attention = None;
        plot.prefill = None;
    }
    Ok(render(&RooflinePicture::new(
        plot,
        scenario,
        &evaluation,
        catalog,
    )))
}
