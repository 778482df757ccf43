//! Two things a new learner tripped over (issue 22), checked on the screen through the keys:
//! the help never runs a what-if command into its description, and `C` stops at the shortest
//! context instead of wrapping to the longest (nor `c` the other way).

#[path = "tui/support.rs"]
mod support;

use crossterm::event::KeyCode;
use roofline_tutor::app::{Msg, NavMsg};
use support::{course_app, key, press, render, send, text};

#[test]
fn the_help_keeps_each_command_apart_from_its_description() {
    for (width, height) in [(160, 80), (120, 60), (100, 60)] {
        let mut app = course_app(width, height);
        send(&mut app, &[Msg::Nav(NavMsg::OpenLesson(3))]);
        press(&mut app, &[key(KeyCode::Char('?'))]);
        // Every screenful of the help, scrolled line by line to its end.
        let mut screen = String::new();
        for _ in 0..120 {
            screen.push_str(&text(&render(&app, width, height)));
            press(&mut app, &[key(KeyCode::Down)]);
        }
        assert!(
            screen.contains(":overlay ID|off"),
            "the what-if commands are in the help at {width}x{height}:\n{screen}"
        );
        for line in screen.lines() {
            if let Some(at) = line.find(":overlay ID|off") {
                let after = &line[at + ":overlay ID|off".len()..];
                assert!(
                    after.starts_with(' ') || after.starts_with('│') || after.is_empty(),
                    "the command runs into its description at {width}x{height}: {line}"
                );
            }
        }
        assert!(!screen.contains("offa second"), "{screen}");
    }
}

#[test]
fn context_keys_stop_at_the_shortest_and_the_longest() {
    let mut app = course_app(160, 45);
    send(&mut app, &[Msg::Nav(NavMsg::OpenLesson(3))]);
    press(&mut app, &vec![key(KeyCode::Char('C')); 12]);
    assert_eq!(
        app.plot().scenario.context,
        1024,
        "C walks down to 1K and stays"
    );
    let screen = text(&render(&app, 160, 45));
    assert!(
        screen.contains("1K, the shortest"),
        "the refusal says why:\n{screen}"
    );
    press(&mut app, &vec![key(KeyCode::Char('c')); 12]);
    assert_eq!(
        app.plot().scenario.context,
        131_072,
        "c walks up to 128K and stays"
    );
}
