use std::fs;

use super::*;
use crate::content::data_files::builtin_catalog;

const BASICS: &str = include_str!("../../../tests/fixtures/lessons/01-decode-basics.ron");
const RIDGE: &str = include_str!("../../../tests/fixtures/lessons/02-ridge-sample.ron");

fn source(file_name: &str, text: &str) -> LessonSource {
    LessonSource {
        path: format!("fixtures/{file_name}"),
        file_name: file_name.to_owned(),
        bytes: text.as_bytes().to_vec(),
    }
}

#[track_caller]
fn check(files: &[(&str, &str)]) -> Checked {
    check_sources(
        files.iter().map(|(name, text)| Ok(source(name, text))),
        &builtin_catalog(),
    )
}

#[test]
fn the_fixture_lessons_check_clean() {
    let checked = check(&[
        ("01-decode-basics.ron", BASICS),
        ("02-ridge-sample.ron", RIDGE),
    ]);
    let shown: Vec<String> = checked.errors.iter().map(ToString::to_string).collect();
    assert!(checked.errors.is_empty(), "{}", shown.join("\n"));
    let ids: Vec<&str> = checked.lessons.iter().map(|l| l.id.as_str()).collect();
    assert_eq!(ids, ["decode-basics", "ridge-sample"]);
    assert_eq!(checked.files, 2);
}

#[test]
fn the_embedded_lessons_load() {
    let lessons = builtin(&builtin_catalog()).unwrap_or_else(|errors| {
        panic!(
            "{}",
            errors
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("\n")
        )
    });
    assert_eq!(lessons.len(), EMBEDDED.len());
    let mut names: Vec<&str> = EMBEDDED.iter().map(|(name, _)| *name).collect();
    names.sort_unstable();
    assert_eq!(
        names,
        EMBEDDED.iter().map(|(name, _)| *name).collect::<Vec<_>>(),
        "course order"
    );
}

#[test]
fn duplicate_lesson_ids_point_at_the_second_file() {
    let checked = check(&[
        ("01-ridge-sample.ron", RIDGE),
        ("02-ridge-sample.ron", RIDGE),
    ]);
    assert_eq!(checked.errors.len(), 1, "{:#?}", checked.errors);
    let e = &checked.errors[0];
    assert_eq!(e.path, "fixtures/02-ridge-sample.ron");
    assert_eq!((e.start.line, e.start.col, e.width), (3, 9, 14));
    assert_eq!(
        e.message,
        "duplicate lesson id 'ridge-sample' (also used by fixtures/01-ridge-sample.ron); lesson ids must be unique"
    );
}

#[test]
fn a_misnamed_file_says_what_it_should_be_called() {
    let checked = check(&[("ridge.ron", RIDGE)]);
    assert_eq!(checked.errors.len(), 1);
    assert!(
        checked.errors[0]
            .message
            .contains("it should be 'NN-ridge-sample.ron'")
    );
    assert_eq!(checked.errors[0].start.line, 3);
}

#[test]
fn problems_come_back_for_every_file_in_source_order() {
    let broken = RIDGE
        .replace("tolerance: 0.01", "tolerance: 1.5")
        .replace("\"h200\"", "\"h20\"");
    let checked = check(&[
        ("02-ridge-sample.ron", &broken),
        ("03-x.ron", "(oops"),
        ("01-decode-basics.ron", BASICS),
    ]);
    let at: Vec<(&str, usize)> = checked
        .errors
        .iter()
        .map(|e| (e.path.as_str(), e.start.line))
        .collect();
    assert_eq!(
        at,
        [
            ("fixtures/02-ridge-sample.ron", 9),
            ("fixtures/02-ridge-sample.ron", 17),
            ("fixtures/03-x.ron", 1)
        ]
    );
    assert_eq!(checked.files_with_problems(), 2);
    assert_eq!(checked.lessons.len(), 2);
}

#[test]
fn directories_load_in_name_order_and_must_hold_lessons() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("02-ridge-sample.ron"), RIDGE).unwrap();
    fs::write(dir.path().join("01-decode-basics.ron"), BASICS).unwrap();
    fs::write(dir.path().join("README.md"), "not a lesson").unwrap();
    let lessons = load_dir(dir.path(), &builtin_catalog()).unwrap();
    assert_eq!(
        lessons.iter().map(|l| l.id.as_str()).collect::<Vec<_>>(),
        ["decode-basics", "ridge-sample"]
    );

    let empty = tempfile::tempdir().unwrap();
    let errors = load_dir(empty.path(), &builtin_catalog()).unwrap_err();
    assert!(
        errors[0].message.contains("no lesson files"),
        "{}",
        errors[0]
    );
}

#[test]
fn missing_and_odd_paths_are_reported_not_fatal() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nope.ron");
    let checked = check_files(
        &[missing.clone(), dir.path().to_path_buf()],
        None,
        &builtin_catalog(),
    );
    assert_eq!(checked.errors.len(), 2);
    assert!(
        checked.errors[0].message.starts_with("cannot read:"),
        "{}",
        checked.errors[0]
    );
    assert_eq!(checked.errors[0].path, missing.display().to_string());
    assert!(checked.errors[1].message.contains("no lesson files"));
}

#[test]
fn non_utf8_and_huge_files_are_located() {
    let mut bytes = RIDGE.as_bytes().to_vec();
    bytes[40] = 0xff;
    let checked = check_sources(
        [Ok(LessonSource {
            path: "x.ron".into(),
            file_name: "x.ron".into(),
            bytes,
        })],
        &builtin_catalog(),
    );
    assert!(checked.errors[0].message.contains("not UTF-8"));

    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("01-big.ron");
    fs::write(
        &big,
        vec![b' '; crate::content::located::MAX_FILE_BYTES + 10],
    )
    .unwrap();
    let error = read_file_source(&big).unwrap_err();
    assert!(error.message.contains("larger than 4 MiB"), "{error}");
}

/// The start-up path parses the shipped lessons without checking them again: that is sound
/// only while what it returns is exactly what the full check returns (and the full check finds
/// nothing, `the_embedded_lessons_load`).
#[test]
fn shipped_lessons_parsed_alone_are_the_checked_ones() {
    let catalog = builtin_catalog();
    let checked = builtin(&catalog).expect("the shipped lessons check clean");
    let parsed = load_for(None, &catalog, CatalogKind::Shipped).expect("and parse");
    assert_eq!(parsed, checked);
}

/// With a catalog of the learner's (here a built-in GPU replaced with other figures, as
/// `--hardware` allows), the shipped lessons are still the shipped ones: the learner's data
/// changes the figures they show, never turns them into errors (issue 26, item 10; this test
/// used to require the opposite).
#[test]
fn an_extended_catalog_leaves_the_shipped_lessons_usable() {
    let mut catalog = builtin_catalog();
    for gpu in catalog.gpus.iter_mut().filter(|gpu| gpu.id == "h100-sxm") {
        gpu.bandwidth_tbs = 2.0;
    }
    let shipped = builtin(&builtin_catalog()).expect("the shipped lessons check clean");
    let loaded =
        load_for(None, &catalog, CatalogKind::Extended).expect("a replaced GPU is no error");
    assert_eq!(loaded, shipped);
    // A lessons directory is always checked, whatever the catalog.
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("02-ridge-sample.ron"),
        RIDGE.replace("\"h200\"", "\"h20\""),
    )
    .unwrap();
    for kind in [CatalogKind::Shipped, CatalogKind::Extended] {
        let errors = load_for(Some(dir.path()), &builtin_catalog(), kind).unwrap_err();
        assert_eq!(errors.len(), 1, "{errors:#?}");
        assert!(errors[0].message.contains("h20"), "{errors:#?}");
    }
}

#[test]
fn a_shipped_lesson_that_does_not_parse_says_why_instead_of_crashing() {
    let heads = SHIPPED_HEADS.expect("build.rs reads every head");
    let broken: &[u8] = b"(format_version: 1, id: \"two-ceilings\", title: {oops";
    let sources: Vec<(&str, &[u8])> = vec![
        ("01-two-ceilings.ron", broken),
        (EMBEDDED[1].0, EMBEDDED[1].1),
    ];
    let lessons = parse_with_heads(&sources, &heads[..2]);
    assert_eq!(lessons.len(), 2);
    assert_eq!(lessons[0].id, "two-ceilings");
    assert_eq!(lessons[0].title, heads[0].title);
    let crate::domain::lesson::Step::Read(step) = &lessons[0].steps[0] else {
        panic!("one read step");
    };
    assert!(
        step.text.contains("lessons/01-two-ceilings.ron:1:"),
        "{}",
        step.text
    );
    // Its braces are literal text, not placeholders.
    let placeholders = crate::domain::lesson::template::placeholders(&step.text);
    assert_eq!(placeholders.map(|p| p.len()), Ok(0), "{}", step.text);
    assert_eq!(lessons[1], parse_shipped()[1], "the others parse as usual");
}
