//! The command-line surface (clap derive).

use std::path::PathBuf;

use clap::{ArgMatches, Args, FromArgMatches, Parser, Subcommand};

use crate::domain::dtype::Dtype;
use crate::domain::schedule::DesiredRetention;

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
    /// Your cluster profile (RON; see assets/clusters/example.ron): the scenario every lesson
    /// example and computed answer uses unless a step sets its own.
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
    /// Desired retention for reviews: the share of reviews you want to get right, in
    /// (0.7, 0.99]; higher means more frequent reviews [default: 0.9].
    #[arg(long, value_name = "R", value_parser = parse_retention)]
    pub retention: Option<DesiredRetention>,
}

/// The commands. Each one's arguments (the global options among them, so that they may come
/// after the command name too) are built only when it is the command given: see [`Lazy`].
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Study a lesson (default: where you left off).
    Learn(Lazy<LearnCli>),
    /// Compute the roofline numbers for one scenario.
    Calc(Lazy<CalcCli>),
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
            Self::Calc(c) => &mut c.0.global,
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
    fn merge(&mut self, after: Self) {
        let Self {
            hardware,
            models,
            cluster,
            lessons,
            data_dir,
            ascii,
            retention,
        } = after;
        self.hardware.extend(hardware);
        self.models.extend(models);
        self.cluster = cluster.or(self.cluster.take());
        self.lessons = lessons.or(self.lessons.take());
        self.data_dir = data_dir.or(self.data_dir.take());
        self.ascii |= ascii;
        self.retention = retention.or(self.retention.take());
    }
}

/// A command's arguments, added to its `clap::Command` only when that command is being
/// parsed (`clap::Command::defer`). `roofline` alone then builds none of them, nor copies the
/// global options into every command: that was most of the time clap took, and clap was an
/// eighth of the time to the first frame.
#[derive(Debug)]
pub struct Lazy<T>(pub T);

impl<T: Args> Args for Lazy<T> {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.defer(|cmd| keeping_about(cmd, T::augment_args))
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        cmd.defer(|cmd| keeping_about(cmd, T::augment_args_for_update))
    }
}

/// `augment` applied to `cmd`, the command's description kept: the arguments' struct carries a
/// doc comment of its own, which must not replace the command's (as it would, added last).
fn keeping_about(cmd: clap::Command, augment: fn(clap::Command) -> clap::Command) -> clap::Command {
    let about = cmd.get_about().cloned();
    let long_about = cmd.get_long_about().cloned();
    let cmd = augment(cmd);
    let cmd = match about {
        Some(about) => cmd.about(about),
        None => cmd.about(None::<&str>),
    };
    match long_about {
        Some(long_about) => cmd.long_about(long_about),
        None => cmd.long_about(None::<&str>),
    }
}

impl<T: FromArgMatches> FromArgMatches for Lazy<T> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Self)
    }

    fn from_arg_matches_mut(matches: &mut ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches_mut(matches).map(Self)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }

    fn update_from_arg_matches_mut(&mut self, matches: &mut ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

/// `roofline learn` options.
#[derive(Debug, Args)]
pub struct LearnCli {
    /// Lesson id, e.g. `ridge-point`.
    pub lesson: Option<String>,
    /// Options every command shares.
    #[command(flatten)]
    pub global: GlobalArgs,
}

/// `roofline check` options.
#[derive(Debug, Args)]
pub struct CheckCli {
    /// Lesson files or directories (default: the built-in lessons).
    pub paths: Vec<PathBuf>,
    /// Options every command shares.
    #[command(flatten)]
    pub global: GlobalArgs,
}

/// `roofline present` options.
#[derive(Debug, Args)]
pub struct PresentCli {
    /// Lesson id, e.g. `batching` (required unless --notes).
    pub lesson: Option<String>,
    /// Start at this step: its number (from 1) or its id.
    #[arg(long, value_name = "STEP")]
    pub from: Option<String>,
    /// Keep the room's guesses per step as JSON in FILE, rewritten at each reveal.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Follow the running presentation as speaker notes (in a second terminal).
    #[arg(long, conflicts_with_all = ["lesson", "from", "out", "room", "room_code"])]
    pub notes: bool,
    /// Let the room answer from its phones and laptops: serve a page on ADDR:PORT
    /// (default: all interfaces, a free port) and show its address, a join code and a QR code.
    #[arg(long, value_name = "ADDR:PORT", num_args = 0..=1)]
    pub room: Option<Option<String>>,
    /// Use this six-character join code instead of a fresh one (rehearsals, tests).
    #[arg(long, value_name = "CODE")]
    pub room_code: Option<String>,
    /// Options every command shares.
    #[command(flatten)]
    pub global: GlobalArgs,
}

/// `roofline list` options.
#[derive(Debug, Args)]
pub struct ListCli {
    /// Print a JSON array instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Options every command shares.
    #[command(flatten)]
    pub global: GlobalArgs,
}

/// `roofline completions` options.
#[derive(Debug, Args)]
pub struct CompletionsCli {
    /// The shell.
    pub shell: clap_complete::Shell,
    /// Options every command shares.
    #[command(flatten)]
    pub global: GlobalArgs,
}

/// `roofline man` options.
#[derive(Debug, Args)]
pub struct ManCli {
    /// Options every command shares.
    #[command(flatten)]
    pub global: GlobalArgs,
}

/// `roofline join` options.
#[derive(Debug, Args)]
pub struct JoinCli {
    /// The address on the presenter's screen, with its code: `http://HOST:PORT/?code=CODE`.
    pub url: String,
    /// The name to be known by (at most 32 characters).
    #[arg(long)]
    pub name: Option<String>,
    /// Options every command shares.
    #[command(flatten)]
    pub global: GlobalArgs,
}

/// `roofline review` options.
#[derive(Debug, Args)]
pub struct ReviewCli {
    /// Print what is due and when the rest comes due, as JSON, without a terminal.
    #[arg(long)]
    pub json: bool,
    /// Options every command shares.
    #[command(flatten)]
    pub global: GlobalArgs,
}

/// `roofline detect` options.
#[derive(Debug, Args)]
pub struct DetectCli {
    /// Write the profile to this file instead of printing it.
    #[arg(long, value_name = "FILE")]
    pub write: Option<PathBuf>,
    /// Options every command shares.
    #[command(flatten)]
    pub global: GlobalArgs,
}

/// `roofline quiz` options (`--lessons DIR` picks the lesson files, as everywhere).
#[derive(Debug, Args)]
#[command(allow_negative_numbers = true)]
pub struct QuizCli {
    /// Only these lessons (ids, comma-separated), e.g. `batching,kv-cache`.
    #[arg(long, value_name = "ID,ID…", value_delimiter = ',')]
    pub only: Vec<String>,
    /// How many questions [default: 10].
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub count: Option<usize>,
    /// The seed: the same seed and lessons give the same quiz [default: random, printed].
    #[arg(long, value_name = "S", value_parser = parse_seed)]
    pub seed: Option<u64>,
    /// Your name, in the result file [default: $USER].
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// Where to write the result [default: quiz-NAME-DATE.json here].
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Show each answer after its question, or all at the end.
    #[arg(long, value_name = "WHEN", default_value = "each")]
    pub reveal: RevealWhen,
    /// Options every command shares.
    #[command(flatten)]
    pub global: GlobalArgs,
}

/// When the quiz shows the answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RevealWhen {
    /// After each question.
    Each,
    /// All at the end.
    End,
}

/// `roofline results` options.
#[derive(Debug, Args)]
pub struct ResultsCli {
    /// Quiz result files (JSON, from `roofline quiz`).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Print the table as JSON.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print the table as CSV (a row per student, a column per question).
    #[arg(long)]
    pub csv: bool,
    /// Accept results of different quizzes, comparing only the questions they share.
    #[arg(long)]
    pub mixed: bool,
    /// Options every command shares.
    #[command(flatten)]
    pub global: GlobalArgs,
}

fn parse_count(text: &str) -> Result<usize, String> {
    text.parse::<usize>()
        .map_err(|_| format!("'{text}' is not a count: give a whole number of questions"))
}

fn parse_seed(text: &str) -> Result<u64, String> {
    text.parse::<u64>().map_err(|_| {
        format!(
            "'{text}' is not a seed: give a whole number from 0 to {}",
            u64::MAX
        )
    })
}

/// `roofline lab` options.
#[derive(Debug, Args)]
pub struct LabCli {
    /// A shorter run (about 2 s): fewer repeats, a smaller time budget per point.
    #[arg(long)]
    pub quick: bool,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Threads to measure with [default: every core].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub threads: Option<u32>,
    /// Options every command shares.
    #[command(flatten)]
    pub global: GlobalArgs,
}

/// `roofline calc` options. Each setting left out comes from `--cluster FILE` when given,
/// else from the defaults shown.
#[derive(Debug, Args)]
#[command(allow_negative_numbers = true)]
pub struct CalcCli {
    /// Accelerator id, e.g. `h100-sxm` (required unless --cluster gives one).
    #[arg(long, value_name = "ID")]
    pub gpu: Option<String>,
    /// Model id, e.g. `llama-3-8b`.
    #[arg(long, value_name = "ID")]
    pub model: Option<String>,
    /// Tensor-core math format: picks the peak and the activation bytes [default: bf16].
    #[arg(long, value_name = "P", value_parser = parse_dtype)]
    pub precision: Option<Dtype>,
    /// Weight format [default: the precision]; `int4` is weight-only.
    #[arg(long, value_name = "P", value_parser = parse_dtype)]
    pub weights: Option<Dtype>,
    /// KV cache format [default: bf16].
    #[arg(long, value_name = "P", value_parser = parse_dtype)]
    pub kv: Option<Dtype>,
    /// Sequences decoded together [default: 1].
    #[arg(long, value_name = "B", value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::domain::scenario::MAX_BATCH)))]
    pub batch: Option<u32>,
    /// Tokens of context per sequence [default: 0].
    #[arg(long, value_name = "T")]
    pub context: Option<u64>,
    /// Tensor-parallel degree [default: 1].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub tp: Option<u32>,
    /// Share of GPU memory the server may use [default: 0.9].
    #[arg(long = "mem-util", value_name = "U", value_parser = parse_mem_util)]
    pub mem_util: Option<f64>,
    /// GB per GPU reserved for activations and runtime, outside the KV budget [default: 0].
    #[arg(long = "overhead-gb", value_name = "GB", value_parser = parse_non_negative)]
    pub overhead_gb: Option<f64>,
    /// Prompt length for the prefill intensity [default: 2048].
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..))]
    pub prompt: Option<u64>,
    /// Speculative draft tokens verified per sequence per step [default: 0].
    #[arg(long = "draft-tokens", value_name = "Q", value_parser = clap::value_parser!(u32).range(0..=i64::from(crate::domain::limits::MAX_DRAFT_TOKENS)))]
    pub draft_tokens: Option<u32>,
    /// Data-parallel attention: each GPU keeps its own sequences with all heads (for MLA,
    /// whose latent tensor parallelism copies to every GPU) [default: off].
    #[arg(long = "attention-dp")]
    pub attention_dp: bool,
    /// Price of one GPU-hour in US dollars, for the cost per million tokens [default: 2.50].
    #[arg(long = "gpu-hour-usd", value_name = "USD", value_parser = parse_non_negative)]
    pub gpu_hour_usd: Option<f64>,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Options every command shares.
    #[command(flatten)]
    pub global: GlobalArgs,
}

fn parse_retention(text: &str) -> Result<DesiredRetention, String> {
    let v: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number"))?;
    DesiredRetention::new(v).map_err(|e| e.to_string())
}

fn parse_dtype(text: &str) -> Result<Dtype, String> {
    text.parse::<Dtype>().map_err(|e| e.to_string())
}

fn parse_mem_util(text: &str) -> Result<f64, String> {
    let v: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number"))?;
    if v > 0.0 && v <= 1.0 {
        Ok(v)
    } else {
        Err(format!("{text} is not in (0, 1]"))
    }
}

fn parse_non_negative(text: &str) -> Result<f64, String> {
    let v: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number"))?;
    if v >= 0.0 && v.is_finite() {
        Ok(v)
    } else {
        Err(format!("{text} is not a non-negative number"))
    }
}
