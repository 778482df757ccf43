//! How the readouts write their numbers: intensities, percentages, milliseconds.

pub use crate::domain::format::group;

/// An intensity: one decimal below 100 (`8.0`), whole numbers above (`1,024`).
#[must_use]
pub fn intensity(value: f64) -> String {
    graded(value, &[(100.0, 1)])
}

/// A percentage: one decimal below 10 (`2.7`), whole above (`54`).
#[must_use]
pub fn percent(value: f64) -> String {
    graded(value, &[(10.0, 1)])
}

/// Milliseconds: two decimals below 1, one below 100, whole above.
#[must_use]
pub fn milliseconds(value: f64) -> String {
    graded(value, &[(1.0, 2), (100.0, 1)])
}

/// `value` with the decimal places of the first `(limit, places)` it is below, else whole and
/// grouped by thousands.
fn graded(value: f64, grades: &[(f64, usize)]) -> String {
    grades
        .iter()
        .find(|&&(limit, _)| value < limit)
        .map_or_else(|| group(value, 0), |&(_, places)| decimals(value, places))
}

pub(super) fn decimals(value: f64, places: usize) -> String {
    format!("{value:.places$}")
}
