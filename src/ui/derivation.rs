//! The derivation view of the study screen: on a revealed step, `w` shows how its answer was
//! computed; Tab or ↑/↓ walk the plot's readouts, Esc closes. Every line goes through the
//! withholding mask, and a withheld figure's derivation is withheld with it.
//!
//! ```text
//!   ┌ Why · the answer: batch_to_ridge · 1/7 · Tab next · Esc close ─────────┐
//!   │ batch_to_ridge = 1,302 sequences                                        │
//!   │ the batch at which the decode dot's matmul … does as many FLOPs …       │
//!   │ B* = R*K*N*b_w / (2*K*N - R*(K+N)*b_a) * E/k / (1+q)                    │
//!   │                                                                         │
//!   │ Inputs                                                                  │
//!   │   R      ridge                 295.2 FLOP/byte   computed: ridge        │
//!   │   K      hidden size           4,096             model hidden           │
//!   │ Assumes                                                                 │
//!   │   · weights read once per step; …                                       │
//!   │ Moves it most: ridge (R +1 % → figure +1.10 %)                          │
//!   └─────────────────────────────────────────────────────────────────────────┘
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget, Wrap};

use super::layout::centred;
use super::theme::Theme;
use crate::app::App;
use crate::app::study::{Studying, Why, WhyEntry, WhyFigure, derivations};
use crate::domain::derivation::{Derivation, show};

/// Draws the view over `area` while it is open.
pub fn render(app: &App, studying: &Studying, area: Rect, buf: &mut Buffer) {
    let Why::Open { at } = studying.why else {
        return;
    };
    let theme = Theme::new(app.appearance());
    let all = derivations(app);
    let Some(entry) = all.get(at.min(all.len().saturating_sub(1))) else {
        return;
    };
    let box_area = centred(
        area,
        area.width.saturating_sub(4).min(100),
        area.height.saturating_sub(2),
    );
    let title = format!(
        " Why{}{}{}{}/{}{}Tab next{}Esc close ",
        theme.dot(),
        entry.title,
        theme.dot(),
        at.min(all.len() - 1) + 1,
        all.len(),
        theme.dot(),
        theme.dot()
    );
    let withheld = app.withheld();
    let lines: Vec<Line<'static>> = content(entry, theme)
        .into_iter()
        .map(|(text, row)| match row {
            Row::Heading => Line::styled(withheld.mask(&text).into_owned(), theme.heading()),
            Row::Moves => Line::styled(
                withheld.mask_beside_changes(&text).into_owned(),
                theme.heading(),
            ),
            Row::Text => Line::from(Span::raw(withheld.mask(&text).into_owned())),
        })
        .collect();
    Clear.render(box_area, buf);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(theme.active_block(title))
        .render(box_area, buf);
}

/// How a line of the view reads: its style, and which of its numbers the mask reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Row {
    Heading,
    Text,
    /// The input that moves the figure most: its `+1 %` and `figure +1.10 %` are changes,
    /// never a step's figure, so only the figures it names (a rerun's `98 → 108`) are masked.
    Moves,
}

/// The view's lines, each with how it reads.
fn content(entry: &WhyEntry, theme: Theme) -> Vec<(String, Row)> {
    match &entry.figure {
        WhyFigure::Shown(d) => derivation(d, theme),
        WhyFigure::Withheld => vec![(
            format!(
                "{} is withheld until its own step is revealed, and its derivation with it.",
                entry.quantity.name()
            ),
            Row::Text,
        )],
        WhyFigure::Missing => vec![(
            format!(
                "{} has no derivation to show for this setting (none yet for this quantity, or it does not apply).",
                entry.quantity.name()
            ),
            Row::Text,
        )],
    }
}

fn derivation(d: &Derivation, theme: Theme) -> Vec<(String, Row)> {
    let mut lines = vec![
        (
            format!("{} = {}", d.figure, show(d.value, d.unit)),
            Row::Heading,
        ),
        (d.formula.words().to_owned(), Row::Text),
        (format!("  {}", d.formula.symbols()), Row::Text),
        (String::new(), Row::Text),
        ("Inputs".to_owned(), Row::Heading),
    ];
    lines.extend(d.inputs.iter().map(|i| {
        (
            format!(
                "  {:<6} {:<34} {:<18} {}",
                i.symbol,
                i.name,
                show(i.value, i.unit),
                i.source
            ),
            Row::Text,
        )
    }));
    lines.push(("Assumes".to_owned(), Row::Heading));
    lines.extend(
        d.assumptions
            .iter()
            .map(|a| (format!("  {} {a}", theme.dot().trim()), Row::Text)),
    );
    if let Some(most) = d.moves_most(theme.glyph("→", "->")) {
        lines.push((format!("Moves it most: {most}"), Row::Moves));
    }
    lines
}
