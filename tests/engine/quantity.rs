//! One quantity of a scenario, as the engine computes it: the helper the engine reference
//! tests share.

use roofline_tutor::content::data_files::builtin_catalog;
use roofline_tutor::domain::quantity::Quantity;
use roofline_tutor::domain::scenario::Scenario;

/// `quantity` of `s` on the built-in catalog; panics where it has no number.
#[track_caller]
pub fn q(s: &Scenario, quantity: Quantity) -> f64 {
    let e = s.evaluate(&builtin_catalog()).expect("scenario evaluates");
    quantity
        .number(&e)
        .unwrap_or_else(|| panic!("{quantity} has no value"))
}
