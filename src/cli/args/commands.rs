//! Each command's own options (every struct also flattens the global ones, so that they may
//! follow the command's name).

use std::path::PathBuf;

use clap::Args;

use super::GlobalArgs;
use super::scenario::ScenarioFlags;

/// `roofline learn` options.
#[derive(Debug, Args)]
pub struct LearnCli {
    /// Lesson id, e.g. `ridge-point`, or its number in `roofline list`, e.g. `2`.
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
    /// Lesson id, e.g. `batching`, or its number in `roofline list` (required unless --notes).
    pub lesson: Option<String>,
    /// Start at this step: its number (from 1) or its id.
    #[arg(long, value_name = "STEP")]
    pub from: Option<String>,
    /// Keep the room's guesses per step as JSON in FILE, rewritten at each reveal; a FILE
    /// ending in .html gets a self-contained handout of the session instead.
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
    /// Practise the N items that come due next (10 when N is left out), even when none is due
    /// yet. Each is graded and rescheduled like any review: FSRS counts the days actually
    /// elapsed, so an early review moves the next due date less far than an on-time one.
    #[arg(long, value_name = "N", num_args = 0..=1, default_missing_value = "10")]
    pub ahead: Option<usize>,
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
    /// Measure NVIDIA GPU N instead of the CPU (N from 0, as CUDA counts them; 0 when left
    /// out): HBM read bandwidth, BF16 and FP8 GEMM peaks, a decode-shaped sweep. Needs the
    /// driver, cuBLAS and NVRTC at run time, no CUDA toolkit.
    #[arg(
        long,
        value_name = "N",
        num_args = 0..=1,
        default_missing_value = "0",
        conflicts_with = "threads",
        value_parser = clap::value_parser!(u32).range(0..=63)
    )]
    pub gpu: Option<u32>,
    /// Options every command shares.
    #[command(flatten)]
    pub global: GlobalArgs,
}

/// `roofline calc` options. Each setting left out comes from `--cluster FILE` when given,
/// else from the defaults shown.
#[derive(Debug, Args)]
#[command(allow_negative_numbers = true)]
pub struct CalcCli {
    /// The scenario.
    #[command(flatten)]
    pub scenario: ScenarioFlags,
    /// Print one JSON object instead of a table (each derived figure's `basis` included).
    #[arg(long)]
    pub json: bool,
    /// After the table, how each figure is computed: formula, inputs and their sources,
    /// assumptions, and the input that moves it most.
    #[arg(long, conflicts_with = "json")]
    pub explain: bool,
    /// Cluster options: interconnect, disaggregation, latency targets.
    #[command(flatten)]
    pub plan: super::PlanCli,
    /// Options every command shares.
    #[command(flatten)]
    pub global: GlobalArgs,
}
