//! Embeds the shipped lessons: writes `$OUT_DIR/embedded_lessons.rs`, a table of every
//! `lessons/*.ron` file sorted by name (the course order), each included with `include_bytes!`.
//! A build script rather than a directory-embedding macro so that adding or removing a lesson
//! file rebuilds the binary (`rerun-if-changed` on a directory watches its entries).
//!
//! It also writes `$OUT_DIR/embedded_heads.rs`: each lesson's id, title, summary and step ids
//! and kinds (`Some(&[LessonHead { … }, …])`), so the lesson list is drawn before any lesson is
//! parsed. A file whose head cannot be read gives `None`: the tutor then parses (and reports)
//! the lessons at start-up, as it would without heads.

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
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let out = Path::new(&out_dir).join("embedded_lessons.rs");
    std::fs::write(out, table).expect("cannot write the embedded lesson table");
    let heads = heads_table(&files).unwrap_or_else(|| "None".to_owned());
    std::fs::write(Path::new(&out_dir).join("embedded_heads.rs"), heads)
        .expect("cannot write the embedded lesson heads");
}

/// The part of a lesson file the heads need; every other field is skipped unread.
#[derive(serde::Deserialize)]
struct Head {
    id: String,
    title: String,
    summary: String,
    steps: Vec<StepHead>,
}

/// A step's kind (the variant) and id. The names match `domain::lesson::StepKind`.
#[derive(serde::Deserialize)]
enum StepHead {
    Read(StepId),
    Predict(StepId),
    Recall(StepId),
    Example(StepId),
    Explore(StepId),
    Explain(StepId),
}

#[derive(serde::Deserialize)]
struct StepId {
    id: String,
}

impl StepHead {
    fn kind_and_id(&self) -> (&'static str, &str) {
        match self {
            Self::Read(s) => ("Read", &s.id),
            Self::Predict(s) => ("Predict", &s.id),
            Self::Recall(s) => ("Recall", &s.id),
            Self::Example(s) => ("Example", &s.id),
            Self::Explore(s) => ("Explore", &s.id),
            Self::Explain(s) => ("Explain", &s.id),
        }
    }
}

/// `Some(&[LessonHead { … }, …])` for `files`, or `None` when one cannot be read.
fn heads_table(files: &[(String, String)]) -> Option<String> {
    // The extensions the tutor's own parser enables (content::located::ron_options).
    let options = ron::Options::default().with_default_extension(
        ron::extensions::Extensions::IMPLICIT_SOME
            | ron::extensions::Extensions::UNWRAP_VARIANT_NEWTYPES,
    );
    let mut table = String::from("Some(&[\n");
    for (_, path) in files {
        let text = std::fs::read_to_string(path).ok()?;
        let head: Head = options.from_str(&text).ok()?;
        writeln!(
            table,
            "    LessonHead {{ id: {:?}, title: {:?}, summary: {:?}, steps: &[",
            head.id, head.title, head.summary
        )
        .ok()?;
        for step in &head.steps {
            let (kind, id) = step.kind_and_id();
            writeln!(table, "        ({id:?}, StepKind::{kind}),").ok()?;
        }
        table.push_str("    ] },\n");
    }
    table.push_str("])");
    Some(table)
}
