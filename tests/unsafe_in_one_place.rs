//! `unsafe` stays in one place: the crate denies it (Cargo.toml's `[lints.rust]`), one module
//! allows it — `src/lab/gpu/cuda.rs`, the CUDA calls of `roofline lab --gpu` — and every
//! `unsafe` block there says why it is sound in a `// SAFETY:` comment just above it.

use std::fs;
use std::path::{Path, PathBuf};

const THE_ONE_MODULE: &str = "src/lab/gpu/cuda.rs";

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("readable directory") {
        let path = entry.expect("readable entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Whether a line of code (comments aside) uses `unsafe`: a block, a function, an impl, an
/// extern block, or the lint's name (a string such as a CSP's `'unsafe-inline'` is not code).
fn names_unsafe(line: &str) -> bool {
    let code = line.split("//").next().unwrap_or_default();
    [
        "unsafe {",
        "unsafe fn",
        "unsafe impl",
        "unsafe extern",
        "unsafe_code",
    ]
    .iter()
    .any(|use_| code.contains(use_))
}

#[test]
fn no_file_but_the_gpu_module_uses_unsafe() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "tests", "benches"] {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 50, "found only {} files", files.len());
    let offences: Vec<String> = files
        .iter()
        .filter(|f| !f.ends_with(THE_ONE_MODULE) && !f.ends_with("tests/unsafe_in_one_place.rs"))
        .flat_map(|file| {
            let text = fs::read_to_string(file).expect("readable source");
            text.lines()
                .enumerate()
                .filter(|(_, line)| names_unsafe(line))
                .map(|(n, line)| format!("{}:{}: {}", file.display(), n + 1, line.trim()))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        offences.is_empty(),
        "unsafe outside {THE_ONE_MODULE}:\n{}",
        offences.join("\n")
    );
}

#[test]
fn the_crate_denies_unsafe_code() {
    let manifest = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"))
        .expect("Cargo.toml");
    assert!(
        manifest.contains("unsafe_code = \"deny\""),
        "Cargo.toml's lints must deny unsafe_code"
    );
}

#[test]
fn every_unsafe_block_in_the_gpu_module_says_why_it_is_sound() {
    let text = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(THE_ONE_MODULE))
        .expect("the GPU module");
    let lines: Vec<&str> = text.lines().collect();
    let mut blocks = 0;
    for (n, line) in lines.iter().enumerate() {
        let code = line.split("//").next().unwrap_or_default();
        // A block (`unsafe {`), not a signature or the module's allow.
        if !code.contains("unsafe {") {
            continue;
        }
        blocks += 1;
        // The comment above: the nearest comment lines, skipping the start of the statement
        // the block sits in (`let x =`, a call's opening line).
        let comment: Vec<&str> = lines[..n]
            .iter()
            .rev()
            .skip_while(|l| {
                !l.trim_start().starts_with("//")
                    && !l.trim().ends_with(';')
                    && !l.trim().ends_with('}')
            })
            .take_while(|l| l.trim_start().starts_with("//"))
            .copied()
            .collect();
        assert!(
            comment.iter().any(|l| l.contains("// SAFETY:")),
            "{THE_ONE_MODULE}:{}: an unsafe block with no `// SAFETY:` comment above it",
            n + 1
        );
    }
    assert!(blocks >= 5, "found only {blocks} unsafe blocks");
}
