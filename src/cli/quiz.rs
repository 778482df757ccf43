//! `roofline quiz`: scored predictions drawn from the lessons, fresh numbers per seed, a result
//! file per student (written atomically at the end; study progress is not touched).
//!
//! Every bad input is refused before the first question: an unknown lesson in `--only`, a
//! `--count` of 0 or more than there are questions, a seed that is not a number, an `--out`
//! that cannot be written (tried first: the directory must take a new file, an existing file
//! must be writable).

use std::fmt::Write as _;
use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::SystemTime;

use anyhow::{Context as _, Result, bail};

use super::args::{GlobalArgs, QuizCli, RevealWhen};
use super::context::unsaved_app;
use crate::app::quiz::{QuizRun, QuizTaker, RevealPolicy};
use crate::app::{self, App, Keymap, ProgressSink};
use crate::domain::lesson::Lesson;
use crate::domain::quiz::{ClusterOrigin, QuizResult, QuizSpec, Taker, draw};
use crate::domain::session::Progress;
use crate::store::atomic;
use crate::widgets::Appearance;

/// Questions when `--count` is not given.
pub const DEFAULT_COUNT: usize = 10;

/// A quiz ready to take: every input checked.
#[derive(Debug)]
pub struct Prepared {
    /// The questions and who takes them.
    pub run: QuizRun,
    /// Where the result goes.
    pub out: PathBuf,
    /// GPUs and models.
    pub catalog: crate::domain::catalog::Catalog,
    /// The cluster the questions were computed for.
    pub cluster: crate::domain::scenario::Scenario,
    /// The lessons drawn from.
    pub lessons: Vec<Lesson>,
}

/// Checks every input and draws the quiz, at `now`, for `user` (the `$USER` fallback name).
pub fn prepare(
    global: &GlobalArgs,
    args: &QuizCli,
    now: SystemTime,
    user: Option<String>,
) -> Result<Prepared> {
    let catalog = super::catalog(global)?;
    let cluster = super::cluster(global, &catalog)?.scenario;
    let mut lessons = super::lessons(global, &catalog)?;
    if !args.only.is_empty() {
        for id in &args.only {
            super::learn::lesson_index(&lessons, id.trim()).context("--only")?;
        }
        lessons.retain(|l| args.only.iter().any(|id| id.trim() == l.id));
    }
    let count = args.count.unwrap_or(DEFAULT_COUNT);
    let seed = args.seed.unwrap_or_else(|| fastrand::u64(..));
    let questions = draw(&QuizSpec {
        lessons: &lessons,
        cluster: &cluster,
        catalog: &catalog,
        count,
        seed,
        // A --cluster (or a model config, which makes the cluster the learner's model) is
        // the learner's own; otherwise questions about "your cluster" are titled by what
        // they ask about.
        origin: if global.cluster.is_some() || global.model_config.is_some() {
            ClusterOrigin::Given
        } else {
            ClusterOrigin::Default
        },
    })?;
    let name = args
        .name
        .clone()
        .or(user)
        .map(|n| n.trim().to_owned())
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| "student".to_owned());
    let out = args.out.clone().unwrap_or_else(|| default_out(&name, now));
    probe(&out)?;
    let taker = QuizTaker {
        name,
        seed,
        lessons: lessons.iter().map(|l| l.id.clone()).collect(),
    };
    let reveal = match args.reveal {
        RevealWhen::Each => RevealPolicy::Each,
        RevealWhen::End => RevealPolicy::End,
    };
    Ok(Prepared {
        run: QuizRun::new(questions, reveal, taker, now),
        out,
        catalog,
        cluster,
        lessons,
    })
}

/// `quiz-NAME-DATE.json` in the current directory (the name kept to letters, digits, `-`, `_`).
#[must_use]
pub fn default_out(name: &str, now: SystemTime) -> PathBuf {
    let safe: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    let date: String = rfc3339(now).chars().take(10).collect();
    PathBuf::from(format!("quiz-{safe}-{date}.json"))
}

/// Whether `out` can be written, tried now: a new file in its directory, and the file itself
/// when it exists. Nothing is left behind.
pub fn probe(out: &Path) -> Result<()> {
    let fail =
        |e: std::io::Error| anyhow::anyhow!("cannot write the result to {}: {e}", out.display());
    if out.is_dir() {
        bail!(
            "cannot write the result to {}: it is a directory",
            out.display()
        );
    }
    let dir = out
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if !dir.is_dir() {
        bail!(
            "cannot write the result to {}: there is no directory {}",
            out.display(),
            dir.display()
        );
    }
    tempfile::Builder::new()
        .prefix(".quiz-probe.")
        .tempfile_in(dir)
        .map_err(fail)?;
    // A FIFO or a device would block the open (or take the result away): only a regular
    // file is written over.
    if let Ok(meta) = std::fs::metadata(out)
        && !meta.is_file()
    {
        bail!(
            "cannot write the result to {}: it is not a regular file",
            out.display()
        );
    }
    if out.exists() {
        std::fs::OpenOptions::new()
            .append(true)
            .open(out)
            .map_err(fail)?;
    }
    Ok(())
}

/// Runs the quiz.
pub fn run(global: &GlobalArgs, args: &QuizCli) -> Result<ExitCode> {
    let user = std::env::var("USER")
        .or_else(|_| std::env::var("USERNAME"))
        .ok();
    let prepared = prepare(global, args, SystemTime::now(), user)?;
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        bail!("the quiz needs a terminal (stdin and stdout must be a TTY)");
    }
    let again = repeat_command(args, prepared.run.seed, prepared.run.questions.len());
    let appearance = super::tty::appearance(global);
    let mut session =
        super::tty::terminal::Session::enter().context("cannot set up the terminal")?;
    let viewport = session.size().context("cannot read the terminal size")?;
    let (mut app, out) = prepared.into_app(appearance, viewport, global.keys.clone());
    let mut sink = ResultFile { out: out.clone() };
    session.run_app(
        &mut app,
        &mut super::tty::input::TtyEvents::start(),
        &mut sink,
    )?;
    let Some(run) = app.quiz() else {
        return Ok(ExitCode::SUCCESS);
    };
    match &run.export {
        app::quiz::Export::Written(path) => {
            let summary = run.summary();
            super::print(&format!(
                "{}: {:.0}/100, {} of {} within tolerance; result in {path}\nthe same quiz again: {again}\n",
                run.name,
                summary.total,
                summary.within,
                run.questions.len()
            ))
        }
        app::quiz::Export::Pending => {
            super::print(&format!(
                "quiz left before the end: no result file\nthe same quiz again: {again}\n"
            ))?;
            Ok(ExitCode::FAILURE)
        }
        app::quiz::Export::Failed => {
            bail!("the result file {} could not be written", out.display())
        }
    }
}

/// The command that gives the same quiz: the seed, the count and the lessons.
fn repeat_command(args: &QuizCli, seed: u64, count: usize) -> String {
    let mut command = format!("roofline quiz --seed {seed} --count {count}");
    if !args.only.is_empty() {
        let _ = write!(command, " --only {}", args.only.join(","));
    }
    command
}

/// The quiz's result, as it is written.
#[must_use]
pub fn result_of(run: &QuizRun) -> QuizResult {
    let summary = run.summary();
    QuizResult::new(
        Taker {
            name: run.name.clone(),
            seed: run.seed,
            lessons: run.lessons.clone(),
            started: rfc3339(run.started),
            finished: rfc3339(run.finished.unwrap_or(run.now)),
        },
        &run.questions,
        &run.responses,
        &summary,
    )
}

fn rfc3339(t: SystemTime) -> String {
    super::review::rfc3339_seconds(t)
}

/// Writes the result file (atomically) at the end; nothing of the learner's progress is
/// touched. The screen's quiz and the plain one write it the same way.
pub(crate) struct ResultFile {
    pub(crate) out: PathBuf,
}

impl ProgressSink for ResultFile {
    fn save(&mut self, _progress: &Progress) -> Result<(), String> {
        Ok(())
    }

    fn export_result(&mut self, app: &App) -> Result<Option<String>, String> {
        let Some(run) = app.quiz() else {
            return Ok(None);
        };
        write_or_fall_back(&self.out, &std::env::temp_dir(), &result_of(run))
    }
}

/// Writes the result to `out`, or, when that fails (a full disk, a directory gone), to a file
/// of the same name in `fallback`: where it went, saying why `out` was not used; `Err` when
/// neither could be written.
pub fn write_or_fall_back(
    out: &Path,
    fallback: &Path,
    result: &QuizResult,
) -> Result<Option<String>, String> {
    let first = match write_result(out, result) {
        Ok(()) => return Ok(Some(out.display().to_string())),
        Err(e) => e,
    };
    let name = out.file_name().map_or_else(
        || std::ffi::OsString::from("quiz-result.json"),
        ToOwned::to_owned,
    );
    let other = fallback.join(name);
    match write_result(&other, result) {
        Ok(()) => Ok(Some(format!(
            "{} (not in {}: {first:#})",
            other.display(),
            out.display()
        ))),
        Err(second) => Err(format!(
            "the quiz result was not saved: {first:#}; nor to {}: {second:#}",
            other.display()
        )),
    }
}

/// Writes a result file atomically, as pretty JSON.
pub fn write_result(out: &Path, result: &QuizResult) -> Result<()> {
    let mut json = serde_json::to_string_pretty(result).context("cannot encode the result")?;
    json.push('\n');
    atomic::write(out, json.as_bytes())
        .with_context(|| format!("cannot write the result to {}", out.display()))
}

impl Prepared {
    /// The program on this quiz, its run starting now (when the first question is on screen),
    /// and where its result goes. A quiz keeps no progress of its own.
    #[must_use]
    pub fn into_app(
        self,
        appearance: Appearance,
        viewport: ratatui::layout::Size,
        keys: Keymap,
    ) -> (App, PathBuf) {
        let Self {
            run,
            out,
            catalog,
            cluster,
            lessons,
        } = self;
        let run = QuizRun {
            started: SystemTime::now(),
            now: SystemTime::now(),
            ..run
        };
        let app = unsaved_app(catalog, lessons, cluster, appearance, viewport)
            .with_keymap(keys)
            .quizzing(run);
        (app, out)
    }
}
