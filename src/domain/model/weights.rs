//! The weight bytes a model holds and a step reads, in a weight format: the matmul weights at
//! the format's bytes (plus its scales), the embedding and head at the format's edge bytes
//! (see [`WeightFormat`]); a checkpoint that quantizes only its routed experts
//! ([`ExpertsOnly`]) keeps everything else at its own 16-bit bytes.

use super::{Dtype, ExpertsOnly, ModelSpec};
use crate::domain::weight_format::WeightFormat;

impl ModelSpec {
    /// Weight bytes one step of `tokens` tokens reads in a weight format, whole model: the
    /// matmul weights at the format's bytes (plus its scales), the output head at the format's
    /// head bytes (weight-only INT4 keeps it in BF16). At an [`ExpertsOnly`] checkpoint's own
    /// format, only the routed experts the step touches are read at the format's bytes.
    #[must_use]
    pub fn weight_bytes_read(&self, tokens: f64, weights: Dtype) -> f64 {
        let format = WeightFormat::of(weights);
        let head = self.head_params();
        let body = self.params_read(tokens) - head;
        match self.kept(weights) {
            None => body * format.body_bytes() + head * format.edge_bytes(),
            Some(kept) => {
                let experts = self.routed_expert_params() * self.experts_touched_fraction(tokens);
                experts * format.body_bytes() + (body - experts + head) * kept.rest.bytes()
            }
        }
    }

    /// Weight bytes held in memory in a weight format, whole model: the matmul weights, the
    /// input embedding and (untied) the output head, each at its bytes; at an
    /// [`ExpertsOnly`] checkpoint's own format, the routed experts at the format's bytes and
    /// the rest at its own.
    #[must_use]
    pub fn weight_bytes_stored(&self, weights: Dtype) -> f64 {
        let format = WeightFormat::of(weights);
        if let Some(kept) = self.kept(weights) {
            let experts = self.routed_expert_params();
            return experts * format.body_bytes() + (self.params - experts) * kept.rest.bytes();
        }
        let edges = if self.tied_embeddings {
            self.embedding_params()
        } else {
            self.embedding_params() + self.head_params()
        };
        (self.params - edges) * format.body_bytes() + edges * format.edge_bytes()
    }

    /// The checkpoint's split, when the weights are in its quantized format.
    fn kept(&self, weights: Dtype) -> Option<ExpertsOnly> {
        self.experts_only
            .filter(|q| q.experts == weights && self.experts.is_some())
    }
}
