//! The roofline plot as the learner sees it: snapshots at three sizes and in ASCII, the
//! colour of every element read back from the buffer, dots where the engine puts them, and
//! no panic at any size.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use roofline_tutor::content::data_files::builtin_catalog;
use roofline_tutor::domain::logscale::short_label;
use roofline_tutor::domain::scenario::Scenario;
use roofline_tutor::domain::withhold::Withheld;
use roofline_tutor::widgets::plot_layout::{DotGrid, PlotLayout};
use roofline_tutor::widgets::{
    Appearance, ColorMode, GlyphSet, INTENSITY_AXIS, PlotModel, Roof, RooflinePlot,
};
use rstest::rstest;

/// Which extras the plot carries.
#[derive(Debug, Clone, Copy)]
enum Extras {
    /// Roof, ridge, decode and attention dots.
    Plain,
    /// Plus the prefill dot and a B200 overlay.
    PrefillAndB200,
}

fn model(batch: u32, extras: Extras, appearance: Appearance) -> PlotModel {
    let catalog = builtin_catalog();
    let scenario = Scenario {
        batch,
        ..Scenario::default_cluster()
    };
    let evaluation = scenario.evaluate(&catalog).unwrap();
    let plot = PlotModel::from_evaluation(&scenario, &evaluation, appearance);
    match extras {
        Extras::Plain => plot,
        Extras::PrefillAndB200 => plot.with_prefill(&evaluation).with_overlay(Roof::for_gpu(
            catalog.gpu("b200").unwrap(),
            scenario.precision,
        )),
    }
}

#[track_caller]
fn draw(model: &PlotModel, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| frame.render_widget(RooflinePlot::new(model), frame.area()))
        .unwrap();
    terminal
}

fn buffer(terminal: &Terminal<TestBackend>) -> &Buffer {
    terminal.backend().buffer()
}

/// Every cell showing `symbol`.
fn cells_with(buf: &Buffer, symbol: &str) -> Vec<(u16, u16)> {
    let area = buf.area;
    (area.top()..area.bottom())
        .flat_map(|y| (area.left()..area.right()).map(move |x| (x, y)))
        .filter(|&p| buf[p].symbol() == symbol)
        .collect()
}

/// The cell where `text` starts, on whichever row it is.
#[track_caller]
fn find_text(buf: &Buffer, text: &str) -> (u16, u16) {
    let width = usize::from(buf.area.width);
    for y in 0..buf.area.height {
        let row: Vec<&str> = (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect();
        for x in 0..width.saturating_sub(text.chars().count() - 1) {
            if text
                .chars()
                .enumerate()
                .all(|(i, c)| row.get(x + i).is_some_and(|s| s.starts_with(c)))
            {
                return (x as u16, y);
            }
        }
    }
    panic!("{text:?} is not on screen:\n{}", view(buf));
}

fn view(buf: &Buffer) -> String {
    (0..buf.area.height)
        .map(|y| {
            (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
                + "\n"
        })
        .collect()
}

fn is_braille(symbol: &str) -> bool {
    symbol
        .chars()
        .next()
        .is_some_and(|c| ('\u{2801}'..='\u{28FF}').contains(&c))
}

#[rstest]
#[case::smallest_with_axes(40, 12)]
#[case::pane(60, 20)]
#[case::wide(100, 30)]
fn snapshot(#[case] width: u16, #[case] height: u16) {
    let terminal = draw(
        &model(8, Extras::Plain, Appearance::default()),
        width,
        height,
    );
    insta::assert_snapshot!(format!("plot_{width}x{height}"), terminal.backend());
}

#[test]
fn snapshot_with_prefill_and_overlay() {
    let terminal = draw(
        &model(64, Extras::PrefillAndB200, Appearance::default()),
        100,
        30,
    );
    insta::assert_snapshot!("plot_overlay_100x30", terminal.backend());
}

#[test]
fn snapshot_ascii() {
    let look = Appearance::new(GlyphSet::Ascii, ColorMode::Monochrome);
    let terminal = draw(&model(8, Extras::PrefillAndB200, look), 60, 20);
    let text = terminal.backend().to_string();
    assert!(text.is_ascii(), "non-ASCII in --ascii plot:\n{text}");
    insta::assert_snapshot!("plot_ascii_60x20", text);
}

#[test]
fn every_element_has_its_colour() {
    let terminal = draw(
        &model(8, Extras::PrefillAndB200, Appearance::default()),
        100,
        30,
    );
    let buf = buffer(&terminal);

    let decode = cells_with(buf, "●");
    assert_eq!(decode.len(), 1, "one decode dot");
    assert_eq!(buf[decode[0]].fg, Color::Yellow);
    assert!(buf[decode[0]].modifier.contains(Modifier::BOLD));
    let attention = cells_with(buf, "◆");
    assert_eq!(attention.len(), 1, "one attention dot");
    assert_eq!(buf[attention[0]].fg, Color::Magenta);
    let prefill = cells_with(buf, "▲");
    assert_eq!(prefill.len(), 1, "one prefill dot");
    assert_eq!(buf[prefill[0]].fg, Color::Green);

    for (label, colour) in [
        ("decode B=8", Color::Yellow),
        ("attention", Color::Magenta),
        ("H100 SXM5 989 TF", Color::Cyan),
        ("ridge 295", Color::Gray),
        ("B200 (HGX) 2.25k TF", Color::LightBlue),
    ] {
        let at = find_text(buf, label);
        assert_eq!(buf[at].fg, colour, "{label}");
    }

    // The compute roofs: braille cells on each roof's row, right of its ridge.
    let plot = model(8, Extras::PrefillAndB200, Appearance::default());
    let y_axis = plot.performance_axis();
    let layout = PlotLayout::new(buf.area, 3).unwrap();
    let grid = DotGrid::new(layout.canvas, GlyphSet::Unicode);
    for (roof, colour) in [
        (&plot.roof, Color::Cyan),
        (plot.overlay.as_ref().unwrap(), Color::LightBlue),
    ] {
        let row = grid.row(y_axis.fraction(roof.peak_flops / 1e12)).unwrap();
        let from = grid.column(INTENSITY_AXIS.fraction(roof.ridge())).unwrap() + 1;
        let roof_cells: Vec<Color> = (from..layout.canvas.right())
            .filter(|&x| is_braille(buf[(x, row)].symbol()))
            .map(|x| buf[(x, row)].fg)
            .collect();
        assert!(
            roof_cells.len() > 10,
            "{} roof on row {row}:\n{}",
            roof.name,
            view(buf)
        );
        assert!(
            roof_cells.iter().all(|&c| c == colour),
            "{}: {roof_cells:?}",
            roof.name
        );
    }
}

#[test]
fn dots_sit_where_the_engine_puts_them() {
    let plot = model(64, Extras::PrefillAndB200, Appearance::default());
    let terminal = draw(&plot, 100, 30);
    let buf = buffer(&terminal);
    let y_axis = plot.performance_axis();
    let layout = PlotLayout::new(buf.area, short_label(y_axis.max).len() as u16).unwrap();
    let grid = DotGrid::new(layout.canvas, GlyphSet::Unicode);
    let expected = |intensity: f64| {
        let flops = plot.roof.attainable(intensity) / 1e12;
        grid.cell(INTENSITY_AXIS.fraction(intensity), y_axis.fraction(flops))
            .unwrap()
    };
    assert_eq!(
        cells_with(buf, "●"),
        vec![expected(plot.decode.unwrap().intensity)]
    );
    assert_eq!(
        cells_with(buf, "◆"),
        vec![expected(plot.attention.unwrap())]
    );
    assert_eq!(cells_with(buf, "▲"), vec![expected(plot.prefill.unwrap())]);
}

#[test]
fn the_decode_dot_moves_right_with_the_batch_and_attention_stays() {
    let at = |batch| {
        let terminal = draw(&model(batch, Extras::Plain, Appearance::default()), 100, 30);
        let buf = buffer(&terminal);
        (cells_with(buf, "●")[0], cells_with(buf, "◆")[0])
    };
    let (decode_1, attention_1) = at(1);
    let (decode_64, attention_64) = at(64);
    assert!(
        decode_64.0 > decode_1.0 && decode_64.1 < decode_1.1,
        "{decode_1:?} → {decode_64:?}"
    );
    assert_eq!(attention_1, attention_64);
}

#[test]
fn monochrome_tells_elements_apart_by_glyph_and_label_only() {
    let look = Appearance::new(GlyphSet::Unicode, ColorMode::Monochrome);
    let terminal = draw(&model(8, Extras::PrefillAndB200, look), 100, 30);
    let buf = buffer(&terminal);
    assert!(
        buf.content().iter().all(|c| c.fg == Color::Reset),
        "colour under NO_COLOR"
    );
    for glyph in ["●", "◆", "▲"] {
        assert_eq!(cells_with(buf, glyph).len(), 1, "{glyph}");
    }
    for label in [
        "decode B=8",
        "attention",
        "prefill",
        "ridge 295",
        "B200 (HGX) 2.25k TF",
    ] {
        find_text(buf, label);
    }
}

#[test]
fn too_small_for_axes_prints_a_summary() {
    let terminal = draw(&model(8, Extras::Plain, Appearance::default()), 30, 4);
    insta::assert_snapshot!("plot_summary_30x4", terminal.backend());
}

#[test]
fn renders_every_size_without_panicking() {
    let plots = [
        model(8, Extras::PrefillAndB200, Appearance::default()),
        model(
            4096,
            Extras::Plain,
            Appearance::new(GlyphSet::Ascii, ColorMode::Monochrome),
        ),
    ];
    let widths = (1..=200).step_by(3).chain([2, 13, 14, 200]);
    for width in widths {
        for height in (1..=60).step_by(2).chain([4, 5, 6, 15, 16, 60]) {
            for plot in &plots {
                let area = Rect::new(0, 0, width, height);
                let mut buf = Buffer::empty(area);
                ratatui::widgets::Widget::render(RooflinePlot::new(plot), area, &mut buf);
            }
        }
    }
    // An area partly outside the buffer is clipped, not indexed out of bounds.
    let mut buf = Buffer::empty(Rect::new(0, 0, 10, 5));
    ratatui::widgets::Widget::render(
        RooflinePlot::new(&plots[0]),
        Rect::new(5, 2, 100, 40),
        &mut buf,
    );
}

#[test]
fn nonsense_numbers_draw_without_panicking() {
    let base = model(8, Extras::PrefillAndB200, Appearance::default());
    let mut broken = Vec::new();
    for value in [0.0, -1.0, f64::NAN, f64::INFINITY, 1e-300, 1e300] {
        let mut plot = base.clone();
        plot.roof.peak_flops = value;
        broken.push(plot.clone());
        plot.roof.bandwidth = value;
        broken.push(plot.clone());
        let mut plot = base.clone();
        plot.decode.as_mut().unwrap().intensity = value;
        plot.attention = Some(value);
        plot.prefill = Some(value);
        broken.push(plot);
    }
    for plot in &broken {
        for (width, height) in [(100, 30), (40, 12), (12, 6)] {
            draw(plot, width, height);
        }
    }
}

#[test]
fn a_withheld_ridge_keeps_its_mark_but_not_its_value() {
    let scenario = Scenario {
        batch: 8,
        ..Scenario::default_cluster()
    };
    let evaluation = scenario.evaluate(&builtin_catalog()).unwrap();
    let render = |withheld: Withheld| {
        let model = PlotModel::from_evaluation(&scenario, &evaluation, Appearance::default())
            .with_withheld(withheld);
        let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
        terminal
            .draw(|f| f.render_widget(RooflinePlot::new(&model), f.area()))
            .unwrap();
        let buffer = terminal.backend().buffer().clone();
        buffer
            .content()
            .iter()
            .map(ratatui::buffer::Cell::symbol)
            .collect::<String>()
    };
    assert!(render(Withheld::none()).contains("ridge 295"));
    assert!(render(Withheld::new([989.4])).contains("? TF"));
    let withheld = render(Withheld::new([295.25]));
    assert!(withheld.contains("ridge ?"));
    assert!(!withheld.contains("295"));
}
