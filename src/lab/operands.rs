//! The operands of one matrix multiply, shared by the kernels (streaming, paired, blocked).

/// The operands of one multiply.
#[derive(Debug, Clone, Copy)]
pub struct Operands<'a> {
    /// Weights, `rows × k`, row-major.
    pub w: &'a [f32],
    /// Inputs, `batch × k`, row-major.
    pub x: &'a [f32],
    /// The inner dimension.
    pub k: usize,
    /// Input vectors.
    pub batch: usize,
}

impl Operands<'_> {
    /// Rows of the weights.
    #[must_use]
    pub fn rows(&self) -> usize {
        self.w.len() / self.k
    }
}
