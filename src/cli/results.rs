//! `roofline results FILE… [--json|--csv] [--mixed]`: a class's quiz results as one table.
//!
//! A damaged or foreign file is reported with `path:line:col`, its line and a caret, and the
//! table of the rest is still printed (the exit status then says something was left out).
//! Results of different quizzes are refused unless `--mixed`.
//!
//! ```text
//! 3 students · 5 questions, hardest first · seed 42
//!
//! Student        Total  Within   Q1   Q2   Q3   Q4   Q5
//! ada               72   3/5     54    –  100  100  100
//! ...
//! Q1  batching/step-time-64   median 20 vs 13.2 ms     1 of 3 within (33 %)
//! ...
//! Calibration (class)   answers  within
//!   1 low                     4  1 (25 %)
//! ```

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Result, bail};

mod schema;

use super::args::ResultsCli;
use crate::content::located::{LocatedError, Location, read_text};
use crate::content::terminal_text::for_terminal;
use crate::domain::lesson::template::{Format, format_number};
use crate::domain::quiz::class::{ClassTable, Compare, same_quiz, table};
use crate::domain::quiz::{QUIZ_FORMAT_VERSION, QuizResult};

/// Prints the class table.
pub fn run(args: &ResultsCli) -> Result<ExitCode> {
    let mut labels = Vec::new();
    let mut results = Vec::new();
    let mut damaged = 0;
    for path in &args.files {
        match load(path) {
            Ok(result) => {
                labels.push(path.display().to_string());
                results.push(result);
            }
            Err(e) => {
                damaged += 1;
                eprintln!("{}", for_terminal(&format!("error: {e}")));
            }
        }
    }
    if results.is_empty() {
        bail!("no result file could be read ({damaged} damaged)");
    }
    let compare = if args.mixed {
        Compare::Shared
    } else {
        same_quiz(&labels, &results)?;
        Compare::All
    };
    let class = table(&results, compare)?;
    let printed = if args.json {
        super::print_json(&format!("{}\n", serde_json::to_string_pretty(&class)?))?
    } else if args.csv {
        super::print(&csv(&class))?
    } else {
        super::print(&text(&class, &results))?
    };
    Ok(if damaged > 0 {
        ExitCode::FAILURE
    } else {
        printed
    })
}

/// Reads one result file: strict JSON of this format, or a located error.
pub fn load(path: &Path) -> Result<QuizResult, LocatedError> {
    let shown = path.display().to_string();
    let source = read_text(path)?;
    let result: QuizResult = serde_json::from_str(&source).map_err(|e| {
        let start = Location {
            line: e.line().max(1),
            col: e.column().max(1),
        };
        let message = match e.classify() {
            serde_json::error::Category::Eof => {
                "the file ends too soon: is it cut short?".to_owned()
            }
            serde_json::error::Category::Io
            | serde_json::error::Category::Syntax
            | serde_json::error::Category::Data => strip_position(&e.to_string()),
        };
        LocatedError::at(
            &shown,
            &source,
            start,
            1,
            format!("not a quiz result: {message}"),
        )
    })?;
    if result.format_version != QUIZ_FORMAT_VERSION {
        return Err(LocatedError::at_needle(
            &shown,
            &source,
            0,
            "\"format_version\"",
            format!(
                "format_version {} is not one this tutor reads (it reads {QUIZ_FORMAT_VERSION})",
                result.format_version
            ),
        ));
    }
    if let Some(breach) = schema::breach(&result) {
        return Err(schema::locate(&shown, &source, &breach));
    }
    Ok(result)
}

/// serde_json's message without its own ` at line L column C` (the location says it).
fn strip_position(message: &str) -> String {
    message
        .rfind(" at line ")
        .map_or(message, |i| &message[..i])
        .to_owned()
}

/// The table as text.
#[must_use]
pub fn text(class: &ClassTable, results: &[QuizResult]) -> String {
    let mut out = String::new();
    let seeds: Vec<String> = {
        let mut s: Vec<u64> = results.iter().map(|r| r.seed).collect();
        s.sort_unstable();
        s.dedup();
        s.iter().map(u64::to_string).collect()
    };
    let _ = writeln!(
        out,
        "{} student(s) · {} question(s), hardest first · seed {}\n",
        class.students.len(),
        class.questions.len(),
        seeds.join(", ")
    );
    let name_width = class
        .students
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(7)
        .clamp(7, 24);
    let _ = write!(out, "{:<name_width$}  Total  Within", "Student");
    for i in 0..class.questions.len() {
        let _ = write!(out, " {:>4}", format!("Q{}", i + 1));
    }
    out.push('\n');
    for s in &class.students {
        let name: String = s.name.chars().take(name_width).collect();
        let _ = write!(
            out,
            "{name:<name_width$}  {:>5.0}  {:>6}",
            s.total,
            format!("{}/{}", s.within, s.of)
        );
        for score in &s.scores {
            let _ = write!(
                out,
                " {:>4}",
                score.map_or_else(|| "–".to_owned(), |v| v.to_string())
            );
        }
        out.push('\n');
    }
    out.push('\n');
    questions(&mut out, class);
    out.push('\n');
    calibration(&mut out, class);
    out
}

/// One line a question: its lesson and step, the class's guesses against the answer, and how
/// many were within.
fn questions(out: &mut String, class: &ClassTable) {
    let label_width = class
        .questions
        .iter()
        .map(|q| q.lesson.len() + q.step.len() + 1)
        .max()
        .unwrap_or(0)
        .min(40);
    for (i, q) in class.questions.iter().enumerate() {
        let label: String = format!("{}/{}", q.lesson, q.step)
            .chars()
            .take(label_width)
            .collect();
        let guess = match (q.median_guess, q.choice) {
            (None, _) => "all skipped".to_owned(),
            (Some(g), false) => format!(
                "median {} vs {} {}",
                format_number(g, Format::Auto),
                format_number(q.answer, Format::Auto),
                q.unit
            ),
            (Some(g), true) => format!(
                "most chose option {}, right: {}",
                g as usize + 1,
                q.answer as usize + 1
            ),
        };
        let _ = writeln!(
            *out,
            "{:<4}{label:<label_width$}  {guess:<34}  {} of {} within ({:.0} %)",
            format!("Q{}", i + 1),
            q.within,
            q.asked,
            q.within_pct()
        );
    }
}

/// The class's calibration lines.
fn calibration(out: &mut String, class: &ClassTable) {
    let _ = writeln!(
        *out,
        "{:<22}{:>7}  within",
        "Calibration (class)", "answers"
    );
    for level in &class.calibration.levels {
        let share = level.within_pct().map_or_else(
            || "—".to_owned(),
            |p| format!("{} ({p:.0} %)", level.within),
        );
        let _ = writeln!(
            *out,
            "  {} {:<18}{:>7}  {share}",
            level.confidence.level(),
            level.confidence.word(),
            level.count
        );
    }
    if class.calibration.unrated > 0 {
        let _ = writeln!(
            *out,
            "  {} answered without saying how sure",
            class.calibration.unrated
        );
    }
}

/// The table as CSV: a row per student (name, total, within, of, then each question's score,
/// empty when skipped), then a row per question's summary.
#[must_use]
pub fn csv(class: &ClassTable) -> String {
    let mut out = String::from("name,total,within,of");
    for q in &class.questions {
        let _ = write!(out, ",{}", field(&format!("{}/{}", q.lesson, q.step)));
    }
    out.push('\n');
    for s in &class.students {
        let _ = write!(
            out,
            "{},{:.1},{},{}",
            field(&s.name),
            s.total,
            s.within,
            s.of
        );
        for score in &s.scores {
            let _ = write!(
                out,
                ",{}",
                score.map_or_else(String::new, |v| v.to_string())
            );
        }
        out.push('\n');
    }
    let mut medians = String::from("median guess,,,");
    let mut answers = String::from("answer,,,");
    let mut within = String::from("within %,,,");
    for q in &class.questions {
        let _ = write!(
            medians,
            ",{}",
            q.median_guess.map_or_else(String::new, |g| g.to_string())
        );
        let _ = write!(answers, ",{}", q.answer);
        let _ = write!(within, ",{:.1}", q.within_pct());
    }
    let _ = writeln!(out, "{medians}\n{answers}\n{within}");
    out
}

/// A CSV field, quoted when it must be.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

#[cfg(test)]
mod tests;
