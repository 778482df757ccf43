//! `roofline` and `roofline learn [LESSON]`: the terminal tutor.
//!
//! Loads the catalog, the lessons and the learner's progress, puts the terminal in raw mode on
//! the alternate screen with mouse capture, runs the event loop, and puts the terminal back —
//! on quit, on error, on panic (a hook restores it before the message prints) and on Ctrl-C
//! (which raw mode delivers as a key: it quits).

use std::io::IsTerminal as _;
use std::process::ExitCode;

use anyhow::{Context as _, Result, bail};

use super::args::GlobalArgs;
use super::tty::{appearance, input, terminal};
use crate::app::{self, App, AppInit, Msg, NavMsg};
use crate::content::lessons;
use crate::domain::lesson::Lesson;
use crate::domain::suggest::closest;
use crate::store::Store;

/// Opens the tutor: at `lesson`, or where the learner left off, or at the lesson list.
pub fn run(global: &GlobalArgs, lesson: Option<&str>) -> Result<ExitCode> {
    let (catalog, cluster, lessons) = super::study_start(global)?;
    // With the learner's own cluster some steps may not compute (a format their GPU lacks, say):
    // those steps say so where they appear; the learner hears of it once, up front.
    // Checked once more against the cluster only; the lessons are not read or parsed again.
    let cluster_warning = global.cluster.as_ref().and_then(|path| {
        let problems = lessons::problems_against(&lessons, &catalog, &cluster.scenario);
        (problems > 0).then(|| format!(
            "{problems} lesson step(s) cannot be computed for your cluster; `roofline --cluster {} check` lists them",
            path.display()
        ))
    });
    let start = match lesson {
        Some(id) => Some(match lessons.position(id) {
            Some(index) => index,
            None => lesson_index(&lessons, id)?,
        }),
        None => None,
    };
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        bail!(
            "the tutor needs a terminal (stdin and stdout must be a TTY); `roofline list` and `roofline calc` work without one"
        );
    }
    let mut store = Store::new(super::progress_dir(global)?);
    let loaded = store.load();
    let appearance = appearance(global);

    let mut session = terminal::Session::enter().context("cannot set up the terminal")?;
    let viewport = session.size().context("cannot read the terminal size")?;
    let mut app = App::new(AppInit {
        catalog,
        lessons,
        cluster: cluster.scenario,
        progress: loaded.progress.clone(),
        warning: match (loaded.warning, cluster_warning) {
            (Some(a), Some(b)) => Some(format!("{a}; {b}")),
            (a, b) => a.or(b),
        },
        appearance,
        viewport,
        measure: crate::ui::MEASURE,
    })
    .with_keymap(global.keys.clone());
    // Plain `roofline` resumes the lesson studied last, unless it is finished: then the list.
    let resume = app.last_lesson().filter(|&i| {
        let course = app.course();
        let progress = course.id(i).and_then(|id| app.progress().lessons.get(id));
        crate::domain::session::summarize_steps(course.step_heads(i), progress).status
            != crate::domain::session::LessonStatus::Done
    });
    if let Some(index) = start.or(resume) {
        // Saved as every change is (a failed save becomes the warning on screen).
        let effects = app::handle(&mut app, Msg::Nav(NavMsg::OpenLesson(index)));
        app::perform(&mut app, &effects, &mut store);
    }
    // A line at start when reviews are due (set after the resume, which would clear it).
    let mut app = app.with_schedule(super::review::scheduler(global), super::review::now());
    session.run_app(&mut app, &mut input::TtyEvents::start(), &mut store)?;
    Ok(ExitCode::SUCCESS)
}

/// The index of the lesson named by its id (`ridge-point`), its number in `roofline list`
/// (`2`), or its file's name (`02-ridge-point`, `02-ridge-point.ron`); else an error that
/// lists the ids.
pub fn lesson_index(lessons: &[Lesson], id: &str) -> Result<usize> {
    if let Some(index) = lessons.iter().position(|l| l.id == id) {
        return Ok(index);
    }
    if let Some(index) = by_number(lessons, id) {
        return Ok(index);
    }
    let ids: Vec<&str> = lessons.iter().map(|l| l.id.as_str()).collect();
    let hint = closest(id, ids.iter().copied())
        .map(|s| format!(" (did you mean '{s}'?)"))
        .unwrap_or_default();
    bail!(
        "unknown lesson '{id}'{hint}; the lessons are: {}",
        ids.join(", ")
    )
}

/// The lesson a number names, alone or as the file name's prefix: `2`, `02-ridge-point`,
/// `02-ridge-point.ron`. A prefix followed by another lesson's id names nothing.
fn by_number(lessons: &[Lesson], said: &str) -> Option<usize> {
    let said = said.strip_suffix(".ron").unwrap_or(said);
    let (number, rest) = said.split_once('-').unwrap_or((said, ""));
    let index = number.parse::<usize>().ok()?.checked_sub(1)?;
    let lesson = lessons.get(index)?;
    (rest.is_empty() || rest == lesson.id).then_some(index)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::data_files::builtin_catalog;

    #[test]
    fn an_unknown_lesson_lists_the_ids() {
        let lessons = lessons::builtin(&builtin_catalog()).expect("shipped lessons load");
        assert_eq!(lesson_index(&lessons, "ridge-point").unwrap(), 1);
        let err = lesson_index(&lessons, "ridge-pont")
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("unknown lesson 'ridge-pont' (did you mean 'ridge-point'?)"),
            "{err}"
        );
        assert!(err.contains("two-ceilings, ridge-point"), "{err}");
    }

    #[rstest::rstest]
    #[case::id("ridge-point", Some(1))]
    #[case::number("2", Some(1))]
    #[case::padded_number("02", Some(1))]
    #[case::file_stem("02-ridge-point", Some(1))]
    #[case::file_name("02-ridge-point.ron", Some(1))]
    #[case::zero("0", None)]
    #[case::past_the_end("999", None)]
    #[case::number_of_another_lesson("03-ridge-point", None)]
    #[case::negative("-1", None)]
    fn a_lesson_is_named_by_id_number_or_file_name(
        #[case] said: &str,
        #[case] expected: Option<usize>,
    ) {
        let lessons = lessons::builtin(&builtin_catalog()).expect("shipped lessons load");
        assert_eq!(lesson_index(&lessons, said).ok(), expected, "{said}");
    }
}
