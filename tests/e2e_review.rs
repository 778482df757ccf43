//! `roofline review` end to end in a real terminal (tmux): a progress file whose steps were
//! last reviewed long ago, the review driven by keys to its summary, the terminal restored,
//! and the new reviews in the file. Skipped, with a notice, where tmux is not installed.
//! Polls the screen in a bounded loop instead of sleeping for fixed times.

use std::process::{Command, Output};
use std::thread::sleep;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

const PROMPT: &str = "e2e-prompt$";
const PATIENCE: Duration = Duration::from_secs(20);
const POLL: Duration = Duration::from_millis(25);

/// One tmux server with one window running a plain shell.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn start() -> Option<Self> {
        let present = Command::new("tmux")
            .arg("-V")
            .output()
            .is_ok_and(|o| o.status.success());
        if !present {
            eprintln!("notice: tmux is not installed; skipping the end-to-end review test");
            return None;
        }
        let tmux = Self {
            socket: format!("roofline-e2e-review-{}", std::process::id()),
        };
        let shell = format!("env PS1='{PROMPT} ' TERM=xterm-256color sh");
        tmux.run(&[
            "new-session",
            "-d",
            "-s",
            "e2e",
            "-x",
            "120",
            "-y",
            "40",
            &shell,
        ]);
        tmux.wait_for(|s| s.contains(PROMPT), "the shell prompt");
        Some(tmux)
    }

    fn run(&self, args: &[&str]) -> Output {
        let output = Command::new("tmux")
            .args(["-L", &self.socket, "-f", "/dev/null"])
            .args(args)
            .output()
            .expect("tmux runs");
        assert!(output.status.success(), "tmux {args:?}");
        output
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "e2e"];
        args.extend(keys);
        self.run(&args);
    }

    fn literal(&self, text: &str) {
        self.run(&["send-keys", "-t", "e2e", "-l", text]);
    }

    fn screen(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "e2e"]).stdout).into_owned()
    }

    #[track_caller]
    fn wait_for(&self, ready: impl Fn(&str) -> bool, what: &str) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if ready(&screen) {
                return screen;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "waited {PATIENCE:?} for {what}; the screen:\n{screen}"
            );
            sleep(POLL);
        }
    }

    #[track_caller]
    fn wait_for_text(&self, needle: &str) -> String {
        self.wait_for(|s| s.contains(needle), &format!("'{needle}'"))
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}

#[test]
fn a_review_in_the_terminal_grades_each_item_saves_it_and_ends_on_a_summary() {
    let Some(tmux) = Tmux::start() else {
        return;
    };
    let data = tempfile::tempdir().expect("a temp dir");
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let long_ago = now - 400 * 86_400;
    let progress = format!(
        r#"(format_version: 2, lessons: {{"ridge-point": (steps: {{
            "h100-nvl-ridge": Revealed(guess: Number(214.0), score: Some(100)),
            "ridge-definition": Graded(grade: Good),
        }})}}, reviews: {{"ridge-point": {{
            "h100-nvl-ridge": [(at: {long_ago}, grade: Good)],
            "ridge-definition": [(at: {long_ago}, grade: Good)],
        }}}})"#
    );
    let file = data.path().join("progress.ron");
    std::fs::write(&file, progress).unwrap();
    tmux.literal(&format!(
        "{} --data-dir '{}' review",
        env!("CARGO_BIN_EXE_roofline"),
        data.path().display()
    ));
    tmux.keys(&["Enter"]);
    tmux.wait_for_text("Review 1/2");
    // The H100 NVL's ridge (835.5 ÷ 3.9 = 214), then the card, graded Good.
    tmux.wait_for_text("Your guess:");
    tmux.literal("214");
    tmux.keys(&["Enter"]);
    tmux.wait_for_text("locked in");
    tmux.keys(&["r"]);
    tmux.wait_for_text("within half the tolerance");
    tmux.keys(&["Enter"]);
    tmux.wait_for_text("Review 2/2");
    tmux.keys(&["Space"]);
    tmux.wait_for_text("How well did you know it?");
    tmux.keys(&["3"]);
    tmux.wait_for_text("your grade");
    tmux.keys(&["Enter"]);
    let summary = tmux.wait_for_text("2 reviewed");
    assert!(summary.contains("2 right"), "{summary}");
    assert!(summary.contains("Next due:"), "{summary}");
    tmux.keys(&["Enter"]);
    let shell = tmux.wait_for_text("Reviewed 2 of 2, 2 right; next due ");
    assert!(shell.lines().any(|l| l.starts_with(PROMPT)), "{shell}");

    let saved = std::fs::read_to_string(&file).unwrap();
    let reviews = saved.matches("(at:").count();
    assert_eq!(reviews, 4, "two old reviews and two new: {saved}");
    assert!(
        saved.contains("grade:Easy") && saved.contains("grade:Good"),
        "{saved}"
    );
    assert!(
        saved.contains("\"h100-nvl-ridge\":Revealed(guess:Number(214.0)"),
        "the study record stays as it was: {saved}"
    );
}
