//! The edge of the program: parses arguments, loads data, runs a command, and turns every error
//! into one readable message and a non-zero exit (no backtraces).

pub mod args;
pub mod calc;
pub mod check;
pub mod detect;
pub mod join;
pub mod lab;
pub mod learn;
pub mod list;
pub mod plot;
pub mod present;
pub mod quiz;
pub mod results;
pub mod review;
pub mod settings;

use std::io::Write as _;
use std::process::ExitCode;

use anyhow::{Context as _, Result, anyhow, bail};
use clap::{CommandFactory as _, Parser as _};

use crate::app::{Course, Deferred};
use crate::content::cluster::{ClusterProfile, load_cluster};
use crate::content::data_files::{CatalogSources, load_catalog};
use crate::content::located::LocatedError;
use crate::content::terminal_text::{escape_controls, escape_json_controls, for_terminal};
use crate::domain::catalog::Catalog;
use crate::domain::lesson::Lesson;
use crate::domain::lesson::ScenarioPatch;
use crate::domain::scenario::Scenario;
use args::{Cli, Command, GlobalArgs, Lazy, ScenarioFlags};

/// Runs the program with the process's arguments.
#[must_use]
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    match dispatch(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("{}", for_terminal(&format!("error: {e:#}")));
            ExitCode::FAILURE
        }
    }
}

fn clap_exit(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        let _ = e.print();
        return ExitCode::SUCCESS;
    }
    // One line: clap's own message without the usage block.
    let rendered = e.render().to_string();
    let first = rendered
        .lines()
        .next()
        .unwrap_or("error: invalid arguments");
    // The tip and the possible values, when clap gives them, go on the same line.
    let extras: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("tip:") || l.starts_with("[possible values:"))
        .collect();
    let line = if extras.is_empty() {
        first.to_owned()
    } else {
        format!("{first} ({})", extras.join("; "))
    };
    eprintln!("{}", for_terminal(&line));
    ExitCode::from(2)
}

/// Loads the built-in catalog plus the user's `--hardware` and `--models` files, and this
/// machine's lab results.
pub fn catalog(global: &GlobalArgs) -> Result<Catalog> {
    catalog_with(global, lab_report(global))
}

/// The built-in catalog, the user's data files and `lab` (this machine, when measured).
fn catalog_with(
    global: &GlobalArgs,
    lab: Option<crate::domain::lab::LabReport>,
) -> Result<Catalog> {
    let sources = CatalogSources {
        hardware: global.hardware.clone(),
        models: global.models.clone(),
    };
    let mut catalog = load_catalog(&sources).map_err(|errors| problems("data files", &errors))?;
    if let Some(report) = lab {
        catalog.add_lab(report);
    }
    Ok(catalog)
}

/// This machine's lab results from the data directory, if `roofline lab` saved any (a file
/// that cannot be used is ignored with a warning).
fn lab_report(global: &GlobalArgs) -> Option<crate::domain::lab::LabReport> {
    match crate::store::lab_file::read(&data_dir(global)?) {
        Ok(report) => report,
        Err(e) => {
            eprintln!("warning: ignoring this machine's lab results: {e}");
            None
        }
    }
}

/// What the tutor starts with: the catalog, the cluster profile and the course. With nothing
/// of the learner's (no `--hardware`, `--models`, `--cluster`, `--lessons`, no lab results),
/// the shipped catalog and lessons are parsed only when first read, and the first screen (the
/// lesson list) is drawn from the lessons' heads written at build time; otherwise all is
/// loaded and checked now, as [`catalog_and_cluster`] and [`lessons`] do.
pub fn study_start(global: &GlobalArgs) -> Result<(Deferred<Catalog>, ClusterProfile, Course)> {
    let learners_own = !global.hardware.is_empty()
        || !global.models.is_empty()
        || global.cluster.is_some()
        || global.lessons.is_some();
    let lab = lab_report(global);
    if let (false, None, Some(heads)) = (learners_own, &lab, crate::content::lessons::SHIPPED_HEADS)
    {
        return Ok((
            Deferred::new(crate::content::data_files::builtin_catalog),
            ClusterProfile::default_profile(),
            Course::deferred(heads, crate::content::lessons::parse_shipped),
        ));
    }
    let (catalog, cluster) = with_cluster(global, catalog_with(global, lab)?)?;
    let lessons = lessons(global, &catalog)?;
    Ok((catalog.into(), cluster, lessons.into()))
}

/// The data directory: `--data-dir`, else the platform's (none on a platform without one).
#[must_use]
pub fn data_dir(global: &GlobalArgs) -> Option<std::path::PathBuf> {
    global
        .data_dir
        .clone()
        .or_else(crate::store::default_data_dir)
}

/// The data directory, where progress is kept: an error on a platform without one and no
/// `--data-dir`.
pub fn progress_dir(global: &GlobalArgs) -> Result<std::path::PathBuf> {
    data_dir(global)
        .context("this platform has no data directory for progress: pass --data-dir DIR")
}

/// The catalog with the learner's cluster profile, whose measured endpoint figures (if any)
/// go on the catalog for the plot and the readouts.
pub fn catalog_and_cluster(global: &GlobalArgs) -> Result<(Catalog, ClusterProfile)> {
    with_cluster(global, catalog(global)?)
}

/// `catalog` with the learner's cluster profile, its endpoint figures put on the catalog.
fn with_cluster(global: &GlobalArgs, mut catalog: Catalog) -> Result<(Catalog, ClusterProfile)> {
    let cluster = cluster(global, &catalog)?;
    catalog.endpoint = cluster
        .measured
        .map(|measured| (cluster.scenario.clone(), measured));
    Ok((catalog, cluster))
}

/// The lessons from `--lessons DIR`, or the built-in ones, checked against the default cluster.
/// The shipped lessons with the shipped catalog are parsed only (the tests check them; see
/// [`crate::content::lessons::load_for`]).
pub fn lessons(global: &GlobalArgs, catalog: &Catalog) -> Result<Vec<Lesson>> {
    crate::content::lessons::load_for(
        global.lessons.as_deref(),
        catalog,
        catalog_kind(global, catalog),
    )
    .map_err(|errors| problems("lesson files", &errors))
}

/// Whether `catalog`, read as [`catalog`] reads it for these arguments, is the shipped one:
/// no data files of the learner's and no lab machine. (The endpoint a cluster profile adds
/// is read by the plot alone, never by a lesson's check.)
#[must_use]
pub fn catalog_kind(
    global: &GlobalArgs,
    catalog: &Catalog,
) -> crate::content::lessons::CatalogKind {
    use crate::content::lessons::CatalogKind;
    match (
        global.hardware.as_slice(),
        global.models.as_slice(),
        &catalog.lab,
    ) {
        ([], [], None) => CatalogKind::Shipped,
        _ => CatalogKind::Extended,
    }
}

/// Every located problem as one error: a count line, then each problem with its line and caret
/// (one problem: just the problem).
fn problems(what: &str, errors: &[LocatedError]) -> anyhow::Error {
    if let [only] = errors {
        return anyhow!("{only}");
    }
    let listed: Vec<String> = errors.iter().map(ToString::to_string).collect();
    anyhow!(
        "{} problem(s) in {what}:\n{}",
        errors.len(),
        listed.join("\n")
    )
}

/// The active cluster: the `--cluster` profile when given, else the tutor's default.
pub fn cluster(global: &GlobalArgs, catalog: &Catalog) -> Result<ClusterProfile> {
    match &global.cluster {
        Some(path) => load_cluster(path, catalog)
            .map_err(|e| anyhow!("{e}"))
            .context("cannot use that cluster profile"),
        None => Ok(ClusterProfile::default_profile()),
    }
}

fn dispatch(cli: Cli) -> Result<ExitCode> {
    let (global, command) = cli.into_parts();
    if let Some(Command::Config(Lazy(args))) = &command {
        // The settings file's own commands work whatever the file holds.
        return settings::run(args.action);
    }
    let global = settings::apply(global)?;
    match command {
        Some(Command::Calc(Lazy(args))) => {
            let catalog = catalog(&global)?;
            let args = calc::CalcArgs {
                scenario: flags_scenario(&global, &catalog, args.scenario)?,
                json: args.json,
            };
            let out = calc::run(&catalog, &args).context("cannot compute that scenario")?;
            if args.json {
                print_json(&out)
            } else {
                print(&out)
            }
        }
        Some(Command::Plot(Lazy(args))) => plot::run(&global, args),
        Some(Command::Check(Lazy(args))) => check::run(&global, &args.paths),
        Some(Command::List(Lazy(args))) => list::run(&global, args.json),
        Some(Command::Review(Lazy(args))) => review::run(&global, args.json),
        Some(Command::Join(Lazy(args))) => {
            join::run(&args.url, args.name.as_deref()).map(|()| ExitCode::SUCCESS)
        }
        Some(Command::Learn(Lazy(args))) => learn::run(&global, args.lesson.as_deref()),
        Some(Command::Config(Lazy(args))) => settings::run(args.action),
        Some(Command::Present(Lazy(args))) => present::run(&global, &args.into()),
        Some(Command::Completions(Lazy(args))) => {
            let mut script = Vec::new();
            clap_complete::generate(args.shell, &mut Cli::command(), "roofline", &mut script);
            write_stdout(&String::from_utf8_lossy(&script))
        }
        Some(Command::Man(Lazy(_))) => {
            let mut page = Vec::new();
            clap_mangen::Man::new(full_command()).render(&mut page)?;
            write_stdout(&String::from_utf8_lossy(&page))
        }
        Some(Command::Lab(Lazy(args))) => lab::run(&global, &args),
        Some(Command::Detect(Lazy(args))) => detect::run(&global, args.write.as_deref()),
        Some(Command::Quiz(Lazy(args))) => quiz::run(&global, &args),
        Some(Command::Results(Lazy(args))) => results::run(&args),
        None => learn::run(&global, None),
    }
}

/// The whole command tree, every command's arguments built (they are otherwise added only to
/// the command being parsed): what the manual page describes.
#[must_use]
pub fn full_command() -> clap::Command {
    let mut command = Cli::command();
    command.build();
    command
}

/// The scenario `calc` and `plot` draw: the flags over the `--cluster` profile when one is
/// given, else over the calculator's defaults (issue 2's definitions: BF16, batch 1, context 0, TP 1,
/// 0.9 memory utilization, nothing reserved).
pub(crate) fn flags_scenario(
    global: &GlobalArgs,
    catalog: &Catalog,
    flags: ScenarioFlags,
) -> Result<Scenario> {
    let cluster = match &global.cluster {
        Some(_) => Some(cluster(global, catalog)?.scenario),
        None => None,
    };
    let ScenarioFlags {
        gpu,
        model,
        precision,
        weights,
        kv,
        batch,
        context,
        tp,
        mem_util,
        overhead_gb,
        prompt,
        draft_tokens,
        attention_dp,
        gpu_hour_usd,
    } = flags;
    let base = match (cluster, &gpu) {
        (Some(cluster), _) => cluster,
        (None, Some(gpu)) => Scenario::for_gpu(gpu),
        (None, None) => bail!("--gpu ID is required (or pass --cluster FILE)"),
    };
    // The flags are a patch over the base, exactly as a lesson step's scenario is.
    let flags = ScenarioPatch {
        gpu,
        model,
        precision,
        weights,
        kv,
        batch,
        context,
        tp,
        mem_util,
        overhead_gb,
        prompt,
        draft_tokens,
        // The flag turns it on; without it the base (a profile's setting) stands.
        attention_dp: attention_dp.then_some(true),
        gpu_hour_usd,
    };
    Ok(flags.apply(&base))
}

/// Prints text to stdout, control characters escaped (names and titles come from files the
/// user may not have written); a closed pipe (`| head`) is not an error.
pub(crate) fn print(text: &str) -> Result<ExitCode> {
    write_stdout(&escape_controls(text))
}

/// Prints JSON to stdout with every control character escaped (still the same JSON).
pub(crate) fn print_json(json: &str) -> Result<ExitCode> {
    write_stdout(&escape_json_controls(json))
}

/// Prints our own text (a completion script, the man page) as it is.
fn write_stdout(text: &str) -> Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(ExitCode::SUCCESS),
    }
}

#[cfg(test)]
mod catalog_kind_tests;
#[cfg(test)]
mod study_start_tests;
