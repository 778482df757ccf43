//! What was measured for a scenario, as the roofline pane draws it: the overlay, the
//! utilization readouts and a measured roof. Its own file so that the pane and the benchmark
//! points, which both build it, do not name each other.

use crate::domain::dtype::Dtype;
use crate::domain::scenario::Scenario;
use crate::widgets::{MeasuredOverlay, Roof};

/// Whether `scenario` runs 16-bit weights through 16-bit math, as the measured sweeps did
/// (the shipped one and a GPU lab's): only then do their points, MBU and MFU describe it.
#[must_use]
pub fn sixteen_bit(scenario: &Scenario) -> bool {
    let sixteen = |d: Dtype| matches!(d, Dtype::Bf16 | Dtype::Fp16);
    sixteen(scenario.precision) && sixteen(scenario.weights)
}

/// Whether the plot's `scenario` shows the setup `cluster`'s measurements were made on: the
/// same GPU, model, math and weight formats, and tensor parallelism.
#[must_use]
pub fn shows_setup(scenario: &Scenario, cluster: &Scenario) -> bool {
    scenario.gpu == cluster.gpu
        && scenario.model == cluster.model
        && scenario.precision == cluster.precision
        && scenario.weights == cluster.weights
        && scenario.tp == cluster.tp
}

/// The overlay and the utilization readouts for a scenario.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Measured {
    /// Points to draw over the roofline.
    pub overlay: Option<MeasuredOverlay>,
    /// Decode bandwidth utilization (0.1 = 10 %).
    pub mbu: Option<f64>,
    /// Prefill FLOP utilization (the shipped sweep's: its FLOP/s at the batch ÷ peak).
    pub mfu: Option<f64>,
    /// The measured roofline, drawn beside the datasheet's when no other GPU is.
    pub roof: Option<Roof>,
}
