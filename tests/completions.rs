//! `roofline completions SHELL` and `roofline man` through the real binary; the bash script
//! is loaded into bash and registers a completion for `roofline`.

use std::process::{Command, Output};

use rstest::rstest;

fn roofline(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_roofline"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[rstest]
#[case::bash("bash", "complete -F")]
#[case::zsh("zsh", "#compdef roofline")]
#[case::fish("fish", "complete -c roofline")]
#[case::elvish("elvish", "edit:completion:arg-completer[roofline]")]
#[case::powershell("powershell", "Register-ArgumentCompleter")]
fn each_shell_gets_a_script(#[case] shell: &str, #[case] marker: &str) {
    let out = roofline(&["completions", shell]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let script = String::from_utf8_lossy(&out.stdout);
    assert!(script.contains(marker), "{script:.500}");
    // Subcommands and flags are in it.
    assert!(
        script.contains("calc") && script.contains("overhead-gb"),
        "{script:.500}"
    );
}

#[test]
fn bash_loads_the_completion() {
    let Ok(probe) = Command::new("bash").arg("--version").output() else {
        eprintln!("notice: bash is not installed; skipping");
        return;
    };
    assert!(probe.status.success());
    let script = format!(
        "source <('{}' completions bash) && complete -p roofline",
        env!("CARGO_BIN_EXE_roofline")
    );
    let out = Command::new("bash")
        .args(["--norc", "--noprofile", "-c", &script])
        .output()
        .expect("bash runs");
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{shown}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(shown.starts_with("complete "), "{shown}");
    assert!(shown.trim_end().ends_with(" roofline"), "{shown}");
}

#[test]
fn an_unknown_shell_is_one_line() {
    let out = roofline(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("tcsh") && err.contains("bash"), "{err}");
}

#[test]
fn man_writes_a_roff_page() {
    let out = roofline(&["man"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let page = String::from_utf8_lossy(&out.stdout);
    assert!(
        page.starts_with(".ie") || page.contains(".TH roofline"),
        "{page:.300}"
    );
    assert!(page.contains(".TH roofline"), "{page:.300}");
    assert!(
        page.contains("calc") && page.contains("completions"),
        "{page:.300}"
    );
}
