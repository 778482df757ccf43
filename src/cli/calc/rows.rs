//! Rows of a cluster section, label then value, as the main table prints them.

use std::fmt::Write as _;

use crate::domain::scenario::Scenario;

/// Appends each row as `  label  value`.
pub fn push_rows(out: &mut String, rows: &[(&str, String)]) {
    for (label, value) in rows {
        let _ = writeln!(out, "  {label:<26} {value}");
    }
}

/// ` · PP n (N GPUs)` after a header's TP, empty at one pipeline stage.
pub fn stages(s: &Scenario) -> String {
    if s.pp > 1 {
        format!(" · PP {} ({} GPUs)", s.pp, s.tp * s.pp)
    } else {
        String::new()
    }
}

/// What a per-GPU figure of one step means under PP (the stages take turns: it is summed over
/// them), empty at one stage.
pub fn over_stages(s: &Scenario) -> String {
    if s.pp > 1 {
        format!(
            " of one stage, summed over the {} stages a token passes in turn",
            s.pp
        )
    } else {
        String::new()
    }
}
