//! The tolerance check every engine reference test asserts with.

/// `actual` within `tolerance` (absolute) of `expected`, or a failure naming both.
#[track_caller]
pub fn assert_near(actual: f64, expected: f64, tolerance: f64) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "expected {expected} ± {tolerance}, got {actual}"
    );
}
