//! What was measured, for the roofline pane: the lab's sweep when the plot shows "this
//! machine", or the endpoint's measured decode and prefill when it shows the cluster's GPU and
//! model (with MBU and MFU for the readouts); for "this GPU", its card's datasheet roof beside
//! the measured ones; failing those, the measurement the tutor ships
//! for the GPU (`reference_points`).

use crate::domain::catalog::Catalog;
use crate::domain::dtype::Dtype;
use crate::domain::gpu_lab::{GpuLabReport, THIS_GPU_ID};
use crate::domain::lab::THIS_MACHINE_ID;
use crate::domain::measured::{decode_mbu, prefill_mfu};
use crate::domain::scenario::Scenario;
use crate::widgets::{MeasuredOverlay, Roof};

use super::measured_figures::{shows_setup, sixteen_bit};

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
        let shares = report
            .shares_at(scenario.batch)
            .filter(|_| sixteen_bit(scenario));
        return Measured {
            overlay: Some(MeasuredOverlay::from_gpu_lab(report)),
            mbu: shares.map(|(mbu, _)| mbu),
            mfu: shares.map(|(_, mfu)| mfu),
            roof: datasheet_roof(catalog, report, scenario.precision),
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

/// The datasheet roof of the card a GPU lab measured (detected by name), to draw beside the
/// measured roofs `this-gpu` is plotted with; none for a card the catalog does not know.
fn datasheet_roof(catalog: &Catalog, report: &GpuLabReport, precision: Dtype) -> Option<Roof> {
    let gpu = catalog.gpu(report.catalog_id.as_deref()?).ok()?;
    Roof::for_gpu(gpu, precision).map(|roof| Roof {
        name: format!("{} datasheet", roof.name),
        ..roof
    })
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
    use crate::widgets::RoofSource;

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

    #[test]
    fn this_gpu_on_the_plot_has_its_cards_datasheet_roof_beside_the_measured_one() {
        let report = crate::store::lab_file::gpu_lab_fixture();
        let mut catalog = crate::content::data_files::builtin_catalog();
        catalog.add_gpu_lab(report.clone());
        let at = |precision| Scenario {
            gpu: THIS_GPU_ID.to_owned(),
            precision,
            ..Scenario::default_cluster()
        };
        let roof = measured(&catalog, &at(Dtype::Bf16)).roof.unwrap();
        assert_eq!(roof.name, "H100 SXM5 datasheet");
        assert_eq!(roof.source, RoofSource::Datasheet);
        assert!((roof.peak_flops - 989.4e12).abs() < 1e9, "{roof:?}");
        assert!((roof.bandwidth - 3.35e12).abs() < 1e9, "{roof:?}");
        let fp8 = measured(&catalog, &at(Dtype::Fp8)).roof.unwrap();
        assert!((fp8.peak_flops - 1979.0e12).abs() < 1e9, "{fp8:?}");
        // A card the catalog does not know has no datasheet to draw.
        let mut unknown = catalog.clone();
        unknown.add_gpu_lab(GpuLabReport {
            catalog_id: None,
            ..report
        });
        assert!(measured(&unknown, &at(Dtype::Bf16)).roof.is_none());
    }

    #[test]
    fn this_gpu_reads_its_own_mbu_and_mfu_at_the_sweeps_nearest_batch() {
        let report = crate::store::lab_file::gpu_lab_fixture();
        let mut catalog = crate::content::data_files::builtin_catalog();
        catalog.add_gpu_lab(report.clone());
        let at = |batch, precision| Scenario {
            gpu: THIS_GPU_ID.to_owned(),
            batch,
            precision,
            ..Scenario::default_cluster()
        };
        // Batch 40 reads the B = 32 point: its weight read rate over the measured read roof.
        let point = report.sweep.iter().find(|p| p.batch == 32).unwrap();
        let m = measured(&catalog, &at(40, Dtype::Bf16));
        let mbu = m.mbu.unwrap();
        assert!((mbu - point.weight_bytes_per_s() / report.bandwidth.best).abs() < 1e-12);
        assert!((0.5..1.0).contains(&mbu), "{mbu}");
        let mfu = m.mfu.unwrap();
        assert!((mfu - point.flops_per_s.best / report.bf16_peak.best).abs() < 1e-12);
        // A BF16 sweep says nothing of an FP8 step.
        let fp8 = measured(&catalog, &at(40, Dtype::Fp8));
        assert_eq!((fp8.mbu, fp8.mfu), (None, None));
    }
}
