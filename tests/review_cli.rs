//! `roofline review --json` and `roofline list --json` read the learner's review history
//! through the real binary: what is due now, with dates, and a `due` count per lesson.

use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

const DAY: i64 = 86_400;

fn now() -> i64 {
    i64::try_from(
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_secs(),
    )
    .unwrap()
}

fn roofline(data_dir: &std::path::Path, args: &[&str]) -> serde_json::Value {
    // Not a dumb terminal: there `review` asks its round in plain text.
    let output = Command::new(env!("CARGO_BIN_EXE_roofline"))
        .env("TERM", "xterm-256color")
        .arg("--data-dir")
        .arg(data_dir)
        .args(args)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"))
}

#[test]
fn review_json_lists_what_is_due_and_list_counts_it_per_lesson() {
    let temp = tempfile::tempdir().unwrap();
    let long_ago = now() - 400 * DAY;
    let just_now = now() - 60;
    // A card reviewed long ago (due), one reviewed a minute ago (not due), a prediction answered
    // before reviews were kept (due at once), and a record of a lesson no longer installed.
    let progress = format!(
        r#"(format_version: 2, last_lesson: Some("ridge-point"), lessons: {{
            "ridge-point": (steps: {{
                "ridge-definition": Graded(grade: Good),
                "h100-sxm-ridge": Revealed(guess: Number(295.0), score: Some(100)),
            }}),
            "buying-hardware": (steps: {{"ridges-to-know": Graded(grade: Good)}}),
            "retired-lesson": (steps: {{"old": Graded(grade: Easy)}}),
        }}, reviews: {{
            "ridge-point": {{"ridge-definition": [(at: {long_ago}, grade: Good)]}},
            "buying-hardware": {{"ridges-to-know": [(at: {just_now}, grade: Good)]}},
            "retired-lesson": {{"old": [(at: {long_ago}, grade: Easy)]}},
        }})"#
    );
    std::fs::write(temp.path().join("progress.ron"), &progress).unwrap();

    let review = roofline(temp.path(), &["review", "--json"]);
    assert_eq!(review["due"], 2, "{review:#}");
    let items = review["items"].as_array().unwrap();
    let steps: Vec<&str> = items.iter().map(|i| i["step"].as_str().unwrap()).collect();
    assert_eq!(
        steps,
        ["h100-sxm-ridge", "ridge-definition", "ridges-to-know"]
    );
    assert_eq!(items[0]["due"], serde_json::Value::Null);
    assert_eq!(items[0]["kind"], "predict");
    assert!(items[1]["due"].as_str().unwrap().ends_with('Z'));
    assert_eq!(items[2]["is_due"], false);
    assert_eq!(review["next_due"], items[2]["due"]);

    let list = roofline(temp.path(), &["list", "--json"]);
    let lessons = list.as_array().unwrap();
    let due_of = |id: &str| lessons.iter().find(|l| l["id"] == id).unwrap()["due"].clone();
    assert_eq!(due_of("ridge-point"), 2);
    assert_eq!(due_of("buying-hardware"), 0);
    assert_eq!(due_of("two-ceilings"), 0);

    // Reporting changes nothing on disk.
    assert_eq!(
        std::fs::read_to_string(temp.path().join("progress.ron")).unwrap(),
        progress
    );
}

#[test]
fn a_higher_retention_brings_reviews_sooner() {
    let temp = tempfile::tempdir().unwrap();
    let at = now() - 5 * DAY; // a first Easy lasts about 8 days at 0.9, 1 at 0.99
    let progress = format!(
        r#"(format_version: 2, reviews: {{"ridge-point": {{"ridge-definition": [(at: {at}, grade: Easy)]}}}},
           lessons: {{"ridge-point": (steps: {{"ridge-definition": Graded(grade: Easy)}})}})"#
    );
    std::fs::write(temp.path().join("progress.ron"), progress).unwrap();
    let relaxed = roofline(temp.path(), &["review", "--json"]);
    let keen = roofline(temp.path(), &["--retention", "0.99", "review", "--json"]);
    assert_eq!(relaxed["due"], 0, "{relaxed:#}");
    assert_eq!(keen["due"], 1, "{keen:#}");
}

/// `roofline review` without `--json`, on no terminal: its stdout, stderr and exit status.
fn review_plain(data_dir: &std::path::Path) -> (String, String, bool) {
    // Not a dumb terminal: there `review` asks its round in plain text.
    let output = Command::new(env!("CARGO_BIN_EXE_roofline"))
        .env("TERM", "xterm-256color")
        .arg("--data-dir")
        .arg(data_dir)
        .arg("review")
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.success(),
    )
}

#[test]
fn review_with_nothing_due_says_when_the_next_item_is_and_exits_cleanly() {
    let temp = tempfile::tempdir().unwrap();
    let (stdout, _, ok) = review_plain(temp.path());
    assert!(ok);
    assert!(stdout.starts_with("Nothing to review yet"), "{stdout}");

    let just_now = now() - 60;
    let progress = format!(
        r#"(format_version: 2, reviews: {{"ridge-point": {{"ridge-definition": [(at: {just_now}, grade: Good)]}}}},
           lessons: {{"ridge-point": (steps: {{"ridge-definition": Graded(grade: Good)}})}})"#
    );
    std::fs::write(temp.path().join("progress.ron"), &progress).unwrap();
    let (stdout, stderr, ok) = review_plain(temp.path());
    assert!(ok, "{stderr}");
    assert!(
        stdout.starts_with("Nothing is due for review. The next item comes due 20"),
        "{stdout}"
    );
    assert!(stdout.contains("1 item in the review deck"), "{stdout}");
}

#[test]
fn review_with_items_due_needs_a_terminal_and_says_so() {
    let temp = tempfile::tempdir().unwrap();
    let long_ago = now() - 400 * DAY;
    let progress = format!(
        r#"(format_version: 2, reviews: {{"ridge-point": {{"ridge-definition": [(at: {long_ago}, grade: Good)]}}}},
           lessons: {{"ridge-point": (steps: {{"ridge-definition": Graded(grade: Good)}})}})"#
    );
    std::fs::write(temp.path().join("progress.ron"), &progress).unwrap();
    let (_, stderr, ok) = review_plain(temp.path());
    assert!(!ok);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("1 item(s) are due, and the review needs a terminal"),
        "{stderr}"
    );
}

/// `roofline review --ahead`: on the day a lesson was studied nothing is due, yet the items
/// that come due next are there to practise, soonest first, and asking for them changes
/// nothing on disk until one is graded.
#[test]
fn review_ahead_practises_what_comes_due_next_when_nothing_is_due() {
    let temp = tempfile::tempdir().unwrap();
    let (stdout, _, ok) = review_args(temp.path(), &["review", "--ahead"]);
    assert!(ok);
    assert!(stdout.starts_with("Nothing to practise yet"), "{stdout}");

    let just_now = now() - 60;
    let an_hour_ago = now() - 3600;
    let progress = format!(
        r#"(format_version: 2, reviews: {{
                "ridge-point": {{"ridge-definition": [(at: {just_now}, grade: Easy)]}},
                "buying-hardware": {{"ridges-to-know": [(at: {an_hour_ago}, grade: Hard)]}},
            }},
           lessons: {{
                "ridge-point": (steps: {{"ridge-definition": Graded(grade: Easy)}}),
                "buying-hardware": (steps: {{"ridges-to-know": Graded(grade: Hard)}}),
           }})"#
    );
    std::fs::write(temp.path().join("progress.ron"), &progress).unwrap();
    let due = roofline(temp.path(), &["review", "--json"]);
    assert_eq!(due["due"], 0, "{due:#}");

    let ahead = roofline(temp.path(), &["review", "--ahead", "--json"]);
    let steps: Vec<&str> = ahead["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["step"].as_str().unwrap())
        .collect();
    assert_eq!(steps, ["ridges-to-know", "ridge-definition"], "{ahead:#}");
    let one = roofline(temp.path(), &["review", "--ahead", "1", "--json"]);
    assert_eq!(one["items"].as_array().unwrap().len(), 1, "{one:#}");

    let (_, stderr, ok) = review_args(temp.path(), &["review", "--ahead", "1"]);
    assert!(!ok);
    assert!(
        stderr.contains("1 item(s) come due next, and the review needs a terminal"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(temp.path().join("progress.ron")).unwrap(),
        progress
    );
}

/// The binary with these arguments: its stdout, stderr and exit status.
fn review_args(data_dir: &std::path::Path, args: &[&str]) -> (String, String, bool) {
    // Not a dumb terminal: there `review` asks its round in plain text.
    let output = Command::new(env!("CARGO_BIN_EXE_roofline"))
        .env("TERM", "xterm-256color")
        .arg("--data-dir")
        .arg(data_dir)
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.success(),
    )
}
