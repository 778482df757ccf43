//! A typed ratio ("41× cheaper", "about 2.8 times as much") that the engine computes: one
//! quantity at two of the scenarios the step's text names (batch 1 against batch 64, the H100
//! against the H200), or two quantities in the same unit that the sentence shows through
//! placeholders. The search stays bounded: pairs of the step's variants for one quantity at a
//! time, and pairs of the sentence's own placeholders. A ratio of two settings ("64 times the
//! batch", "a 2× smaller format") is a setting, not a computation.

use super::variants::Variant;
use super::{Words, near};
use crate::domain::quantity::{Quantity, QuantityValue};
use crate::domain::scenario::Scenario;
use crate::domain::withhold::Token;

/// Whether the number that `after` follows is written as a ratio: `41×`, `2x`, `41 times` (not
/// a product `4,096 × 14,336`, a count of cards `8× H200`, a model `8x7B` or "400 times per
/// page load").
pub(super) fn written_as_ratio(after: &str) -> bool {
    let attached = after
        .strip_prefix('×')
        .or_else(|| after.strip_prefix('x'))
        .filter(|rest| !rest.starts_with(|c: char| c.is_alphanumeric()))
        .is_some_and(|rest| {
            let next = rest.split_whitespace().next().unwrap_or("");
            !next.bytes().any(|b| b.is_ascii_digit())
        });
    let times = after
        .trim_start()
        .strip_prefix("times")
        .is_some_and(|rest| {
            !rest.starts_with(|c: char| c.is_alphanumeric())
                && !["per ", "a ", "an "]
                    .iter()
                    .any(|w| rest.trim_start().starts_with(w))
        });
    attached || times
}

/// The placeholders that compute the ratio `token` writes, as `{a} ÷ {b}`, among `variants`
/// (those the sentence names) or the sentence's own placeholders (`context`, lowercase) at
/// the first variant (the step's own scenario).
pub(super) fn computed_ratio(
    token: &Token,
    variants: &[&Variant],
    context: &str,
) -> Option<String> {
    let value = |q: Quantity, v: &Variant| match q.value(&v.evaluation) {
        Some(QuantityValue::Number(x)) if x.is_finite() && x > 0.0 => Some(x),
        Some(QuantityValue::Number(_) | QuantityValue::Bound(_)) | None => None,
    };
    // One quantity at two of the scenarios the text names.
    for (i, a) in variants.iter().enumerate() {
        for b in &variants[i + 1..] {
            if settings_ratio(&a.scenario, &b.scenario, token) {
                continue;
            }
            for q in Quantity::ALL {
                let (Some(x), Some(y)) = (value(q, a), value(q, b)) else {
                    continue;
                };
                if (x - y).abs() <= f64::EPSILON * x.abs() {
                    continue;
                }
                let (hi, lo, top, bottom) = if x > y { (x, y, a, b) } else { (y, x, b, a) };
                if near(hi / lo, token.value, token.resolution) {
                    return Some(format!(
                        "{} ÷ {}",
                        top.placeholder(q),
                        bottom.placeholder(q)
                    ));
                }
            }
        }
    }
    // Two quantities in the same unit that the sentence shows.
    let own = variants.first()?;
    let words = Words {
        before: "",
        context,
    };
    let shown: Vec<(Quantity, f64)> = Quantity::ALL
        .into_iter()
        .filter(|q| words.holds_placeholder(*q))
        .filter_map(|q| value(q, own).map(|x| (q, x)))
        .collect();
    shown.iter().enumerate().find_map(|(i, (p, x))| {
        shown[i + 1..].iter().find_map(|(q, y)| {
            let (hi, lo, top, bottom) = if x > y { (x, y, p, q) } else { (y, x, q, p) };
            (p.unit() == q.unit() && near(hi / lo, token.value, token.resolution))
                .then(|| format!("{} ÷ {}", own.placeholder(*top), own.placeholder(*bottom)))
        })
    })
}

/// Whether `token` is the ratio of a setting the two scenarios set differently (their batches,
/// contexts, degrees, prompts, drafts, or bytes per weight).
fn settings_ratio(a: &Scenario, b: &Scenario, token: &Token) -> bool {
    let pairs = [
        (f64::from(a.batch), f64::from(b.batch)),
        (a.context as f64, b.context as f64),
        (f64::from(a.tp), f64::from(b.tp)),
        (f64::from(a.ep), f64::from(b.ep)),
        (f64::from(a.pp), f64::from(b.pp)),
        (a.prompt as f64, b.prompt as f64),
        (
            f64::from(a.draft_tokens) + 1.0,
            f64::from(b.draft_tokens) + 1.0,
        ),
        (a.weights.bytes(), b.weights.bytes()),
        (a.precision.bytes(), b.precision.bytes()),
    ];
    pairs.into_iter().any(|(x, y)| {
        x > 0.0
            && y > 0.0
            && (x - y).abs() > f64::EPSILON * x
            && near(x.max(y) / x.min(y), token.value, token.resolution)
    })
}
