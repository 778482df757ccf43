//! Number formats: how many bytes one element takes, and how users spell them.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A numeric format for weights, activations, KV cache or tensor-core math.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Dtype {
    /// IEEE single precision, 4 bytes.
    Fp32,
    /// NVIDIA TensorFloat-32: stored as 4 bytes, multiplied with a 10-bit mantissa.
    Tf32,
    /// bfloat16, 2 bytes.
    Bf16,
    /// IEEE half precision, 2 bytes.
    Fp16,
    /// 8-bit float (E4M3/E5M2), 1 byte.
    Fp8,
    /// 8-bit integer, 1 byte.
    Int8,
    /// 4-bit integer weights, half a byte (weight-only quantization).
    Int4,
    /// A bare 4-bit float (E2M1), half a byte, scales not counted.
    Fp4,
    /// NVFP4 as shipped: E2M1 values, one FP8 (E4M3) scale per 16 and one FP32 scale per
    /// tensor: 4.5 bits, 9/16 byte per element (aiconfigurator PR #391).
    Nvfp4,
    /// MXFP4 (OCP microscaling) as shipped: E2M1 values, one E8M0 scale per 32: 4.25 bits,
    /// 17/32 byte per element.
    Mxfp4,
}

impl Dtype {
    /// Every format, in the order menus and errors list them.
    pub const ALL: [Self; 10] = [
        Self::Fp32,
        Self::Tf32,
        Self::Bf16,
        Self::Fp16,
        Self::Fp8,
        Self::Int8,
        Self::Int4,
        Self::Fp4,
        Self::Nvfp4,
        Self::Mxfp4,
    ];

    /// Bytes one element occupies in memory; for the block-scaled four-bit formats, with its
    /// share of the block scale (NVFP4 1/2 + 1/16, MXFP4 1/2 + 1/32).
    #[must_use]
    pub const fn bytes(self) -> f64 {
        match self {
            Self::Fp32 | Self::Tf32 => 4.0,
            Self::Bf16 | Self::Fp16 => 2.0,
            Self::Fp8 | Self::Int8 => 1.0,
            Self::Int4 | Self::Fp4 => 0.5,
            Self::Nvfp4 => 9.0 / 16.0,
            Self::Mxfp4 => 17.0 / 32.0,
        }
    }

    /// Whether this is one of the four-bit formats (bare or block-scaled).
    #[must_use]
    pub const fn is_four_bit(self) -> bool {
        match self {
            Self::Int4 | Self::Fp4 | Self::Nvfp4 | Self::Mxfp4 => true,
            Self::Fp32 | Self::Tf32 | Self::Bf16 | Self::Fp16 | Self::Fp8 | Self::Int8 => false,
        }
    }

    /// The lowercase name used on the command line and in data files.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Fp32 => "fp32",
            Self::Tf32 => "tf32",
            Self::Bf16 => "bf16",
            Self::Fp16 => "fp16",
            Self::Fp8 => "fp8",
            Self::Int8 => "int8",
            Self::Int4 => "int4",
            Self::Fp4 => "fp4",
            Self::Nvfp4 => "nvfp4",
            Self::Mxfp4 => "mxfp4",
        }
    }

    /// The name as datasheets print it (BF16, FP8, …).
    #[must_use]
    pub fn label(self) -> String {
        self.name().to_ascii_uppercase()
    }
}

impl fmt::Display for Dtype {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A format name that is not one of [`Dtype::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown precision '{0}' (expected one of fp32, tf32, bf16, fp16, fp8, int8, int4, fp4, nvfp4, mxfp4)"
)]
pub struct UnknownDtype(pub String);

impl FromStr for Dtype {
    type Err = UnknownDtype;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.trim().to_ascii_lowercase();
        Self::ALL
            .into_iter()
            .find(|d| d.name() == wanted)
            .ok_or_else(|| UnknownDtype(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::fp32(Dtype::Fp32, 4.0)]
    #[case::bf16(Dtype::Bf16, 2.0)]
    #[case::fp8(Dtype::Fp8, 1.0)]
    #[case::int4(Dtype::Int4, 0.5)]
    #[case::nvfp4(Dtype::Nvfp4, 0.5625)]
    #[case::mxfp4(Dtype::Mxfp4, 0.531_25)]
    fn bytes_per_element(#[case] dtype: Dtype, #[case] bytes: f64) {
        assert!((dtype.bytes() - bytes).abs() < f64::EPSILON);
    }

    #[test]
    fn names_round_trip() {
        for d in Dtype::ALL {
            assert_eq!(d.name().parse::<Dtype>(), Ok(d));
            assert_eq!(d.label().parse::<Dtype>(), Ok(d));
        }
        assert!("fp7".parse::<Dtype>().is_err());
    }
}
