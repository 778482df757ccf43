//! The lesson model: what a lesson file says, as plain data. Parsing lives in `content`,
//! placeholder rendering in [`template`], checking in [`validate`] (located by `content::lessons`).
//!
//! A lesson is a list of steps, each with a stable id: progress and review state are keyed by
//! `(lesson id, step id)`, so rewording a step never loses a learner's history.

pub mod concepts;
pub mod glossary;
mod head;
pub mod measured_step;
mod patch;
mod question;
pub mod template;
pub mod validate;
pub mod vary;

pub use concepts::{Course, StepConcepts};
pub use head::LessonHead;
pub use patch::{Efficiency, ScenarioPatch, scenario_for};
pub use question::Question;
pub use vary::{Variant, Vary, VaryCounts, VaryError, draw_variant};

use serde::{Deserialize, Serialize};

use super::scenario::Scenario;

/// The lesson format this build writes. It reads every version from 1: version 2 added
/// `concepts` (a version-1 lesson has none).
pub const LESSON_FORMAT_VERSION: u32 = 2;

/// The first lesson format with `concepts`.
pub const CONCEPTS_SINCE: u32 = 2;

/// One lesson file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// From 1 to [`LESSON_FORMAT_VERSION`].
    pub format_version: u32,
    /// Stable id, lowercase with dashes, e.g. `ridge-point`.
    pub id: String,
    /// Title shown in the lesson list and the pane border.
    pub title: String,
    /// One or two sentences: what the learner will be able to do afterwards.
    pub summary: String,
    /// What the steps teach and use (format 2 on), for the check that no concept is used
    /// before it is taught.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub concepts: Vec<StepConcepts>,
    /// The steps, in order.
    pub steps: Vec<Step>,
}

/// One step of a lesson. Written in RON as `Read(id: "…", text: "…")`, `Predict(…)`, ….
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Step {
    /// Prose to read.
    Read(ReadStep),
    /// Commit a guess, then reveal the answer.
    Predict(PredictStep),
    /// A card: say the back before turning it over.
    Recall(RecallStep),
    /// A worked example computed for a scenario.
    Example(ExampleStep),
    /// A task on the live plot, answered like a prediction.
    Explore(ExploreStep),
    /// Write an explanation, then compare it with a model answer.
    Explain(ExplainStep),
}

impl Step {
    /// The step's stable id.
    #[must_use]
    pub fn id(&self) -> &str {
        match self {
            Self::Read(s) => &s.id,
            Self::Predict(s) => &s.id,
            Self::Recall(s) => &s.id,
            Self::Example(s) => &s.id,
            Self::Explore(s) => &s.id,
            Self::Explain(s) => &s.id,
        }
    }

    /// The text a learner reads first (the prose, the question, the card's front, the
    /// heading, the task, the prompt) and the scenario its placeholders are computed for.
    #[must_use]
    pub fn opening(&self) -> (&str, Option<&ScenarioPatch>) {
        match self {
            Self::Read(s) => (&s.text, s.scenario.as_ref()),
            Self::Predict(s) => (&s.question, s.scenario.as_ref()),
            Self::Recall(s) => (&s.front, s.scenario.as_ref()),
            Self::Example(s) => (&s.title, s.scenario.as_ref()),
            Self::Explore(s) => (&s.task, s.preset.as_ref()),
            Self::Explain(s) => (&s.prompt, s.scenario.as_ref()),
        }
    }

    /// The key its scenario patch is written under in a lesson file: `preset` for an
    /// exploration, `scenario` for every other kind.
    #[must_use]
    pub const fn patch_key(&self) -> &'static str {
        match self {
            Self::Explore(_) => "preset",
            Self::Read(_)
            | Self::Predict(_)
            | Self::Recall(_)
            | Self::Example(_)
            | Self::Explain(_) => "scenario",
        }
    }

    /// The kind's name as `roofline list --json` counts it.
    #[must_use]
    pub const fn kind_name(&self) -> &'static str {
        self.kind().name()
    }

    /// Which kind of step this is.
    #[must_use]
    pub const fn kind(&self) -> StepKind {
        match self {
            Self::Read(_) => StepKind::Read,
            Self::Predict(_) => StepKind::Predict,
            Self::Recall(_) => StepKind::Recall,
            Self::Example(_) => StepKind::Example,
            Self::Explore(_) => StepKind::Explore,
            Self::Explain(_) => StepKind::Explain,
        }
    }
}

/// A step's kind without its content: what progress needs to tell whether a record finishes
/// the step (the lesson list sums it up from these, before any lesson text is read).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StepKind {
    /// [`Step::Read`].
    Read,
    /// [`Step::Predict`].
    Predict,
    /// [`Step::Recall`].
    Recall,
    /// [`Step::Example`].
    Example,
    /// [`Step::Explore`].
    Explore,
    /// [`Step::Explain`].
    Explain,
}

impl StepKind {
    /// The kind's name as `roofline list --json` counts it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Read => "read",
            Self::Predict => "predict",
            Self::Recall => "recall",
            Self::Example => "example",
            Self::Explore => "explore",
            Self::Explain => "explain",
        }
    }

    /// The kind's name as a step's header shows it (`Step 2/6 · Predict`).
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Self::Read => "Read",
            Self::Predict => "Predict",
            Self::Recall => "Recall",
            Self::Example => "Example",
            Self::Explore => "Explore",
            Self::Explain => "Explain",
        }
    }
}

/// A tag that marks what kind of prose a read step is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReadTag {
    /// An everyday comparison.
    Analogy,
    /// The same idea in terms an infrastructure engineer already uses.
    InfraBridge,
    /// The one thing to remember.
    Takeaway,
    /// A common mistake.
    Pitfall,
    /// A lesson's opening: a problem the learner owns (a one-line incident, an operator's real
    /// symptom) in its first paragraph, and what they will predict by the lesson's end in its
    /// last. A lesson's first step carries it (`roofline check` asks for it).
    Incident,
    /// A lesson's closing: the papers, datasheets and engine docs it rests on. A lesson's last
    /// step carries it (`roofline check` asks for it).
    Sources,
}

/// Prose. Paragraphs are separated by blank lines; lines starting with `- ` are bullets.
/// Placeholders (`{ridge:.0}`) are filled in for the active cluster.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReadStep {
    /// Stable id within the lesson.
    pub id: String,
    /// Optional kind of prose.
    #[serde(default)]
    pub tag: Option<ReadTag>,
    /// The text, with placeholders.
    pub text: String,
    /// Scenario for the placeholders (default: the active cluster).
    #[serde(default)]
    pub scenario: Option<ScenarioPatch>,
}

/// A prediction: the learner commits a guess before the answer is revealed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PredictStep {
    /// Stable id within the lesson.
    pub id: String,
    /// The question, with placeholders for scenario values (`{gpu}`, `{batch}`, …).
    pub question: String,
    /// What the question is computed for (default: the active cluster).
    #[serde(default)]
    pub scenario: Option<ScenarioPatch>,
    /// The answer.
    pub answer: Answer,
    /// Shown on reveal: why the answer is what it is (placeholders allowed).
    pub explanation: String,
    /// Shown on reveal: the common wrong answer and why it is wrong.
    #[serde(default)]
    pub trap: Option<String>,
    /// Settings a quiz or a review may vary (`[Gpu, Batch]`) to ask the question for a fresh
    /// scenario; each must be shown in the question through a placeholder (`{gpu}`, `{batch}`).
    #[serde(default)]
    pub vary: Option<Vec<Vary>>,
    /// The question as asked out of the lesson's order — in a quiz or a review, where the steps
    /// before it are not on screen — for a question that leans on them ("Same MLP, …", "At
    /// that step time, …"). Placeholders allowed; without it the question is asked as it is.
    #[serde(default)]
    pub alone: Option<String>,
}

impl PredictStep {
    /// The question to ask out of the lesson's order (a quiz, a review): `alone` where the
    /// step has one, else the question itself.
    #[must_use]
    pub fn alone_question(&self) -> &str {
        self.alone.as_deref().unwrap_or(&self.question)
    }
}

/// The answer to a prediction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    /// A number, judged in log space.
    Number(NumberAnswer),
    /// One of several options.
    Choice(ChoiceAnswer),
}

/// A numeric answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NumberAnswer {
    /// Where the number comes from.
    pub value: NumberSource,
    /// Unit shown after the input and the answer, e.g. `FLOP/byte`.
    pub unit: String,
    /// Relative tolerance for full marks, in (0, 1]; default 0.1 (±10 %).
    #[serde(default)]
    pub tolerance: Option<f64>,
}

/// A fixed number or one the engine computes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum NumberSource {
    /// A fixed value (for facts the engine does not compute).
    Literal(f64),
    /// A named engine quantity (`"ridge"`, `"step_time_ms"`, …) for the step's scenario.
    Quantity(String),
}

/// A multiple-choice answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChoiceAnswer {
    /// The options, in the order shown (keys 1, 2, 3, …).
    pub options: Vec<String>,
    /// Index of the correct option, from 0.
    pub correct: usize,
    /// The engine quantity the choice turns on (`"tpot_ms"` for "does batch 128 keep a 10 ms
    /// promise?"): withheld while the question is open, as a numeric answer's is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub about: Option<String>,
}

/// A recall card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecallStep {
    /// Stable id within the lesson.
    pub id: String,
    /// The prompt.
    pub front: String,
    /// The answer to say before turning the card.
    pub back: String,
    /// What the card's placeholders are computed for (default: the active cluster): a card
    /// about a named model or GPU says so here, and its figures stay computed.
    #[serde(default)]
    pub scenario: Option<ScenarioPatch>,
}

/// A worked example: lines whose placeholders the engine fills for a scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExampleStep {
    /// Stable id within the lesson.
    pub id: String,
    /// A heading.
    pub title: String,
    /// What the example is computed for (default: the active cluster).
    #[serde(default)]
    pub scenario: Option<ScenarioPatch>,
    /// The lines, e.g. `"ridge = {peak_tflops:.1} TFLOP/s ÷ {bandwidth_tbs:.2} TB/s = {ridge:.0} FLOP/byte"`.
    pub lines: Vec<String>,
}

/// A task on the live plot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExploreStep {
    /// Stable id within the lesson.
    pub id: String,
    /// Where the plot starts (applied to the active cluster).
    #[serde(default)]
    pub preset: Option<ScenarioPatch>,
    /// A second GPU drawn over the first, for comparison.
    #[serde(default)]
    pub overlay_gpu: Option<String>,
    /// What to do on the plot, and what to type when done.
    pub task: String,
    /// The answer, computed for the preset.
    pub answer: Answer,
    /// Shown on reveal.
    pub explanation: String,
}

/// "Explain it to a colleague".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExplainStep {
    /// Stable id within the lesson.
    pub id: String,
    /// The prompt.
    pub prompt: String,
    /// The model answer shown after the learner has written theirs.
    pub model_answer: String,
    /// What the placeholders are computed for (default: the active cluster).
    #[serde(default)]
    pub scenario: Option<ScenarioPatch>,
}

/// A numeric answer's value for a scenario: the literal, or the engine quantity computed for it.
pub fn resolve_number(
    source: &NumberSource,
    scenario: &Scenario,
    catalog: &super::catalog::Catalog,
) -> Result<f64, ResolveError> {
    match source {
        NumberSource::Literal(v) => Ok(*v),
        NumberSource::Quantity(name) => {
            let quantity: super::quantity::Quantity = name.parse()?;
            let evaluation = scenario.evaluate(catalog)?;
            quantity
                .number(&evaluation)
                .ok_or_else(|| ResolveError::NotApplicable(name.clone()))
        }
    }
}

/// Why an answer could not be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ResolveError {
    /// The quantity name is unknown.
    #[error(transparent)]
    Quantity(#[from] super::quantity::UnknownQuantity),
    /// The scenario does not evaluate.
    #[error(transparent)]
    Scenario(#[from] super::scenario::ScenarioError),
    /// The quantity has no numeric value in this scenario (no model, context 0, the bound, …).
    #[error("'{0}' has no numeric value in this scenario")]
    NotApplicable(String),
}
