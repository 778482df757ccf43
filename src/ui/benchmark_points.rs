//! The learner's benchmark runs (`--measured`) on the roofline pane: each decode run where its
//! dot is at the run's concurrency, at the FLOP/s it achieved (a sweep of concurrencies draws
//! a measured curve, its ends labelled with their batch and MBU), and each prefill run at its
//! input length (labelled with MFU).

use crate::domain::benchmark::BenchmarkRun;
use crate::domain::catalog::Catalog;
use crate::domain::measured::{Utilization, decode_mbu, prefill_mfu};
use crate::domain::scenario::Scenario;
use crate::domain::withhold::MeasuredFigure;
use crate::widgets::{MeasuredOverlay, MeasuredPoint, PointLabel, Share};

use super::measured_figures::{Measured, shows_setup};

/// The runs' overlay and readouts, when the plot shows the setup they were run on.
#[must_use]
pub fn measured(catalog: &Catalog, scenario: &Scenario) -> Option<Measured> {
    let (cluster, runs) = catalog.benchmarks.as_ref()?;
    let same_setup = shows_setup(scenario, cluster);
    if !same_setup || runs.is_empty() {
        return None;
    }
    let mut decode: Vec<(u32, Utilization)> = runs
        .iter()
        .filter_map(|run| {
            let rate = run.decode()?;
            decode_mbu(&at_run(cluster, run), rate, catalog)
                .ok()
                .flatten()
                .map(|u| (rate.batch, u))
        })
        .collect();
    decode.sort_by_key(|(batch, _)| *batch);
    let prefill: Vec<Utilization> = runs
        .iter()
        .filter_map(|run| prefill_mfu(cluster, run.prefill()?, catalog).ok().flatten())
        .collect();
    let last = decode.len().saturating_sub(1);
    let mut points: Vec<MeasuredPoint> = decode
        .iter()
        .enumerate()
        .map(|(i, (batch, u))| MeasuredPoint {
            intensity: u.intensity,
            flops_per_s: u.flops_per_s,
            label: (i == 0 || i == last).then(|| PointLabel {
                name: format!("measured B={batch}"),
                short: format!("B={batch}"),
                figure: Some(Share {
                    figure: MeasuredFigure::Mbu,
                    value: u.share,
                }),
            }),
        })
        .collect();
    points.extend(prefill.iter().enumerate().map(|(i, u)| MeasuredPoint {
        intensity: u.intensity,
        flops_per_s: u.flops_per_s,
        label: (i == 0).then(|| PointLabel {
            name: "measured prefill".to_owned(),
            short: "prefill".to_owned(),
            figure: Some(Share {
                figure: MeasuredFigure::Mfu,
                value: u.share,
            }),
        }),
    }));
    // The readout: the run nearest the batch on screen.
    let mbu = decode
        .iter()
        .min_by_key(|(batch, _)| batch.abs_diff(scenario.batch))
        .map(|(_, u)| u.share);
    Some(Measured {
        overlay: Some(MeasuredOverlay { points, knee: None }),
        mbu,
        mfu: prefill.first().map(|u| u.share),
        roof: None,
    })
}

/// The cluster's scenario at the run's mean decode context, when it gives one (see
/// [`BenchmarkRun::decode_context`]).
fn at_run(cluster: &Scenario, run: &BenchmarkRun) -> Scenario {
    Scenario {
        context: run.decode_context().unwrap_or(cluster.context),
        ..cluster.clone()
    }
}

#[cfg(test)]
mod tests;
