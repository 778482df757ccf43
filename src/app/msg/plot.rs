//! The live plot: the batch, the setting's cycles, the prefill dot and the what-if line.

/// Which way a setting cycles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cycle {
    /// To the next option.
    Forward,
    /// To the previous option.
    Backward,
}

/// One change of the plot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlotMsg {
    /// Halve the batch on the plot.
    HalveBatch,
    /// Double the batch on the plot (stops at the KV wall).
    DoubleBatch,
    /// One sequence fewer on the plot.
    DecrementBatch,
    /// One sequence more on the plot (stops at the KV wall).
    IncrementBatch,
    /// Set the batch on the plot (stops at the KV wall).
    SetBatch(u32),
    /// Switch the weight precision (BF16 → FP8 → INT4).
    CyclePrecision(Cycle),
    /// Switch the GPU.
    CycleGpu(Cycle),
    /// Switch the model.
    CycleModel(Cycle),
    /// Switch the context length (1K → 4K → 8K → 32K → 128K).
    CycleContext(Cycle),
    /// Put the plot back to the current step's setting (its scenario, else the cluster).
    ResetPlot,
    /// Show or hide the prefill dot (a prompt of the setting's length through the same FC layer).
    TogglePrefill,
    /// Switch the picture: the roofline ⇄ the throughput–interactivity curve.
    ToggleCurve,
    /// Open the what-if line over the plot (`:gpu h200`, `:fp8`, `:batch 64`, …).
    OpenWhatIf,
    /// Complete the what-if line's command or id (Tab).
    CompleteWhatIf,
}
