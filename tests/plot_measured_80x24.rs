//! The shipped H100 sweep on the study plot at 80×24: its labels (`B=1 MBU 84%`, `B=1024 MFU
//! 70%`) never run into the decode dot's label, at any batch of the slider and in both glyph
//! sets; a label that cannot find room with a gap either side is left out.

#[path = "tui/support.rs"]
mod support;

use crossterm::event::KeyCode;
use support::{ASCII, COLOR, course_app_looking, key, opened_at, press, render, text, typed};

const WIDTH: u16 = 80;
const HEIGHT: u16 = 24;

/// The plot pane's rows (right of the lesson pane's border).
fn plot_pane(screen: &str) -> Vec<String> {
    let split = screen
        .lines()
        .next()
        .and_then(|first| {
            let chars: Vec<char> = first.chars().collect();
            chars
                .windows(2)
                .position(|w| w == ['╮', '╭'])
                .map(|p| p + 1)
        })
        .unwrap_or(0);
    screen
        .lines()
        .map(|l| l.chars().skip(split).collect())
        .collect()
}

/// Where a label runs into another: a figure glued to a word (`B=32B=1`, `84%decode`,
/// `B=32MBU`). A name's digits (`H100`, `Llama-3-8B`) and a scaled figure (`8K`, `1.3k`) are
/// not figures glued to a word.
fn glued(row: &str) -> Option<String> {
    let chars: Vec<char> = row.chars().collect();
    let at = |i: usize| chars.get(i).copied().unwrap_or(' ');
    (1..chars.len()).find_map(|i| {
        let (before, now) = (chars[i - 1], chars[i]);
        let ends_figure = before.is_ascii_digit() || matches!(before, '%' | '?');
        if !(ends_figure && now.is_ascii_alphabetic()) {
            return None;
        }
        let mut start = i - 1;
        while start > 0 && (chars[start - 1].is_ascii_digit() || chars[start - 1] == '.') {
            start -= 1;
        }
        let name = start > 0 && (chars[start - 1].is_ascii_alphabetic() || chars[start - 1] == '-');
        let scaled = matches!(now, 'k' | 'K' | 'M' | 'G' | 'B' | 'x')
            && !(at(i + 1).is_ascii_alphanumeric() || at(i + 1) == '=');
        (!name && !scaled).then(|| {
            chars[i.saturating_sub(12)..(i + 12).min(chars.len())]
                .iter()
                .collect()
        })
    })
}

#[test]
fn glued_labels_are_found_and_names_are_not() {
    assert!(glued("decode B=32B=1 MBU 84%").is_some());
    assert!(glued("B=1 MBU 84%decode B=1").is_some());
    assert!(glued("B=32MBU 84%").is_some());
    assert_eq!(
        glued("H100 SXM5 · Llama-3-8B · ctx 8K · decode B=32 · B=1 MBU 84%"),
        None
    );
}

#[test]
fn the_measured_labels_never_run_into_the_dots_label_at_80x24() {
    for look in [COLOR, ASCII] {
        for batch in (0..=10).map(|k| 1u32 << k) {
            let app = course_app_looking(Default::default(), WIDTH, HEIGHT, look);
            let mut app = opened_at(app, "measured-vs-roofline", 1);
            let mut keys = typed(&format!(":batch {batch}"));
            keys.push(key(KeyCode::Enter));
            press(&mut app, &keys);
            let screen = text(&render(&app, WIDTH, HEIGHT));
            let plot = plot_pane(&screen);
            let dot = format!("B={batch}");
            assert!(
                plot.iter().any(|row| row.contains(&dot)),
                "batch {batch}: the dot's label is on the plot\n{screen}"
            );
            for row in &plot {
                assert_eq!(
                    glued(row),
                    None,
                    "batch {batch}: labels run together\n{screen}"
                );
            }
        }
    }
}
