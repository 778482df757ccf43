//! A real terminal for the end-to-end tests: one tmux server (`-L`) with one window running a
//! plain shell, driven by keys, its screen polled in a bounded loop (never a fixed sleep).

#![allow(dead_code, reason = "each test file uses its own part")]

use std::process::{Command, Output};
use std::thread::sleep;
use std::time::{Duration, Instant};

pub const PROMPT: &str = "e2e-prompt$";
pub const PATIENCE: Duration = Duration::from_secs(20);
pub const POLL: Duration = Duration::from_millis(25);

pub fn tmux_missing() -> bool {
    let present = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !present {
        eprintln!("notice: tmux is not installed; skipping the end-to-end terminal test");
    }
    !present
}

/// One tmux server with one window running a plain shell.
pub struct Tmux {
    socket: String,
}

impl Tmux {
    pub fn start(name: &str, width: u16, height: u16) -> Self {
        let tmux = Self {
            socket: format!("roofline-e2e-{name}-{}", std::process::id()),
        };
        let shell = format!("env PS1='{PROMPT} ' TERM=xterm-256color sh");
        tmux.run(&[
            "new-session",
            "-d",
            "-s",
            "e2e",
            "-x",
            &width.to_string(),
            "-y",
            &height.to_string(),
            &shell,
        ]);
        tmux.wait_for(|screen| screen.contains(PROMPT), "the shell prompt");
        tmux
    }

    pub fn run(&self, args: &[&str]) -> Output {
        let output = Command::new("tmux")
            .args(["-L", &self.socket, "-f", "/dev/null"])
            .args(args)
            .output()
            .expect("tmux runs");
        assert!(
            output.status.success(),
            "tmux {args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        output
    }

    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "e2e"];
        args.extend(keys);
        self.run(&args);
    }

    pub fn literal(&self, text: &str) {
        self.run(&["send-keys", "-t", "e2e", "-l", text]);
    }

    pub fn screen(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "e2e"]).stdout).into_owned()
    }

    pub fn alternate_screen(&self) -> bool {
        let out = self.run(&["display-message", "-p", "-t", "e2e", "#{alternate_on}"]);
        String::from_utf8_lossy(&out.stdout).trim() == "1"
    }

    /// Polls the screen until `ready` holds; fails with the screen after [`PATIENCE`].
    #[track_caller]
    pub fn wait_for(&self, ready: impl Fn(&str) -> bool, what: &str) -> String {
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

    /// Waits for a whole frame: the screen shows `needle` and none of `absent`, and two
    /// captures in a row agree (one capture can land mid-frame, a new title over the last
    /// frame's lines); that screen.
    #[track_caller]
    pub fn wait_for_settled(&self, needle: &str, absent: &[&str]) -> String {
        let last = std::cell::RefCell::new(String::new());
        self.wait_for(
            |s| {
                let settled = *last.borrow() == s;
                last.replace(s.to_owned());
                settled && s.contains(needle) && !absent.iter().any(|a| s.contains(a))
            },
            &format!("'{needle}' without {absent:?}, settled"),
        )
    }

    #[track_caller]
    pub fn wait_for_text(&self, needle: &str) -> String {
        self.wait_for(|s| s.contains(needle), &format!("'{needle}'"))
    }

    /// Waits until the program has left the alternate screen and the prompt is back.
    #[track_caller]
    pub fn wait_for_restored(&self) {
        let start = Instant::now();
        while self.alternate_screen() {
            assert!(
                start.elapsed() < PATIENCE,
                "still on the alternate screen:\n{}",
                self.screen()
            );
            sleep(POLL);
        }
        self.wait_for(
            |s| {
                s.lines()
                    .rev()
                    .find(|l| !l.trim().is_empty())
                    .is_some_and(|l| l.starts_with(PROMPT))
            },
            "the prompt back at the bottom",
        );
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}
