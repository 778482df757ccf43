use super::*;
use crate::content::data_files::builtin_catalog;
use crate::domain::scenario::Scenario;
use crate::domain::withhold::Withheld;
use rstest::rstest;

#[rstest]
#[case::small(4.785, 2, "4.79")]
#[case::thousands(1790.0, 0, "1,790")]
#[case::million(1_234_567.891, 1, "1,234,567.9")]
#[case::negative(-1234.0, 0, "-1,234")]
#[case::negative_zero(-0.001, 0, "0")]
fn grouping(#[case] value: f64, #[case] places: usize, #[case] expected: &str) {
    assert_eq!(group(value, places), expected);
}

#[rstest]
#[case::intensity_small(intensity(7.996), "8.0")]
#[case::intensity_large(intensity(1024.4), "1,024")]
#[case::percent_small(percent(2.708), "2.7")]
#[case::percent_large(percent(54.2), "54")]
#[case::ms_fast(milliseconds(0.847), "0.85")]
#[case::ms(milliseconds(6.04), "6.0")]
#[case::ms_slow(milliseconds(1234.0), "1,234")]
fn number_formats(#[case] actual: String, #[case] expected: &str) {
    assert_eq!(actual, expected);
}

fn evaluation(batch: u32) -> Evaluation {
    Scenario {
        batch,
        ..Scenario::default_cluster()
    }
    .evaluate(&builtin_catalog())
    .unwrap()
}

fn text(line: &Line<'_>) -> String {
    line.spans.iter().map(|s| s.content.as_ref()).collect()
}

#[test]
fn reads_out_the_engine_numbers() {
    let e = evaluation(8);
    let m = e.model.as_ref().unwrap();
    let expected = format!(
        "AI 8.0 · 2.7% of ridge · {:.1} ms · {} tok/s · memory-bound",
        m.step_time_s * 1e3,
        group(m.tokens_per_s, 0)
    );
    assert_eq!(
        text(&ReadoutsLine::new(&e, Appearance::default(), &Withheld::none()).line(200)),
        expected
    );
}

#[test]
fn past_the_ridge_without_kv_it_says_compute_bound() {
    let e = Scenario {
        batch: 1024,
        context: 0,
        ..Scenario::default_cluster()
    }
    .evaluate(&builtin_catalog())
    .unwrap();
    let line = text(&ReadoutsLine::new(&e, Appearance::default(), &Withheld::none()).line(200));
    assert!(line.starts_with("AI 775 · 262% of ridge"), "{line}");
    assert!(line.ends_with(" · compute-bound"), "{line}");
}

#[test]
fn a_dot_past_the_ridge_in_a_step_that_waits_on_kv_is_kv_bound() {
    // FC is past the ridge at batch 1024, but reading 1024 × 4K tokens of KV dominates.
    let line = text(
        &ReadoutsLine::new(&evaluation(1024), Appearance::default(), &Withheld::none()).line(200),
    );
    assert!(line.starts_with("AI 775 · 262% of ridge"), "{line}");
    assert!(line.ends_with(" · KV-bound"), "{line}");
}

// The full line at batch 8 is 60 cells: "AI 8.0 · 2.7% of ridge · 5.8 ms · 1,388 tok/s · memory-bound";
// with the share's narrower form (`2.7% ridge`) 57, and 42 without the bound.
#[rstest]
#[case::everything(60, &["AI", "ridge", "ms", "tok/s", "bound"])]
#[case::everything_narrower(57, &["AI", "ridge", "ms", "tok/s", "bound"])]
#[case::no_bound(56, &["AI", "ridge", "ms", "tok/s"])]
#[case::no_bound_tightest(42, &["AI", "ridge", "ms", "tok/s"])]
#[case::no_share(41, &["AI", "ms", "tok/s"])]
#[case::no_rate(28, &["AI", "ms"])]
#[case::only_intensity(14, &["AI"])]
#[case::intensity_even_when_it_does_not_fit(3, &["AI"])]
fn narrow_lines_drop_the_least_important(#[case] width: u16, #[case] kept: &[&str]) {
    let e = evaluation(8);
    let line = ReadoutsLine::new(&e, Appearance::default(), &Withheld::none()).line(width);
    let words: Vec<&str> = line
        .spans
        .iter()
        .filter(|s| s.content != " · ")
        .map(|s| {
            let t = s.content.as_ref();
            ["AI", "ridge", "ms", "tok/s", "bound"]
                .into_iter()
                .find(|k| t.contains(k))
                .unwrap_or(t)
        })
        .collect();
    assert_eq!(words, kept);
    assert!(
        line.width() <= usize::from(width) || kept.len() == 1,
        "{line}"
    );
}

#[test]
fn ascii_separator_and_no_model() {
    let e = Scenario::for_gpu("h100-sxm")
        .evaluate(&builtin_catalog())
        .unwrap();
    let look = Appearance::new(
        crate::widgets::GlyphSet::Ascii,
        crate::widgets::ColorMode::Monochrome,
    );
    let line = ReadoutsLine::new(&e, look, &Withheld::none()).line(80);
    assert_eq!(text(&line), "ridge 295 | 989 TF | 3.35 TB/s | no model");
    assert!(
        line.spans
            .iter()
            .all(|s| s.style.fg.is_none() || s.style.fg == Some(ratatui::style::Color::Reset))
    );
}

#[test]
fn renders_into_a_one_cell_area_without_panicking() {
    let e = evaluation(8);
    let mut buf = Buffer::empty(Rect::new(0, 0, 1, 1));
    ReadoutsLine::new(&e, Appearance::default(), &Withheld::none())
        .render(Rect::new(0, 0, 1, 1), &mut buf);
    assert_eq!(buf[(0, 0)].symbol(), "A");
}

/// Beside measured MBU and MFU the ridge share (MFU ≈ MBU × the share) is kept in its narrower
/// form where tokens/s and MFU give way: the 38 cells of an 80-column plot pane.
#[rstest]
#[case::wide(
    200,
    "AI 8.0 · 2.7% of ridge · 5.8 ms · 1,388 tok/s · memory-bound · MBU 82% · MFU 2.2%"
)]
#[case::narrower(
    78,
    "AI 8.0 · 2.7% ridge · 5.8 ms · 1,388 tok/s · memory-bound · MBU 82% · MFU 2.2%"
)]
#[case::no_bound_wide_again(
    69,
    "AI 8.0 · 2.7% of ridge · 5.8 ms · 1,388 tok/s · MBU 82% · MFU 2.2%"
)]
#[case::no_rate(49, "AI 8.0 · 2.7% ridge · 5.8 ms · MBU 82% · MFU 2.2%")]
#[case::eighty_columns(38, "AI 8.0 · 2.7% ridge · 5.8 ms · MBU 82%")]
fn beside_measured_shares_the_ridge_share_stays(#[case] width: u16, #[case] expected: &str) {
    let e = evaluation(8);
    let line = ReadoutsLine::new(&e, Appearance::default(), &Withheld::none())
        .with_utilization(Some(0.82), Some(0.022))
        .line(width);
    assert_eq!(text(&line), expected);
}

#[test]
fn the_narrower_form_is_masked_as_the_wide_one_is() {
    let e = evaluation(8);
    let withheld = Withheld::none().asking(Quantity::RidgeSharePct, []);
    let line = ReadoutsLine::new(&e, Appearance::default(), &withheld)
        .with_utilization(Some(0.82), None)
        .line(34);
    let line = text(&line);
    assert!(line.contains("?% ridge"), "{line}");
    assert!(!line.contains("2.7"), "{line}");
}
