//! `present --out FILE.html`: the session's handout, rewritten at each reveal as the JSON
//! record is (a `.json` or any other name keeps the record).

use std::path::Path;

use anyhow::{Context as _, Result};

use crate::app::{App, classroom};
use crate::domain::catalog::Catalog;
use crate::domain::classroom::ClassRecord;
use crate::domain::lesson::Lesson;
use crate::domain::scenario::Scenario;
use crate::picture::handout::{build, render};
use crate::store::atomic;

/// Whether `--out` names an HTML handout (`.html` or `.htm`) rather than the JSON record.
#[must_use]
pub fn is_handout(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"))
}

/// The handout page of the presentation on screen, as far as it has got.
#[must_use]
pub fn page(app: &App, cluster: &Scenario) -> Option<String> {
    let record = classroom::record(app)?;
    let lesson = app.lessons().iter().find(|l| l.id == record.lesson)?;
    Some(render(&build(lesson, &record, cluster, app.catalog())))
}

/// Writes the handout of `lesson` for `record` to `out` (atomically).
pub fn write(
    out: &Path,
    lesson: &Lesson,
    record: &ClassRecord,
    cluster: &Scenario,
    catalog: &Catalog,
) -> Result<()> {
    write_page(out, &render(&build(lesson, record, cluster, catalog)))
}

/// Writes a handout page to `out` (atomically).
pub fn write_page(out: &Path, page: &str) -> Result<()> {
    atomic::write(out, page.as_bytes())
        .with_context(|| format!("cannot write the handout to {}", out.display()))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    #[test]
    fn html_names_a_handout() {
        for (name, handout) in [
            ("a.html", true),
            ("A.HTM", true),
            ("a.json", false),
            ("html", false),
        ] {
            assert_eq!(super::is_handout(Path::new(name)), handout, "{name}");
        }
    }
}
