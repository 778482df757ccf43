//! The domain layer stays pure: no terminal, no filesystem, no clock, no process.
//! A file under src/domain/ that names one of these fails this test.

use std::fs;
use std::path::Path;

const FORBIDDEN: [&str; 10] = [
    "ratatui",
    "crossterm",
    "std::fs",
    "std::io",
    "std::time",
    "std::env",
    "std::process",
    "std::net",
    "directories",
    "tempfile",
];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).expect("src/domain exists") {
        let path = entry.expect("readable entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn domain_names_no_io_terminal_or_clock() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![root.join("domain.rs")];
    rust_files(&root.join("domain"), &mut files);
    assert!(files.len() > 5, "found only {files:?}");
    let mut offences = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).expect("readable source");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            for word in FORBIDDEN {
                if code.contains(word) {
                    offences.push(format!("{}:{}: {word}: {line}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(
        offences.is_empty(),
        "the domain must stay pure:\n{}",
        offences.join("\n")
    );
}

/// The layers' other rule: `app` (state and `update`) never calls into `ui` (rendering). The
/// renderer's measures reach the app as values (`ui::MEASURE`), wired in by the program.
#[test]
fn app_never_calls_ui() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![root.join("app.rs")];
    rust_files(&root.join("app"), &mut files);
    let offences: Vec<String> = files
        .iter()
        // Unit tests may build an app with the real renderer's measures.
        .filter(|f| !f.ends_with("tests.rs"))
        .flat_map(|file| {
            let text = fs::read_to_string(file).expect("readable source");
            text.lines()
                .enumerate()
                .filter(|(_, line)| {
                    let code = line.split("//").next().unwrap_or_default();
                    code.contains("crate::ui") || code.contains("super::ui")
                })
                .map(|(n, line)| format!("{}:{}: {line}", file.display(), n + 1))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        offences.is_empty(),
        "app calls into ui:\n{}",
        offences.join("\n")
    );
}
