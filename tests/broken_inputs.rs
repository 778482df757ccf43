//! Broken inputs through the real binary never pass for empty ones: a `--cluster` that is not
//! there, and a progress file that is corrupt, a FIFO, a directory or from a newer tutor, make
//! `list`, `list --json` and `review --json` fail in one clear line, quickly (a FIFO is never
//! opened for reading).

#[path = "cli/deadline.rs"]
mod deadline;

use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

use rstest::rstest;

/// How long a refusal may take; one defect was an endless read.
const DEADLINE: Duration = Duration::from_secs(10);

#[track_caller]
fn roofline(data_dir: &Path, args: &[&str]) -> Output {
    let mut command = deadline::roofline();
    command.arg("--data-dir").arg(data_dir);
    deadline::within(command, args, DEADLINE)
}

#[track_caller]
fn assert_refused(out: &Output, names: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains(names), "names {names}: {err}");
    assert!(
        out.stdout.is_empty(),
        "nothing reported as if all were well"
    );
}

#[rstest]
#[case::list(&["list"])]
#[case::list_json(&["list", "--json"])]
#[case::review_json(&["review", "--json"])]
fn a_missing_cluster_profile_is_refused(#[case] args: &[&str]) {
    let temp = tempfile::tempdir().unwrap();
    let mut all = vec!["--cluster", "/nonexistent.ron"];
    all.extend_from_slice(args);
    assert_refused(&roofline(temp.path(), &all), "/nonexistent.ron");
}

/// Makes `progress.ron` in `dir` broken in the way named.
fn break_progress(dir: &Path, how: &str) {
    let path = dir.join("progress.ron");
    match how {
        "corrupt" => std::fs::write(&path, "(format_version: 2, lessons: {").unwrap(),
        "newer" => std::fs::write(&path, "(format_version: 99)").unwrap(),
        "directory" => std::fs::create_dir(&path).unwrap(),
        "fifo" => assert!(
            Command::new("mkfifo")
                .arg(&path)
                .status()
                .unwrap()
                .success()
        ),
        other => panic!("no such breakage: {other}"),
    }
}

#[rstest]
fn a_broken_progress_file_is_not_reported_as_empty(
    #[values("corrupt", "newer", "directory", "fifo")] how: &str,
    #[values(&["list", "--json"][..], &["review", "--json"][..])] args: &[&str],
) {
    let temp = tempfile::tempdir().unwrap();
    break_progress(temp.path(), how);
    let out = roofline(temp.path(), args);
    assert_refused(&out, "progress.ron");
    let err = String::from_utf8_lossy(&out.stderr);
    if how == "newer" {
        assert!(err.contains("newer roofline"), "{err}");
    }
}

#[test]
fn a_replaced_built_in_gpu_leaves_the_shipped_lessons_usable() {
    let temp = tempfile::tempdir().unwrap();
    let hardware = temp.path().join("hardware.ron");
    std::fs::write(
        &hardware,
        r#"(format_version: 1, gpus: [(id: "h100-sxm", name: "H100 SXM5 (mine)", vendor: "NVIDIA",
            peak_tflops: (fp32: 60.0, tf32: 400.0, bf16: 800.0, fp16: 800.0, fp8: 1600.0, int8: 1600.0),
            bandwidth_tbs: 3.0, memory_gb: 80.0, tdp_w: 700.0, source: "my own measurements")])"#,
    )
    .unwrap();
    let hw = hardware.to_str().unwrap();
    for args in [
        &["--hardware", hw, "list"][..],
        &["--hardware", hw, "list", "--json"][..],
    ] {
        let out = roofline(temp.path(), args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {err}");
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("ridge-point"),
            "{args:?}"
        );
    }
}
