use super::*;
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Sample {
    name: String,
    count: u32,
}

#[track_caller]
fn err(source: &str) -> LocatedError {
    parse_ron::<Sample>("x.ron", source).unwrap_err()
}

#[test]
fn unknown_field_is_located_with_a_caret() {
    let e = err("(\n  name: \"a\",\n  cuont: 3,\n)");
    assert_eq!((e.start.line, e.start.col), (3, 3));
    assert!(e.message.contains("unknown field `cuont`"), "{}", e.message);
    let shown = e.to_string();
    assert!(
        shown.starts_with("x.ron:3:3: unknown field `cuont`"),
        "{shown}"
    );
    assert!(shown.contains("3 |   cuont: 3,"), "{shown}");
    assert!(shown.ends_with("  |   ^^^^^"), "{shown:?}");
}

#[test]
fn wrong_type_and_truncation_are_located() {
    let e = err("(name: \"a\", count: \"three\")");
    assert_eq!(e.start.line, 1);
    let e = err("(name: \"a\", count: 3");
    assert!(e.message.contains("end of file"), "{e:?}");
}

#[test]
fn missing_field_names_it() {
    let e = err("(name: \"a\")");
    assert!(e.message.contains("missing field `count`"), "{}", e.message);
}

#[test]
fn non_utf8_is_located() {
    let e = decode_text("x.ron", b"(name:\n \"a\xff\")").unwrap_err();
    assert_eq!((e.start.line, e.start.col), (2, 4));
    assert!(e.message.contains("0xff"));
}

#[test]
fn huge_file_is_refused() {
    let big = vec![b' '; MAX_FILE_BYTES + 1];
    assert!(
        decode_text("x.ron", &big)
            .unwrap_err()
            .message
            .contains("larger than")
    );
}

#[test]
fn needle_locates_a_value() {
    let src = "(\n  gpu: \"h100-sxn\",\n)";
    let e = LocatedError::at_needle("x.ron", src, 0, "\"h100-sxn\"", "unknown GPU");
    assert_eq!((e.start.line, e.start.col, e.width), (2, 8, 10));
}
