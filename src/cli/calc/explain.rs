//! `calc --explain` and the JSON `basis`: how each figure was computed, from the domain's
//! derivations (the same formulas the engine computed the figures with).

use std::fmt::Write as _;

use serde_json::{Value, json};

use crate::domain::derivation::{Derivation, Input, Source};
use crate::domain::format::group;

/// A value in a readable unit: bytes as GB, bytes/s as TB/s, FLOP/s as TFLOP/s, FLOP as
/// GFLOP, seconds as ms.
fn show(value: f64, unit: &str) -> String {
    match unit {
        "bytes" => format!("{} GB", group(value / 1e9, 3)),
        "bytes/s" => format!("{} TB/s", group(value / 1e12, 3)),
        "FLOP/s" => format!("{} TFLOP/s", group(value / 1e12, 1)),
        "FLOP" => format!("{} GFLOP", group(value / 1e9, 1)),
        "s" => format!("{} ms", group(value * 1e3, 3)),
        "" if value.fract() == 0.0 => group(value, 0),
        "" => group(value, 3),
        _ if value.fract() == 0.0 => format!("{} {unit}", group(value, 0)),
        _ if value.abs() >= 100.0 => format!("{} {unit}", group(value, 1)),
        _ => format!("{} {unit}", group(value, 3)),
    }
}

fn source(s: &Source) -> String {
    match s {
        Source::Datasheet { field, cite } => format!("datasheet {field} ({cite})"),
        Source::Model { field } => format!("model {field}"),
        Source::Setting { field } => format!("setting {field}"),
        Source::Default { field } => format!("default {field}"),
        Source::Figure { name } => format!("computed: {name}"),
    }
}

fn input_line(out: &mut String, i: &Input) {
    let _ = writeln!(
        out,
        "    {:<6} {:<34} {:<18} {}",
        i.symbol,
        i.name,
        show(i.value, i.unit),
        source(&i.source)
    );
}

/// The derivations as text, one block per figure.
#[must_use]
pub fn text(derivations: &[Derivation]) -> String {
    let mut out = String::from("\nHow each figure is computed\n");
    for d in derivations {
        let _ = writeln!(
            out,
            "\n  {} = {}",
            d.formula.figure(),
            show(d.value, d.unit)
        );
        let _ = writeln!(out, "    {}", d.formula.words());
        let _ = writeln!(out, "    {}", d.formula.symbols());
        for i in &d.inputs {
            input_line(&mut out, i);
        }
        let _ = writeln!(out, "    assumes: {}", d.assumptions.join("; "));
        if let Some((i, change)) = d.most_sensitive() {
            let _ = writeln!(
                out,
                "    moves it most: {} ({} +1 % → figure {:+.2} %)",
                i.name,
                i.symbol,
                100.0 * change
            );
        }
    }
    out
}

/// The `basis` object: one entry per figure, keyed by the figure's JSON name.
#[must_use]
pub fn basis(derivations: &[Derivation]) -> Value {
    let mut map = serde_json::Map::new();
    for d in derivations {
        let moves_most = d.most_sensitive().map(|(i, change)| {
            json!({ "symbol": i.symbol, "name": i.name, "change_pct_per_pct": 100.0 * change })
        });
        map.insert(
            d.formula.figure().to_owned(),
            json!({
                "words": d.formula.words(),
                "symbols": d.formula.symbols(),
                "value": d.value,
                "unit": d.unit,
                "inputs": d.inputs,
                "assumptions": d.assumptions,
                "moves_most": moves_most,
            }),
        );
    }
    Value::Object(map)
}
