//! `roofline join URL` (the real binary) against the real room server: it prints the question,
//! sends what is typed, changes it, prints the answer and how far off after the reveal, and
//! ends when the presentation does. Waits are bounded: each line is awaited with a deadline.

#[path = "room/presenter.rs"]
mod presenter;
#[path = "tui/support.rs"]
mod support;

use std::io::{BufRead as _, BufReader, Write as _};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use presenter::{CODE, Presenter};
use roofline_tutor::app::Msg;
use roofline_tutor::app::{NavMsg, StepMsg};

struct Joined {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Joined {
    fn start(url: &str, name: &str) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_roofline"))
            .args(["join", url, "--name", name])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("roofline join starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    return;
                }
            }
        });
        Self {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    /// Waits (at most 20 s) for a line containing `text`.
    #[track_caller]
    fn expect(&mut self, text: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(20);
        while Instant::now() < deadline {
            if let Ok(line) = self.lines.recv_timeout(Duration::from_millis(100)) {
                self.seen.push(line.clone());
                if line.contains(text) {
                    return line;
                }
            }
        }
        panic!("no line with {text:?}; saw:\n{}", self.seen.join("\n"));
    }

    fn type_line(&mut self, text: &str) {
        writeln!(self.stdin, "{text}").unwrap();
        self.stdin.flush().unwrap();
    }
}

#[test]
fn a_terminal_joins_answers_changes_and_sees_the_reveal() {
    let mut room = Presenter::start("ridge-point", 3);
    let url = room.url(&format!("/?code={CODE}"));
    let mut joined = Joined::start(&url, "Zed\u{1b}[2J");
    joined.expect("Joined the room as Zed[2J.");
    joined.expect("What is its ridge point?");
    joined.expect("Type a number in FLOP/byte");
    assert!(
        !joined.seen.iter().any(|l| l.contains("295")),
        "no answer before the reveal: {:?}",
        joined.seen
    );
    joined.type_line("lots");
    joined.expect("✗ that is not a number");
    joined.type_line("250");
    joined.expect("Sent: 250 FLOP/byte");
    joined.type_line("300");
    joined.expect("Sent: 300 FLOP/byte");
    room.pump();
    assert_eq!(
        room.guesses().numbers,
        vec![300.0],
        "the last answer counts"
    );

    room.act(Msg::Step(StepMsg::Reveal));
    joined.expect("Answer: 295");
    let verdict = joined.expect("You said 300");
    assert_eq!(verdict, "You said 300: 1.02× high (within tolerance)");

    // The presenter moves on; the client follows.
    room.act(Msg::Nav(NavMsg::NextStep));
    joined.expect("step 4 of");
    drop(room);
    joined.expect("The presentation has ended.");
    let status = joined.child.wait().unwrap();
    assert!(status.success(), "{status}");
}

#[test]
fn a_wrong_code_is_one_line_and_a_failure() {
    let room = Presenter::start("ridge-point", 3);
    let output = Command::new(env!("CARGO_BIN_EXE_roofline"))
        .args(["join", &room.url("/?code=WRONG1")])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr.trim(),
        "error: the join code is not this presentation's"
    );
    let output = Command::new(env!("CARGO_BIN_EXE_roofline"))
        .args(["join", &room.url("/")])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(stderr.contains("has no join code"), "{stderr}");
}

#[test]
fn bad_room_arguments_are_one_line_and_a_failure() {
    let data = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_roofline"))
            .arg("--data-dir")
            .arg(data.path())
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(!output.status.success(), "{args:?}");
        String::from_utf8_lossy(&output.stderr).trim().to_owned()
    };
    assert_eq!(
        run(&["present", "ridge-point", "--room", "nonsense"]),
        "error: --room takes ADDR:PORT (e.g. 0.0.0.0:8080 or 127.0.0.1:0), not 'nonsense': invalid socket address syntax"
    );
    let e = run(&[
        "present",
        "ridge-point",
        "--room",
        "127.0.0.1:0",
        "--room-code",
        "0OOOOO",
    ]);
    assert!(
        e.starts_with(
            "error: --room-code must be 6 characters from ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
        ),
        "{e}"
    );
    assert_eq!(
        run(&["present", "ridge-point", "--room-code", "K7QX2M"]),
        "error: --room-code sets the join code of a room: pass --room too"
    );
    // A good room still needs a terminal to present on.
    let e = run(&["present", "ridge-point", "--room", "127.0.0.1:0"]);
    assert_eq!(
        e,
        "error: presenting needs a terminal (stdin and stdout must be a TTY)"
    );
}

#[test]
fn a_terminal_chooses_an_option() {
    let mut room = Presenter::start("batching", 5);
    let mut joined = Joined::start(&room.url(&format!("/?code={CODE}")), "Ann");
    joined.expect("  3. ");
    joined.expect("Type the option's number");
    joined.type_line("7");
    joined.expect("✗ there is no option 7: pick 1 to 3");
    joined.type_line("2");
    joined.expect("Sent: option 2");
    room.pump();
    assert_eq!(room.guesses().choices, vec![1]);
    room.act(Msg::Step(StepMsg::Reveal));
    joined.expect("Answer: option 2");
    assert_eq!(joined.expect("You chose"), "You chose option 2: right");
    drop(room);
    joined.expect("The presentation has ended.");
    assert!(joined.child.wait().unwrap().success());
}
