//! The GPU's own figures: its datasheet rows and the ridge.

use super::{Ctx, derived, inp};
use crate::domain::derivation::{Derivation, Formula};

pub(super) fn ridge(x: Ctx<'_>) -> Derivation {
    let e = x.e;
    derived(
        Formula::Ridge,
        e.ridge,
        "FLOP/byte",
        vec![
            inp(
                "P",
                "dense peak",
                e.peak_flops,
                "FLOP/s",
                x.roof(&format!("peak_tflops.{}", x.s.precision.name())),
            ),
            inp(
                "BW",
                "memory bandwidth",
                e.bandwidth,
                "bytes/s",
                x.roof("bandwidth_tbs"),
            ),
        ],
        vec![
            x.either(
                "dense peak: a vendor's \"with sparsity\" figure is halved",
                "dense peak: the best of repeated dense multiplies on this card",
            ),
            x.either(
                "datasheet roofs; a real card measures lower (an H100 SXM: 754 of 989 TFLOP/s, 3.07 of 3.35 TB/s), which moves the measured ridge left",
                "measured roofs: this card's own, so this is the ridge it really has (its datasheet's sits right of it)",
            ),
        ],
    )
}

/// Which datasheet row.
#[derive(Clone, Copy)]
pub(super) enum Row {
    Peak,
    Bandwidth,
    Memory,
    Tdp,
}

/// A datasheet row as the tutor reads it (the peak of the scenario's math format, the
/// bandwidth, the capacity in bytes, the board power).
pub(super) fn given(x: Ctx<'_>, row: Row) -> Option<Derivation> {
    let e = x.e;
    let (name, value, unit, source, assumption) = match row {
        Row::Peak => (
            "dense peak",
            e.peak_flops,
            "FLOP/s",
            x.roof(&format!("peak_tflops.{}", x.s.precision.name())),
            x.either(
                "dense: a vendor's \"with sparsity\" figure is halved",
                "dense: the best of repeated dense multiplies on this card",
            ),
        ),
        Row::Bandwidth => (
            "memory bandwidth",
            e.bandwidth,
            "bytes/s",
            x.roof("bandwidth_tbs"),
            x.either(
                "the datasheet's peak; a real copy reaches about 92 % of it",
                "the best of repeated streaming reads on this card",
            ),
        ),
        Row::Memory => (
            "memory capacity",
            e.memory_bytes,
            "bytes",
            x.capacity(),
            "the bytes the card has (an \"80 GB\" H100 has 80 GiB), shown in 10^9 bytes",
        ),
        Row::Tdp => (
            "board power (TDP)",
            e.tdp_w?,
            "W",
            x.datasheet("tdp_w"),
            "the board's power limit, not what a step draws",
        ),
    };
    Some(derived(
        Formula::Given,
        value,
        unit,
        vec![inp("x", name, value, unit, source)],
        vec![assumption],
    ))
}
