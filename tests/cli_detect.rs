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
