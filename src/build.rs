//! Embeds the shipped lessons: writes `$OUT_DIR/embedded_lessons.rs`, a table of every
//! `lessons/*.ron` file sorted by name (the course order), each included with `include_bytes!`.
//! A build script rather than a directory-embedding macro so that adding or removing a lesson
//! file rebuilds the binary (`rerun-if-changed` on a directory watches its entries).

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    // Read when the script runs, not when it was compiled: a build script compiled for another
    // checkout (a copied target/ directory) must still embed this checkout's lessons.
    let manifest_dir =
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&manifest_dir).join("lessons");
    println!("cargo:rerun-if-changed={}", dir.display());
    println!("cargo:rerun-if-changed=src/build.rs");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|entry| entry.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            let path = entry
                .path()
                .canonicalize()
                .ok()?
                .into_os_string()
                .into_string()
                .ok()?;
            Path::new(&name)
                .extension()
                .is_some_and(|e| e == "ron")
                .then_some((name, path))
        })
        .collect();
    files.sort();
    let mut table = String::from("&[\n");
    for (name, path) in &files {
        // `{:?}` writes a valid Rust string literal for any UTF-8 text.
        writeln!(table, "    ({name:?}, include_bytes!({path:?})),").expect("writing to a String");
    }
    table.push(']');
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("embedded_lessons.rs");
    std::fs::write(out, table).expect("cannot write the embedded lesson table");
}
