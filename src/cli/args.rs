//! The command-line surface (clap derive).

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::domain::schedule::DesiredRetention;

mod commands;
mod config;
mod lazy;
mod own_cluster;
mod plan;
mod plot;
mod scenario;

pub use commands::{
    CalcCli, CheckCli, CompletionsCli, DetectCli, JoinCli, LabCli, LearnCli, ListCli, ManCli,
    PresentCli, QuizCli, ResultsCli, RevealWhen, ReviewCli,
};
pub use config::{ConfigAction, ConfigCli};
pub use lazy::Lazy;
pub use own_cluster::{ClusterAction, ClusterCli, ClusterNewCli, ModelAction, ModelCli};
pub use plan::{DEFAULT_CHUNK, DEFAULT_OUTPUT_TOKENS, PlanCli};
pub use plot::PlotCli;
pub use scenario::ScenarioFlags;

/// A terminal tutor for the roofline model of LLM inference: predict a number, reveal it, and
/// watch the decode dot climb a live log-log roofline for your own GPU and model.
#[derive(Debug, Parser)]
#[command(name = "roofline", version, about, allow_negative_numbers = true)]
pub struct Cli {
    /// Options every command shares.
    #[command(flatten)]
    pub global: GlobalArgs,
    /// What to do (default: resume study, or the lesson list on a first run).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Options every command shares.
#[derive(Debug, Args, Clone, Default)]
#[command(next_help_heading = "Global options")]
pub struct GlobalArgs {
    /// Extra accelerator definitions (RON), adding to or replacing the built-ins by id.
    #[arg(long = "hardware", value_name = "FILE")]
    pub hardware: Vec<PathBuf>,
    /// Extra model definitions (RON), adding to or replacing the built-ins by id.
    #[arg(long = "models", value_name = "FILE")]
    pub models: Vec<PathBuf>,
    /// A model from its Hugging Face `config.json` (the file, or the model's directory; read
    /// offline): it becomes the scenario's model wherever `--model` would name one.
    #[arg(long = "model-config", value_name = "PATH")]
    pub model_config: Option<PathBuf>,
    /// A benchmark of your serving engine (`vllm bench serve --save-result` JSON or its
    /// printed summary, SGLang `bench_serving` JSONL, `llama-bench -o json`): its runs go on
    /// the plot beside the speed of light, with MBU and MFU. Repeatable.
    #[arg(long = "measured", value_name = "FILE")]
    pub measured: Vec<PathBuf>,
    /// Your cluster profile (RON; `roofline cluster new` writes one, `roofline cluster check`
    /// checks it): the scenario every lesson example and computed answer uses unless a step
    /// sets its own.
    #[arg(long = "cluster", value_name = "FILE")]
    pub cluster: Option<PathBuf>,
    /// Load lessons from this directory instead of the built-in ones.
    #[arg(long = "lessons", value_name = "DIR")]
    pub lessons: Option<PathBuf>,
    /// Where progress is kept (default: the platform's data directory).
    #[arg(long = "data-dir", value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// Draw with plain ASCII characters instead of Braille and box drawing.
    #[arg(long)]
    pub ascii: bool,
    /// Plain text for screen readers and dumb terminals: the lesson or quiz as a sequence of
    /// lines read from stdin and written to stdout, no drawing, no escape sequences (the
    /// default when `TERM=dumb`).
    #[arg(long)]
    pub plain: bool,
    /// Desired retention for reviews: the share of reviews you want to get right, in
    /// (0.7, 0.99]; higher means more frequent reviews [default: 0.9].
    #[arg(long, value_name = "R", value_parser = parse_retention)]
    pub retention: Option<DesiredRetention>,
    /// Colours for a dark or a light terminal background: dark or light [default: the
    /// settings file's, else dark].
    #[arg(long, value_name = "THEME", value_parser = parse_palette)]
    pub theme: Option<crate::widgets::Palette>,
    /// The keymap, with the settings file's rebinding (not a flag: see `cli::settings`).
    #[arg(skip)]
    pub keys: crate::app::Keymap,
}

/// The commands. Each one's arguments (the global options among them, so that they may come
/// after the command name too) are built only when it is the command given: see [`Lazy`].
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Study a lesson (default: where you left off).
    Learn(Lazy<LearnCli>),
    /// The settings file: `config path` prints where it is, `config init` writes a
    /// commented one.
    Config(Lazy<ConfigCli>),
    /// Compute the roofline numbers for one scenario.
    Calc(Lazy<CalcCli>),
    /// Draw the roofline of one scenario (calc's flags) as an SVG picture for slides.
    Plot(Lazy<PlotCli>),
    /// Check lesson files and report every problem with its line.
    Check(Lazy<CheckCli>),
    /// Walk a classroom through a lesson on a projector: you pace and reveal, type the room's
    /// guesses, and the screen shows their spread.
    Present(Lazy<PresentCli>),
    /// List the lessons in order.
    List(Lazy<ListCli>),
    /// Print a shell completion script, e.g. `source <(roofline completions bash)`.
    Completions(Lazy<CompletionsCli>),
    /// Print the manual page (roff), e.g. `roofline man > roofline.1`.
    Man(Lazy<ManCli>),
    /// Answer a presentation's questions from this terminal (`present --room` shows the URL).
    Join(Lazy<JoinCli>),
    /// What is due for review: recall cards and answered predictions, scheduled by FSRS.
    Review(Lazy<ReviewCli>),
    /// Measure this machine's roofline and sweep the batch on it; the tutor then offers it as
    /// the GPU `this-machine`, with the measured points on its plot.
    Lab(Lazy<LabCli>),
    /// Find this machine's GPUs and print (or write) a cluster profile for them.
    Detect(Lazy<DetectCli>),
    /// Bring a model in from its Hugging Face `config.json`: `roofline model import PATH`.
    Model(Lazy<ModelCli>),
    /// Write (`cluster new`) or check (`cluster check FILE`) a cluster profile.
    Cluster(Lazy<ClusterCli>),
    /// Take a quiz: scored predictions drawn from the lessons, fresh numbers per seed, a
    /// result file at the end (study progress is not touched).
    Quiz(Lazy<QuizCli>),
    /// One table for a class from quiz result files: a row per student, a column per
    /// question (hardest first), the class's calibration.
    Results(Lazy<ResultsCli>),
}

impl Command {
    /// The global options given after the command's name.
    fn global_mut(&mut self) -> &mut GlobalArgs {
        match self {
            Self::Learn(c) => &mut c.0.global,
            Self::Config(c) => &mut c.0.global,
            Self::Calc(c) => &mut c.0.global,
            Self::Plot(c) => &mut c.0.global,
            Self::Check(c) => &mut c.0.global,
            Self::Present(c) => &mut c.0.global,
            Self::List(c) => &mut c.0.global,
            Self::Completions(c) => &mut c.0.global,
            Self::Man(c) => &mut c.0.global,
            Self::Join(c) => &mut c.0.global,
            Self::Review(c) => &mut c.0.global,
            Self::Lab(c) => &mut c.0.global,
            Self::Detect(c) => &mut c.0.global,
            Self::Quiz(c) => &mut c.0.global,
            Self::Results(c) => &mut c.0.global,
            Self::Model(c) => &mut c.0.global,
            Self::Cluster(c) => &mut c.0.global,
        }
    }
}

impl Cli {
    /// The global options, wherever they were given (before or after the command's name; a
    /// value after it wins, files add up), and the command.
    #[must_use]
    pub fn into_parts(self) -> (GlobalArgs, Option<Command>) {
        let Self {
            mut global,
            mut command,
        } = self;
        if let Some(command) = &mut command {
            global.merge(std::mem::take(command.global_mut()));
        }
        (global, command)
    }
}

impl GlobalArgs {
    /// Adds the options given after the command's name: their files after these, their
    /// single values instead of these.
    pub(crate) fn merge(&mut self, after: Self) {
        let Self {
            hardware,
            models,
            model_config,
            measured,
            cluster,
            lessons,
            data_dir,
            ascii,
            plain,
            retention,
            theme,
            keys: _,
        } = after;
        self.hardware.extend(hardware);
        self.models.extend(models);
        self.model_config = model_config.or(self.model_config.take());
        self.measured.extend(measured);
        self.cluster = cluster.or(self.cluster.take());
        self.lessons = lessons.or(self.lessons.take());
        self.data_dir = data_dir.or(self.data_dir.take());
        self.ascii |= ascii;
        self.plain |= plain;
        self.retention = retention.or(self.retention.take());
        self.theme = theme.or(self.theme.take());
    }
}

fn parse_palette(text: &str) -> Result<crate::widgets::Palette, String> {
    text.parse()
        .map_err(|e: crate::widgets::palette::UnknownPalette| e.to_string())
}

fn parse_retention(text: &str) -> Result<DesiredRetention, String> {
    let v: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number"))?;
    DesiredRetention::new(v).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use clap::Parser as _;
    use rstest::rstest;

    use super::Cli;

    /// The global options wherever they were given: after the command's name a value wins and
    /// files add up.
    #[rstest]
    #[case::before(&["--ascii", "--data-dir", "d", "list"], true, Some("d"), &[], None)]
    #[case::after(&["list", "--ascii", "--data-dir", "d"], true, Some("d"), &[], None)]
    #[case::no_command(&["--cluster", "c.ron"], false, None, &[], Some("c.ron"))]
    #[case::after_wins(&["--cluster", "a.ron", "calc", "--cluster", "b.ron"], false, None, &[], Some("b.ron"))]
    #[case::files_add_up(&["--hardware", "a.ron", "calc", "--hardware", "b.ron"], false, None, &["a.ron", "b.ron"], None)]
    fn global_options_before_or_after_the_command(
        #[case] args: &[&str],
        #[case] ascii: bool,
        #[case] data_dir: Option<&str>,
        #[case] hardware: &[&str],
        #[case] cluster: Option<&str>,
    ) {
        let cli = Cli::try_parse_from(std::iter::once("roofline").chain(args.iter().copied()))
            .unwrap_or_else(|e| panic!("{args:?}: {e}"));
        let (global, _) = cli.into_parts();
        assert_eq!(global.ascii, ascii, "{args:?}");
        assert_eq!(global.data_dir, data_dir.map(PathBuf::from), "{args:?}");
        assert_eq!(
            global.hardware,
            hardware.iter().map(PathBuf::from).collect::<Vec<_>>(),
            "{args:?}"
        );
        assert_eq!(global.cluster, cluster.map(PathBuf::from), "{args:?}");
    }

    #[test]
    fn every_command_parses_and_describes_itself_once_built() {
        super::super::full_command().debug_assert();
        let command = super::super::full_command();
        for sub in command.get_subcommands() {
            let about = sub.get_about().map(ToString::to_string).unwrap_or_default();
            assert!(
                !about.contains("options"),
                "{}: its description, not its options struct's doc: {about}",
                sub.get_name()
            );
        }
    }
}
