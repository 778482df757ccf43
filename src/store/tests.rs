//! The store against real directories.

use std::fs;

use rstest::rstest;

use super::*;
use crate::domain::session::{Grade, Guess, LessonProgress, StepRecord};

fn sample() -> Progress {
    let mut progress = Progress {
        last_lesson: Some("ridge-point".into()),
        ..Progress::default()
    };
    progress.lessons.insert(
        "ridge-point".into(),
        LessonProgress {
            resume_step: Some("bound".into()),
            steps: [
                ("intro".to_owned(), StepRecord::Seen),
                (
                    "h100".to_owned(),
                    StepRecord::Revealed {
                        guess: Guess::Number(295.3),
                        score: Some(100),
                        answer: None,
                    },
                ),
                ("card".to_owned(), StepRecord::Graded { grade: Grade::Easy }),
            ]
            .into_iter()
            .collect(),
        },
    );
    progress
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
    let store = Store::new(&dir);
    assert_eq!(store.save(&sample()).unwrap(), Saved::Written);
    let mut changed = sample();
    changed.last_lesson = Some("two-ceilings".into());
    assert_eq!(store.save(&changed).unwrap(), Saved::Written);
    assert_eq!(entries(&dir), vec![PROGRESS_FILE.to_owned()]);
    let text = fs::read_to_string(store.progress_path()).unwrap();
    assert!(text.contains("format_version: 1"), "{text}");
    let loaded = Store::new(&dir).load();
    assert_eq!(loaded.progress, changed);
    assert_eq!(loaded.warning, None);
}

#[rustfmt::skip]
#[rstest]
#[case::garbage(b"this is not RON".as_slice(), "progress.ron:1:1")]
#[case::truncated(b"(format_version: 1, lessons: {\"a\": (resume_step: Some(\"x\"".as_slice(), "progress.ron:")]
#[case::unknown_field(b"(format_version: 1, colour: true)".as_slice(), "unknown field `colour`")]
#[case::old_version(b"(format_version: 0)".as_slice(), "unknown format_version 0")]
#[case::not_utf8(b"(format_version: 1, last_lesson: \"\xff\xfe\")".as_slice(), "not UTF-8")]
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
    let store = Store::new(blocker.join("data"));
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
