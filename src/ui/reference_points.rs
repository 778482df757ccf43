//! The shipped measurement on the roofline pane: on a GPU the tutor has a measured reference
//! for (`h100-sxm`), the real card's decode-shaped sweep (B = 1 … 1024, every linear layer of
//! Llama-3-8B) under the roof, its ends labelled with MBU and MFU, the measured roofs (HBM
//! read, GEMM peak) drawn as a second roofline named `measured`, and the measured ridge marked
//! where they meet. The sweep's points show beside its own model or on a plot without one;
//! beside another model only the measured roofs do. A learner's own measurement on the plot
//! takes its place.

use crate::content::measured_reference::shipped;
use crate::domain::catalog::Catalog;
use crate::domain::dtype::Dtype;
use crate::domain::measured_reference::{Datasheet, PlacedPoint};
use crate::domain::model::ModelSpec;
use crate::domain::scenario::Scenario;
use crate::domain::withhold::MeasuredFigure;
use crate::widgets::{MeasuredOverlay, MeasuredPoint, PointLabel, Roof, RoofSource, Share};

use super::measured_figures::{Measured, sixteen_bit};

/// The measured roofline's name on the plot.
pub const MEASURED_ROOF_NAME: &str = "measured";

/// The shipped reference's overlay, roofs and readouts for the scenario's GPU, if it has one.
#[must_use]
pub fn reference(catalog: &Catalog, scenario: &Scenario) -> Option<Measured> {
    let reference = shipped(&scenario.gpu)?;
    let datasheet = Datasheet::of(catalog.gpu(&scenario.gpu).ok()?, Dtype::Bf16)?;
    // The sweep ran 16-bit weights through 16-bit GEMMs: its points (and their MBU and MFU)
    // describe a plot in those formats only; the measured roofs hold for any format measured.
    // It ran one model's layers too: its points are drawn beside that model, or on the GPU's
    // own roofline (no model), never beside another model's dot as if they were its own.
    let its_model = scenario.model.as_deref().is_none_or(|id| {
        let (Ok(model), Ok(swept)) = (catalog.model(id), catalog.model(&reference.sweep.model))
        else {
            return false;
        };
        same_shapes(model, swept)
    });
    let placed = if its_model && sixteen_bit(scenario) {
        reference.placed_points(datasheet)
    } else {
        Vec::new()
    };
    let nearest = reference
        .nearest_point(scenario.batch)
        .map(|p| reference.placed(p, datasheet))
        .filter(|_| !placed.is_empty());
    let roofs = reference.measured_roofs(scenario.precision);
    Some(Measured {
        overlay: Some(MeasuredOverlay {
            points: points(&placed),
            knee: reference.measured_ridge(scenario.precision),
        }),
        mbu: nearest.map(|p| p.mbu),
        mfu: nearest.map(|p| p.mfu),
        roof: roofs.map(|(read, gemm)| Roof {
            name: MEASURED_ROOF_NAME.to_owned(),
            peak_flops: gemm,
            bandwidth: read,
            source: RoofSource::Measured,
        }),
    })
}

/// Whether two models have the same layers (a catalog entry and its import from a
/// `config.json`, under another id and name): everything but what names and counts them.
fn same_shapes(model: &ModelSpec, other: &ModelSpec) -> bool {
    let named_as_other = ModelSpec {
        id: other.id.clone(),
        name: other.name.clone(),
        source: other.source.clone(),
        params: other.params,
        active_params: other.active_params,
        ..model.clone()
    };
    named_as_other == *other
}

/// One point per batch of the sweep: the first labelled with its MBU (it sits on the slope),
/// the last with its MFU (under the roof).
fn points(placed: &[PlacedPoint]) -> Vec<MeasuredPoint> {
    let last = placed.len().saturating_sub(1);
    placed
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let figure = match i {
                0 => Some((MeasuredFigure::Mbu, p.mbu)),
                i if i == last => Some((MeasuredFigure::Mfu, p.mfu)),
                _ => None,
            };
            MeasuredPoint {
                intensity: p.intensity,
                flops_per_s: p.flops_per_s,
                label: figure.map(|(figure, value)| PointLabel {
                    name: format!("measured B={}", p.batch),
                    short: format!("B={}", p.batch),
                    figure: Some(Share { figure, value }),
                }),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::data_files::builtin_catalog;
    use crate::test_support::close;

    /// The shipped H100 measurement beside Llama-3-8B at `batch` sequences.
    #[track_caller]
    fn at_batch(batch: u32) -> Measured {
        let scenario = Scenario {
            batch,
            ..Scenario::default_cluster()
        };
        reference(&builtin_catalog(), &scenario).expect("h100-sxm ships a measurement")
    }

    /// By hand from measured-h100.md: W = 7,504,658,432 BF16 weights (15.009 GB).
    /// B = 1: 15.009 GB in 5.342 ms = 2.810 TB/s, MBU 2.810 ÷ 3.35 = 83.9 %;
    /// B = 1024: 2 × 1024 × W = 15.37 TFLOP in 22.045 ms = 697.2 TF, MFU 697.2 ÷ 989.4 = 70.5 %.
    #[test]
    fn the_h100_sweep_is_drawn_under_the_roof_with_its_measured_roofs() {
        let m = at_batch(1);
        let w = 7_504_658_432.0;
        close(m.mbu.unwrap(), 2.0 * w / 5.342e-3 / 3.35e12, 1e-9);
        close(m.mbu.unwrap(), 0.839, 0.002);
        let overlay = m.overlay.unwrap();
        assert_eq!(overlay.points.len(), 11, "B = 1, 2, 4 … 1024");
        let last = overlay.points.last().unwrap();
        close(last.flops_per_s, 2.0 * 1024.0 * w / 22.045e-3, 1e-9);
        close(last.flops_per_s / 989.4e12, 0.705, 0.002);
        let labels: Vec<_> = overlay
            .points
            .iter()
            .filter_map(|p| p.label.as_ref())
            .map(|l| l.texts(&crate::domain::withhold::Withheld::none())[0].clone())
            .collect();
        assert_eq!(labels, ["measured B=1 MBU 84%", "measured B=1024 MFU 70%"]);
        // Every point is under both rooflines: datasheet and measured.
        let roof = m.roof.unwrap();
        assert_eq!(roof.name, "measured");
        close(roof.bandwidth, 3.067e12, 0.0);
        close(roof.peak_flops, 754e12, 0.0);
        for p in &overlay.points {
            let datasheet = crate::domain::roofline::attainable(p.intensity, 989.4e12, 3.35e12);
            assert!(p.flops_per_s < datasheet, "{p:?}");
            assert!(
                p.flops_per_s < roof.attainable(p.intensity) * 1.001,
                "{p:?}"
            );
        }
        // The measured ridge, 754 ÷ 3.067 ≈ 246 FLOP/byte, left of the datasheet's 295.
        let (ridge, peak) = overlay.knee.unwrap();
        close(ridge, 245.8, 0.001);
        close(peak, 754e12, 0.0);
    }

    #[test]
    fn the_readouts_take_the_sweep_point_nearest_the_batch() {
        // B = 1024: 697.2 TF of 989.4.
        close(at_batch(1000).mfu.unwrap(), 0.7047, 0.001);
        // B = 48 is nearer 64 (5.526 ms) than 32 by ratio.
        close(
            at_batch(48).mbu.unwrap(),
            2.0 * 7_504_658_432.0 / 5.526e-3 / 3.35e12,
            1e-9,
        );
    }

    /// The sweep is BF16: on an FP8 plot only the measured FP8 roof and its ridge are drawn
    /// (1,418 TF ÷ 3.067 TB/s ≈ 462 FLOP/byte), without BF16 points or their MBU and MFU.
    #[test]
    fn an_fp8_plot_gets_the_measured_roof_without_the_bf16_sweep() {
        let scenario = Scenario {
            precision: Dtype::Fp8,
            weights: Dtype::Fp8,
            ..Scenario::default_cluster()
        };
        let m = reference(&builtin_catalog(), &scenario).unwrap();
        let overlay = m.overlay.unwrap();
        assert!(overlay.points.is_empty());
        assert_eq!((m.mbu, m.mfu), (None, None));
        close(overlay.knee.unwrap().0, 1418e12 / 3.067e12, 1e-3);
        close(m.roof.unwrap().peak_flops, 1418e12, 1e-3);
    }

    /// The sweep is Llama-3-8B's: beside another model on an H100 its points and their MBU and
    /// MFU stay off the plot (they are not that model's), while the measured roofs, a fact of
    /// the card, stay; the GPU's own roofline (no model) still shows the points.
    #[rstest::rstest]
    #[case::its_own_model(Some("llama-3-8b"), 11)]
    #[case::no_model(None, 11)]
    #[case::another_model(Some("qwen3-32b"), 0)]
    fn the_sweep_is_drawn_beside_its_own_model_only(
        #[case] model: Option<&str>,
        #[case] points: usize,
    ) {
        let catalog = builtin_catalog();
        if let Some(id) = model {
            assert!(catalog.model(id).is_ok(), "{id} is in the catalog");
        }
        let scenario = Scenario {
            model: model.map(str::to_owned),
            ..Scenario::default_cluster()
        };
        let m = reference(&catalog, &scenario).unwrap();
        assert_eq!(m.overlay.unwrap().points.len(), points);
        assert_eq!(m.mbu.is_some(), points > 0);
        assert_eq!(m.mfu.is_some(), points > 0);
        close(m.roof.unwrap().bandwidth, 3.067e12, 0.0);
    }

    /// Llama-3-8B imported from its `config.json` is another id (`meta-llama-3-8b`) with the
    /// same layers: the sweep is its own.
    #[test]
    fn the_sweeps_model_imported_under_another_id_is_still_its_own() {
        let dir = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/model-config/Meta-Llama-3-8B"
        );
        let imported = crate::content::model_config::load_model_config(std::path::Path::new(dir))
            .unwrap()
            .spec;
        assert_ne!(imported.id, "llama-3-8b");
        let mut catalog = builtin_catalog();
        let scenario = Scenario {
            model: Some(imported.id.clone()),
            ..Scenario::default_cluster()
        };
        catalog.add_models([imported]);
        let m = reference(&catalog, &scenario).unwrap();
        assert_eq!(m.overlay.unwrap().points.len(), 11);
    }

    #[test]
    fn a_gpu_without_a_shipped_measurement_has_none() {
        let scenario = Scenario {
            gpu: "h200".to_owned(),
            ..Scenario::default_cluster()
        };
        assert_eq!(reference(&builtin_catalog(), &scenario), None);
    }
}
