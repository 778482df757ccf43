//! Where a card's roofs come from: its datasheet, or a lab run on the card itself ("this
//! machine", "this GPU"), which has no datasheet and must not be cited as one.

use super::Ctx;
use crate::domain::derivation::Source;

impl Ctx<'_> {
    /// Whether the card's roofs were measured on it (`roofline lab` or `lab --gpu`), not read
    /// from a datasheet.
    pub(super) fn roofs_measured(self) -> bool {
        [
            crate::domain::gpu_lab::THIS_GPU_ID,
            crate::domain::lab::THIS_MACHINE_ID,
        ]
        .contains(&self.gpu.id.as_str())
    }

    /// Where a roof (`peak_tflops.…`, `bandwidth_tbs`) comes from: the datasheet, or the lab
    /// run that measured it.
    pub(super) fn roof(self, field: &str) -> Source {
        if self.roofs_measured() {
            Source::Measured {
                field: field.to_owned(),
                cite: self.gpu.source.clone(),
            }
        } else {
            self.datasheet(field)
        }
    }

    /// Where the card's memory capacity comes from: its datasheet (or the bytes a driver
    /// reports for it, as the entry cites), or what the lab's system reported.
    pub(super) fn capacity(self) -> Source {
        let field = "capacity".to_owned();
        let cite = self.gpu.memory_source();
        if self.roofs_measured() {
            Source::Measured {
                field,
                cite: format!("as {cite}"),
            }
        } else {
            Source::Datasheet { field, cite }
        }
    }

    /// `datasheet` for a catalog card, `measured` for one whose roofs the lab measured.
    pub(super) fn either(self, datasheet: &'static str, measured: &'static str) -> &'static str {
        if self.roofs_measured() {
            measured
        } else {
            datasheet
        }
    }

    /// What the roofs stand for: the datasheet's speed of light, or this card's measured one.
    pub(super) fn roofs_assumption(self) -> &'static str {
        self.either(
            "datasheet roofs (the speed of light)",
            "measured roofs: the best of repeated runs on this card, which serving kernels approach but seldom pass",
        )
    }
}
