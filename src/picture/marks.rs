//! The picture's marks: one shape per kind of point or line, the same in the plot and in its
//! legend.

use super::svg::Svg;

/// A kind of mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// The decode FC layer's dot (a filled circle).
    Decode,
    /// An MoE model's dense layers (a hollow circle).
    Dense,
    /// Decode attention (a diamond).
    Attention,
    /// Prefill (a triangle).
    Prefill,
    /// A measured point (a cross).
    Measured,
    /// The knee fitted through a measured sweep (a ring).
    Knee,
    /// The KV wall (a dashed upright line).
    Wall,
    /// A second GPU's roofline (a dashed line).
    Overlay,
}

impl Mark {
    /// The mark's name in the legend.
    #[must_use]
    pub const fn legend(self) -> &'static str {
        match self {
            Self::Decode => "decode (FC layers)",
            Self::Dense => "dense layers",
            Self::Attention => "attention",
            Self::Prefill => "prefill",
            Self::Measured => "measured",
            Self::Knee => "fitted knee",
            Self::Wall => "KV wall",
            Self::Overlay => "second GPU",
        }
    }
}

/// Draws a mark centred on `at`.
pub fn draw_mark(svg: &mut Svg, mark: Mark, (x, y): (f64, f64)) {
    match mark {
        Mark::Decode => svg.circle("decode", (x, y), 7.0),
        Mark::Dense => svg.circle("dense", (x, y), 6.0),
        Mark::Attention => svg.polygon(
            "attention",
            &[(x, y - 8.0), (x + 8.0, y), (x, y + 8.0), (x - 8.0, y)],
        ),
        Mark::Prefill => svg.polygon(
            "prefill",
            &[(x, y - 8.0), (x + 8.0, y + 6.0), (x - 8.0, y + 6.0)],
        ),
        Mark::Measured => {
            svg.line("measured", (x - 6.0, y - 6.0), (x + 6.0, y + 6.0));
            svg.line("measured", (x - 6.0, y + 6.0), (x + 6.0, y - 6.0));
        }
        Mark::Knee => svg.circle("knee", (x, y), 9.0),
        Mark::Wall => svg.line("wall", (x, y - 8.0), (x, y + 8.0)),
        Mark::Overlay => svg.line("overlay", (x - 8.0, y), (x + 8.0, y)),
    }
}
