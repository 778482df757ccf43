//! `calc --explain` and the JSON `basis`: how each figure was computed, from the domain's
//! derivations (the same formulas the engine computed the figures with).

use std::fmt::Write as _;

use anyhow::Result;
use serde_json::{Value, json};

use super::super::args::PlanCli;
use crate::domain::catalog::Catalog;
use crate::domain::derivation::{Derivation, Input, of_quantity, show};
use crate::domain::quantity::Quantity;
use crate::domain::scenario::Scenario;

/// The scenario with the cluster options `calc` was given (link, prefix cache, output tokens,
/// chunk, target, rate), so that the cluster figures it prints have their derivations too.
fn with_plan(s: &Scenario, plan: &PlanCli) -> Scenario {
    Scenario {
        link: plan.link.clone().or_else(|| s.link.clone()),
        prefix_hit: plan.prefix_hit.unwrap_or(s.prefix_hit),
        output_tokens: plan.output_tokens.unwrap_or(s.output_tokens),
        chunk: plan.chunk.unwrap_or(s.chunk),
        tpot_target_ms: plan.tpot_target.or(s.tpot_target_ms),
        rate: plan.rate.or(s.rate),
        ..s.clone()
    }
}

/// The derivation of every figure `calc` prints for the scenario and its cluster options, in
/// the quantities' order: the GPU's, the model's, then the cluster's.
pub fn all(catalog: &Catalog, s: &Scenario, plan: &PlanCli) -> Result<Vec<Derivation>> {
    let s = with_plan(s, plan);
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
