//! `roofline review` end to end in a real terminal (tmux): a progress file whose steps were
//! last reviewed long ago, the review driven by keys to its summary, the terminal restored,
//! and the new reviews in the file. Skipped, with a notice, where tmux is not installed.
//! Polls the screen in a bounded loop instead of sleeping for fixed times.

use std::time::{SystemTime, UNIX_EPOCH};

#[path = "tui/tmux.rs"]
mod tmux;

use tmux::{PROMPT, Tmux, tmux_missing};

#[test]
fn a_review_in_the_terminal_grades_each_item_saves_it_and_ends_on_a_summary() {
    if tmux_missing() {
        return;
    }
    let tmux = Tmux::start("review", 120, 40);
    let data = tempfile::tempdir().expect("a temp dir");
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let long_ago = now - 400 * 86_400;
    let progress = format!(
        r#"(format_version: 2, lessons: {{"buying-hardware": (steps: {{
            "h100-nvl-ridge": Revealed(guess: Number(214.0), score: Some(100)),
            "ridges-to-know": Graded(grade: Good),
        }})}}, reviews: {{"buying-hardware": {{
            "h100-nvl-ridge": [(at: {long_ago}, grade: Good)],
            "ridges-to-know": [(at: {long_ago}, grade: Good)],
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
    // The H100 NVL's ridge in the format the review drew (BF16: 835.5 ÷ 3.9 = 214), worked
    // from the figures the question states, then the card, graded Good.
    let question = tmux.wait_for_text("Your guess:");
    let ridge = stated(&question, "TFLOP/s") * 1e12 / (stated(&question, "TB/s") * 1e12);
    tmux.literal(&format!("{ridge:.0}"));
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
    // Wait for the summary's last line: a capture can land while the frame is half drawn.
    let summary = tmux.wait_for_text("Next due:");
    assert!(summary.contains("2 reviewed"), "{summary}");
    assert!(summary.contains("2 right"), "{summary}");
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

/// The number written just before `unit` in the lesson pane (`(1,670.5 TFLOP/s`).
#[track_caller]
fn stated(screen: &str, unit: &str) -> f64 {
    // The lesson pane only: the plot beside it names its axis in TFLOP/s.
    let line = screen
        .lines()
        .map(|l| l.split("││").next().unwrap_or_default())
        .find(|l| l.contains(unit))
        .unwrap_or_else(|| panic!("no {unit} on screen:\n{screen}"));
    let before = &line[..line.find(unit).unwrap()];
    let number: String = before
        .trim_end()
        .rsplit(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .next()
        .unwrap_or_default()
        .replace(',', "");
    number
        .parse()
        .unwrap_or_else(|e| panic!("{e}: {number:?} before {unit} in {line}"))
}
