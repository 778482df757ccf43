//! `roofline detect` on whatever machine runs the tests: with no GPU, one line and exit 1;
//! with one, a profile that loads as a cluster.

use std::process::Command;

#[test]
fn detect_prints_one_line_without_a_gpu_or_a_loadable_profile_with_one() {
    let out = Command::new(env!("CARGO_BIN_EXE_roofline"))
        .arg("detect")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    match out.status.code() {
        Some(1) => {
            assert!(stdout.is_empty(), "{stdout}");
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
            assert!(stderr.starts_with("no GPU found"), "{stderr}");
        }
        Some(0) => {
            let catalog = roofline_tutor::content::data_files::builtin_catalog();
            roofline_tutor::content::cluster::parse_cluster("detected.ron", &stdout, &catalog)
                .unwrap();
        }
        other => panic!("exit {other:?}: {stderr}"),
    }
}

/// `roofline lab --gpu` on a machine without a driver (or with fewer than 64 GPUs): one line
/// saying which, and a non-zero exit; nothing on standard output.
#[test]
fn lab_gpu_says_in_one_line_why_it_cannot_measure() {
    let data = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_roofline"))
        .args(["lab", "--gpu", "63", "--data-dir"])
        .arg(data.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stdout}");
    assert!(stdout.is_empty(), "{stdout}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(
        lines[0].starts_with("error: cannot measure GPU 63: ")
            && (lines[0].contains("no NVIDIA driver found") || lines[0].contains("no GPU 63")),
        "{stderr}"
    );
    assert!(!data.path().join("gpu-lab.ron").exists());
}
