//! The roofline plot in words (the curve view has its own words, `curve_words`): the roofs and the ridge, where the decode dot sits against the
//! ridge (the readouts the screen shows under the plot), the attention and prefill dots, a
//! second GPU, and the KV wall or why the batch stops.
//!
//! ```text
//! Plot: H100 SXM5, BF16: memory slope 3.35 TB/s up to a compute roof of 989 TF; ridge 295 FLOP/byte.
//! Decode dot at batch 1: intensity 1.0 FLOP/byte, 0.3% of the way to the ridge, …, memory-bound.
//! Attention dot: intensity 1.0 FLOP/byte; it does not move with the batch.
//! KV wall: 113 sequences × 4K context fill the 59.3 GB KV budget (1 GB reserved).
//! Setting: Llama-3-8B, 4K context, weights BF16.
//! ```
//!
//! Every figure is the one the plot pane computes (the same evaluation, readouts, batch range
//! and measured points) and passes the same withholding: a figure the screen would show as `?`
//! is `?` here too.

use crate::app::App;
use crate::app::plot_view::{PlotKind, PrefillDot, setting_words};
use crate::domain::batch_range::{BatchRange, Limit, Wall};
use crate::domain::logscale::short_label;
use crate::domain::quantity::Quantity;
use crate::domain::withhold::{MeasuredFigure, Shown, Withheld};
use crate::widgets::readouts::intensity;
use crate::widgets::{Readout, Roof, RoofSource, Share, readouts};

/// The plot on screen now, in words, one sentence a line.
#[must_use]
pub fn plot_words(app: &App) -> Vec<String> {
    let plot = app.plot();
    let scenario = &plot.scenario;
    let evaluation = match plot.evaluate(app.catalog()) {
        Ok(evaluation) => evaluation,
        Err(e) => return vec![format!("Plot: cannot plot this setting: {e}")],
    };
    if plot.kind == PlotKind::Curve {
        return super::curve_words::curve_words(app, &evaluation);
    }
    let withheld = app.withheld();
    let say = |shown: Shown, text: String| withheld.label(shown, &text).into_owned();
    let roof = Roof {
        name: evaluation.gpu_name.clone(),
        peak_flops: evaluation.peak_flops,
        bandwidth: evaluation.bandwidth,
        source: RoofSource::Datasheet,
    };
    let mut lines = vec![format!(
        "Plot: {}, {}: memory slope {} up to a compute roof of {}; ridge {} FLOP/byte.",
        roof.name,
        scenario.precision.label(),
        say(
            Shown::Quantity(Quantity::BandwidthTbs),
            format!("{:.2} TB/s", roof.bandwidth / 1e12)
        ),
        say(Shown::Quantity(Quantity::PeakTflops), roof.peak_label()),
        say(Shown::Quantity(Quantity::Ridge), short_label(roof.ridge())),
    )];
    let range = BatchRange::of(scenario, &evaluation, plot.wall);
    if let Some(model) = evaluation.model.as_ref().filter(|_| range.fits()) {
        let measured = crate::ui::measured_pane::measured(app.catalog(), scenario);
        lines.push(decode_sentence(
            scenario.batch,
            &readouts(&evaluation),
            &withheld,
            (measured.mbu, measured.mfu),
        ));
        if model.dense_differs() {
            lines.push(format!(
                "Dense-layer dot: intensity {} FLOP/byte.",
                say(
                    Shown::Quantity(Quantity::DenseIntensity),
                    intensity(model.fc_intensity)
                )
            ));
        }
        lines.push(format!(
            "Attention dot: intensity {} FLOP/byte; it does not move with the batch.",
            say(
                Shown::Quantity(Quantity::AttentionIntensity),
                intensity(model.attention_intensity)
            )
        ));
        if plot.prefill == PrefillDot::Shown {
            lines.push(format!(
                "Prefill dot: intensity {} FLOP/byte.",
                say(
                    Shown::Quantity(Quantity::PrefillIntensity),
                    intensity(model.prefill_intensity)
                )
            ));
        }
    }
    if let Some(other) = plot
        .overlay_gpu
        .as_deref()
        .and_then(|id| app.catalog().gpu(id).ok())
        .and_then(|gpu| Roof::for_gpu(gpu, scenario.precision))
    {
        lines.push(format!(
            "Second GPU: {}, compute roof {}, ridge {} FLOP/byte.",
            other.name,
            say(Shown::Quantity(Quantity::PeakTflops), other.peak_label()),
            say(Shown::Quantity(Quantity::Ridge), short_label(other.ridge())),
        ));
    }
    lines.push(wall_sentence(app, &range, &withheld));
    lines.push(setting_sentence(app, &evaluation));
    lines
}

/// The decode dot from the readouts the screen shows under the plot, each masked as there.
fn decode_sentence(
    batch: u32,
    items: &[Readout],
    withheld: &Withheld,
    (mbu, mfu): (Option<f64>, Option<f64>),
) -> String {
    let mut parts: Vec<String> = items
        .iter()
        .map(|item| {
            let text = withheld.label(item.shown, &item.text).into_owned();
            match item.shown {
                Shown::Quantity(Quantity::DecodeDotIntensity) => {
                    let value = text.rsplit(' ').next().unwrap_or_default();
                    format!("intensity {value} FLOP/byte")
                }
                Shown::Quantity(Quantity::RidgeSharePct) => {
                    text.replace(" of ridge", " of the way to the ridge")
                }
                Shown::Quantity(Quantity::StepTimeMs) => format!("{text} per step"),
                Shown::Quantity(_)
                | Shown::Batch
                | Shown::Setting
                | Shown::Reserved
                | Shown::Measured(_) => text,
            }
        })
        .collect();
    let measured = [(MeasuredFigure::Mbu, mbu), (MeasuredFigure::Mfu, mfu)]
        .into_iter()
        .filter_map(|(figure, value)| {
            Some(Share {
                figure,
                value: value?,
            })
        })
        .map(|share| format!("measured {}", share.text(withheld)));
    parts.extend(measured);
    format!("Decode dot at batch {batch}: {}.", parts.join(", "))
}

/// The KV wall (withheld while a question asks for it), or why the batch stops.
fn wall_sentence(app: &App, range: &BatchRange, withheld: &Withheld) -> String {
    let context = app.plot().scenario.context;
    let text = match (range.limit, app.plot().wall) {
        (Limit::SliderEnd, Wall::Withheld) => {
            "KV wall: not shown until this step's answer is revealed.".to_owned()
        }
        (Limit::KvWall(wall), _) => {
            let wall = crate::domain::format::group(wall as f64, 0);
            let at = withheld.label(Shown::Quantity(Quantity::MaxBatchKv), &wall);
            let reason = range.reason(context);
            format!(
                "KV wall at batch {at}: {}.",
                reason.strip_prefix("KV wall: ").unwrap_or(&reason)
            )
        }
        (Limit::SliderEnd | Limit::NoRoom | Limit::DoesNotFit, _) => {
            format!("Batch: {}.", range.reason(context))
        }
    };
    withheld.mask(&text).into_owned()
}

/// The model, the context, the formats and the tensor parallelism.
fn setting_sentence(app: &App, evaluation: &crate::domain::scenario::Evaluation) -> String {
    let scenario = &app.plot().scenario;
    let model = evaluation
        .model
        .as_ref()
        .map_or("no model", |m| m.model_name.as_str());
    format!("Setting: {}.", setting_words(scenario, model, ", "))
}
