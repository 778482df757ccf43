//! How a weight format ships: the bytes a quantized checkpoint really holds per weight, and
//! which tensors it leaves in 16 bits. A format named on the command line (`--weights int4`)
//! is the checkpoint as it is published, not the bare element width.

use super::dtype::Dtype;

/// The bytes a weight format costs beyond its element width, with the source of the figures.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WeightFormat {
    /// The element format of the matmul weights.
    pub dtype: Dtype,
    /// Weights sharing one scale (0 when the format carries no per-group scales).
    pub group_size: u32,
    /// Bytes of one group's scale.
    pub scale_bytes: f64,
    /// Format of the input embedding and the output head (`None`: the same as the weights).
    pub edges: Option<Dtype>,
    /// Where the figures come from.
    pub source: &'static str,
}

/// Weight-only INT4 as GPTQ and AWQ checkpoints ship it.
const INT4_GPTQ_AWQ: WeightFormat = WeightFormat {
    dtype: Dtype::Int4,
    group_size: 128,
    scale_bytes: 2.0,
    edges: Some(Dtype::Bf16),
    source: "GPTQ (Frantar et al., 2023) and AWQ (Lin et al., 2024) as vLLM loads them: group size \
             128 with one FP16 scale per group (zero points packed alongside), embedding and \
             lm_head left unquantized",
};

/// NVFP4 checkpoints as they ship (NVIDIA Model Optimizer): E2M1 weights with one E4M3 scale
/// per 16 (the scales are in [`Dtype::Nvfp4`]'s 9/16 byte), embedding and head in BF16.
const NVFP4_SHIPPED: WeightFormat = WeightFormat {
    dtype: Dtype::Nvfp4,
    group_size: 0,
    scale_bytes: 0.0,
    edges: Some(Dtype::Bf16),
    source: "NVFP4: E2M1 with one FP8 (E4M3) scale per 16 weights and one FP32 scale per tensor, \
             4.5 bits = 9/16 byte per weight (aiconfigurator PR #391); embedding and lm_head \
             left in BF16 as Model Optimizer exports them",
};

/// MXFP4 checkpoints as they ship: E2M1 weights with one E8M0 scale per 32 (in
/// [`Dtype::Mxfp4`]'s 17/32 byte), embedding and head in BF16.
const MXFP4_SHIPPED: WeightFormat = WeightFormat {
    dtype: Dtype::Mxfp4,
    group_size: 0,
    scale_bytes: 0.0,
    edges: Some(Dtype::Bf16),
    source: "MXFP4 (OCP Microscaling Formats v1.0): E2M1 with one E8M0 scale per 32 weights, \
             4.25 bits = 17/32 byte per weight; embedding and lm_head left in BF16",
};

impl WeightFormat {
    /// The format as it ships. The four-bit formats keep the embedding and head in BF16 (and
    /// INT4 adds its group scales); the per-channel or per-block scales of FP8 and INT8
    /// checkpoints cost under 0.01 % and are left out, so their bytes are the element bytes.
    #[must_use]
    pub const fn of(dtype: Dtype) -> Self {
        match dtype {
            Dtype::Int4 => INT4_GPTQ_AWQ,
            Dtype::Nvfp4 => NVFP4_SHIPPED,
            Dtype::Mxfp4 => MXFP4_SHIPPED,
            Dtype::Fp32
            | Dtype::Tf32
            | Dtype::Bf16
            | Dtype::Fp16
            | Dtype::Fp8
            | Dtype::Int8
            | Dtype::Fp4 => Self {
                dtype,
                group_size: 0,
                scale_bytes: 0.0,
                edges: None,
                source: "element width only",
            },
        }
    }

    /// Bytes per matmul weight: the element plus its share of a group scale (INT4: 1/2 + 1/64).
    #[must_use]
    pub fn body_bytes(&self) -> f64 {
        let scales = if self.group_size == 0 {
            0.0
        } else {
            self.scale_bytes / f64::from(self.group_size)
        };
        self.dtype.bytes() + scales
    }

    /// Bytes per weight of the input embedding and the output head.
    #[must_use]
    pub fn edge_bytes(&self) -> f64 {
        self.edges.unwrap_or(self.dtype).bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int4_ships_with_a_64th_of_a_byte_of_scales_and_bf16_edges() {
        let f = WeightFormat::of(Dtype::Int4);
        assert!((f.body_bytes() - (0.5 + 1.0 / 64.0)).abs() < 1e-12);
        assert!((f.edge_bytes() - 2.0).abs() < 1e-12);
    }

    #[rstest::rstest]
    #[case::nvfp4(Dtype::Nvfp4, 9.0 / 16.0)]
    #[case::mxfp4(Dtype::Mxfp4, 17.0 / 32.0)]
    fn block_scaled_fp4_ships_with_its_scales_and_bf16_edges(
        #[case] dtype: Dtype,
        #[case] body: f64,
    ) {
        let f = WeightFormat::of(dtype);
        assert!((f.body_bytes() - body).abs() < 1e-12);
        assert!((f.edge_bytes() - 2.0).abs() < 1e-12);
    }

    #[test]
    fn other_formats_are_their_element_width() {
        let shipped = [Dtype::Int4, Dtype::Nvfp4, Dtype::Mxfp4];
        for d in Dtype::ALL.into_iter().filter(|d| !shipped.contains(d)) {
            let f = WeightFormat::of(d);
            assert!((f.body_bytes() - d.bytes()).abs() < 1e-12, "{d}");
            assert!((f.edge_bytes() - d.bytes()).abs() < 1e-12, "{d}");
        }
    }
}
