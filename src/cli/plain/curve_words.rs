//! The throughput–interactivity curve in words, as `plot_words` tells the roofline: what the
//! axes span, where the slider's dot sits, the bend and the target's line.
//!
//! ```text
//! Curve: H100 SXM5, BF16: tok/s per GPU (up) against tok/s per user (across), batch 1 to 107.
//! Across: 215 tok/s per user at batch 1 down to 33 at batch 107. Up: 215 to 3.5k tok/s per GPU.
//! Dot at batch 8: 199 tok/s per user, 1.6k tok/s per GPU; it is before the bend.
//! Bend at batch 32: from there each user's tokens come at half batch 1's speed or less.
//! Target line: 20 ms per token (50 tok/s per user); the dot is right of it: it keeps the target.
//! ```
//!
//! The curve is the one the plot pane draws (`ui::curve_pane::model`, the same points and
//! marks) and every figure passes the same withholding: an axis the screen leaves bare is `?`
//! here, and a withheld mark is said to be withheld.

use crate::app::App;
use crate::domain::batch_range::{BatchRange, Limit};
use crate::domain::latency::CurvePoint;
use crate::domain::logscale::short_label;
use crate::domain::quantity::Quantity;
use crate::domain::scenario::Evaluation;
use crate::domain::withhold::{MASK, Shown, Withheld};
use crate::widgets::CurveModel;

/// The curve on screen now, in words, one sentence a line.
#[must_use]
pub fn curve_words(app: &App, evaluation: &Evaluation) -> Vec<String> {
    let scenario = &app.plot().scenario;
    let range = BatchRange::of(scenario, evaluation, app.plot().wall);
    let withheld = app.withheld();
    let curve = crate::ui::curve_pane::model(app, evaluation, &range, withheld, app.appearance());
    let (Some(first), Some(last)) = (curve.points.first(), curve.points.last()) else {
        return vec!["Curve: no curve: nothing runs at this setting.".to_owned()];
    };
    let withheld = &curve.withheld;
    let end = match range.limit {
        Limit::KvWall(_) => withheld
            .label(
                Shown::Quantity(Quantity::MaxBatchKv),
                &last.batch.to_string(),
            )
            .into_owned(),
        Limit::SliderEnd | Limit::NoRoom | Limit::DoesNotFit => last.batch.to_string(),
    };
    let mut lines = vec![
        format!(
            "Curve: {}, {}: tok/s per GPU (up) against tok/s per user (across), batch 1 to {end}.",
            evaluation.gpu_name,
            scenario.precision.label()
        ),
        axes_sentence(&curve, *first, *last, &end),
    ];
    if let Some(at) = curve.at {
        lines.push(dot_sentence(&curve, at));
    }
    if let Some(bend) = curve.bend {
        lines.push(if bend_shown(withheld, bend) {
            format!(
                "Bend at batch {}: from there each user's tokens come at half batch 1's speed or less.",
                bend.batch
            )
        } else {
            "Bend: not shown until this step's answer is revealed.".to_owned()
        });
    }
    if let Some(target) = target_sentence(&curve) {
        lines.push(target);
    }
    lines
}

/// What the two axes span, each masked as the screen masks its numbers. Where the curve's end
/// is a withheld batch (`end` masked), its two speeds go too: their ratio is that batch.
fn axes_sentence(curve: &CurveModel, first: CurvePoint, last: CurvePoint, end: &str) -> String {
    let say =
        |q: Quantity, text: String| curve.withheld.label(Shown::Quantity(q), &text).into_owned();
    let end_shown = end == last.batch.to_string();
    let at_end = |v: f64| {
        if end_shown {
            short_label(v)
        } else {
            MASK.to_owned()
        }
    };
    let lo = curve
        .points
        .iter()
        .map(|p| p.tokens_per_s_per_gpu)
        .fold(f64::INFINITY, f64::min);
    format!(
        "Across: {} at batch 1 down to {} at batch {end}. Up: {} tok/s per GPU.",
        say(
            Quantity::TokensPerSPerSeq,
            format!(
                "{} tok/s per user",
                short_label(first.tokens_per_s_per_user)
            )
        ),
        say(
            Quantity::TokensPerSPerSeq,
            at_end(last.tokens_per_s_per_user)
        ),
        say(
            Quantity::TokensPerSPerGpu,
            format!(
                "{} to {}",
                short_label(lo),
                at_end(last.tokens_per_s_per_gpu)
            )
        ),
    )
}

/// The slider's dot: its two speeds, and which side of the bend it sits when the bend shows.
fn dot_sentence(curve: &CurveModel, at: CurvePoint) -> String {
    let say =
        |q: Quantity, text: String| curve.withheld.label(Shown::Quantity(q), &text).into_owned();
    let mut text = format!(
        "Dot at batch {}: {} tok/s per user, {} tok/s per GPU",
        at.batch,
        say(
            Quantity::TokensPerSPerSeq,
            short_label(at.tokens_per_s_per_user)
        ),
        say(
            Quantity::TokensPerSPerGpu,
            short_label(at.tokens_per_s_per_gpu)
        ),
    );
    if let Some(bend) = curve.bend.filter(|b| bend_shown(&curve.withheld, *b)) {
        text.push_str(match at.batch.cmp(&bend.batch) {
            std::cmp::Ordering::Less => "; it is before the bend",
            std::cmp::Ordering::Equal => "; it is on the bend",
            std::cmp::Ordering::Greater => "; it is past the bend",
        });
    }
    text.push('.');
    text
}

/// The target's line (a setting) and, where it may show, the batch that keeps it.
fn target_sentence(curve: &CurveModel) -> Option<String> {
    let (target, ms) = curve.target?;
    let per_user = 1e3 / ms;
    let mut text = format!(
        "Target line: {} ms per token ({} tok/s per user)",
        short_label(ms),
        short_label(per_user)
    );
    if curve.withheld.may_show(
        Shown::Quantity(Quantity::TargetBatch),
        f64::from(target.batch),
        1.0,
    ) {
        text.push_str("; the largest batch that keeps it: ");
        text.push_str(&target.batch.to_string());
    } else {
        text.push_str(
            "; the largest batch that keeps it is not shown until the answer is revealed",
        );
    }
    if let Some(at) = curve.at {
        text.push_str(if at.tokens_per_s_per_user >= per_user {
            "; the dot is right of the line: it keeps the target"
        } else {
            "; the dot is left of the line: it misses the target"
        });
    }
    text.push('.');
    Some(text)
}

fn bend_shown(withheld: &Withheld, bend: CurvePoint) -> bool {
    withheld.may_show(
        Shown::Quantity(Quantity::BendBatch),
        f64::from(bend.batch),
        1.0,
    )
}
