//! Rows of a cluster section, label then value, as the main table prints them.

use std::fmt::Write as _;

/// Appends each row as `  label  value`.
pub fn push_rows(out: &mut String, rows: &[(&str, String)]) {
    for (label, value) in rows {
        let _ = writeln!(out, "  {label:<26} {value}");
    }
}
