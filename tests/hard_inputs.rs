//! Hostile inputs through the real binary: files that are not regular files (a FIFO, a
//! character device, a directory), control characters in data and arguments, and huge
//! arguments. Each must end in a short, clean message, quickly, and nothing from the data may
//! drive the terminal.

#[path = "cli/deadline.rs"]
mod deadline;

use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

use rstest::rstest;

/// How long a refusal may take; the defect was an endless read.
const DEADLINE: Duration = Duration::from_secs(5);

/// Runs the binary and returns its output, or fails (killing it) when it outlives
/// [`DEADLINE`].
#[track_caller]
fn roofline_within_deadline(args: &[&str]) -> Output {
    deadline::within(deadline::roofline(), args, DEADLINE)
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A FIFO nobody writes to: reading it blocks forever.
fn fifo(dir: &Path) -> String {
    let path = dir.join("fifo.ron");
    let status = Command::new("mkfifo")
        .arg(&path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success());
    path.display().to_string()
}

/// A one-line error that names the file and says why.
#[track_caller]
fn assert_one_line_refusal(out: &Output, path: &str, why: &str) {
    assert_eq!(out.status.code(), Some(1), "{}", stderr(out));
    let err = stderr(out);
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains(path), "names {path}: {err}");
    assert!(err.contains(why), "says {why}: {err}");
}

#[rstest]
#[case::hardware("--hardware")]
#[case::models("--models")]
#[case::cluster("--cluster")]
fn a_fifo_is_refused_at_once(#[case] flag: &str) {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = fifo(dir.path());
    let out = roofline_within_deadline(&[flag, &path, "calc", "--gpu", "h100-sxm"]);
    assert_one_line_refusal(&out, &path, "not a regular file (a FIFO)");
}

#[rstest]
#[case::hardware("--hardware")]
#[case::models("--models")]
#[case::cluster("--cluster")]
fn dev_zero_is_refused_at_once(#[case] flag: &str) {
    let out = roofline_within_deadline(&[flag, "/dev/zero", "calc", "--gpu", "h100-sxm"]);
    assert_one_line_refusal(&out, "/dev/zero", "not a regular file (a character device)");
}

#[rstest]
#[case::hardware("--hardware")]
#[case::models("--models")]
#[case::cluster("--cluster")]
fn a_directory_is_refused_in_one_line(#[case] flag: &str) {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().display().to_string();
    let out = roofline_within_deadline(&[flag, &path, "calc", "--gpu", "h100-sxm"]);
    assert_one_line_refusal(&out, &path, "not a regular file (a directory)");
}

#[rstest]
#[case::hardware("--hardware")]
#[case::models("--models")]
#[case::cluster("--cluster")]
fn a_missing_file_is_one_line(#[case] flag: &str) {
    let out = roofline_within_deadline(&[flag, "/no/such/file.ron", "calc", "--gpu", "h100-sxm"]);
    assert_one_line_refusal(&out, "/no/such/file.ron", "No such file or directory");
}

#[test]
fn a_huge_file_is_refused_before_it_is_read() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("huge.ron");
    let file = std::fs::File::create(&path).expect("create");
    // Sparse: no disk is used, but the size says 1 GiB.
    file.set_len(1 << 30).expect("set_len");
    let shown = path.display().to_string();
    let out = roofline_within_deadline(&["--models", &shown, "calc", "--gpu", "h100-sxm"]);
    assert_one_line_refusal(&out, &shown, "larger than 4 MiB");
}

#[test]
fn a_fifo_lesson_file_is_refused_by_check() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = fifo(dir.path());
    let out = roofline_within_deadline(&["check", &path]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("not a regular file (a FIFO)"),
        "{out:?}"
    );
}

/// True when the text holds a control character other than a newline.
fn has_control(text: &str) -> bool {
    text.chars().any(|c| c.is_control() && c != '\n')
}

/// OSC 52 (write the clipboard) and a title change, as a hostile name would carry them.
const HOSTILE: &str = "\u{1b}]52;c;cHduZWQ=\u{7}\u{1b}]0;pwned\u{7}\u{9b}31m";

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write");
    path.display().to_string()
}

fn hostile_hardware(dir: &Path) -> String {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/hardware.ron"))
        .expect("the shipped hardware file");
    let escaped = HOSTILE.escape_unicode().to_string();
    let text = text.replacen(
        "name: \"H100 SXM5\"",
        &format!("name: \"H100{escaped}\""),
        1,
    );
    write(dir, "hw.ron", &text)
}

#[test]
fn calc_shows_control_characters_in_names_escaped() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let hw = hostile_hardware(dir.path());
    let out = roofline_within_deadline(&[
        "--hardware",
        &hw,
        "calc",
        "--gpu",
        "h100-sxm",
        "--model",
        "llama-3-8b",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(!has_control(&text), "{text:?}");
    assert!(text.contains(r"H100\u{1b}]52;c;"), "{text}");
}

#[test]
fn calc_json_escapes_every_control_character() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let hw = hostile_hardware(dir.path());
    let out = roofline_within_deadline(&["--hardware", &hw, "calc", "--json", "--gpu", "h100-sxm"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(!has_control(&text), "{text:?}");
    let v: serde_json::Value = serde_json::from_str(&text).expect("still JSON");
    assert_eq!(
        v["gpu_name"].as_str(),
        Some(format!("H100{HOSTILE}").as_str())
    );
}

fn hostile_lessons(dir: &Path) -> String {
    let source = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/lessons/01-two-ceilings.ron"
    ))
    .expect("the first lesson");
    let escaped = HOSTILE.escape_unicode().to_string();
    let text = source.replacen(
        "title: \"Two ceilings\"",
        &format!("title: \"Two{escaped} ceilings\""),
        1,
    );
    assert_ne!(text, source, "the title was replaced");
    let lessons = dir.join("lessons");
    std::fs::create_dir(&lessons).expect("mkdir");
    write(&lessons, "01-two-ceilings.ron", &text);
    lessons.display().to_string()
}

#[test]
fn list_shows_control_characters_in_titles_escaped() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let lessons = hostile_lessons(dir.path());
    let out = roofline_within_deadline(&["--lessons", &lessons, "list"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(!has_control(&text), "{text:?}");
    assert!(text.contains(r"Two\u{1b}]52;c;"), "{text}");
}

#[test]
fn check_echoes_source_lines_and_ids_escaped() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let source = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/lessons/01-two-ceilings.ron"
    ))
    .expect("the first lesson");
    // An id that the message echoes (written with a RON escape), and a source line that the
    // report echoes (with the controls raw in the file).
    let bad_id = source.replacen("id: \"two-ceilings\"", "id: \"two\\u{1b}]0;x\\u{7}\"", 1);
    assert_ne!(bad_id, source);
    write(dir.path(), "01-two-ceilings.ron", &bad_id);
    let bad_line = source.replacen(
        "title: \"Two ceilings\",",
        &format!("title: \"Two{HOSTILE}\", bogus: 1,"),
        1,
    );
    assert_ne!(bad_line, source);
    write(dir.path(), "02-two-ceilings.ron", &bad_line);
    let shown_dir = dir.path().display().to_string();
    let out = roofline_within_deadline(&["check", &shown_dir]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let shown = stdout(&out);
    assert!(!has_control(&shown), "{shown:?}");
    assert!(!has_control(&stderr(&out)), "{out:?}");
    assert!(
        shown.contains(r"two\u{1b}]0;x\u{7}"),
        "the id, escaped: {shown}"
    );
    assert!(
        shown.contains(r"Two\u{1b}]52;c;"),
        "the line, escaped: {shown}"
    );
    assert!(shown.contains("unknown field `bogus`"), "{shown}");
    // The caret still sits under `bogus`, after the escaped (wider) title.
    let lines: Vec<&str> = shown.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains("bogus: 1"))
        .expect("the echoed line");
    let caret = lines[at + 1].find('^').expect("a caret");
    assert_eq!(&lines[at][caret..caret + 5], "bogus", "{shown}");
}

#[rstest]
#[case::lesson(&["learn"])]
#[case::gpu(&["calc", "--gpu"])]
#[case::model(&["calc", "--gpu", "h100-sxm", "--model"])]
#[case::batch(&["calc", "--gpu", "h100-sxm", "--batch"])]
#[case::precision(&["calc", "--gpu", "h100-sxm", "--precision"])]
fn an_echoed_argument_is_escaped_and_cut(#[case] args: &[&str]) {
    let long = format!("{HOSTILE}{}", "x".repeat(100_000));
    let mut all = args.to_vec();
    all.push(&long);
    let out = roofline_within_deadline(&all);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(!has_control(&err), "{:?}", &err[..err.len().min(300)]);
    // Shown escaped (or, where clap strips escape sequences itself, left out).
    assert!(err.contains(r"\u{9b}"), "{err:.300}");
    assert!(
        err.len() < 2_000,
        "cut to something readable: {} bytes",
        err.len()
    );
    assert_eq!(err.lines().count(), 1, "{err:.2000}");
}
