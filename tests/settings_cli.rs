//! `roofline config path|init` and a settings file read at start, through the real binary
//! (the config directory under `XDG_CONFIG_HOME` in a temporary directory).

use std::path::Path;
use std::process::{Command, Output};

fn roofline(config_home: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_roofline"))
        .args(args)
        .env("XDG_CONFIG_HOME", config_home)
        .env("NO_COLOR", "1")
        .output()
        .expect("the binary runs")
}

#[test]
fn path_init_and_a_refused_file() {
    let home = tempfile::tempdir().unwrap();
    let out = roofline(home.path(), &["config", "path"]);
    assert!(out.status.success());
    let path = String::from_utf8(out.stdout).unwrap();
    let expected = home.path().join("roofline").join("config.toml");
    assert_eq!(path.trim_end(), expected.display().to_string());

    let out = roofline(home.path(), &["config", "init"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = std::fs::read_to_string(&expected).unwrap();
    assert!(written.starts_with("# roofline settings") && written.contains("#   quit"));
    // The commented file changes nothing; a second init is refused without --force.
    assert!(roofline(home.path(), &["list"]).status.success());
    let again = roofline(home.path(), &["config", "init"]);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("--force"));

    std::fs::write(
        &expected,
        "format_version = 1\n[keys]\ntoggle-help = \"q\"\n",
    )
    .unwrap();
    let out = roofline(home.path(), &["list"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "a conflict stops the program");
    assert!(
        err.contains("config.toml:3:15: 'q' for toggle-help conflicts with quit"),
        "{err}"
    );
    // The settings file's own commands still work, to mend it.
    assert!(roofline(home.path(), &["config", "path"]).status.success());
    assert!(
        roofline(home.path(), &["config", "init", "--force"])
            .status
            .success()
    );
}
