//! What the roofline plot shows, as plain numbers: the screen builds one from the engine's
//! [`Evaluation`] on every event and hands it to [`super::RooflinePlot`].

use crate::domain::dtype::Dtype;
use crate::domain::hardware::Gpu;
use crate::domain::logscale::{LogScale, short_label};
use crate::domain::roofline;
use crate::domain::scenario::{Evaluation, Scenario};

use super::measured_overlay::MeasuredOverlay;
use super::theme::Appearance;
use crate::domain::quantity::Quantity;
use crate::domain::withhold::{MeasuredFigure, Shown, Withheld};

/// The intensity axis (FLOP/byte): from batch-1 decode of a 4-bit model up past prefill.
pub const INTENSITY_AXIS: LogScale = LogScale {
    min: 0.1,
    max: 10_000.0,
};

/// One GPU's roofline: a bandwidth slope rising to a flat compute roof.
#[derive(Debug, Clone, PartialEq)]
pub struct Roof {
    /// Display name, e.g. `H100 SXM5`.
    pub name: String,
    /// Dense peak of the active math format, FLOP/s.
    pub peak_flops: f64,
    /// Memory bandwidth, bytes/s.
    pub bandwidth: f64,
    /// Whether a datasheet gives it or a run on a real card measured it.
    pub source: RoofSource,
}

/// Where a roof's figures come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoofSource {
    /// A GPU's datasheet: its peak is a setting's figure.
    Datasheet,
    /// A run on a real card (the shipped sweep's matmul and read): its peak is a measured
    /// figure, withheld as one.
    Measured,
}

impl Roof {
    /// The roofline of a catalog GPU for a math format; `None` when the part has no peak for
    /// it (an overlay GPU without FP8, say), in which case the screen shows no overlay.
    #[must_use]
    pub fn for_gpu(gpu: &Gpu, precision: Dtype) -> Option<Self> {
        Some(Self {
            name: gpu.name.clone(),
            peak_flops: gpu.peak_flops(precision)?,
            bandwidth: gpu.bandwidth_bytes_per_s(),
            source: RoofSource::Datasheet,
        })
    }

    /// What its peak's label shows, for withholding.
    #[must_use]
    pub const fn peak_shown(&self) -> Shown {
        match self.source {
            RoofSource::Datasheet => Shown::Quantity(Quantity::PeakTflops),
            RoofSource::Measured => Shown::Measured(MeasuredFigure::Peak),
        }
    }

    /// Where the slope meets the roof, FLOP/byte.
    #[must_use]
    pub fn ridge(&self) -> f64 {
        roofline::ridge(self.peak_flops, self.bandwidth)
    }

    /// Attainable FLOP/s at an intensity: on the slope below the ridge, on the roof above.
    #[must_use]
    pub fn attainable(&self, intensity: f64) -> f64 {
        roofline::attainable(intensity, self.peak_flops, self.bandwidth)
    }

    /// The roof's label: `989 TF`.
    #[must_use]
    pub fn peak_label(&self) -> String {
        format!("{} TF", short_label(self.peak_flops / 1e12))
    }
}

/// The decode FC layer's point: it slides right as the batch grows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DecodeDot {
    /// Exact FC intensity at this batch, FLOP/byte.
    pub intensity: f64,
    /// Sequences per step, shown in the label (`decode B=8`).
    pub batch: u32,
}

/// Everything the plot draws.
#[derive(Debug, Clone, PartialEq)]
pub struct PlotModel {
    /// The active GPU at the active precision.
    pub roof: Roof,
    /// The math format's label, e.g. `BF16`.
    pub precision: String,
    /// The decode FC dot; `None` when the scenario names no model.
    pub decode: Option<DecodeDot>,
    /// MoE models only: the dense layers' intensity (attention projections, shared experts),
    /// drawn as a second, hollow dot because the decode dot is the routed experts'.
    pub dense: Option<f64>,
    /// Decode attention intensity, FLOP/byte; `None` without a model.
    pub attention: Option<f64>,
    /// Prefill FC intensity, FLOP/byte, when the screen chooses to show it.
    pub prefill: Option<f64>,
    /// A second GPU drawn behind the first, in its own colour, for comparison.
    pub overlay: Option<Roof>,
    /// Measured points drawn over the roofline (the lab's sweep, an endpoint's throughput).
    pub measured: Option<MeasuredOverlay>,
    /// Glyphs and colour.
    pub appearance: Appearance,
    /// Figures no label may show yet (predict before you see).
    pub withheld: Withheld,
    /// The highest peak the GPUs drawn have in any format, FLOP/s: the vertical axis covers it
    /// whatever the format shown, so a higher roof is always drawn higher.
    pub axis_peak_flops: f64,
}

impl PlotModel {
    /// The plot for an evaluated scenario: roof, ridge, decode dot at the scenario's batch and
    /// the attention dot. No prefill dot and no overlay until [`Self::with_prefill`] and
    /// [`Self::with_overlay`] add them. Cheap (a few clones), so build it on every event.
    #[must_use]
    pub fn from_evaluation(
        scenario: &Scenario,
        evaluation: &Evaluation,
        appearance: Appearance,
    ) -> Self {
        let model = evaluation.model.as_ref();
        Self {
            roof: Roof {
                name: evaluation.gpu_name.clone(),
                peak_flops: evaluation.peak_flops,
                bandwidth: evaluation.bandwidth,
                source: RoofSource::Datasheet,
            },
            precision: scenario.precision.label(),
            decode: model.map(|m| DecodeDot {
                intensity: m.decode_intensity(),
                batch: scenario.batch,
            }),
            dense: model.filter(|m| m.dense_differs()).map(|m| m.fc_intensity),
            attention: model.map(|m| m.attention_intensity),
            prefill: None,
            overlay: None,
            measured: None,
            appearance,
            withheld: Withheld::none(),
            axis_peak_flops: 0.0,
        }
    }

    /// Keeps the vertical axis up to `peak_flops` (the GPUs' highest peak in any format).
    #[must_use]
    pub fn with_axis_peak(mut self, peak_flops: f64) -> Self {
        self.axis_peak_flops = peak_flops;
        self
    }

    /// Withholds these figures from every label.
    #[must_use]
    pub fn with_withheld(mut self, withheld: Withheld) -> Self {
        self.withheld = withheld;
        self
    }

    /// Adds the prefill dot at the evaluation's prompt length (nothing without a model).
    #[must_use]
    pub fn with_prefill(mut self, evaluation: &Evaluation) -> Self {
        self.prefill = evaluation.model.as_ref().map(|m| m.prefill_intensity);
        self
    }

    /// Sets (or clears) the comparison GPU; see [`Roof::for_gpu`].
    #[must_use]
    pub fn with_overlay(mut self, overlay: Option<Roof>) -> Self {
        self.overlay = overlay;
        self
    }

    /// Sets (or clears) the measured points drawn over the roofline.
    #[must_use]
    pub fn with_measured(mut self, measured: Option<MeasuredOverlay>) -> Self {
        self.measured = measured;
        self
    }

    /// The roofs drawn, active GPU first.
    pub fn roofs(&self) -> impl Iterator<Item = &Roof> {
        std::iter::once(&self.roof).chain(self.overlay.as_ref())
    }

    /// The attainable-TFLOP/s axis: whole decades from the lowest slope at the left edge
    /// (bandwidth × 0.1 FLOP/byte) up to the highest peak, over every roof drawn.
    #[must_use]
    pub fn performance_axis(&self) -> LogScale {
        let (low, high) = self
            .roofs()
            .fold((f64::INFINITY, 0.0_f64), |(low, high), roof| {
                (
                    low.min(roof.attainable(INTENSITY_AXIS.min) / 1e12),
                    high.max(roof.peak_flops / 1e12),
                )
            });
        let high = high.max(self.axis_peak_flops / 1e12);
        LogScale::covering(low, high)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::data_files::builtin_catalog;

    /// A scenario's evaluation and its plot.
    fn evaluated(scenario: &Scenario) -> (Evaluation, PlotModel) {
        let evaluation = scenario.evaluate(&builtin_catalog()).unwrap();
        let plot = PlotModel::from_evaluation(scenario, &evaluation, Appearance::default());
        (evaluation, plot)
    }

    fn default_plot() -> PlotModel {
        let scenario = Scenario {
            batch: 8,
            ..Scenario::default_cluster()
        };
        evaluated(&scenario).1
    }

    #[test]
    fn takes_its_numbers_from_the_engine() {
        let plot = default_plot();
        assert_eq!(plot.roof.name, "H100 SXM5");
        assert_eq!(plot.precision, "BF16");
        assert!((plot.roof.ridge() - 295.3).abs() < 0.1);
        let decode = plot.decode.unwrap();
        assert_eq!(decode.batch, 8);
        assert!((decode.intensity - 8.0).abs() < 0.1, "{decode:?}");
        assert!((plot.attention.unwrap() - 4.0).abs() < 1e-9);
        assert_eq!(plot.roof.peak_label(), "989 TF");
    }

    #[test]
    fn performance_axis_spans_the_slope_start_to_the_roof() {
        let plot = default_plot();
        // 3.35 TB/s × 0.1 = 0.335 TFLOP/s up to 989 TFLOP/s.
        assert_eq!(plot.performance_axis(), LogScale::new(0.1, 1000.0));
        let catalog = builtin_catalog();
        let b200 = Roof::for_gpu(catalog.gpu("b200").unwrap(), Dtype::Bf16).unwrap();
        let with_b200 = plot.with_overlay(Some(b200));
        assert_eq!(with_b200.performance_axis(), LogScale::new(0.1, 10_000.0));
    }

    #[test]
    fn without_a_model_there_are_no_dots() {
        let (evaluation, plot) = evaluated(&Scenario::for_gpu("h100-sxm"));
        let plot = plot.with_prefill(&evaluation);
        assert_eq!(
            (plot.decode, plot.attention, plot.prefill),
            (None, None, None)
        );
    }

    #[test]
    fn moe_draws_the_experts_as_the_dot_and_the_dense_layers_beside_it() {
        let (evaluation, plot) = evaluated(&Scenario {
            model: Some("mixtral-8x7b".to_owned()),
            batch: 64,
            ..Scenario::default_cluster()
        });
        let m = evaluation.model.as_ref().unwrap();
        assert!((plot.decode.unwrap().intensity - m.moe.unwrap().expert_intensity).abs() < 1e-12);
        assert!((plot.dense.unwrap() - m.fc_intensity).abs() < 1e-12);
        assert!(plot.dense.unwrap() > plot.decode.unwrap().intensity * 3.0);
        // A dense model has one FC dot.
        assert_eq!(default_plot().dense, None);
    }
}
