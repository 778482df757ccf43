//! The readouts line under the plot: the engine's numbers for the current setting.
//!
//! ```text
//! AI 8.0 · 2.7% of ridge · 4.6 ms · 1,790 tok/s · memory-bound
//! ```
//!
//! When the line does not fit, readouts first take their narrower forms (`2.7% ridge`), then
//! the least important go (the bound, then the share of the ridge, tokens/s, the step time);
//! the intensity stays. Beside measured MBU and MFU the share of the ridge, which relates
//! them, outlasts tokens/s.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::theme::{Appearance, Element};
use crate::domain::logscale::short_label;
use crate::domain::quantity::Quantity;
use crate::domain::roofline::Bound;
use crate::domain::scenario::Evaluation;
use crate::domain::withhold::{MeasuredFigure, Shown, Withheld};

/// One readout and how long it survives a narrow line (higher stays longer).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Readout {
    /// The text, e.g. `1,790 tok/s`.
    pub text: String,
    /// Which element's style it takes.
    pub element: Option<Element>,
    /// Survival rank: the lowest is dropped first.
    pub keep: u8,
    /// What figure it shows, for withholding.
    pub shown: Shown,
    /// A narrower form of the same figure, taken before anything is dropped (`2.7% ridge`).
    pub narrow: Option<String>,
}

impl Readout {
    fn new(text: String, element: Option<Element>, keep: u8) -> Self {
        Self {
            text,
            element,
            keep,
            shown: Shown::Setting,
            narrow: None,
        }
    }

    fn or_narrower(mut self, text: String) -> Self {
        self.narrow = Some(text);
        self
    }

    const fn measured(mut self, figure: MeasuredFigure) -> Self {
        self.shown = Shown::Measured(figure);
        self
    }

    const fn showing(mut self, quantity: Quantity) -> Self {
        self.shown = Shown::Quantity(quantity);
        self
    }
}

/// The readouts for an evaluation, in display order. Without a model there is no dot to
/// describe, so it reads out the GPU: ridge, peak and bandwidth.
#[must_use]
pub fn readouts(evaluation: &Evaluation) -> Vec<Readout> {
    let Some(model) = &evaluation.model else {
        return vec![
            Readout::new(
                format!("ridge {}", short_label(evaluation.ridge)),
                Some(Element::Ridge),
                4,
            )
            .showing(Quantity::Ridge),
            Readout::new(
                format!("{} TF", short_label(evaluation.peak_flops / 1e12)),
                Some(Element::Roof),
                3,
            )
            .showing(Quantity::PeakTflops),
            Readout::new(
                format!("{} TB/s", decimals(evaluation.bandwidth / 1e12, 2)),
                None,
                2,
            )
            .showing(Quantity::BandwidthTbs),
            Readout::new("no model".to_owned(), None, 1),
        ];
    };
    let share = 100.0 * model.decode_intensity() / evaluation.ridge;
    // The step's bound (`roofline::step_bound`, the one definition); a dot past the ridge in
    // a step that still waits on memory is waiting on its KV reads.
    let bound = match (model.bound, model.decode_dot.bound) {
        (Bound::Compute, _) => "compute-bound",
        (Bound::Memory, Bound::Compute) => "KV-bound",
        (Bound::Memory, Bound::Memory) => "memory-bound",
    };
    vec![
        Readout::new(
            format!(
                "{} {}",
                if model.moe.is_some() {
                    "expert AI"
                } else {
                    "AI"
                },
                intensity(model.decode_intensity())
            ),
            Some(Element::Decode),
            5,
        )
        .showing(Quantity::DecodeDotIntensity),
        Readout::new(format!("{}% of ridge", percent(share)), None, 2)
            .or_narrower(format!("{}% ridge", percent(share)))
            .showing(Quantity::RidgeSharePct),
        Readout::new(
            format!("{} ms", milliseconds(model.step_time_s * 1e3)),
            None,
            4,
        )
        .showing(Quantity::StepTimeMs),
        Readout::new(format!("{} tok/s", group(model.tokens_per_s, 0)), None, 3)
            .showing(Quantity::TokensPerS),
        Readout::new(bound.to_owned(), None, 1),
    ]
}

/// The readouts line, drawn to fit its area.
#[derive(Debug, Clone, Copy)]
pub struct ReadoutsLine<'a> {
    evaluation: &'a Evaluation,
    appearance: Appearance,
    withheld: &'a Withheld,
    /// Measured shares of the roof: decode MBU and prefill MFU (0.25 = 25 %).
    utilization: (Option<f64>, Option<f64>),
    /// Whether the step's all-reduce over the link follows the step time.
    interconnect: bool,
}

impl<'a> ReadoutsLine<'a> {
    /// The line for an evaluation.
    #[must_use]
    pub const fn new(
        evaluation: &'a Evaluation,
        appearance: Appearance,
        withheld: &'a Withheld,
    ) -> Self {
        Self {
            evaluation,
            appearance,
            withheld,
            utilization: (None, None),
            interconnect: false,
        }
    }

    /// Adds the interconnect term after the step time (`+3.4 ms all-reduce (50%) on NVLink 4`):
    /// a time the roofline does not show, with its share of the speed-of-light step and the
    /// link it crosses. Nothing is added at TP 1 or without a link.
    #[must_use]
    pub const fn with_interconnect(mut self, shown: bool) -> Self {
        self.interconnect = shown;
        self
    }

    /// The interconnect readout, its two figures masked each by its own quantity's rule.
    fn interconnect_readout(&self) -> Option<Readout> {
        let e = self.evaluation;
        let link = e.cluster.as_ref()?.scale_up.as_ref()?;
        let calls = Quantity::AllreduceCalls.number(e)?;
        if !self.interconnect || calls < 1.0 {
            return None;
        }
        let all = Quantity::AllreduceMs.number(e)?;
        let share = Quantity::CommSharePct.number(e)?;
        let w = self.withheld;
        let ms = w
            .label(
                Shown::Quantity(Quantity::AllreduceMs),
                &format!("+{} ms all-reduce", milliseconds(all)),
            )
            .into_owned();
        let pct = w
            .label(
                Shown::Quantity(Quantity::CommSharePct),
                &format!("({}%)", percent(share)),
            )
            .into_owned();
        // Masked already: the link's name is a setting.
        Some(Readout::new(
            format!("{ms} {pct} on {}", link.name),
            None,
            4,
        ))
    }

    /// The terms the scenario's `ep` and `pp` add after the step (`+2.1 ms all-to-all on
    /// InfiniBand NDR`), each masked by its own quantity's rule. The engine has them only where
    /// `ep` or `pp` is set above 1, so the lessons of the pure roofline never show them.
    fn parallel_readouts(&self) -> Vec<Readout> {
        let e = self.evaluation;
        let Some(c) = e.cluster.as_ref() else {
            return Vec::new();
        };
        let terms = [
            (
                Quantity::EpAlltoallMs,
                c.parallel.all_to_all.as_ref(),
                "all-to-all",
            ),
            (Quantity::PpSendMs, c.parallel.pipeline.as_ref(), "PP sends"),
        ];
        terms
            .into_iter()
            .filter_map(|(q, term, what)| {
                let link = &term?.link;
                let ms = q.number(e)?;
                let text = self
                    .withheld
                    .label(
                        Shown::Quantity(q),
                        &format!("+{} ms {what}", milliseconds(ms)),
                    )
                    .into_owned();
                // Masked already: the link's name is a setting.
                Some(Readout::new(format!("{text} on {link}"), None, 4))
            })
            .collect()
    }

    /// Adds what was measured on the endpoint: `MBU 10%` (decode) and `MFU 11%` (prefill).
    #[must_use]
    pub const fn with_utilization(mut self, mbu: Option<f64>, mfu: Option<f64>) -> Self {
        self.utilization = (mbu, mfu);
        self
    }

    /// The styled line that fits `width` cells: lowest-ranked readouts dropped until it does.
    #[must_use]
    pub fn line(&self, width: u16) -> Line<'static> {
        let look = self.appearance;
        let separator = look.pick(" · ", " | ");
        let mut items = readouts(self.evaluation);
        let terms: Vec<Readout> = self
            .interconnect_readout()
            .into_iter()
            .chain(self.parallel_readouts())
            .collect();
        if !terms.is_empty() {
            let step = Shown::Quantity(Quantity::StepTimeMs);
            let at = items
                .iter()
                .position(|r| r.shown == step)
                .map_or(0, |i| i + 1);
            items.splice(at..at, terms);
        }
        let (mbu, mfu) = self.utilization;
        items.extend(mbu.map(|u| {
            Readout::new(
                format!("MBU {}%", percent(100.0 * u)),
                Some(Element::Measured),
                3,
            )
            .measured(MeasuredFigure::Mbu)
        }));
        items.extend(mfu.map(|u| {
            Readout::new(
                format!("MFU {}%", percent(100.0 * u)),
                Some(Element::Measured),
                2,
            )
            .measured(MeasuredFigure::Mfu)
        }));
        if mbu.is_some() || mfu.is_some() {
            // Beside measured shares the ridge share is what relates them (MFU ≈ MBU × the
            // share): it outlasts the tokens/s, which the step time and batch give anyway.
            for item in &mut items {
                match item.shown {
                    Shown::Quantity(Quantity::RidgeSharePct) => item.keep = 3,
                    Shown::Quantity(Quantity::TokensPerS) => item.keep = 2,
                    Shown::Quantity(_)
                    | Shown::Measured(_)
                    | Shown::Batch
                    | Shown::Setting
                    | Shown::Reserved => {}
                }
            }
        }
        for item in &mut items {
            let shown = item.shown;
            let mask = |text: &mut String| {
                if let std::borrow::Cow::Owned(masked) = self.withheld.label(shown, text) {
                    *text = masked;
                }
            };
            mask(&mut item.text);
            item.narrow.as_mut().map(mask);
        }
        fit(&mut items, width, separator);
        let mut spans = Vec::with_capacity(items.len() * 2);
        for (i, item) in items.into_iter().enumerate() {
            if i > 0 {
                spans.push(Span::styled(separator, look.style(Element::Axis)));
            }
            let style = item.element.map(|e| look.style(e)).unwrap_or_default();
            spans.push(Span::styled(item.text, style));
        }
        Line::from(spans)
    }
}

impl Widget for ReadoutsLine<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        buf.set_line(area.x, area.y, &self.line(area.width), area.width);
    }
}

mod numbers;
use numbers::decimals;
pub use numbers::{group, intensity, milliseconds, percent};

/// Drops the lowest-ranked readouts until the line fits `width` cells, narrowing each readout
/// that has a narrow form first, and widening again where what was dropped left room.
fn fit(items: &mut Vec<Readout>, width: u16, separator: &str) {
    let total = |items: &[Readout]| {
        items
            .iter()
            .map(|r| Span::raw(r.text.as_str()).width())
            .sum::<usize>()
            + separator.chars().count() * items.len().saturating_sub(1)
    };
    let narrowed = total(items) > usize::from(width);
    if narrowed {
        for item in items.iter_mut() {
            if let Some(narrow) = &mut item.narrow {
                std::mem::swap(&mut item.text, narrow);
            }
        }
    }
    while items.len() > 1 && total(items) > usize::from(width) {
        let weakest = items
            .iter()
            .enumerate()
            .min_by_key(|(_, r)| r.keep)
            .map_or(0, |(i, _)| i);
        items.remove(weakest);
    }
    // What was dropped may have left room for a wide form again.
    for i in (0..items.len()).filter(|_| narrowed) {
        if let Some(wide) = items[i].narrow.take() {
            let narrow = std::mem::replace(&mut items[i].text, wide);
            if total(items) > usize::from(width) {
                items[i].text = narrow;
            }
        }
    }
}

#[cfg(test)]
mod tests;
