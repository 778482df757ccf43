//! The cluster sections of `roofline calc`, each computed only when its option asks for it.

use anyhow::{Context as _, Result};
use serde_json::Value;

use super::super::args::PlanCli;
use super::{disagg, interconnect, latency};
use crate::content::links::builtin_links;
use crate::domain::catalog::Catalog;
use crate::domain::link::{self, Link};
use crate::domain::plan_error::PlanError;
use crate::domain::scenario::{Evaluation, Role, Scenario, link_id};

/// The sections asked for, computed.
#[derive(Debug, Default)]
pub struct Sections {
    interconnect: Option<interconnect::Section>,
    disagg: Option<disagg::Section>,
    latency: Option<latency::Section>,
}

impl Sections {
    /// Computes each section its option turns on.
    pub fn compute(
        catalog: &Catalog,
        s: &Scenario,
        e: &Evaluation,
        plan: &PlanCli,
    ) -> Result<Self> {
        // The all-reduce crosses the scale-up link, the prompt's KV the scale-out one.
        let wanted = |on: bool, role: Role| -> Result<Option<Link>> {
            on.then(|| pick_link(catalog, s, role))
                .transpose()
                .with_context(|| format!("cannot pick a {role} link"))
        };
        let up = wanted(plan.interconnect, Role::ScaleUp)?;
        let out = wanted(plan.disagg.is_some(), Role::ScaleOut)?;
        // The options are the scenario's cluster settings by now (`PlanCli::apply`).
        let output_tokens = s.output_tokens;
        let chunk = s.chunk;
        // The all-to-all and the pipeline leave a scale-up domain on the scale-out link,
        // where the GPU (or the scenario) has one.
        let nic = match link_id(s, catalog, Role::ScaleOut) {
            Some(_) if plan.interconnect => Some(pick_link(catalog, s, Role::ScaleOut)?),
            _ => None,
        };
        let interconnect = match (&up, plan.interconnect) {
            (Some(link), true) => Some(interconnect::Section::compute(
                catalog,
                s,
                e,
                link,
                nic.as_ref(),
            )?),
            _ => None,
        };
        let disagg = match (&out, plan.disagg) {
            (Some(link), Some((p, d))) => {
                let inputs = crate::domain::disagg::DisaggInputs {
                    prefill_gpus: p,
                    decode_gpus: d,
                    prefix_hit: s.prefix_hit,
                    output_tokens,
                    chunk,
                };
                Some(disagg::Section::compute(catalog, s, &inputs, link)?)
            }
            _ => None,
        };
        let latency = if plan.tpot_target.is_some() || plan.rate.is_some() || plan.curve {
            Some(latency::Section::compute(
                catalog,
                s,
                &latency::Inputs {
                    tpot_target_s: s.tpot_target_ms.map(|ms| ms / 1e3),
                    rate: s.rate,
                    chunk,
                },
            )?)
        } else {
            None
        };
        Ok(Self {
            interconnect,
            disagg,
            latency,
        })
    }

    /// Adds each computed section to the JSON object under its own key.
    pub fn extend_json(&self, json: &mut Value) {
        let Value::Object(map) = json else {
            return;
        };
        if let Some(section) = &self.interconnect {
            map.insert("interconnect".to_owned(), section.json());
        }
        if let Some(section) = &self.disagg {
            map.insert("disagg".to_owned(), section.json());
        }
        if let Some(section) = &self.latency {
            map.insert("latency".to_owned(), section.json());
        }
    }

    /// How each section's figures are computed (`--explain`), one titled block per section.
    #[must_use]
    pub fn explain(&self) -> String {
        let mut out = String::new();
        if let Some(section) = &self.interconnect {
            out.push_str(&super::explain::titled(
                "How the interconnect's terms are computed",
                section.basis(),
            ));
        }
        if let Some(section) = &self.disagg {
            out.push_str(&super::explain::titled(
                "How the split's figures are computed",
                &section.basis,
            ));
        }
        if let Some(section) = &self.latency {
            out.push_str(&super::explain::titled(
                "How the latency figures are computed",
                &section.basis,
            ));
        }
        out
    }

    /// The sections as text, each after a blank line.
    #[must_use]
    pub fn text(&self) -> String {
        let mut out = String::new();
        if let Some(section) = &self.interconnect {
            out.push_str(&section.text());
        }
        if let Some(section) = &self.disagg {
            out.push_str(&section.text());
        }
        if let Some(section) = &self.latency {
            out.push_str(&section.text());
        }
        out
    }
}

/// The link a job crosses: the one the scenario names for it (the command line's by now),
/// else the GPU's own.
fn pick_link(catalog: &Catalog, s: &Scenario, role: Role) -> Result<Link, PlanError> {
    let links = builtin_links();
    let gpu = catalog.gpu(&s.gpu)?;
    let Some(id) = link_id(s, catalog, role) else {
        return Err(PlanError::NoLink {
            gpu: gpu.name.clone(),
            role,
        });
    };
    Ok(link::find(&links, id)?.clone())
}
