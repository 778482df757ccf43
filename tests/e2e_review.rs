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
