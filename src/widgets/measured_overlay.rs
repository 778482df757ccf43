//! Measured points on the roofline plot: the lab's batch sweep on "this machine" with the knee
//! fitted through it, or an endpoint's measured decode and prefill under their dots. Drawn by
//! the plot after everything else (`roofline_plot/measured.rs`); the model is plain numbers.

use crate::domain::gpu_lab::GpuLabReport;
use crate::domain::lab::LabReport;
use crate::domain::measured::Utilization;
use crate::domain::withhold::{MeasuredFigure, Shown, Withheld};

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

/// A measured point's label: a name, and a figure that is masked where it is withheld.
#[derive(Debug, Clone, PartialEq)]
pub struct PointLabel {
    /// What the point is, e.g. `measured decode`.
    pub name: String,
    /// The short form of the name, e.g. `decode`.
    pub short: String,
    /// The figure, e.g. MBU 0.10 (`MBU 10%`).
    pub figure: Option<Share>,
}

/// A measured share as a label shows it: MBU or MFU, a fraction (0.1 = 10 %).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Share {
    /// Which share.
    pub figure: MeasuredFigure,
    /// Its value, a fraction.
    pub value: f64,
}

impl Share {
    /// `MBU 10%`, with the figure masked where it is withheld.
    #[must_use]
    pub fn text(&self, withheld: &Withheld) -> String {
        let text = format!(
            "{} {}%",
            self.figure.name(),
            super::readouts::percent(100.0 * self.value)
        );
        withheld
            .label(Shown::Measured(self.figure), &text)
            .into_owned()
    }
}

impl PointLabel {
    /// Long, then short: with the figure, masked where it is withheld (the point's name, a
    /// setting of the measurement, stays).
    #[must_use]
    pub fn texts(&self, withheld: &Withheld) -> [String; 2] {
        let name = |name: &str| {
            withheld
                .label(Shown::Measured(MeasuredFigure::Batch), name)
                .into_owned()
        };
        match &self.figure {
            Some(share) => {
                let figure = share.text(withheld);
                [format!("{} {figure}", name(&self.name)), figure]
            }
            None => [name(&self.name), name(&self.short)],
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
        let point = |u: &Utilization, what: &str, figure: MeasuredFigure| MeasuredPoint {
            intensity: u.intensity,
            flops_per_s: u.flops_per_s,
            label: Some(PointLabel {
                name: format!("measured {what}"),
                short: what.to_owned(),
                figure: Some(Share {
                    figure,
                    value: u.share,
                }),
            }),
        };
        Self {
            points: decode
                .map(|u| point(u, "decode", MeasuredFigure::Mbu))
                .into_iter()
                .chain(prefill.map(|u| point(u, "prefill", MeasuredFigure::Mfu)))
                .collect(),
            knee: None,
        }
    }
}
