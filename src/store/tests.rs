//! The store against real directories.

use std::fs;

use rstest::rstest;

use super::*;
use crate::domain::schedule::{Review, Timestamp};
use crate::domain::session::{Grade, Guess, StepRecord};
use crate::test_support::progress_in;

fn sample() -> Progress {
    progress_in(
        "ridge-point",
        Some("bound"),
        vec![
            ("intro", StepRecord::Seen),
            (
                "h100",
                StepRecord::Revealed {
                    guess: Guess::Number(295.3),
                    score: Some(100),
                    answer: None,
                },
            ),
            ("card", StepRecord::Graded { grade: Grade::Easy }),
        ],
    )
}

fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_first_run_finds_nothing_and_touches_nothing() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().join("not-yet");
    let mut store = Store::new(&dir);
    assert_eq!(
        store.load(),
        Loaded {
            progress: Progress::default(),
            warning: None
        }
    );
    assert!(!dir.exists());
}

#[test]
fn saves_round_trip_and_leave_no_temporary_files() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().join("nested").join("data");
    let mut store = Store::new(&dir);
    assert_eq!(store.save(&sample()).unwrap(), Saved::Written);
    let mut changed = sample();
    changed.last_lesson = Some("two-ceilings".into());
    assert_eq!(store.save(&changed).unwrap(), Saved::Written);
    assert_eq!(
        entries(&dir),
        vec![PROGRESS_FILE.to_owned(), lock::LOCK_FILE.to_owned()]
    );
    let text = fs::read_to_string(store.progress_path()).unwrap();
    assert!(text.contains("(format_version:2,"), "{text}");
    assert_eq!(
        text.lines().count(),
        2,
        "a header line and compact RON: {text}"
    );
    let loaded = Store::new(&dir).load();
    assert_eq!(loaded.progress, changed);
    assert_eq!(loaded.warning, None);
}

#[rustfmt::skip]
#[rstest]
#[case::garbage(b"this is not RON".as_slice(), "progress.ron:1:1")]
#[case::truncated(b"(format_version: 2, lessons: {\"a\": (resume_step: Some(\"x\"".as_slice(), "progress.ron:")]
#[case::unknown_field(b"(format_version: 2, colour: true)".as_slice(), "unknown field `colour`")]
#[case::unknown_field_v1(b"(format_version: 1, reviews: {})".as_slice(), "unknown field `reviews`")]
#[case::old_version(b"(format_version: 0)".as_slice(), "unknown format_version 0")]
#[case::not_utf8(b"(format_version: 2, last_lesson: \"\xff\xfe\")".as_slice(), "not UTF-8")]
#[case::empty(b"".as_slice(), "progress.ron:")]
fn a_corrupt_file_is_moved_aside_with_a_warning(#[case] bytes: &[u8], #[case] mentions: &str) {
    let temp = tempfile::tempdir().unwrap();
    let mut store = Store::new(temp.path());
    fs::write(store.progress_path(), bytes).unwrap();

    let loaded = store.load();
    assert_eq!(loaded.progress, Progress::default());
    let warning = loaded.warning.expect("a warning");
    assert!(warning.contains(mentions), "{warning}");
    assert!(warning.contains("progress.ron.corrupt-1"), "{warning}");
    assert_eq!(
        fs::read(temp.path().join("progress.ron.corrupt-1")).unwrap(),
        bytes,
        "kept byte for byte"
    );
    assert!(!store.progress_path().exists());

    assert_eq!(
        store.save(&sample()).unwrap(),
        Saved::Written,
        "saving goes on into a fresh file"
    );
    assert_eq!(Store::new(temp.path()).load().progress, sample());
}

#[test]
fn a_second_corrupt_file_does_not_overwrite_the_first() {
    let temp = tempfile::tempdir().unwrap();
    let path = temp.path().join(PROGRESS_FILE);
    fs::write(&path, "first").unwrap();
    let _ = Store::new(temp.path()).load();
    fs::write(&path, "second").unwrap();
    let warning = Store::new(temp.path()).load().warning.unwrap();
    assert!(warning.contains("progress.ron.corrupt-2"), "{warning}");
    assert_eq!(
        fs::read_to_string(temp.path().join("progress.ron.corrupt-1")).unwrap(),
        "first"
    );
    assert_eq!(
        fs::read_to_string(temp.path().join("progress.ron.corrupt-2")).unwrap(),
        "second"
    );
}

#[test]
fn an_unreadable_file_is_moved_aside() {
    let temp = tempfile::tempdir().unwrap();
    let mut store = Store::new(temp.path());
    fs::create_dir(store.progress_path()).unwrap();
    fs::write(store.progress_path().join("inside"), "kept").unwrap();
    let warning = store.load().warning.unwrap();
    assert!(
        warning.contains("not a regular file (a directory)"),
        "{warning}"
    );
    assert_eq!(
        fs::read_to_string(temp.path().join("progress.ron.corrupt-1").join("inside")).unwrap(),
        "kept"
    );
    assert_eq!(store.access(), &Access::ReadWrite);
}

#[test]
fn a_file_from_a_newer_version_is_left_alone_and_never_overwritten() {
    let temp = tempfile::tempdir().unwrap();
    let mut store = Store::new(temp.path());
    let newer = "(format_version: 7, something_new: [1, 2, 3])";
    fs::write(store.progress_path(), newer).unwrap();
    let loaded = store.load();
    assert!(loaded.warning.unwrap().contains("newer roofline (format 7"));
    assert_eq!(store.access(), &Access::ReadOnly);
    assert_eq!(store.save(&sample()).unwrap(), Saved::Skipped);
    assert_eq!(fs::read_to_string(store.progress_path()).unwrap(), newer);
    assert_eq!(entries(temp.path()), vec![PROGRESS_FILE.to_owned()]);
}

#[test]
fn a_save_that_cannot_write_says_where() {
    let temp = tempfile::tempdir().unwrap();
    let blocker = temp.path().join("file");
    fs::write(&blocker, "").unwrap();
    let mut store = Store::new(blocker.join("data"));
    let err = store.save(&sample()).unwrap_err();
    assert!(matches!(err, SaveError::CreateDir { .. }), "{err}");
    assert!(err.to_string().contains("file/data"), "{err}");
}

/// A FIFO in place of the progress file: reading it would block forever before the terminal is
/// even set up. It is refused at once and moved aside like any unusable file.
#[cfg(unix)]
#[test]
fn a_fifo_progress_file_is_refused_without_blocking() {
    let temp = tempfile::tempdir().unwrap();
    let mut store = Store::new(temp.path());
    let made = std::process::Command::new("mkfifo")
        .arg(store.progress_path())
        .status()
        .unwrap();
    assert!(made.success());
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let loaded = store.load();
        let _ = send.send((loaded, store));
    });
    let (loaded, store) = receive
        .recv_timeout(std::time::Duration::from_secs(5))
        .expect("load returns instead of blocking on the FIFO");
    let warning = loaded.warning.unwrap();
    assert!(warning.contains("not a regular file (a FIFO)"), "{warning}");
    assert_eq!(loaded.progress, Progress::default());
    assert_eq!(store.access(), &Access::ReadWrite);
}

const FORMAT_1: &str = include_str!("../../tests/fixtures/progress/format-1.ron");

#[test]
fn a_format_1_file_is_migrated_and_a_copy_kept_beside_it() {
    let temp = tempfile::tempdir().unwrap();
    let mut store = Store::new(temp.path());
    fs::write(store.progress_path(), FORMAT_1).unwrap();

    let loaded = store.load();
    let warning = loaded.warning.expect("the learner is told");
    assert!(warning.contains("upgraded to format 2"), "{warning}");
    assert!(warning.contains("progress.ron.format-1"), "{warning}");
    assert_eq!(
        fs::read_to_string(temp.path().join("progress.ron.format-1")).unwrap(),
        FORMAT_1,
        "the old file is kept byte for byte"
    );
    let progress = loaded.progress;
    assert_eq!(progress.last_lesson.as_deref(), Some("ridge-point"));
    let ridge = &progress.lessons["ridge-point"];
    assert_eq!(ridge.resume_step.as_deref(), Some("bound"));
    assert_eq!(
        ridge.steps["card"],
        StepRecord::Graded { grade: Grade::Easy }
    );
    assert_eq!(
        ridge.steps["h100"],
        StepRecord::Revealed {
            guess: Guess::Number(295.3),
            score: Some(100),
            answer: None,
        }
    );
    assert_eq!(
        ridge.steps["pending"],
        StepRecord::Committed {
            guess: Guess::Choice(1)
        }
    );
    assert!(progress.lessons.contains_key("a-lesson-since-removed"));
    assert!(progress.reviews.is_empty());

    let text = fs::read_to_string(store.progress_path()).unwrap();
    assert!(text.contains("(format_version:2,"), "{text}");
    let again = Store::new(temp.path()).load();
    assert_eq!(again.warning, None, "migrated once");
    assert_eq!(again.progress, progress);
}

#[test]
fn a_second_migration_keeps_the_first_copy() {
    let temp = tempfile::tempdir().unwrap();
    let path = temp.path().join(PROGRESS_FILE);
    fs::write(&path, FORMAT_1).unwrap();
    let _ = Store::new(temp.path()).load();
    let other = FORMAT_1.replace("ridge-point\")", "two-ceilings\")");
    fs::write(&path, &other).unwrap();
    let warning = Store::new(temp.path()).load().warning.unwrap();
    assert!(warning.contains("progress.ron.format-1-2"), "{warning}");
    assert_eq!(
        fs::read_to_string(temp.path().join("progress.ron.format-1")).unwrap(),
        FORMAT_1
    );
    assert_eq!(
        fs::read_to_string(temp.path().join("progress.ron.format-1-2")).unwrap(),
        other
    );
}

/// Progress whose file is exactly `bytes` long: one explanation padded to fit.
fn progress_of_size(bytes: usize) -> Progress {
    let mut progress = sample();
    let record = |text: String| StepRecord::Explained { text };
    let steps = &mut progress.lessons.get_mut("ridge-point").unwrap().steps;
    steps.insert("long".into(), record(String::new()));
    let base = progress_file::encode(&progress).unwrap().len();
    let steps = &mut progress.lessons.get_mut("ridge-point").unwrap().steps;
    steps.insert("long".into(), record("x".repeat(bytes - base)));
    progress
}

#[test]
fn a_file_at_the_size_cap_round_trips_and_one_over_it_is_never_written() {
    let temp = tempfile::tempdir().unwrap();
    let mut store = Store::new(temp.path());
    let full = progress_of_size(MAX_PROGRESS_BYTES);
    assert_eq!(store.save(&full).unwrap(), Saved::Written);
    assert_eq!(
        fs::metadata(store.progress_path()).unwrap().len(),
        MAX_PROGRESS_BYTES as u64
    );
    let loaded = Store::new(temp.path()).load();
    assert_eq!(loaded.warning, None);
    assert_eq!(loaded.progress, full);

    let mut over = full.clone();
    over.last_lesson = Some("ridge-point!".into());
    let err = store.save(&over).unwrap_err();
    assert!(
        err.to_string()
            .contains("more than the 4 MiB a tutor reads back"),
        "{err}"
    );
    assert_eq!(
        Store::new(temp.path()).load().progress,
        full,
        "the file on disk is untouched"
    );
}

#[test]
fn a_save_merges_with_what_another_tutor_saved_meanwhile() {
    let temp = tempfile::tempdir().unwrap();
    let mut first = Store::new(temp.path());
    let mut second = Store::new(temp.path());
    let start = first.load().progress;
    assert_eq!(second.load().progress, start);

    let mut mine = start.clone();
    mine.lessons
        .entry("l".into())
        .or_default()
        .steps
        .insert("a".into(), StepRecord::Seen);
    let mut theirs = start;
    theirs
        .lessons
        .entry("l".into())
        .or_default()
        .steps
        .insert("b".into(), StepRecord::Seen);
    theirs.add_review(
        "l",
        "b",
        Review {
            at: Timestamp(5),
            grade: Grade::Good,
        },
    );

    assert_eq!(first.save(&mine).unwrap(), Saved::Written);
    let merged = second.sync(&theirs).unwrap();
    let steps = &merged.lessons["l"].steps;
    assert!(
        steps.contains_key("a") && steps.contains_key("b"),
        "{steps:?}"
    );
    assert_eq!(merged.history("l", "b").len(), 1);
    assert_eq!(Store::new(temp.path()).load().progress, merged);

    // The first tutor's next save keeps the second's answer although it never saw it.
    mine.lessons
        .get_mut("l")
        .unwrap()
        .steps
        .insert("c".into(), StepRecord::Seen);
    assert_eq!(first.save(&mine).unwrap(), Saved::Written);
    let on_disk = Store::new(temp.path()).load().progress;
    assert_eq!(on_disk.lessons["l"].steps.len(), 3);
    assert_eq!(on_disk.history("l", "b").len(), 1);
}

#[test]
fn a_newer_tutor_writing_meanwhile_stops_saving_and_says_so() {
    let temp = tempfile::tempdir().unwrap();
    let mut store = Store::new(temp.path());
    let _ = store.load();
    let newer = "(format_version: 9)";
    fs::write(store.progress_path(), newer).unwrap();
    let err = store.save(&sample()).unwrap_err();
    assert!(
        err.to_string().contains("newer roofline (format 9)"),
        "{err}"
    );
    assert_eq!(store.access(), &Access::ReadOnly);
    assert_eq!(store.save(&sample()).unwrap(), Saved::Skipped);
    assert_eq!(fs::read_to_string(store.progress_path()).unwrap(), newer);
}
