//! The figures a text may write as they are: what the scenario sets and what the datasheet
//! says, each in its unit.

use crate::domain::quantity::{Quantity, QuantityValue};
use crate::domain::scenario::{Evaluation, Scenario};

/// The figures a text may write as they are: the scenario's settings (its GPUs, lengths,
/// target, rate and shares too) and the GPU's datasheet (a batch of 64 is what the text sets,
/// even where 2·B ÷ b_w is also 64).
pub(super) fn settings(s: &Scenario, e: &Evaluation) -> Vec<(f64, SettingUnit)> {
    let mut out: Vec<f64> = vec![
        s.context as f64,
        f64::from(s.tp),
        f64::from(s.ep),
        f64::from(s.pp),
        s.replica_gpus(),
        s.prompt as f64,
        f64::from(s.draft_tokens),
        f64::from(s.output_tokens),
        s.chunk as f64,
        s.block_size as f64,
    ];
    out.extend(s.rate);
    // Shares, as written either way (`0.9` or `90 %`).
    for share in [s.mem_util, s.prefix_hit, s.efficiency] {
        out.extend([share, share * 100.0]);
    }
    let mut out: Vec<(f64, SettingUnit)> = out.into_iter().map(|v| (v, SettingUnit::Any)).collect();
    // A setting or a datasheet figure with a unit is written in it or bare: the 3 GB overhead
    // and the 3.35 TB/s are no "3 J".
    out.extend([
        // "1 FLOP/byte" at batch 1 is the intensity, not the batch.
        (
            f64::from(s.batch),
            SettingUnit::In(&["seq", "req", "user", "batch"]),
        ),
        (s.overhead_gb, SettingUnit::In(&["GB"])),
        (s.gpu_hour_usd, SettingUnit::In(&["$", "USD"])),
    ]);
    out.extend(s.tpot_target_ms.map(|v| (v, SettingUnit::In(&["ms"]))));
    out.extend(
        [
            (
                Quantity::PeakTflops,
                &["TFLOP/s"] as &'static [&'static str],
            ),
            (Quantity::BandwidthTbs, &["TB/s"]),
            (Quantity::MemoryGb, &["GB"]),
            (Quantity::TdpW, &["W"]),
        ]
        .into_iter()
        .filter_map(|(q, unit)| match q.value(e) {
            Some(QuantityValue::Number(v)) => Some((v, SettingUnit::In(unit))),
            Some(QuantityValue::Bound(_)) | None => None,
        }),
    );
    out
}

/// How a setting may be written.
#[derive(Debug, Clone, Copy)]
pub(super) enum SettingUnit {
    /// With any unit or none (a degree, a length, a share).
    Any,
    /// In one of these units or bare.
    In(&'static [&'static str]),
}

impl SettingUnit {
    /// Whether a number written between `before` and `after` may be this setting.
    pub(super) fn fits(self, before: &str, after: &str) -> bool {
        match self {
            Self::Any => true,
            Self::In(units) => {
                let bare = !after.starts_with(|c: char| c.is_alphabetic() || "%$€µ".contains(c));
                let dollar = units.contains(&"$") && before.ends_with('$');
                units.iter().any(|u| after.starts_with(u)) || dollar || bare
            }
        }
    }
}
