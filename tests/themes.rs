//! The light theme beside the dark one: the same screens, every element in a colour of its
//! palette. A snapshot per screen and theme holds the text and a census of the colours drawn
//! (cells per foreground and background colour); the light theme uses none of the colours a
//! light background washes out.

#[path = "tui/support.rs"]
mod support;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use ratatui::buffer::Buffer;
use ratatui::style::Color;
use roofline_tutor::domain::session::Progress;
use roofline_tutor::widgets::{Appearance, ColorMode, GlyphSet, Palette};

use support::{course_app_looking, opened_at, render, text};

fn look(palette: Palette) -> Appearance {
    Appearance::new(GlyphSet::Unicode, ColorMode::Color).with_palette(palette)
}

/// The screen's text, then how many cells each colour covers.
fn with_census(buffer: &Buffer) -> String {
    let mut census: BTreeMap<String, usize> = BTreeMap::new();
    for cell in &buffer.content {
        if cell.fg != Color::Reset {
            *census.entry(format!("fg {:?}", cell.fg)).or_default() += 1;
        }
        if cell.bg != Color::Reset {
            *census.entry(format!("bg {:?}", cell.bg)).or_default() += 1;
        }
    }
    let mut out = text(buffer);
    out.push_str("\n-- colours (cells) --\n");
    for (colour, cells) in census {
        let _ = writeln!(out, "{colour}: {cells}");
    }
    out
}

/// Colours a light background washes out.
const WASHED_OUT: [Color; 5] = [
    Color::Yellow,
    Color::Cyan,
    Color::LightBlue,
    Color::LightYellow,
    Color::White,
];

fn screens(palette: Palette) -> Vec<(&'static str, Buffer)> {
    let list = course_app_looking(Progress::default(), 100, 30, look(palette));
    let lesson = opened_at(list.clone(), "ridge-point", 3);
    let decode = opened_at(list.clone(), "decode-batch-1", 3);
    vec![
        ("lesson_list", render(&list, 100, 30)),
        ("predict_step", render(&lesson, 100, 30)),
        ("decode_plot", render(&decode, 120, 36)),
    ]
}

#[test]
fn both_themes() {
    for palette in [Palette::Dark, Palette::Light] {
        for (name, buffer) in screens(palette) {
            insta::assert_snapshot!(format!("{name}_{}", palette.name()), with_census(&buffer));
        }
    }
}

#[test]
fn the_light_theme_draws_nothing_washed_out_and_the_same_text() {
    let dark = screens(Palette::Dark);
    for ((name, light), (_, dark)) in screens(Palette::Light).iter().zip(&dark) {
        assert_eq!(text(light), text(dark), "{name}: only colours change");
        for cell in &light.content {
            assert!(
                !WASHED_OUT.contains(&cell.fg),
                "{name}: {:?} drawn in {:?}",
                cell.symbol(),
                cell.fg
            );
        }
        let colours: std::collections::BTreeSet<String> = light
            .content
            .iter()
            .map(|c| format!("{:?}", c.fg))
            .collect();
        assert!(colours.len() >= 3, "{name}: {colours:?}");
    }
}
