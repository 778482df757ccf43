//! The real binary for the `calc` tests: run with arguments, and `calc --json`'s object and
//! its numbers.

#![allow(dead_code, reason = "each test file uses its own part")]

use std::process::{Command, Output};

use serde_json::Value;

/// `roofline ARGS`, no colour; its output.
pub fn roofline(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_roofline"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("the binary runs")
}

/// `roofline calc --json ARGS`, which must succeed; its one JSON object.
#[track_caller]
pub fn calc_json(args: &[&str]) -> Value {
    let mut all = vec!["calc", "--json"];
    all.extend_from_slice(args);
    let out = roofline(&all);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// `roofline calc ARGS`, which must succeed; its table.
#[track_caller]
pub fn calc_text(args: &[&str]) -> String {
    let mut all = vec!["calc"];
    all.extend_from_slice(args);
    let out = roofline(&all);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The number at `key`.
#[track_caller]
pub fn num(v: &Value, key: &str) -> f64 {
    v[key]
        .as_f64()
        .unwrap_or_else(|| panic!("{key} is not a number in {v}"))
}

/// `actual` equals `expected` to rounding (relative 1e-9; absolute near zero).
#[track_caller]
pub fn near(actual: f64, expected: f64) {
    assert!(
        (actual - expected).abs() <= 1e-9 * expected.abs().max(1e-12),
        "expected {expected}, got {actual}"
    );
}

/// A section's `basis` entry for `figure`: its value and its inputs' values, in formula order.
#[track_caller]
pub fn basis(section: &Value, figure: &str) -> (f64, Vec<f64>) {
    let b = &section["basis"][figure];
    let inputs = b["inputs"]
        .as_array()
        .unwrap_or_else(|| panic!("no basis for {figure} in {section}"))
        .iter()
        .map(|i| num(i, "value"))
        .collect();
    (num(b, "value"), inputs)
}
