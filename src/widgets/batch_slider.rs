//! The batch slider: one line, batch 1…4096 on a log scale, the KV wall marked on the track
//! and the batches beyond it drawn differently.
//!
//! ```text
//! batch 8    ◀━━━━━━━━●───────────┃╌╌╌╌╌╌╌╌╌╌╌╌▶ KV wall 98
//! └ prefix ┘ └────────── track (log₂ 1…4096) ──┘ └ wall ┘
//! ```
//!
//! The layout depends only on the area and the wall, never on the batch, so the track stays
//! put while the learner drags along it. [`BatchSlider::track`] gives the screen the same
//! geometry the render uses, for mouse clicks and drags.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::plot_axes::paint_one_line;
use super::readouts::group;
use super::theme::{Appearance, Element};
use crate::domain::logscale::LogScale;
use crate::domain::quantity::Quantity;
use crate::domain::scenario::{Evaluation, ModelEvaluation, Scenario, WeightFit};
use crate::domain::withhold::{Shown, Withheld};

/// The smallest batch on the slider.
pub const SLIDER_MIN_BATCH: u32 = 1;
/// The largest batch on the slider (2^12).
pub const SLIDER_MAX_BATCH: u32 = 4096;

const SCALE: LogScale = LogScale {
    min: SLIDER_MIN_BATCH as f64,
    max: SLIDER_MAX_BATCH as f64,
};

/// The slider's state, as plain data.
#[derive(Debug, Clone, PartialEq)]
pub struct BatchSlider {
    /// The current batch (the thumb).
    pub batch: u32,
    /// The KV-limited batch: the most sequences whose KV fits; `None` when nothing limits it
    /// (context 0, or no model).
    pub kv_wall: Option<u64>,
    /// Whether the weights fit at all; when they do not, the wall's label says so instead of
    /// presenting a KV wall of 0 as a result.
    pub fit: WeightFit,
    /// Glyphs and colour.
    pub appearance: Appearance,
    /// Figures the labels may not show yet (predict before you see).
    pub withheld: Withheld,
}

/// How much the slider says around its track, richest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Variant {
    /// `batch 8    ◀…▶ KV wall 98`
    Full,
    /// `B8    ◀…▶ wall 98`
    Short,
    /// `◀…▶`
    Bare,
}

impl Variant {
    const ALL: [Self; 3] = [Self::Full, Self::Short, Self::Bare];

    /// The shortest track worth drawing with this much text around it.
    const fn min_track(self) -> u16 {
        match self {
            Self::Full => 16,
            Self::Short => 8,
            Self::Bare => 2,
        }
    }

    /// Prefix width: constant, so the track does not move as the batch's digits change.
    const fn prefix_width(self) -> u16 {
        match self {
            Self::Full => 11,
            Self::Short => 6,
            Self::Bare => 0,
        }
    }
}

/// Where the track lies on screen, and the pure mapping between its columns and batches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SliderTrack {
    /// Absolute column of the track's first cell (batch 1), just right of `◀`.
    pub start: u16,
    /// Cells in the track (at least 2).
    pub len: u16,
    /// The row it is drawn on.
    pub row: u16,
}

impl SliderTrack {
    /// The batch under an absolute column, for a click or a drag. Columns left or right of
    /// the track (the `◀`/`▶` caps and beyond) clamp to 1 and 4096, so a drag past either
    /// end pins the thumb there.
    #[must_use]
    pub fn batch_at_column(&self, column: u16) -> u32 {
        let offset = column.saturating_sub(self.start).min(self.len - 1);
        let exact = SCALE.value(f64::from(offset) / f64::from(self.len - 1));
        let whole = |batch: f64| (batch as u32).clamp(SLIDER_MIN_BATCH, SLIDER_MAX_BATCH);
        // Prefer a whole batch that is drawn on the clicked column, so the thumb lands under
        // the pointer; if the column holds none (the crowded low end), the nearest batch.
        [exact.round(), exact.floor(), exact.ceil()]
            .into_iter()
            .map(whole)
            .find(|&batch| self.offset_of(u64::from(batch)) == offset)
            .unwrap_or_else(|| whole(exact.round()))
    }

    /// The absolute column showing a batch (clamped to the slider's range).
    #[must_use]
    pub fn column_of_batch(&self, batch: u64) -> u16 {
        self.start + self.offset_of(batch)
    }

    /// Whether a mouse position is on the track or its caps (where a press starts a drag).
    #[must_use]
    pub fn contains(&self, column: u16, row: u16) -> bool {
        row == self.row && column.saturating_add(1) >= self.start && column <= self.start + self.len
    }

    fn offset_of(self, batch: u64) -> u16 {
        let batch = batch.clamp(u64::from(SLIDER_MIN_BATCH), u64::from(SLIDER_MAX_BATCH));
        let fraction = SCALE.fraction(batch as f64);
        (fraction * f64::from(self.len - 1)).round() as u16
    }
}

impl BatchSlider {
    /// A slider at `batch` with a KV wall.
    #[must_use]
    pub const fn new(batch: u32, kv_wall: Option<u64>, appearance: Appearance) -> Self {
        Self {
            batch,
            kv_wall,
            fit: WeightFit::Fits,
            appearance,
            withheld: Withheld::none(),
        }
    }

    /// Says whether the weights fit (a slider for weights that do not fit says so).
    #[must_use]
    pub const fn with_fit(mut self, fit: WeightFit) -> Self {
        self.fit = fit;
        self
    }

    /// Withholds these figures from the labels (the batch and the KV wall).
    #[must_use]
    pub fn with_withheld(mut self, withheld: Withheld) -> Self {
        self.withheld = withheld;
        self
    }

    /// The slider for an evaluated scenario: its batch, and its model's KV-limited batch.
    #[must_use]
    pub fn from_evaluation(
        scenario: &Scenario,
        evaluation: &Evaluation,
        appearance: Appearance,
    ) -> Self {
        let model = evaluation.model.as_ref();
        let kv_wall = model.and_then(ModelEvaluation::batch_limit);
        Self {
            fit: model.map_or(WeightFit::Fits, |m| m.fit),
            ..Self::new(scenario.batch, kv_wall, appearance)
        }
    }

    /// The track's geometry in `area` (the first row is used), exactly as [`Widget::render`]
    /// lays it out; `None` when the area is too narrow for a track.
    #[must_use]
    pub fn track(&self, area: Rect) -> Option<SliderTrack> {
        self.layout(area).map(|(_, track)| track)
    }

    fn wall_label(&self, variant: Variant) -> String {
        let value = |wall: u64| {
            self.withheld
                .label(
                    Shown::Quantity(Quantity::MaxBatchKv),
                    &group(wall as f64, 0),
                )
                .into_owned()
        };
        if self.fit == WeightFit::DoesNotFit {
            return match variant {
                Variant::Full => " does not fit".to_owned(),
                Variant::Short => " no fit".to_owned(),
                Variant::Bare => String::new(),
            };
        }
        match (self.kv_wall, variant) {
            (Some(wall), Variant::Full) => format!(" KV wall {}", value(wall)),
            (Some(wall), Variant::Short) => format!(" wall {}", value(wall)),
            _ => String::new(),
        }
    }

    fn layout(&self, area: Rect) -> Option<(Variant, SliderTrack)> {
        if area.is_empty() {
            return None;
        }
        Variant::ALL.into_iter().find_map(|variant| {
            let label = self.wall_label(variant).chars().count() as u16;
            let len = area.width.checked_sub(variant.prefix_width() + 2 + label)?;
            (len >= variant.min_track()).then_some((
                variant,
                SliderTrack {
                    start: area.x + variant.prefix_width() + 1,
                    len,
                    row: area.y,
                },
            ))
        })
    }

    fn prefix(&self, variant: Variant) -> String {
        // The batch is the learner's setting: never withheld.
        let batch = self
            .withheld
            .label(Shown::Batch, &self.batch.to_string())
            .into_owned();
        match variant {
            Variant::Full => format!("batch {batch:<4} "),
            Variant::Short => format!("B{batch:<4} "),
            Variant::Bare => String::new(),
        }
    }
}

impl Widget for BatchSlider {
    fn render(self, area: Rect, buf: &mut Buffer) {
        (&self).render(area, buf);
    }
}

impl Widget for &BatchSlider {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let look = self.appearance;
        let Some((variant, track)) = self.layout(area) else {
            if !area.is_empty() {
                let text = format!(
                    "B={}",
                    self.withheld.label(Shown::Batch, &self.batch.to_string())
                );
                paint_one_line(buf, area, &text, look.style(Element::Decode));
            }
            return;
        };
        let prefix = self.prefix(variant);
        buf.set_stringn(
            area.x,
            area.y,
            &prefix,
            usize::from(variant.prefix_width()),
            look.style(Element::Decode),
        );
        let row = track.row;
        let cap_style = look.style(Element::Track);
        buf.set_string(track.start - 1, row, look.pick("◀", "<"), cap_style);
        buf.set_string(track.start + track.len, row, look.pick("▶", ">"), cap_style);

        let thumb = track.offset_of(u64::from(self.batch));
        let beyond_wall = u64::from(self.batch) > self.kv_wall.unwrap_or(u64::MAX);
        // The wall's cell, and the first cell past it; a wall of 0 (no sequence fits) makes
        // the whole track "beyond", a wall at or past 4096 leaves none of it.
        let (wall_mark, first_beyond) = match self.kv_wall {
            Some(0) => (None, 0),
            Some(wall) if wall < u64::from(SLIDER_MAX_BATCH) => {
                let at = track.offset_of(wall);
                (Some(at), at + 1)
            }
            _ => (None, track.len),
        };
        for offset in 0..track.len {
            let (symbol, element) = if offset == thumb {
                let element = if beyond_wall {
                    Element::Wall
                } else {
                    Element::Decode
                };
                (look.pick("●", "O"), element)
            } else if Some(offset) == wall_mark {
                (look.pick("┃", "|"), Element::Wall)
            } else if offset >= first_beyond {
                (look.pick("╌", "."), Element::Wall)
            } else if offset < thumb {
                (look.pick("━", "="), Element::Decode)
            } else {
                (look.pick("─", "-"), Element::Track)
            };
            buf.set_string(track.start + offset, row, symbol, look.style(element));
        }
        let label = self.wall_label(variant);
        buf.set_string(
            track.start + track.len + 1,
            row,
            label,
            look.style(Element::Wall),
        );
    }
}

#[cfg(test)]
mod tests;
