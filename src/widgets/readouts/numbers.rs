//! How the readouts write their numbers: intensities, percentages, milliseconds.

pub use crate::domain::format::group;

/// An intensity: one decimal below 100 (`8.0`), whole numbers above (`1,024`).
#[must_use]
pub fn intensity(value: f64) -> String {
    if value < 100.0 {
        decimals(value, 1)
    } else {
        group(value, 0)
    }
}

/// A percentage: one decimal below 10 (`2.7`), whole above (`54`).
#[must_use]
pub fn percent(value: f64) -> String {
    if value < 10.0 {
        decimals(value, 1)
    } else {
        group(value, 0)
    }
}

/// Milliseconds: two decimals below 1, one below 100, whole above.
#[must_use]
pub fn milliseconds(value: f64) -> String {
    if value < 1.0 {
        decimals(value, 2)
    } else if value < 100.0 {
        decimals(value, 1)
    } else {
        group(value, 0)
    }
}

pub(super) fn decimals(value: f64, places: usize) -> String {
    format!("{value:.places$}")
}
