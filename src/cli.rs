//! The edge of the program: parses arguments, loads data, runs a command, and turns every error
//! into one readable message and a non-zero exit (no backtraces).

// A new variant of one of the project's enums must be handled wherever it is matched: no
// `_ =>` arm takes it in silence (a restriction lint, turned on per module, as in `domain`).
#![warn(clippy::wildcard_enum_match_arm)]

pub mod args;
pub mod calc;
pub mod check;
mod context;
pub mod detect;
pub mod join;
pub mod lab;
pub mod learn;
pub mod list;
pub mod model_config;
pub mod own_cluster;
pub mod plain;
pub mod plot;
pub mod present;
pub mod quiz;
pub mod results;
pub mod review;
pub mod settings;
mod tty;

use std::io::Write as _;
use std::process::ExitCode;

use anyhow::{Context as _, Result, bail};
use clap::{CommandFactory as _, Parser as _};

use crate::content::terminal_text::{escape_controls, escape_json_controls, for_terminal};
use crate::domain::catalog::Catalog;
use crate::domain::lesson::ScenarioPatch;
use crate::domain::scenario::Scenario;
use args::{Cli, Command, GlobalArgs, Lazy, ScenarioFlags};
pub use context::{
    catalog, catalog_and_cluster, catalog_kind, cluster, data_dir, lessons, progress_dir,
    study_start, unsaved_app,
};

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

fn dispatch(cli: Cli) -> Result<ExitCode> {
    let (global, command) = cli.into_parts();
    if let Some(Command::Config(Lazy(args))) = &command {
        // The settings file's own commands work whatever the file holds.
        return settings::run(args.action);
    }
    let global = settings::apply(global)?;
    // The plain-text mode takes study and the quiz; every other command prints lines already,
    // or takes the terminal as it must, and runs as it is.
    let command = match (
        plain::wanted(&global, std::env::var_os("TERM").as_deref()),
        command,
    ) {
        (plain::Wanted::Plain, Some(Command::Learn(Lazy(args)))) => {
            return plain::learn(&global, args.lesson.as_deref());
        }
        (plain::Wanted::Plain, None) => return plain::learn(&global, None),
        (plain::Wanted::Plain, Some(Command::Quiz(Lazy(args)))) => {
            return plain::quiz(&global, &args);
        }
        (plain::Wanted::Plain, Some(Command::Review(Lazy(args)))) if !args.json => {
            return plain::review(&global, review::Pick::of(args.ahead));
        }
        (plain::Wanted::Plain | plain::Wanted::Screen, command) => command,
    };
    match command {
        Some(Command::Calc(Lazy(args))) => {
            // `--measured` runs are checked against, and placed at, the setting calc computes.
            let (catalog, scenario) = context::catalog_and_cluster_at(&global, |catalog| {
                Ok(args
                    .plan
                    .apply(flags_scenario(&global, catalog, args.scenario)?))
            })?;
            let imported = model_config::imported(&global)?;
            let args = calc::CalcArgs {
                scenario,
                json: args.json,
                explain: args.explain,
                plan: args.plan,
            };
            let out = calc::run(&catalog, &args).context("cannot compute that scenario")?;
            if args.json {
                print_json(&model_config::with_sources(
                    &out,
                    &args.scenario,
                    &catalog,
                    imported.as_ref(),
                )?)
            } else {
                print(&out)
            }
        }
        Some(Command::Plot(Lazy(args))) => plot::run(&global, args),
        Some(Command::Check(Lazy(args))) => check::run(&global, &args.paths),
        Some(Command::List(Lazy(args))) => list::run(&global, args.json),
        Some(Command::Review(Lazy(args))) => review::run(&global, args.json, args.ahead),
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
        Some(Command::Model(Lazy(args))) => match args.action {
            args::ModelAction::Import { path, id } => {
                model_config::run_import(&path, id.as_deref())
            }
        },
        Some(Command::Cluster(Lazy(args))) => own_cluster::run(&args.global, args.action),
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
/// given, else over the calculator's defaults (BF16, batch 1, context 0, TP 1, 0.9 memory
/// utilization, the tutor's one default reserve); `--model-config` names the model when
/// `--model` does not, and its checkpoint's format is the weights' unless `--weights` says
/// otherwise.
pub(crate) fn flags_scenario(
    global: &GlobalArgs,
    catalog: &Catalog,
    flags: ScenarioFlags,
) -> Result<Scenario> {
    let cluster = match &global.cluster {
        Some(_) => Some(cluster(global, catalog)?.scenario),
        None => None,
    };
    // The flags are a patch over the base, exactly as a lesson step's scenario is.
    let mut patch = ScenarioPatch::from(flags);
    let base = match (cluster, &patch.gpu) {
        (Some(cluster), _) => cluster,
        (None, Some(gpu)) => Scenario::for_gpu(gpu),
        (None, None) => bail!("--gpu ID is required (or pass --cluster FILE)"),
    };
    // `--model-config` names the model when `--model` does not, and its checkpoint's format
    // is the weights' unless `--weights` says otherwise.
    if let Some(m) = model_config::imported(global)? {
        patch.model = patch.model.or_else(|| Some(m.spec.id.clone()));
        patch.weights = patch.weights.or(Some(m.weights()));
    }
    Ok(patch.apply(&base))
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
