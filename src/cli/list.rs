//! `roofline list [--json]`: the lessons in course order, with their step counts.
//!
//! ```text
//!  #  id            title                       read  predict  recall  example  explore  explain
//!  1  two-ceilings  Two ceilings                   3        2       1        1        1        1
//! ```

use std::fmt::Write as _;
use std::process::ExitCode;

use anyhow::Result;
use serde::Serialize;

use super::args::GlobalArgs;
use crate::content::terminal_text::escape_controls;
use crate::domain::lesson::{Lesson, Step, VaryCounts};
use crate::domain::schedule::due_now;

/// How many steps of each kind a lesson has (the keys of `--json`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct StepCounts {
    /// Read steps.
    pub read: usize,
    /// Predict steps.
    pub predict: usize,
    /// Recall cards.
    pub recall: usize,
    /// Worked examples.
    pub example: usize,
    /// Tasks on the live plot.
    pub explore: usize,
    /// Explain-it-to-a-colleague steps.
    pub explain: usize,
}

impl StepCounts {
    /// Counts a lesson's steps by kind.
    #[must_use]
    pub fn of(lesson: &Lesson) -> Self {
        let mut counts = Self::default();
        for step in &lesson.steps {
            let slot = match step {
                Step::Read(_) => &mut counts.read,
                Step::Predict(_) => &mut counts.predict,
                Step::Recall(_) => &mut counts.recall,
                Step::Example(_) => &mut counts.example,
                Step::Explore(_) => &mut counts.explore,
                Step::Explain(_) => &mut counts.explain,
            };
            *slot += 1;
        }
        counts
    }

    const fn columns(self) -> [(&'static str, usize); 6] {
        [
            ("read", self.read),
            ("predict", self.predict),
            ("recall", self.recall),
            ("example", self.example),
            ("explore", self.explore),
            ("explain", self.explain),
        ]
    }
}

/// One element of `roofline list --json`.
#[derive(Debug, Serialize)]
struct Entry<'a> {
    id: &'a str,
    title: &'a str,
    counts: StepCounts,
    /// Predict steps with a computed answer, and how many of them vary.
    vary: VaryCounts,
    /// Steps of the lesson due for review now.
    due: usize,
}

/// Lists the lessons (from `--lessons DIR` when given). Lessons with problems are an error that
/// lists each problem with its line.
pub fn run(global: &GlobalArgs, json: bool) -> Result<ExitCode> {
    let catalog = super::catalog(global)?;
    // A `--cluster` given is checked, even though the list does not use it.
    super::cluster(global, &catalog)?;
    let lessons = super::lessons(global, &catalog)?;
    if json {
        let progress = super::review::peek_progress(global)?;
        let scheduler = super::review::scheduler(global);
        let due = due_now(&lessons, &progress, &scheduler, super::review::now());
        super::print_json(&to_json(&lessons, |id| {
            due.iter().filter(|r| r.lesson == id).count()
        })?)
    } else {
        super::print(&table(&lessons))
    }
}

/// The JSON array, one object per lesson (with `due`, how many of its steps are due for review,
/// from `due_of` the lesson id), with a trailing newline.
pub fn to_json(lessons: &[Lesson], due_of: impl Fn(&str) -> usize) -> Result<String> {
    let entries: Vec<Entry<'_>> = lessons
        .iter()
        .map(|l| Entry {
            id: &l.id,
            title: &l.title,
            counts: StepCounts::of(l),
            vary: VaryCounts::of(l),
            due: due_of(&l.id),
        })
        .collect();
    Ok(serde_json::to_string_pretty(&entries)? + "\n")
}

/// The lessons as an aligned table.
#[must_use]
pub fn table(lessons: &[Lesson]) -> String {
    if lessons.is_empty() {
        return "no lessons\n".to_owned();
    }
    let width = |texts: &mut dyn Iterator<Item = usize>, header: &str| {
        texts.max().unwrap_or(0).max(header.len())
    };
    // Escaped before measuring, so a control character in a title keeps the columns aligned.
    let shown: Vec<(String, String)> = lessons
        .iter()
        .map(|l| {
            (
                escape_controls(&l.id).into_owned(),
                escape_controls(&l.title).into_owned(),
            )
        })
        .collect();
    let number_width = lessons.len().to_string().len().max(1);
    let id_width = width(&mut shown.iter().map(|(id, _)| id.chars().count()), "id");
    let title_width = width(
        &mut shown.iter().map(|(_, title)| title.chars().count()),
        "title",
    );
    let mut out = format!(
        "{:>number_width$}  {:id_width$}  {:title_width$}",
        "#", "id", "title"
    );
    for (name, _) in StepCounts::default().columns() {
        let _ = write!(out, "  {name}");
    }
    out = out.trim_end().to_owned() + "\n";
    for (n, (lesson, (id, title))) in lessons.iter().zip(&shown).enumerate() {
        let mut row = format!(
            "{:>number_width$}  {}  {}",
            n + 1,
            pad(id, id_width),
            pad(title, title_width)
        );
        for (name, count) in StepCounts::of(lesson).columns() {
            let _ = write!(row, "  {count:>w$}", w = name.len());
        }
        out.push_str(&row);
        out.push('\n');
    }
    out
}

fn pad(text: &str, width: usize) -> String {
    let len = text.chars().count();
    format!("{text}{}", " ".repeat(width.saturating_sub(len)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::located::parse_ron;

    fn lesson(id: &str, title: &str, steps: &str) -> Lesson {
        parse_ron(
            "x.ron",
            &format!("(format_version: 1, id: \"{id}\", title: \"{title}\", summary: \"s\", steps: [{steps}])"),
        )
        .unwrap()
    }

    fn two() -> Vec<Lesson> {
        vec![
            lesson(
                "two-ceilings",
                "Two ceilings",
                r#"Read(id: "a", text: "t"), Read(id: "b", text: "t"), Recall(id: "c", front: "f", back: "b"),
                   Explain(id: "d", prompt: "p", model_answer: "m")"#,
            ),
            lesson(
                "ridge-point",
                "The ridge · point",
                r#"Example(id: "e", title: "t", lines: ["x"])"#,
            ),
        ]
    }

    #[test]
    fn counts_every_kind() {
        let counts = StepCounts::of(&two()[0]);
        assert_eq!(
            counts,
            StepCounts {
                read: 2,
                recall: 1,
                explain: 1,
                ..StepCounts::default()
            }
        );
    }

    #[test]
    fn json_has_id_title_and_counts_in_order() {
        let json = to_json(&two(), |id| usize::from(id == "ridge-point") * 3).unwrap();
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(value[0]["id"], "two-ceilings");
        assert_eq!(value[1]["title"], "The ridge · point");
        assert_eq!(value[1]["counts"]["example"], 1);
        assert_eq!(value[0]["due"], 0);
        assert!(value[0]["vary"]["quantity_answers"].is_u64(), "{json}");
        assert!(value[0]["vary"]["varied"].is_u64(), "{json}");
        assert_eq!(value[1]["due"], 3);
        let keys: Vec<&str> =
            ["read", "predict", "recall", "example", "explore", "explain"].to_vec();
        let mut shown: Vec<&str> = value[0]["counts"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        shown.sort_unstable();
        let mut sorted_keys = keys.clone();
        sorted_keys.sort_unstable();
        assert_eq!(shown, sorted_keys);
        let order: Vec<usize> = keys
            .iter()
            .map(|k| json.find(&format!("\"{k}\"")).unwrap())
            .collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{json}");
        assert_eq!(to_json(&[], |_| 0).unwrap(), "[]\n");
    }

    #[test]
    fn table_aligns_columns() {
        assert_eq!(
            table(&two()),
            "#  id            title              read  predict  recall  example  explore  explain\n\
             1  two-ceilings  Two ceilings          2        0       1        0        0        1\n\
             2  ridge-point   The ridge · point     0        0       0        1        0        0\n"
        );
        assert_eq!(table(&[]), "no lessons\n");
    }
}
