//! `calc --explain` and the JSON `basis`: how each figure was computed, from the domain's
//! derivations (the same formulas the engine computed the figures with).

use std::fmt::Write as _;

use anyhow::Result;
use serde_json::{Value, json};

use super::super::args::PlanCli;
use crate::domain::catalog::Catalog;
use crate::domain::derivation::{Derivation, Input, RERUN_RAISE_PCT, of_quantity, show};
use crate::domain::quantity::Quantity;
use crate::domain::scenario::Scenario;

/// The derivation of every figure `calc` prints for the scenario and its cluster options, in
/// the quantities' order: the GPU's, the model's, then the cluster's.
pub fn all(catalog: &Catalog, s: &Scenario, plan: &PlanCli) -> Result<Vec<Derivation>> {
    // The cluster options `calc` was given (links, prefix cache, output tokens, chunk,
    // target, rate), so that the cluster figures it prints have their derivations too.
    let s = plan.apply(s.clone());
    let e = s.evaluate(catalog)?;
    let gpu = catalog.gpu(&s.gpu)?;
    let model = s.model.as_deref().map(|id| catalog.model(id)).transpose()?;
    Ok(Quantity::ALL
        .into_iter()
        .filter_map(|q| of_quantity(q, &s, &e, gpu, model))
        .collect())
}

fn input_line(out: &mut String, i: &Input) {
    let _ = writeln!(
        out,
        "    {:<6} {:<34} {:<18} {}",
        i.symbol,
        i.name,
        show(i.value, i.unit),
        i.source
    );
}

/// The derivations as text, one block per figure.
#[must_use]
pub fn text(derivations: &[Derivation]) -> String {
    titled("How each figure is computed", derivations)
}

/// The derivations as text under a title, one block per figure.
#[must_use]
pub fn titled(title: &str, derivations: &[Derivation]) -> String {
    let mut out = format!("\n{title}\n");
    for (n, d) in derivations.iter().enumerate() {
        let same = derivations[..n].iter().find(|p| {
            p.formula == d.formula && p.value.to_bits() == d.value.to_bits() && p.inputs == d.inputs
        });
        if let Some(p) = same {
            let _ = writeln!(
                out,
                "\n  {} = {}: derived as {} above",
                d.figure,
                show(d.value, d.unit),
                p.figure
            );
            continue;
        }
        let _ = writeln!(out, "\n  {} = {}", d.figure, show(d.value, d.unit));
        let _ = writeln!(out, "    {}", d.formula.words());
        let _ = writeln!(out, "    {}", d.formula.symbols());
        for i in &d.inputs {
            input_line(&mut out, i);
        }
        let _ = writeln!(out, "    assumes: {}", d.assumptions.join("; "));
        if let Some(most) = d.moves_most("→") {
            let _ = writeln!(out, "    moves it most: {most}");
        }
    }
    out
}

/// The `basis` object: one entry per figure, keyed by the figure's JSON name.
#[must_use]
pub fn basis(derivations: &[Derivation]) -> Value {
    let mut map = serde_json::Map::new();
    for d in derivations {
        let moves_most = match d.rerun_most() {
            Some(r) => Some(json!({
                "name": r.input,
                "raised_pct": RERUN_RAISE_PCT,
                "from": r.from,
                "to": r.to,
            })),
            None => d.most_sensitive().map(|(i, change)| {
                json!({ "symbol": i.symbol, "name": i.name, "change_pct_per_pct": 100.0 * change })
            }),
        };
        map.insert(
            d.figure.to_owned(),
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
