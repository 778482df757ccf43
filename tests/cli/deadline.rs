//! The real binary run with a deadline, for the tests of inputs that once made it read forever:
//! no colour, no stdin, its output; killed and failed when it outlives the deadline.

#![allow(dead_code, reason = "each test file uses its own part")]

use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// `roofline ARGS` after the arguments `command` already has; its output, or a failure
/// (the process killed) when it still runs after `deadline`.
#[track_caller]
pub fn within(mut command: Command, args: &[&str], deadline: Duration) -> Output {
    let child = command
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let pid = child.id();
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(child.wait_with_output());
    });
    if let Ok(output) = receive.recv_timeout(deadline) {
        output.expect("the binary's output")
    } else {
        let _ = Command::new("kill")
            .args(["-KILL", &pid.to_string()])
            .status();
        panic!("roofline {args:?} still ran after {deadline:?}");
    }
}

/// The binary, with no arguments yet.
#[must_use]
pub fn roofline() -> Command {
    Command::new(env!("CARGO_BIN_EXE_roofline"))
}
