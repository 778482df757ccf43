//! `roofline check [PATH…]`: every problem in lesson files, located, then a count.
//!
//! ```text
//! lessons/02-ridge-point.ron:14:54: tolerance 10 must be in (0, 1]: …
//!    |
//! 14 |             answer: Number(value: Quantity("ridge"), unit: "FLOP/byte", tolerance: 10.0),
//!    |                                                                        ^^^^^^^^^
//!
//! 1 problem in 1 file
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;

use super::args::GlobalArgs;
use crate::content::lessons::{Checked, check_files_against};
use crate::content::located::LocatedError;

/// Checks the given lesson files and directories (none: `--lessons DIR`, else the built-in
/// lessons). Exit status 0 when there is no problem, 1 when there is any.
pub fn run(global: &GlobalArgs, paths: &[PathBuf]) -> Result<ExitCode> {
    let catalog = super::catalog(global)?;
    let cluster = super::cluster(global, &catalog)?;
    let checked = check_files_against(
        paths,
        global.lessons.as_deref(),
        &catalog,
        &cluster.scenario,
    );
    super::print(&report(&checked))?;
    Ok(if checked.errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Every problem (located, with its line and a caret), then the count line.
#[must_use]
pub fn report(checked: &Checked) -> String {
    let mut out = String::new();
    for error in &checked.errors {
        out.push_str(&show(error));
        out.push_str("\n\n");
    }
    out.push_str(&summary(checked));
    out.push('\n');
    out
}

/// `2 problems in 1 file`, or `12 lessons checked, no problems`.
#[must_use]
pub fn summary(checked: &Checked) -> String {
    let problems = checked.errors.len();
    if problems == 0 {
        format!("{} checked, no problems", plural(checked.files, "lesson"))
    } else {
        format!(
            "{} in {}",
            plural(problems, "problem"),
            plural(checked.files_with_problems(), "file")
        )
    }
}

fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// One error as `LocatedError` shows it: a problem about the whole file is one line, a very
/// long line is cut to a window around the caret, control characters are escaped.
fn show(error: &LocatedError) -> String {
    error.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::located::{Location, MAX_SHOWN_CHARS};
    use rstest::rstest;

    fn checked(errors: Vec<LocatedError>, files: usize) -> Checked {
        Checked {
            lessons: Vec::new(),
            errors,
            files,
        }
    }

    fn error(path: &str, source: &str, offset: usize) -> LocatedError {
        LocatedError::at_offset(path, source, offset, 3, "bad")
    }

    #[rstest]
    #[case::clean_many(vec![], 12, "12 lessons checked, no problems")]
    #[case::clean_one(vec![], 1, "1 lesson checked, no problems")]
    #[case::one(vec![error("a.ron", "abc", 0)], 1, "1 problem in 1 file")]
    #[case::two_in_one(vec![error("a.ron", "abc", 0), error("a.ron", "abc", 1)], 3, "2 problems in 1 file")]
    #[case::two_files(vec![error("a.ron", "abc", 0), error("b.ron", "abc", 1)], 3, "2 problems in 2 files")]
    fn counts(#[case] errors: Vec<LocatedError>, #[case] files: usize, #[case] expected: &str) {
        assert_eq!(summary(&checked(errors, files)), expected);
    }

    #[test]
    fn report_shows_each_problem_with_its_caret() {
        let text = report(&checked(vec![error("a.ron", "x\n  abc", 4)], 1));
        assert_eq!(
            text,
            "a.ron:2:3: bad\n  |\n2 |   abc\n  |   ^^^\n\n1 problem in 1 file\n"
        );
    }

    #[test]
    fn file_level_problems_are_one_line() {
        let e = LocatedError::at(
            "dir",
            "",
            Location { line: 1, col: 1 },
            1,
            "no lesson files",
        );
        assert_eq!(show(&e), "dir:1:1: no lesson files");
    }

    #[test]
    fn long_lines_are_cut_around_the_caret() {
        let line = format!("{}BAD{}", "a".repeat(500), "b".repeat(500));
        let e = LocatedError::at_offset("a.ron", &line, 500, 3, "bad");
        let shown = show(&e);
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(lines[0], "a.ron:1:501: bad");
        assert!(
            lines[2].chars().count() < MAX_SHOWN_CHARS + 10,
            "{}",
            lines[2]
        );
        let caret = lines[3].chars().position(|c| c == '^').unwrap();
        let under: String = lines[2].chars().skip(caret).take(3).collect();
        assert_eq!(under, "BAD", "{shown}");
        assert_eq!(lines[3].matches('^').count(), 3);
    }
}
