use super::*;
use crate::domain::withhold::Withheld;
use crate::widgets::theme::{ColorMode, GlyphSet};
use ratatui::style::Color;
use rstest::rstest;

/// 13 cells: one doubling per column, so columns and batches can be checked exactly.
const DOUBLING: SliderTrack = SliderTrack {
    start: 10,
    len: 13,
    row: 0,
};

#[rstest]
#[case::first(10, 1)]
#[case::third(13, 8)]
#[case::middle(16, 64)]
#[case::last(22, 4096)]
#[case::left_cap_clamps(9, 1)]
#[case::far_left_clamps(0, 1)]
#[case::right_cap_clamps(23, 4096)]
#[case::far_right_clamps(u16::MAX, 4096)]
fn batch_at_column(#[case] column: u16, #[case] batch: u32) {
    assert_eq!(DOUBLING.batch_at_column(column), batch);
}

#[rstest]
#[case::one(1, 10)]
#[case::eight(8, 13)]
#[case::kv_wall(98, 17)] // log2 98 = 6.6 → column 7
#[case::top(4096, 22)]
#[case::below_range_clamps(0, 10)]
#[case::above_range_clamps(1 << 20, 22)]
fn column_of_batch(#[case] batch: u64, #[case] column: u16) {
    assert_eq!(DOUBLING.column_of_batch(batch), column);
}

#[test]
fn column_and_batch_are_inverse_on_every_track_length() {
    for len in 2..=300 {
        let track = SliderTrack {
            start: 3,
            len,
            row: 0,
        };
        let columns = track.start..track.start + len;
        let batches: Vec<u32> = columns.clone().map(|c| track.batch_at_column(c)).collect();
        assert!(
            batches.windows(2).all(|w| w[0] <= w[1]),
            "len {len}: not monotonic"
        );
        assert_eq!((batches[0], batches[batches.len() - 1]), (1, 4096));
        // The thumb lands on the clicked column whenever some whole batch is drawn there.
        let mut drawn_columns = vec![false; usize::from(len)];
        for batch in 1..=4096 {
            drawn_columns[usize::from(track.column_of_batch(batch) - track.start)] = true;
        }
        for (column, &batch) in columns.zip(&batches) {
            if drawn_columns[usize::from(column - track.start)] {
                assert_eq!(track.column_of_batch(u64::from(batch)), column, "len {len}");
            }
        }
        // Every batch is drawn within half a column of its exact log position.
        for batch in [1_u32, 2, 3, 7, 98, 1000, 4095, 4096] {
            let exact = f64::from(batch).log2() / 12.0 * f64::from(len - 1);
            let drawn = f64::from(track.column_of_batch(u64::from(batch)) - track.start);
            assert!(
                (drawn - exact).abs() <= 0.5 + 1e-9,
                "len {len} batch {batch}"
            );
        }
    }
}

#[rstest]
#[case::on_track(15, 0, true)]
#[case::left_cap(9, 0, true)]
#[case::right_cap(23, 0, true)]
#[case::prefix(8, 0, false)]
#[case::label(24, 0, false)]
#[case::other_row(15, 1, false)]
fn hit_test(#[case] column: u16, #[case] row: u16, #[case] inside: bool) {
    assert_eq!(DOUBLING.contains(column, row), inside);
}

fn slider(batch: u32, kv_wall: Option<u64>) -> BatchSlider {
    BatchSlider::new(batch, kv_wall, Appearance::default())
}

#[rstest]
#[case::full(60, Some(98), Some((12, 36)))]
#[case::full_no_wall(60, None, Some((12, 47)))]
#[case::short(30, Some(98), Some((7, 14)))]
#[case::bare(12, Some(98), Some((1, 10)))]
#[case::tiniest_track(4, Some(98), Some((1, 2)))]
#[case::too_narrow(3, Some(98), None)]
fn layout_by_width(
    #[case] width: u16,
    #[case] wall: Option<u64>,
    #[case] expected: Option<(u16, u16)>,
) {
    let track = slider(8, wall).track(Rect::new(0, 0, width, 1));
    assert_eq!(track.map(|t| (t.start, t.len)), expected);
}

#[test]
fn track_does_not_move_with_the_batch() {
    let area = Rect::new(4, 7, 70, 1);
    let tracks: Vec<_> = [1, 8, 98, 999, 4096]
        .map(|b| slider(b, Some(98)).track(area))
        .into();
    assert!(tracks.windows(2).all(|w| w[0] == w[1]), "{tracks:?}");
    assert_eq!(tracks[0].unwrap().row, 7);
}

#[track_caller]
fn render(slider: BatchSlider, width: u16) -> Buffer {
    let area = Rect::new(0, 0, width, 1);
    let mut buf = Buffer::empty(area);
    slider.render(area, &mut buf);
    buf
}

fn row_text(buf: &Buffer) -> String {
    buf.content()
        .iter()
        .map(ratatui::buffer::Cell::symbol)
        .collect()
}

#[test]
fn draws_thumb_wall_and_the_region_beyond() {
    // 16-cell track: thumb at log2 8 / 12 × 15 = 3.75 → 4, wall at log2 98 / 12 × 15 = 8.3 → 8.
    let buf = render(slider(8, Some(98)), 40);
    assert_eq!(row_text(&buf), "batch 8    ◀━━━━●───┃╌╌╌╌╌╌╌▶ KV wall 98");
    let fg = |x: u16| buf[(x, 0)].fg;
    assert_eq!(fg(14), Color::Yellow, "filled track");
    assert_eq!(fg(16), Color::Yellow, "thumb");
    assert_eq!(fg(18), Color::DarkGray, "free track");
    assert_eq!(fg(20), Color::Red, "wall");
    assert_eq!(fg(25), Color::Red, "beyond the wall");
    assert_eq!(fg(35), Color::Red, "wall label");
}

#[test]
fn ascii_monochrome_tells_regions_apart_by_glyph() {
    let look = Appearance::new(GlyphSet::Ascii, ColorMode::Monochrome);
    let buf = render(BatchSlider::new(4096, Some(98), look), 40);
    assert_eq!(row_text(&buf), "batch 4096 <========|......O> KV wall 98");
    assert!(buf.content().iter().all(|c| c.fg == Color::Reset));
}

#[rstest]
#[case::nothing_fits(Some(0), "B8    <...O.......> wall 0")]
#[case::wall_off_the_scale(Some(10_000), "B8    <=====O--------------> wall 10,000")]
#[case::no_wall(None, "batch 8    <====O------------->")]
fn walls_at_the_edges(#[case] wall: Option<u64>, #[case] expected: &str) {
    let look = Appearance::new(GlyphSet::Ascii, ColorMode::Color);
    let width = expected.chars().count() as u16;
    assert_eq!(
        row_text(&render(BatchSlider::new(8, wall, look), width)),
        expected
    );
}

#[test]
fn never_panics_on_any_width() {
    for width in 0..=120 {
        for batch in [1, 98, 4096, 1 << 20] {
            let area = Rect::new(0, 0, width, 1);
            let mut buf = Buffer::empty(Rect::new(0, 0, width.max(1), 1));
            slider(batch, Some(98)).render(area, &mut buf);
        }
    }
}

#[test]
fn a_withheld_wall_keeps_its_mark_but_not_its_value() {
    let area = Rect::new(0, 0, 60, 1);
    let mut shown = Buffer::empty(area);
    slider(8, Some(98)).render(area, &mut shown);
    let mut withheld = Buffer::empty(area);
    slider(8, Some(98))
        .with_withheld(Withheld::new([98.0]))
        .render(area, &mut withheld);
    let text = |buf: &Buffer| {
        buf.content()
            .iter()
            .map(ratatui::buffer::Cell::symbol)
            .collect::<String>()
    };
    assert!(text(&shown).ends_with("KV wall 98"), "{}", text(&shown));
    assert!(
        text(&withheld).ends_with("KV wall ?"),
        "{}",
        text(&withheld)
    );
    assert!(!text(&withheld).contains("98"));
}
