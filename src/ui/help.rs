//! The `?` overlay: every key, generated from the keymap, the sections for what is on screen
//! first.
//!
//! ```text
//!        ┌ Keys · ↑/↓ scroll · Esc close ────────────┐
//!        │ Typing a guess (now)                      │
//!        │   0-9 . e   type a number: digits, …      │
//!        │   Enter     lock in your guess            │
//!        │ Roofline plot (now)                       │
//!        │   ←         halve the batch               │
//!        └───────────────────────────────────────────┘
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};

use super::layout::{centred, inside_border};
use super::theme::Theme;
use crate::app::keymap::key_name;
use strum::IntoEnumIterator as _;

use crate::app::{App, KeyContext};

const KEY_WIDTH: usize = 12;

/// Draws the overlay over `area`, scrolled by `scroll` lines.
pub fn render(app: &App, scroll: u16, area: Rect, buf: &mut Buffer) {
    let theme = Theme::new(app.appearance());
    let box_area = help_box(area);
    let inner = inside_border(box_area);
    let lines = content(app, inner.width);
    let scroll = scroll.min(limit(lines.len(), inner.height));
    Clear.render(box_area, buf);
    let title = format!(
        " Keys{}{} scroll{}Esc close ",
        theme.dot(),
        theme.glyph("↑/↓", "Up/Down"),
        theme.dot()
    );
    Paragraph::new(lines)
        .scroll((scroll, 0))
        .block(theme.active_block(title))
        .render(box_area, buf);
}

/// How far the help can scroll in the app's terminal.
#[must_use]
pub fn scroll_limit(app: &App) -> u16 {
    let viewport = app.viewport();
    let full = Rect::new(0, 0, viewport.width, viewport.height);
    // The help is drawn over the body, above the notice and footer lines.
    let body = app.screen_areas(full).map_or(full, |a| a.body);
    let inner = inside_border(help_box(body));
    limit(content(app, inner.width).len(), inner.height)
}

fn help_box(area: Rect) -> Rect {
    centred(
        area,
        area.width.saturating_sub(4).min(84),
        area.height.saturating_sub(2),
    )
}

fn limit(total: usize, height: u16) -> u16 {
    u16::try_from(total.saturating_sub(usize::from(height))).unwrap_or(u16::MAX)
}

/// The sections: contexts active now first (marked), then the rest of the keymap.
fn content(app: &App, width: u16) -> Vec<Line<'static>> {
    let theme = Theme::new(app.appearance());
    let glyphs = theme.appearance().glyphs;
    let active = app.screen_contexts();
    let mut order: Vec<KeyContext> = active
        .iter()
        .copied()
        .filter(|c| *c != KeyContext::Help)
        .collect();
    let mode = app.mode();
    let rest: Vec<KeyContext> = KeyContext::iter()
        .filter(|c| !order.contains(c) && mode.offers(*c))
        .collect();
    order.extend(rest);
    let help_width = usize::from(width).saturating_sub(KEY_WIDTH + 3).max(8);
    let mut lines = Vec::new();
    for context in order {
        let bindings: Vec<_> = app
            .keymap()
            .bindings()
            .iter()
            .filter(|b| b.context == context)
            .collect();
        if bindings.is_empty() {
            continue;
        }
        if !lines.is_empty() {
            lines.push(Line::default());
        }
        let now = if active.contains(&context) {
            " (now)"
        } else {
            ""
        };
        lines.push(Line::styled(
            format!("{}{now}", context.title()),
            theme.heading(),
        ));
        for binding in bindings {
            let keys = key_name(binding.pattern, glyphs);
            for (key, piece) in labelled_rows(&keys, binding.help, help_width) {
                lines.push(Line::from(vec![
                    Span::styled(format!("  {key:<KEY_WIDTH$} "), theme.key()),
                    Span::raw(piece),
                ]));
            }
        }
        if context == KeyContext::Plot {
            lines.extend(legend(theme, help_width));
        }
        if context == KeyContext::WhatIfEntry {
            // The commands the line takes, from the same table the line reads.
            for command in crate::domain::whatif::help_lines() {
                for (key, what) in command_rows(command) {
                    lines.push(Line::from(vec![
                        Span::styled(key, theme.key()),
                        Span::raw(what.to_owned()),
                    ]));
                }
            }
        }
    }
    lines
}

/// The plot's marks and what each means, under the plot's keys: each glyph as the plot draws
/// it, in its colour.
fn legend(theme: Theme, width: usize) -> Vec<Line<'static>> {
    let look = theme.appearance();
    let mut lines = vec![Line::styled("  Marks on the plot", theme.heading())];
    for mark in crate::widgets::plot_legend::marks(look) {
        for (glyph, piece) in labelled_rows(mark.glyph, mark.meaning, width) {
            lines.push(Line::from(vec![
                Span::raw("  "),
                Span::styled(format!("{glyph:<KEY_WIDTH$}"), look.style(mark.element)),
                Span::raw(" "),
                Span::raw(piece),
            ]));
        }
    }
    lines
}

/// `text` wrapped to `width` at spaces only (never at a hyphen), each row with what stands in
/// the label column beside it: `label` on the first row, nothing under it.
fn labelled_rows<'a>(label: &'a str, text: &str, width: usize) -> Vec<(&'a str, String)> {
    let options = textwrap::Options::new(width)
        .word_separator(textwrap::WordSeparator::AsciiSpace)
        .word_splitter(textwrap::WordSplitter::NoHyphenation);
    textwrap::wrap(text, options)
        .into_iter()
        .enumerate()
        .map(|(i, piece)| (if i == 0 { label } else { "" }, piece.into_owned()))
        .collect()
}

/// A what-if command's help as rows of (key column, description): a command too long for the
/// key column gets its own row, so its name never runs into its description.
fn command_rows(command: &str) -> Vec<(String, &str)> {
    let (name, what) = command.split_once(": ").unwrap_or((command, ""));
    let key = format!("  :{name:<width$}", width = KEY_WIDTH + 1);
    if name.chars().count() < KEY_WIDTH + 1 {
        vec![(key, what)]
    } else {
        vec![
            (format!("  :{name}"), ""),
            (" ".repeat(KEY_WIDTH + 4), what),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_command_runs_into_its_description() {
        for command in crate::domain::whatif::help_lines() {
            let rows = command_rows(command);
            for (key, what) in &rows {
                if !what.is_empty() {
                    assert!(key.ends_with(' '), "{key}{what}");
                }
            }
            let text: String = rows.iter().flat_map(|(k, w)| [k.as_str(), *w]).collect();
            assert!(!text.contains("offa"), "{text}");
        }
    }
}
