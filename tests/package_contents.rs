//! `cargo package` carries everything the crate reads at build time: every file an
//! `include_str!`/`include_bytes!` in the sources, tests and benches names, and the lessons
//! the build script embeds, is in `cargo package --list` (so `cargo install` and a published
//! crate build, and its tests find their fixtures).

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};
use std::process::Command;

fn packaged() -> BTreeSet<String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .args(["package", "--list", "--allow-dirty", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `a/b/../c` → `a/c`.
fn normal(path: &Path) -> String {
    let mut parts: Vec<String> = Vec::new();
    for component in path.components() {
        match component {
            Component::ParentDir => {
                parts.pop();
            }
            Component::Normal(p) => parts.push(p.to_string_lossy().into_owned()),
            Component::CurDir | Component::RootDir | Component::Prefix(_) => {}
        }
    }
    parts.join("/")
}

/// The literal paths of `include_str!("…")` and `include_bytes!("…")` in a file.
fn includes(text: &str) -> Vec<&str> {
    ["include_str!(\"", "include_bytes!(\""]
        .iter()
        .flat_map(|open| text.match_indices(open).map(move |(i, _)| i + open.len()))
        .filter_map(|start| text[start..].find('"').map(|end| &text[start..start + end]))
        .filter(|path| !path.contains('{') && !path.contains('…'))
        .collect()
}

#[test]
fn everything_included_is_packaged() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let listed = packaged();
    let mut files = Vec::new();
    for dir in ["src", "tests", "benches"] {
        rust_files(&root.join(dir), &mut files);
    }
    let mut missing = Vec::new();
    let mut checked = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let dir = file.parent().unwrap().strip_prefix(root).unwrap();
        for include in includes(&text) {
            let path = normal(&dir.join(include));
            checked += 1;
            if !listed.contains(&path) {
                missing.push(format!("{} includes {path}", file.display()));
            }
        }
    }
    assert!(checked > 10, "found only {checked} includes");
    assert!(missing.is_empty(), "not packaged:\n{}", missing.join("\n"));
    let lessons = std::fs::read_dir(root.join("lessons")).unwrap().count();
    let packaged_lessons = listed.iter().filter(|p| p.starts_with("lessons/")).count();
    assert_eq!(packaged_lessons, lessons, "every lesson file is packaged");
    for manifest in ["Cargo.toml", "README.md", "src/build.rs", "src/main.rs"] {
        assert!(listed.contains(manifest), "{manifest}");
    }
}
