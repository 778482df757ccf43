//! The plain-text mode (`--plain`, and `TERM=dumb`) through the real binary: a script of lines
//! on stdin takes lesson 1 and a quiz to the end; the transcript is what a screen reader
//! reads (no escape byte, no box drawing, no Braille); `TERM=dumb` alone selects it; and the
//! progress it saves is the record the screen saves for the same answers.

#[path = "tui/support.rs"]
mod support;

use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use crossterm::event::{Event, KeyCode};
use roofline_tutor::app::{AppMsg, Msg, NavMsg, handle, perform};
use roofline_tutor::domain::session::Progress;
use roofline_tutor::store::Store;
use rstest::rstest;
use support::{course_app, key, render, text, typed};

const LESSON_ONE: &str = include_str!("fixtures/plain/lesson1.txt");

/// Runs `roofline ARGS` in `dir` (its own data and config directories) with `script` on
/// stdin and `TERM` as given.
fn roofline(dir: &Path, term: Option<&str>, args: &[&str], script: &str) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_roofline"));
    command
        .current_dir(dir)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env_remove("NO_COLOR")
        .arg("--data-dir")
        .arg(dir.join("data"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    match term {
        Some(term) => command.env("TERM", term),
        None => command.env_remove("TERM"),
    };
    let mut child = command.spawn().expect("the binary runs");
    let written = child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(script.as_bytes());
    // A run that refuses at once (no terminal, not plain) may exit before it reads the script.
    if let Err(e) = written {
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::BrokenPipe,
            "the script is written: {e}"
        );
    }
    child.wait_with_output().expect("the binary ends")
}

/// What a screen reader or a dumb terminal cannot take: an escape byte, box drawing or block
/// elements, Braille.
#[track_caller]
fn assert_plain(out: &str) {
    assert!(!out.contains('\u{1b}'), "an escape byte in:\n{out}");
    let drawn = out
        .chars()
        .find(|c| matches!(*c as u32, 0x2500..=0x259F | 0x2800..=0x28FF));
    assert_eq!(drawn, None, "a drawing character in:\n{out}");
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8")
}

#[test]
fn lesson_one_as_lines() {
    let dir = tempfile::tempdir().unwrap();
    let out = roofline(
        dir.path(),
        Some("xterm-256color"),
        &["--plain", "learn", "two-ceilings"],
        LESSON_ONE,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    assert_plain(&text);
    assert!(
        text.contains(
            "End of the lesson: score 82/100, 7 right, 1 partly, 1 missed, 0 skipped, of 18 steps."
        ),
        "{text}"
    );
    insta::assert_snapshot!("lesson_one", text);
}

/// `TERM=dumb` alone selects the plain mode; another terminal with a pipe for stdin is refused
/// as before (the screen needs a terminal).
#[rstest]
#[case::dumb(Some("dumb"), true)]
#[case::xterm(Some("xterm-256color"), false)]
#[case::unset(None, false)]
fn term_dumb_selects_plain(#[case] term: Option<&str>, #[case] plain: bool) {
    let dir = tempfile::tempdir().unwrap();
    for args in [&["learn", "two-ceilings"][..], &[][..]] {
        let out = roofline(dir.path(), term, args, "quit\n");
        let text = stdout(&out);
        assert_eq!(out.status.success(), plain, "{term:?} {args:?}: {text}");
        assert_eq!(
            text.starts_with("Plain-text mode"),
            plain,
            "{term:?} {args:?}: {text}"
        );
        if !plain {
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(err.contains("the tutor needs a terminal"), "{err}");
        }
    }
}

/// Lesson 1 answered on the screen, key by key through its keymap, as the fixture script
/// answers it in plain text.
fn screen_keys() -> Vec<Event> {
    let enter = || key(KeyCode::Enter);
    // The incident, then the first read.
    let mut keys = vec![enter(), enter()];
    keys.extend(typed("0.2"));
    keys.extend([enter(), enter(), enter()]);
    keys.push(enter());
    for guess in ["13", "1.4", "2"] {
        keys.extend(typed(guess));
        keys.extend([enter(), enter(), enter()]);
    }
    keys.extend([enter(), enter()]);
    keys.extend(typed("1"));
    keys.extend([enter(), enter(), enter(), enter()]);
    keys.extend(typed(":batch 64"));
    keys.push(enter());
    keys.extend(typed("300"));
    keys.extend([enter(), enter(), enter()]);
    for grade in ["3", "2", "4"] {
        keys.push(enter());
        keys.extend(typed(grade));
        keys.push(enter());
    }
    keys.extend(typed(
        "the memory roof binds first: a kernel gets bytes at 3.35 TB/s, so its FLOP/s is its intensity times that",
    ));
    // The explanation's reveal, the takeaway, then the sources.
    keys.extend([enter(), enter(), enter(), enter()]);
    keys
}

/// The review history without its times (the plain run reads the clock).
fn grades(progress: &Progress) -> Vec<(String, String, Vec<String>)> {
    progress
        .reviews
        .iter()
        .flat_map(|(lesson, steps)| {
            steps.iter().map(move |(step, reviews)| {
                let grades = reviews.iter().map(|r| r.grade.label().to_owned()).collect();
                (lesson.clone(), step.clone(), grades)
            })
        })
        .collect()
}

/// The counts of a lesson's end: the number before each of right, partly, missed and skipped,
/// and after "of" (the steps).
fn tally(line: &str) -> Vec<(String, u32)> {
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || c == ',' || c == '.')
        .filter(|w| !w.is_empty())
        .collect();
    words
        .windows(2)
        .filter_map(|pair| match pair {
            [n, word @ ("right" | "partly" | "missed" | "skipped")] => {
                Some(((*word).to_owned(), n.parse().ok()?))
            }
            ["of", n] => Some(("steps".to_owned(), n.parse().ok()?)),
            _ => None,
        })
        .collect()
}

/// Lesson 1 answered on the screen as the fixture answers it in plain text, the clock read
/// before each key as the run loop reads it; progress saved in `store`.
fn screen_run(store: &mut Store) -> roofline_tutor::app::App {
    // As `learn` starts the screen: the lesson opened, then the review schedule known.
    let mut app = course_app(120, 40);
    let effects = handle(&mut app, Msg::Nav(NavMsg::OpenLesson(0)));
    perform(&mut app, &effects, store);
    let global = roofline_tutor::cli::args::GlobalArgs::default();
    let mut app = app.with_schedule(
        roofline_tutor::cli::review::scheduler(&global),
        roofline_tutor::cli::review::now(),
    );
    for event in screen_keys() {
        if let Some(msg) = app.msg_for(&event) {
            // The run loop reads the clock before each key (reviews are recorded at it).
            let now = std::time::SystemTime::now();
            let mut effects = handle(&mut app, Msg::App(AppMsg::Clock(now)));
            effects.extend(handle(&mut app, msg));
            perform(&mut app, &effects, store);
        }
    }
    app
}

/// The fixture grades a card "hard" (partly right): the plain end of the lesson counts right,
/// partly, missed and skipped as the screen's end does, from the same summary.
#[test]
fn the_end_of_a_lesson_counts_partly_answers_as_the_screen_does() {
    let dir = tempfile::tempdir().unwrap();
    let out = roofline(
        dir.path(),
        None,
        &["--plain", "learn", "two-ceilings"],
        LESSON_ONE,
    );
    let plain = stdout(&out);
    let plain_end = plain
        .lines()
        .find(|l| l.starts_with("End of the lesson"))
        .expect("the end of the lesson is written");

    let screen_dir = tempfile::tempdir().unwrap();
    let app = screen_run(&mut Store::new(screen_dir.path().to_path_buf()));
    let screen = text(&render(&app, 120, 40));
    let screen_end = screen
        .lines()
        .find(|l| l.contains(" partly"))
        .expect("the screen's end counts partly answers");
    assert!(plain_end.contains("1 partly"), "{plain_end}");
    assert_eq!(
        tally(plain_end),
        tally(screen_end),
        "{plain_end}\n{screen_end}"
    );
    assert_eq!(tally(screen_end).len(), 5, "{screen_end}");
}

#[test]
fn progress_is_saved_as_the_screen_saves_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = roofline(
        dir.path(),
        None,
        &["--plain", "learn", "two-ceilings"],
        LESSON_ONE,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let plain = Store::new(dir.path().join("data")).load().progress;

    let screen_dir = tempfile::tempdir().unwrap();
    screen_run(&mut Store::new(screen_dir.path().to_path_buf()));
    let screen = Store::new(screen_dir.path().to_path_buf()).load().progress;

    assert_eq!(plain.last_lesson.as_deref(), Some("two-ceilings"));
    assert!(!plain.lessons.is_empty());
    assert_eq!(plain.lessons, screen.lessons);
    assert_eq!(plain.last_lesson, screen.last_lesson);
    assert_eq!(grades(&plain), grades(&screen));
}

/// A quiz with a fixed seed: a confidence said, a number answered, another far off, one
/// skipped; scored as the quiz scores, the result file written, study progress untouched.
#[test]
fn a_quiz_as_lines() {
    let dir = tempfile::tempdir().unwrap();
    let out = roofline(
        dir.path(),
        None,
        &[
            "--plain",
            "quiz",
            "--seed",
            "7",
            "--count",
            "3",
            "--name",
            "ada",
            "--out",
            "result.json",
        ],
        "help\nlow\n23.2\n\n2\n\nskip\n\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    assert_plain(&text);
    insta::assert_snapshot!("quiz_seed_7", text);
    let result: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("result.json")).unwrap())
            .unwrap();
    let scores: Vec<_> = result["questions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| (q["score"].as_u64(), q["confidence"].as_u64()))
        .collect();
    assert_eq!(
        scores,
        [(Some(100), Some(1)), (Some(0), None), (Some(0), None)]
    );
    assert!(
        !dir.path().join("data").exists(),
        "a quiz saves no study progress"
    );
}

/// Two recall cards about ridges (lesson 2's definition, lesson 12's ridges to know) answered
/// 400 days ago: both due now.
fn two_due_cards(dir: &Path) {
    let long_ago = roofline_tutor::cli::review::now().0 - 400 * 86_400;
    let progress = format!(
        r#"(format_version: 2,
            reviews: {{
                "ridge-point": {{"ridge-definition": [(at: {long_ago}, grade: Good)]}},
                "buying-hardware": {{"ridges-to-know": [(at: {long_ago}, grade: Hard)]}},
            }},
            lessons: {{
                "ridge-point": (steps: {{"ridge-definition": Graded(grade: Good)}}),
                "buying-hardware": (steps: {{"ridges-to-know": Graded(grade: Hard)}}),
            }})"#
    );
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("progress.ron"), progress).unwrap();
}

/// The same round on the screen, graded good then hard by its keys, as the run loop drives it
/// (the clock read before each key, every effect performed); the progress it saves.
fn screen_review(dir: &Path) -> Progress {
    use roofline_tutor::domain::schedule::Round;
    let mut store = Store::new(dir.to_path_buf());
    let progress = store.load().progress;
    let app = support::course_app_with(progress.clone(), 120, 40);
    let scheduler =
        roofline_tutor::cli::review::scheduler(&roofline_tutor::cli::args::GlobalArgs::default());
    let now = roofline_tutor::cli::review::now();
    let round = Round::due(
        app.lessons(),
        &progress,
        &scheduler,
        now,
        app.cluster(),
        app.catalog(),
        7,
    )
    .expect("both cards are due");
    let mut app = app.reviewing(round, scheduler);
    let space = || key(KeyCode::Char(' '));
    let keys = [
        space(),
        key(KeyCode::Char('3')),
        key(KeyCode::Enter),
        space(),
        key(KeyCode::Char('2')),
        key(KeyCode::Enter),
        key(KeyCode::Enter),
    ];
    for event in keys {
        if let Some(msg) = app.msg_for(&event) {
            let mut effects = handle(
                &mut app,
                Msg::App(AppMsg::Clock(std::time::SystemTime::now())),
            );
            effects.extend(handle(&mut app, msg));
            perform(&mut app, &effects, &mut store);
        }
    }
    Store::new(dir.to_path_buf()).load().progress
}

/// `roofline review` under `TERM=dumb`: the due cards as lines (the card's front, the turn,
/// the grade, the verdict and when it comes back, the summary, the closing line), with the
/// plot's ridge withheld while a card about ridges is asked, going back refused as on the
/// screen, and the review history saved as the screen review saves it.
#[test]
fn a_review_as_lines() {
    let dir = tempfile::tempdir().unwrap();
    two_due_cards(&dir.path().join("data"));
    let out = roofline(
        dir.path(),
        Some("dumb"),
        &["review"],
        "help\n\nback\ngood\n\nhint\n\nhard\n\n\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    assert_plain(&text);
    assert!(text.starts_with("Plain-text review"), "{text}");
    for line in [
        "Review of 2 items",
        "Review 1/2, Recall card",
        "Review 2/2, Recall card",
        "Not taken: a review goes forward: each item is asked once",
        "+ good: your grade",
        "~ hard: your grade",
        "2 reviewed, 1 right (a prediction within its tolerance, a card graded good or easy)",
    ] {
        assert!(text.lines().any(|l| l == line), "no {line:?} in:\n{text}");
    }
    assert!(
        text.lines()
            .any(|l| l.starts_with("Reviewed 2 of 2, 1 right; next due 20")),
        "{text}"
    );
    // Until the first card is turned, its back and the plot's ridge are withheld.
    let front = &text[..text.find("--------").expect("a card is turned")];
    assert!(front.contains("ridge ? FLOP/byte"), "{front}");

    let plain = Store::new(dir.path().join("data")).load().progress;
    let screen_dir = tempfile::tempdir().unwrap();
    two_due_cards(screen_dir.path());
    let screen = screen_review(screen_dir.path());
    assert_eq!(grades(&plain), grades(&screen));
    assert_eq!(plain.lessons, screen.lessons);
    assert!(
        grades(&plain).iter().all(|(_, _, g)| g.len() == 2),
        "each card has its new review: {:?}",
        grades(&plain)
    );
}
