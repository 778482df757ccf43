//! The settings file applied: values under the command line's, every problem located, and a
//! rebound key shown in the footer and the help.

use std::path::Path;

use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::{applied, template};
use crate::app::{App, AppInit, AppMsg, Effects, Msg, update};
use crate::content::data_files::builtin_catalog;
use crate::content::lessons::builtin;
use crate::content::settings::parse;
use crate::domain::scenario::Scenario;
use crate::domain::session::Progress;
use crate::widgets::{Appearance, Palette};

use super::super::args::GlobalArgs;

#[track_caller]
fn apply(text: &str, global: GlobalArgs) -> Result<GlobalArgs, String> {
    let file = parse(Path::new("/home/ada/.config/roofline/config.toml"), text).unwrap();
    applied(global, &file).map_err(|e| format!("{e:#}"))
}

#[test]
fn a_good_file_sits_under_the_flags() {
    let text = "format_version = 1\ntheme = \"light\"\nretention = 0.8\ncluster = \"c.ron\"\n";
    let global = apply(text, GlobalArgs::default()).unwrap();
    assert_eq!(global.theme, Some(Palette::Light));
    assert!((global.retention.unwrap().get() - 0.8).abs() < 1e-12);
    assert_eq!(
        global.cluster.unwrap(),
        Path::new("/home/ada/.config/roofline/c.ron")
    );
    // A flag wins.
    let flags = GlobalArgs {
        theme: Some(Palette::Dark),
        ..GlobalArgs::default()
    };
    assert_eq!(apply(text, flags).unwrap().theme, Some(Palette::Dark));
}

#[rstest::rstest]
#[case::bad_key(
    "format_version = 1\n[keys]\nquit = \"Ctrl+Banana\"\n",
    "config.toml:3:8: cannot read the key 'Ctrl+Banana'"
)]
#[case::conflict(
    "format_version = 1\n[keys]\ntoggle-help = \"q\"\n",
    "config.toml:3:15: 'q' for toggle-help conflicts with quit ("
)]
#[case::unknown_action(
    "format_version = 1\n[keys]\nfly-away = \"x\"\n",
    "config.toml:3:1: unknown action 'fly-away'"
)]
#[case::unknown_theme(
    "format_version = 1\ntheme = \"sepia\"\n",
    "config.toml:2:9: unknown theme 'sepia'"
)]
fn problems_are_refused_and_located(#[case] text: &str, #[case] says: &str) {
    let e = apply(text, GlobalArgs::default()).unwrap_err();
    assert!(e.contains(says), "{e}");
    // The line and a caret under the value.
    let line = text
        .lines()
        .nth(2)
        .unwrap_or_else(|| text.lines().nth(1).unwrap());
    assert!(e.contains(line) && e.contains('^'), "{e}");
}

#[test]
fn every_problem_at_once() {
    let text = "format_version = 1\ntheme = \"sepia\"\n[keys]\nfly-away = \"x\"\n";
    let e = apply(text, GlobalArgs::default()).unwrap_err();
    assert!(e.starts_with("2 problem(s) in the settings file"), "{e}");
}

fn screen(app: &App) -> String {
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    terminal.draw(|f| f.render_widget(app, f.area())).unwrap();
    let buffer = terminal.backend().buffer();
    (0..buffer.area.height)
        .map(|y| {
            (0..buffer.area.width)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_rebound_key_reaches_the_footer_and_the_help() {
    let text = "format_version = 1\n[keys]\ntoggle-help = \"F1\"\nquit = \"Ctrl+Q\"\n";
    let global = apply(text, GlobalArgs::default()).unwrap();
    let mut app = App::new(AppInit {
        catalog: builtin_catalog().into(),
        lessons: builtin(&builtin_catalog()).unwrap().into(),
        cluster: Scenario::default_cluster(),
        progress: Progress::default(),
        warning: None,
        appearance: Appearance::default(),
        viewport: ratatui::layout::Size::new(120, 40),
        measure: crate::ui::MEASURE,
    })
    .with_keymap(global.keys);
    let list = screen(&app);
    let footer = list.lines().last().unwrap();
    assert!(
        footer.contains("F1 help") && footer.contains("Ctrl+Q quit"),
        "{footer}"
    );
    assert!(!footer.contains("? help"), "{footer}");
    let effects = update(&mut app, Msg::App(AppMsg::ToggleHelp));
    assert_eq!(
        effects,
        Effects::default(),
        "opening the help asks nothing of the world"
    );
    let help = screen(&app);
    assert!(help.contains("F1") && help.contains("Ctrl+Q"), "{help}");
}

#[test]
fn the_template_lists_the_actions_and_applies_cleanly() {
    let text = template();
    assert!(
        text.contains("#   toggle-help") && text.contains("#   next-step"),
        "{text}"
    );
    let global = apply(&text, GlobalArgs::default()).unwrap();
    assert_eq!(global.theme, None);
}
