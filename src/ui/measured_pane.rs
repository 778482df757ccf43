//! What was measured, for the roofline pane: the lab's sweep when the plot shows "this
//! machine", or the endpoint's measured decode and prefill when it shows the cluster's GPU and
//! model (with MBU and MFU for the readouts); failing those, the measurement the tutor ships
//! for the GPU (`reference_points`).

use crate::domain::catalog::Catalog;
use crate::domain::gpu_lab::THIS_GPU_ID;
use crate::domain::lab::THIS_MACHINE_ID;
use crate::domain::measured::{decode_mbu, prefill_mfu};
use crate::domain::scenario::Scenario;
use crate::widgets::MeasuredOverlay;

use super::measured_figures::shows_setup;

pub use super::measured_figures::Measured;

/// What the catalog holds that was measured for `scenario`'s GPU (and model, for an endpoint).
#[must_use]
pub fn measured(catalog: &Catalog, scenario: &Scenario) -> Measured {
    if scenario.gpu == THIS_MACHINE_ID
        && let Some(report) = &catalog.lab
    {
        return Measured {
            overlay: Some(MeasuredOverlay::from_lab(report)),
            ..Measured::default()
        };
    }
    if scenario.gpu == THIS_GPU_ID
        && let Some(report) = &catalog.gpu_lab
    {
        return Measured {
            overlay: Some(MeasuredOverlay::from_gpu_lab(report)),
            ..Measured::default()
        };
    }
    if let Some(runs) = super::benchmark_points::measured(catalog, scenario) {
        return runs;
    }
    if let Some(endpoint) = endpoint(catalog, scenario) {
        return endpoint;
    }
    super::reference_points::reference(catalog, scenario).unwrap_or_default()
}

/// The profile's measured endpoint, when the plot shows its setup.
fn endpoint(catalog: &Catalog, scenario: &Scenario) -> Option<Measured> {
    let (cluster, measurement) = catalog.endpoint.as_ref()?;
    let same_setup = shows_setup(scenario, cluster);
    if !same_setup {
        return None;
    }
    let decode = measurement
        .decode
        .and_then(|rate| decode_mbu(cluster, rate, catalog).ok().flatten());
    let prefill = measurement
        .prefill
        .and_then(|rate| prefill_mfu(cluster, rate, catalog).ok().flatten());
    Some(Measured {
        overlay: Some(MeasuredOverlay::from_endpoint(
            decode.as_ref(),
            prefill.as_ref(),
        )),
        mbu: decode.map(|u| u.share),
        mfu: prefill.map(|u| u.share),
        roof: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_gpu_on_the_plot_carries_the_gpu_labs_sweep_and_knee() {
        let report = crate::store::lab_file::gpu_lab_fixture();
        let mut catalog = crate::content::data_files::builtin_catalog();
        catalog.add_gpu_lab(report.clone());
        let scenario = Scenario {
            gpu: THIS_GPU_ID.to_owned(),
            ..Scenario::default_cluster()
        };
        let overlay = measured(&catalog, &scenario).overlay.unwrap();
        assert_eq!(overlay.points.len(), report.sweep.len());
        let first = &overlay.points[0];
        assert!((first.intensity - report.sweep[0].intensity()).abs() < 1e-12);
        assert!((first.flops_per_s - report.sweep[0].flops_per_s.best).abs() < 1.0);
        let knee = report.fitted_knee().unwrap();
        assert_eq!(overlay.knee, Some((knee.ridge(), knee.peak)));
        // Another GPU on the plot gets no GPU-lab points (an H100 SXM gets the shipped sweep).
        let h200 = Scenario {
            gpu: "h200".to_owned(),
            ..Scenario::default_cluster()
        };
        assert!(measured(&catalog, &h200).overlay.is_none());
    }
}
