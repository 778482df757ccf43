//! Measured points on the roofline plot: the lab's batch sweep on "this machine" with the knee
//! fitted through it, or an endpoint's measured decode and prefill under their dots. Drawn by
//! the plot after everything else (`roofline_plot/measured.rs`); the model is plain numbers.

use crate::domain::gpu_lab::GpuLabReport;
use crate::domain::lab::LabReport;
use crate::domain::measured::Utilization;

/// One measured point.
#[derive(Debug, Clone, PartialEq)]
pub struct MeasuredPoint {
    /// Intensity, FLOP/byte.
    pub intensity: f64,
    /// Achieved FLOP/s.
    pub flops_per_s: f64,
    /// A label for the point, or none for a sweep's inner points.
    pub label: Option<PointLabel>,
}

/// A measured point's label: a name, and a figure that is left out while numbers are withheld.
#[derive(Debug, Clone, PartialEq)]
pub struct PointLabel {
    /// What the point is, e.g. `measured decode`.
    pub name: String,
    /// The short form of the name, e.g. `decode`.
    pub short: String,
    /// The figure, e.g. `MBU 10%`.
    pub figure: Option<String>,
}

impl PointLabel {
    /// Long, then short: with the figure, masked where it is withheld.
    #[must_use]
    pub fn texts(&self, withheld: &crate::domain::withhold::Withheld) -> [String; 2] {
        use crate::domain::withhold::Shown::Measured;
        match &self.figure {
            Some(figure) => [
                withheld
                    .label(Measured, &format!("{} {figure}", self.name))
                    .into_owned(),
                withheld.label(Measured, figure).into_owned(),
            ],
            None => [self.name.clone(), self.short.clone()],
        }
    }
}

/// What is drawn over the roofline.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MeasuredOverlay {
    /// The points, in drawing order.
    pub points: Vec<MeasuredPoint>,
    /// The knee fitted through a sweep: intensity (FLOP/byte) and FLOP/s.
    pub knee: Option<(f64, f64)>,
}

impl MeasuredOverlay {
    /// The lab's sweep: one point per batch (the first and last labelled with their batch)
    /// and the fitted knee when the sweep crossed one.
    #[must_use]
    pub fn from_lab(report: &LabReport) -> Self {
        Self::sweep(
            report
                .sweep
                .iter()
                .map(|p| (p.batch, p.intensity(), p.best_flops_per_s())),
            report.fitted_knee().map(|k| (k.ridge(), k.peak)),
        )
    }

    /// The GPU lab's decode-shaped sweep, the same way as [`Self::from_lab`].
    #[must_use]
    pub fn from_gpu_lab(report: &GpuLabReport) -> Self {
        Self::sweep(
            report
                .sweep
                .iter()
                .map(|p| (p.batch, p.intensity(), p.flops_per_s.best)),
            report.fitted_knee().map(|k| (k.ridge(), k.peak)),
        )
    }

    /// A sweep's `(batch, intensity, FLOP/s)` points, the first and last labelled with their
    /// batch, and the knee fitted through them.
    fn sweep(
        points: impl ExactSizeIterator<Item = (u32, f64, f64)>,
        knee: Option<(f64, f64)>,
    ) -> Self {
        let last = points.len().saturating_sub(1);
        let points = points
            .enumerate()
            .map(|(i, (batch, intensity, flops_per_s))| MeasuredPoint {
                intensity,
                flops_per_s,
                label: (i == 0 || i == last).then(|| PointLabel {
                    name: format!("measured B={batch}"),
                    short: format!("B={batch}"),
                    figure: None,
                }),
            })
            .collect();
        Self { points, knee }
    }

    /// An endpoint's measured decode and prefill, each where its dot is, at the achieved
    /// FLOP/s (labelled with MBU and MFU).
    #[must_use]
    pub fn from_endpoint(decode: Option<&Utilization>, prefill: Option<&Utilization>) -> Self {
        let point = |u: &Utilization, what: &str, share: &str| MeasuredPoint {
            intensity: u.intensity,
            flops_per_s: u.flops_per_s,
            label: Some(PointLabel {
                name: format!("measured {what}"),
                short: what.to_owned(),
                figure: Some(format!(
                    "{share} {}%",
                    super::readouts::percent(100.0 * u.share)
                )),
            }),
        };
        Self {
            points: decode
                .map(|u| point(u, "decode", "MBU"))
                .into_iter()
                .chain(prefill.map(|u| point(u, "prefill", "MFU")))
                .collect(),
            knee: None,
        }
    }
}
