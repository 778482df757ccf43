//! The screens as drawn: snapshots at the design sizes, every size from 1×1 to 200×60 without
//! a panic, colours and `NO_COLOR`, and `--ascii`.

#[path = "tui/support.rs"]
mod support;

use ratatui::style::{Color, Modifier};
use roofline_tutor::app::{App, Msg};
use roofline_tutor::app::{AppMsg, NavMsg, PlotMsg, StepMsg};
use support::{ASCII, COLOR, MONO, fixture_app, fixture_app_warning, render, send, terminal, text};

/// The fixture lesson at its number prediction with `16` typed.
fn predicting(width: u16, height: u16, look: roofline_tutor::widgets::Appearance) -> App {
    let mut app = fixture_app(width, height, look);
    send(
        &mut app,
        &[
            Msg::Nav(NavMsg::OpenLesson(0)),
            Msg::Nav(NavMsg::NextStep),
            Msg::Step(StepMsg::TypeChar('1')),
            Msg::Step(StepMsg::TypeChar('6')),
        ],
    );
    app
}

fn revealed(width: u16, height: u16) -> App {
    let mut app = predicting(width, height, COLOR);
    send(
        &mut app,
        &[Msg::Step(StepMsg::Commit), Msg::Step(StepMsg::Reveal)],
    );
    app
}

#[test]
fn main_screen_100x30() {
    insta::assert_snapshot!(terminal(&predicting(100, 30, COLOR), 100, 30).backend());
}

#[test]
fn main_screen_120x40() {
    insta::assert_snapshot!(terminal(&predicting(120, 40, COLOR), 120, 40).backend());
}

#[test]
fn revealed_120x40() {
    insta::assert_snapshot!(terminal(&revealed(120, 40), 120, 40).backend());
}

/// At 80 columns the plot pane's 38 cells keep the ridge share beside MBU, in its narrower
/// form (`2.7% ridge`): MFU ≈ MBU × the share, so tokens/s and MFU give way first.
#[test]
fn revealed_80x24() {
    let screen = terminal(&revealed(80, 24), 80, 24);
    let shown = text(screen.backend().buffer());
    assert!(
        shown.contains("% ridge") && shown.contains("MBU"),
        "{shown}"
    );
    insta::assert_snapshot!(screen.backend());
}

#[test]
fn explore_at_the_kv_wall_120x40() {
    let mut app = fixture_app(120, 40, COLOR);
    send(
        &mut app,
        &[
            Msg::Nav(NavMsg::OpenLesson(0)),
            Msg::Nav(NavMsg::NextStep),
            Msg::Nav(NavMsg::NextStep),
            Msg::Nav(NavMsg::NextStep),
        ],
    );
    for _ in 0..8 {
        send(&mut app, &[Msg::Plot(PlotMsg::DoubleBatch)]);
    }
    insta::assert_snapshot!(terminal(&app, 120, 40).backend());
}

#[test]
fn lesson_list_100x30() {
    let mut app = fixture_app(100, 30, COLOR);
    send(
        &mut app,
        &[
            Msg::Nav(NavMsg::OpenLesson(0)),
            Msg::Nav(NavMsg::NextStep),
            Msg::Nav(NavMsg::ShowLessonList),
        ],
    );
    insta::assert_snapshot!(terminal(&app, 100, 30).backend());
}

#[test]
fn help_overlay_100x30() {
    let mut app = predicting(100, 30, COLOR);
    send(&mut app, &[Msg::App(AppMsg::ToggleHelp)]);
    insta::assert_snapshot!(terminal(&app, 100, 30).backend());
}

#[test]
fn stacked_70x34() {
    insta::assert_snapshot!(terminal(&predicting(70, 34, COLOR), 70, 34).backend());
}

#[test]
fn compact_60x16() {
    insta::assert_snapshot!(terminal(&predicting(60, 16, COLOR), 60, 16).backend());
}

#[test]
fn too_small_39x11() {
    let screen = text(&render(&predicting(39, 11, COLOR), 39, 11));
    assert!(screen.contains("roofline needs a 40×12"), "{screen}");
    assert!(screen.contains("39×11"), "{screen}");
    let at_minimum = text(&render(&predicting(40, 12, COLOR), 40, 12));
    assert!(
        at_minimum.contains("Step 2/7"),
        "the minimum size draws the lesson:\n{at_minimum}"
    );
}

#[test]
fn ascii_draws_only_ascii() {
    let app = predicting(100, 30, ASCII);
    let screen = text(&render(&app, 100, 30));
    assert!(screen.is_ascii(), "non-ASCII in --ascii mode:\n{screen}");
    assert!(screen.contains("Your guess: 16_"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn no_color_means_no_colour_anywhere() {
    for app in [predicting(120, 40, MONO), {
        let mut app = predicting(120, 40, MONO);
        send(
            &mut app,
            &[
                Msg::Step(StepMsg::Commit),
                Msg::Step(StepMsg::Reveal),
                Msg::App(AppMsg::ToggleHelp),
            ],
        );
        app
    }] {
        let buffer = render(&app, 120, 40);
        for cell in buffer.content() {
            assert!(
                matches!(cell.fg, Color::Reset),
                "coloured foreground {:?} on {:?}",
                cell.fg,
                cell.symbol()
            );
            assert!(
                matches!(cell.bg, Color::Reset),
                "coloured background {:?} on {:?}",
                cell.bg,
                cell.symbol()
            );
        }
    }
}

/// The cells of the first row whose text contains `needle`.
fn row_with(buffer: &ratatui::buffer::Buffer, needle: &str) -> (u16, u16) {
    let screen = text(buffer);
    let (y, line) = screen
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains(needle))
        .unwrap_or_else(|| panic!("no '{needle}' in\n{screen}"));
    let byte = line.find(needle).unwrap();
    let x = line[..byte].chars().count();
    (x as u16, y as u16)
}

#[test]
fn colours_mark_input_refusal_and_score() {
    let mut app = predicting(120, 40, COLOR);
    let buffer = render(&app, 120, 40);
    let (x, y) = row_with(&buffer, "16▏");
    assert_eq!(buffer[(x, y)].fg, Color::Yellow, "the typed guess");
    assert!(buffer[(x, y)].modifier.contains(Modifier::BOLD));

    send(
        &mut app,
        &[
            Msg::Step(StepMsg::Backspace),
            Msg::Step(StepMsg::Backspace),
            Msg::Step(StepMsg::TypeChar('-')),
            Msg::Step(StepMsg::TypeChar('2')),
            Msg::Step(StepMsg::Commit),
        ],
    );
    let buffer = render(&app, 120, 40);
    let (x, y) = row_with(&buffer, "a negative value cannot be right here");
    assert_eq!(buffer[(x, y)].fg, Color::Red, "the inline refusal");

    send(
        &mut app,
        &[
            Msg::Step(StepMsg::Backspace),
            Msg::Step(StepMsg::Backspace),
            Msg::Step(StepMsg::TypeChar('8')),
            Msg::Step(StepMsg::Commit),
            Msg::Step(StepMsg::Reveal),
        ],
    );
    let buffer = render(&app, 120, 40);
    let (x, y) = row_with(&buffer, "100/100");
    assert_eq!(buffer[(x, y)].fg, Color::Green, "a full score");
    let (x, y) = row_with(&buffer, "Trap:");
    assert_eq!(buffer[(x, y)].fg, Color::Magenta, "the trap");
}

#[test]
fn the_footer_follows_the_state() {
    let mut app = predicting(100, 30, COLOR);
    let footer = |app: &App| {
        text(&render(app, 100, 30))
            .lines()
            .last()
            .unwrap()
            .to_owned()
    };
    assert!(footer(&app).contains("Enter commit"), "{}", footer(&app));
    send(&mut app, &[Msg::Step(StepMsg::Commit)]);
    assert!(footer(&app).contains("r/Enter reveal"), "{}", footer(&app));
    send(&mut app, &[Msg::Step(StepMsg::Reveal)]);
    assert!(footer(&app).contains("Enter/n next"), "{}", footer(&app));
    assert!(
        footer(&app).contains("? help") && footer(&app).contains("q quit"),
        "{}",
        footer(&app)
    );
    let narrow = text(&render(&app, 40, 12));
    let last = narrow.lines().last().unwrap();
    assert!(
        last.contains("? help") && last.contains("q quit"),
        "help and quit survive a narrow footer: {last}"
    );
}

#[test]
fn a_long_warning_gets_two_lines_and_esc_in_the_footer() {
    let warning = "your progress could not be read, so it was moved to /home/someone/.local/share/roofline/progress.ron.corrupt-1 and you start afresh";
    let app = fixture_app_warning(100, 30, warning);
    let screen = text(&render(&app, 100, 30));
    let lines: Vec<&str> = screen.lines().collect();
    assert!(
        lines[27].contains("⚠ your progress could not be read"),
        "{screen}"
    );
    assert!(lines[28].contains("you start afresh"), "{screen}");
    assert!(lines[29].contains("Esc dismiss warning"), "{screen}");
    let buffer = render(&app, 100, 30);
    assert_eq!(buffer[(3, 27)].fg, Color::Yellow, "warnings are yellow");
}

/// Every screen state worth drawing: the list, each step kind in its states, help on top.
fn states(width: u16, height: u16) -> Vec<App> {
    let mut out = Vec::new();
    let mut app = fixture_app(width, height, COLOR);
    out.push(app.clone());
    send(&mut app, &[Msg::Nav(NavMsg::OpenLesson(0))]);
    let script: &[&[Msg]] = &[
        &[],
        &[
            Msg::Nav(NavMsg::NextStep),
            Msg::Step(StepMsg::TypeChar('0')),
            Msg::Step(StepMsg::Commit),
        ],
        &[
            Msg::Step(StepMsg::Backspace),
            Msg::Step(StepMsg::TypeChar('9')),
            Msg::Step(StepMsg::Commit),
        ],
        &[Msg::Step(StepMsg::Reveal)],
        &[
            Msg::Nav(NavMsg::NextStep),
            Msg::Step(StepMsg::SelectOption(1)),
        ],
        &[Msg::Step(StepMsg::Commit), Msg::Step(StepMsg::Reveal)],
        &[
            Msg::Nav(NavMsg::NextStep),
            Msg::Plot(PlotMsg::DoubleBatch),
            Msg::Plot(PlotMsg::CycleGpu(roofline_tutor::app::Cycle::Forward)),
        ],
        &[Msg::Nav(NavMsg::NextStep)],
        &[Msg::Step(StepMsg::TurnCard)],
        &[Msg::Step(StepMsg::Grade(
            roofline_tutor::domain::session::Grade::Hard,
        ))],
        &[Msg::Nav(NavMsg::NextStep)],
        &[
            Msg::Nav(NavMsg::NextStep),
            Msg::Step(StepMsg::TypeChar('w')),
        ],
        &[Msg::Step(StepMsg::Commit)],
        &[Msg::App(AppMsg::ToggleHelp)],
    ];
    for msgs in script {
        send(&mut app, msgs);
        out.push(app.clone());
    }
    out
}

#[test]
fn every_size_from_1x1_to_200x60_draws_without_panicking() {
    let widths: Vec<u16> = (1..=200)
        .step_by(13)
        .chain([2, 39, 40, 41, 79, 80, 99, 100, 200])
        .collect();
    let heights: Vec<u16> = (1..=60)
        .step_by(6)
        .chain([2, 11, 12, 13, 15, 16, 27, 28, 29, 30, 60])
        .collect();
    for &width in &widths {
        for &height in &heights {
            for (i, app) in states(width, height).iter().enumerate() {
                let buffer = render(app, width, height);
                assert_eq!(buffer.area.width, width, "state {i}");
            }
        }
    }
}
