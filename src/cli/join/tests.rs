use super::*;

#[test]
fn the_address_gives_the_root_and_the_code() {
    let t = Target::parse("http://192.168.1.20:40123/?code=K7QX2M").unwrap();
    assert_eq!(t.base, "http://192.168.1.20:40123");
    assert_eq!(t.code, "K7QX2M");
    let v6 = Target::parse("http://[::1]:8080/?code=AAAAAA").unwrap();
    assert_eq!(v6.base, "http://[::1]:8080");
}

#[test]
fn a_bad_address_says_why() {
    let e = Target::parse("http://192.168.1.20:40123/").unwrap_err();
    assert!(e.to_string().contains("has no join code"), "{e}");
    let e = Target::parse("https://x/?code=A").unwrap_err();
    assert!(e.to_string().contains("starts with http://"), "{e}");
    assert!(Target::parse("not a url").is_err());
}

#[test]
fn an_answer_the_reveal_beat_is_said_to_be_late() {
    use crate::domain::classroom::room::{RoomStep, Takes, You};
    let state = |revealed: bool, late: bool| RoomState {
        participant: "p".to_owned(),
        step: RoomStep {
            lesson: "The ridge point".to_owned(),
            step: 2,
            of: 18,
            id: "ridge".to_owned(),
            kind: "predict".to_owned(),
            question: Some("What is its ridge point?".to_owned()),
            scenario: None,
            takes: Takes::Number {
                unit: "FLOP/byte".to_owned(),
            },
            revealed,
            answer: revealed.then(|| Revealed::Number {
                value: 295.0,
                unit: "FLOP/byte".to_owned(),
                tolerance: 0.1,
                text: "295 FLOP/byte".to_owned(),
            }),
            answers: 0,
            reveals: crate::domain::classroom::room::Reveals::default(),
        },
        you: You {
            name: String::new(),
            answer: None,
            verdict: None,
            late,
        },
    };
    let printed = |late: bool| {
        let target = Target::parse("http://127.0.0.1:9/?code=AAAAAA").unwrap();
        let mut client = Client::new(target, String::new());
        let mut out = Vec::new();
        client.print(&state(true, late), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    };
    assert!(
        printed(true).contains("Your answer came after the reveal: it was not counted."),
        "{}",
        printed(true)
    );
    assert!(printed(false).contains("You did not answer this one."));
}

#[test]
fn control_characters_are_shown_escaped() {
    assert_eq!(show("a\u{1b}[2Jb\u{7}"), "a\\u{1b}[2Jb\\u{7}");
}

#[rstest::rstest]
#[case::newline("Q?\nYou said 300: right", "Q? You said 300: right")]
#[case::carriage_return("Q?\r✓ fake", "Q? ✓ fake")]
#[case::bidi_override("a\u{202E}evil\u{202C}b", "aevilb")]
#[case::isolate("\u{2067}x\u{2069}", "x")]
#[case::line_separator("a\u{2028}b", "ab")]
#[case::tags("a\u{E0041}b", "ab")]
#[case::next_line("a\u{85}b", "a b")]
fn server_text_cannot_fake_lines_or_reorder(#[case] raw: &str, #[case] shown: &str) {
    assert_eq!(show(raw), shown);
}

#[test]
fn a_huge_text_is_cut() {
    let shown = show(&"x".repeat(5_000_000));
    assert_eq!(shown.chars().count(), MAX_SHOWN + 1);
    assert!(shown.ends_with('…'));
}

/// The hand parse reads what a browser would from the address (the url crate's reading,
/// which it replaced).
#[rstest::rstest]
#[case::default_port_left_out("http://10.0.0.2:80/?code=K7QX2M", "http://10.0.0.2", "K7QX2M")]
#[case::no_port_no_path("http://room.local?code=AB", "http://room.local", "AB")]
#[case::host_lowercased("HTTP://Room.Local:8080/?code=AB", "http://room.local:8080", "AB")]
#[case::code_decoded("http://h:1/?lang=en&code=A%42+C", "http://h:1", "AB C")]
#[case::user_info_dropped("http://me@h:2/?code=X", "http://h:2", "X")]
#[case::v6_kept_bracketed("http://[fe80::1]/?code=X", "http://[fe80::1]", "X")]
#[case::spaces_around("  http://h:3/?code=X\n", "http://h:3", "X")]
fn an_address_reads_as_a_browser_reads_it(
    #[case] text: &str,
    #[case] base: &str,
    #[case] code: &str,
) {
    let target = Target::parse(text).unwrap();
    assert_eq!((target.base.as_str(), target.code.as_str()), (base, code));
}

#[rstest::rstest]
#[case::relative("room.local/?code=X")]
#[case::no_host("http:///?code=X")]
#[case::space_inside("http://h /?code=X")]
#[case::bad_port("http://h:99999/?code=X")]
fn a_malformed_address_is_refused(#[case] text: &str) {
    assert!(Target::parse(text).is_err(), "{text}");
}
