//! The checks inside one step: its scenario, its text and placeholders, its answer.

use super::snippet::around;
use super::spot::{Needle, Spot};
use super::{Problem, quoted};
use crate::domain::catalog::{Catalog, UnknownId};
use crate::domain::lesson::template::{self, Format, Placeholder, ValueName};
use crate::domain::lesson::{
    Answer, ChoiceAnswer, ExampleStep, ExplainStep, ExploreStep, NumberAnswer, NumberSource,
    PredictStep, ReadStep, RecallStep, ScenarioPatch, Step, scenario_for,
};
use crate::domain::quantity::Quantity;
use crate::domain::scenario::{Evaluation, Scenario, ScenarioError};

mod settings;
mod why_missing;

use settings::{on_problem, scenario_key};

const ANSWER_VALUE: &[&str] = &["answer", "value"];

/// Placeholder problems listed per text before the rest are summed up in one line.
const MAX_PLACEHOLDER_PROBLEMS: usize = 10;

/// Every problem inside step `index`.
pub(super) fn check(index: usize, step: &Step, catalog: &Catalog, base: &Scenario) -> Vec<Problem> {
    let mut c = StepChecker {
        index,
        catalog,
        scenario: base.clone(),
        patch_field: None,
        ids_known: true,
        evaluation: None,
        problems: Vec::new(),
    };
    let (_, patch) = step.opening();
    c.scenario(step.patch_key(), patch);
    match step {
        Step::Read(ReadStep { text, .. }) => {
            c.text(&["text"], text);
        }
        Step::Predict(PredictStep {
            question,
            answer,
            explanation,
            trap,
            alone,
            ..
        }) => {
            c.text(&["question"], question);
            if let Some(alone) = alone {
                c.text(&["alone"], alone);
            }
            c.answer(answer);
            c.text(&["explanation"], explanation);
            if let Some(trap) = trap {
                c.text(&["trap"], trap);
            }
        }
        Step::Recall(RecallStep { front, back, .. }) => {
            c.text(&["front"], front);
            c.text(&["back"], back);
        }
        Step::Example(ExampleStep { title, lines, .. }) => {
            c.text(&["title"], title);
            c.example_lines(lines);
        }
        Step::Explore(ExploreStep {
            overlay_gpu,
            task,
            answer,
            explanation,
            ..
        }) => {
            c.overlay_gpu(overlay_gpu.as_deref());
            c.text(&["task"], task);
            c.answer(answer);
            c.text(&["explanation"], explanation);
        }
        Step::Explain(ExplainStep {
            prompt,
            model_answer,
            ..
        }) => {
            c.text(&["prompt"], prompt);
            c.text(&["model_answer"], model_answer);
        }
    }
    c.problems
}

struct StepChecker<'a> {
    index: usize,
    catalog: &'a Catalog,
    /// The step's scenario: the active cluster with the step's patch applied.
    scenario: Scenario,
    /// The key of the step's patch (`scenario` or `preset`), when it has one.
    patch_field: Option<&'static str>,
    /// False once an unknown GPU or model id has been reported (nothing evaluates then).
    ids_known: bool,
    /// Evaluated on first use, at most once.
    evaluation: Option<Result<Evaluation, ScenarioError>>,
    problems: Vec<Problem>,
}

impl StepChecker<'_> {
    /// An example's lines: at least one, each with known placeholders.
    fn example_lines(&mut self, lines: &[String]) {
        if lines.is_empty() {
            self.push(
                &["lines"],
                None,
                "an example needs at least one line".to_owned(),
            );
        }
        for line in lines {
            self.placeholders(&["lines"], line);
        }
    }

    /// An explore step's overlay GPU, when it names one, is in the catalog.
    fn overlay_gpu(&mut self, gpu: Option<&str>) {
        if let Some(gpu) = gpu {
            let found = self.catalog.gpu(gpu).map(|_| ());
            // An unknown overlay is reported; the step's own scenario still evaluates.
            self.id_found(&["overlay_gpu"], gpu, found);
        }
    }

    /// Whether the catalog found `id`; where it did not, its error is reported at `fields`,
    /// pointing at the quoted id.
    fn id_found(
        &mut self,
        fields: &[&'static str],
        id: &str,
        found: Result<(), UnknownId>,
    ) -> bool {
        let Err(e) = found else { return true };
        self.push(fields, Some(Needle::whole(quoted(id))), e.to_string());
        false
    }

    fn push(&mut self, fields: &[&'static str], text: Option<Needle>, message: String) {
        self.problems.push(Problem {
            spot: Spot::step(self.index, fields, text),
            message,
        });
    }

    fn scenario(&mut self, field: &'static str, patch: Option<&ScenarioPatch>) {
        let Some(patch) = patch else { return };
        self.patch_field = Some(field);
        self.scenario = scenario_for(Some(patch), &self.scenario);
        if let Some(gpu) = &patch.gpu {
            let found = self.catalog.gpu(gpu).map(|_| ());
            self.ids_known &= self.id_found(&[field, "gpu"], gpu, found);
        }
        if let Some(model) = &patch.model {
            let found = self.catalog.model(model).map(|_| ());
            self.ids_known &= self.id_found(&[field, "model"], model, found);
        }
        if let Some(efficiency) = &patch.efficiency
            && efficiency.source.trim().is_empty()
        {
            self.push(
                &[field, "efficiency", "source"],
                None,
                "an efficiency needs its source: the measurement it is read from (e.g. shared/reference/measured-h100.md and what it measured)".to_owned(),
            );
        }
        // A patched scenario must evaluate even if nothing in the step names a quantity: it
        // also sets what the plot shows.
        self.evaluated();
    }

    /// The step's evaluation; the first failure is reported at the patch key that caused it.
    fn evaluated(&mut self) -> Option<&Evaluation> {
        if !self.ids_known {
            return None;
        }
        if self.evaluation.is_none() {
            let result = self.scenario.evaluate(self.catalog);
            if let Err(e) = &result {
                let message = match self.patch_field {
                    Some(_) => format!("this step's scenario does not evaluate: {e}"),
                    None => format!("the active cluster does not evaluate: {e}"),
                };
                let fields: Vec<&'static str> = self
                    .patch_field
                    .into_iter()
                    .chain([scenario_key(e)])
                    .collect();
                self.push(&fields, None, message);
            }
            self.evaluation = Some(result);
        }
        self.evaluation.as_ref().and_then(|r| r.as_ref().ok())
    }

    fn text(&mut self, fields: &[&'static str], value: &str) {
        if value.trim().is_empty() {
            let name = fields.last().copied().unwrap_or("text");
            self.push(fields, None, format!("`{name}` is empty"));
        }
        self.placeholders(fields, value);
    }

    fn placeholders(&mut self, fields: &[&'static str], value: &str) {
        let holes = match template::placeholders(value) {
            Ok(holes) => holes,
            Err(e) => {
                self.push(fields, Some(around(value, e.span())), e.to_string());
                return;
            }
        };
        let before = self.problems.len();
        let mut seen: Vec<&str> = Vec::new();
        for hole in &holes {
            // One report per distinct placeholder, and a handful per text: a text full of
            // `{…}` that are not placeholders is one mistake, not thousands.
            if seen.contains(&hole.raw.as_str()) {
                continue;
            }
            seen.push(&hole.raw);
            if self.problems.len() - before >= MAX_PLACEHOLDER_PROBLEMS {
                let message = format!(
                    "more placeholder problems in this text, not listed (showing the first {MAX_PLACEHOLDER_PROBLEMS}; write `{{{{` for a literal brace)"
                );
                self.push(fields, None, message);
                return;
            }
            self.placeholder(fields, value, hole);
        }
    }

    fn placeholder(&mut self, fields: &[&'static str], value: &str, hole: &Placeholder) {
        let needle = || Some(around(value, hole.offset..hole.offset + hole.raw.len()));
        let name = match hole.name.parse::<ValueName>() {
            Ok(name) => name,
            Err(e) => {
                self.push(fields, needle(), e.to_string());
                return;
            }
        };
        if let Some(on) = &hole.on
            && let Err(why) = on_problem(on, self.catalog)
        {
            let message = format!("placeholder `{}`: {why}", hole.raw);
            self.push(fields, needle(), message);
            return;
        }
        if matches!(hole.format, Format::Decimals(_) | Format::Printf(_)) && !name.is_numeric() {
            let message = format!(
                "placeholder `{}`: `{name}` is text, so it takes no number format; write `{{{name}}}`",
                hole.raw
            );
            self.push(fields, needle(), message);
        }
        if let ValueName::Quantity(q) = name
            && hole.on.is_none()
        {
            let missing = self.evaluated().is_some_and(|e| q.value(e).is_none());
            if missing {
                let why = self.why_missing(q);
                let message = format!(
                    "placeholder `{}` has no value for this step's scenario{why}",
                    hole.raw
                );
                self.push(fields, needle(), message);
            }
        }
    }

    fn answer(&mut self, answer: &Answer) {
        match answer {
            Answer::Number(NumberAnswer {
                value, tolerance, ..
            }) => {
                if let Some(t) = tolerance
                    && !(*t > 0.0 && *t <= 1.0)
                {
                    let message = format!(
                        "tolerance {t} must be in (0, 1]: a fraction of the answer, e.g. 0.1 for ±10 %"
                    );
                    self.push(&["answer", "tolerance"], None, message);
                }
                self.number(value);
            }
            Answer::Choice(ChoiceAnswer {
                options, correct, ..
            }) => {
                let n = options.len();
                if n < 2 {
                    self.push(
                        &["answer", "options"],
                        None,
                        format!("a choice needs at least 2 options, not {n}"),
                    );
                }
                if *correct >= n {
                    let range = match n {
                        0 => "there are no options".to_owned(),
                        1 => "the only option is 0".to_owned(),
                        _ => format!("options are numbered from 0, so it must be 0 to {}", n - 1),
                    };
                    self.push(
                        &["answer", "correct"],
                        None,
                        format!("correct is {correct}, but {range}"),
                    );
                }
                for option in options {
                    self.text(&["answer", "options"], option);
                }
            }
        }
    }

    fn number(&mut self, value: &NumberSource) {
        let name = match value {
            NumberSource::Literal(v) => {
                if !(v.is_finite() && *v > 0.0) {
                    let message = format!(
                        "the answer {v} must be a positive number (guesses are judged by their ratio to it)"
                    );
                    self.push(ANSWER_VALUE, None, message);
                }
                return;
            }
            NumberSource::Quantity(name) => name,
        };
        let needle = || Some(Needle::whole(quoted(name)));
        let q = match name.parse::<Quantity>() {
            Ok(Quantity::Bound) => {
                let message =
                    "`bound` is memory or compute, not a number; ask it with a Choice answer"
                        .to_owned();
                self.push(ANSWER_VALUE, needle(), message);
                return;
            }
            Ok(q) => q,
            Err(e) => {
                self.push(ANSWER_VALUE, needle(), e.to_string());
                return;
            }
        };
        let Some(evaluation) = self.evaluated() else {
            return;
        };
        let message = match q.number(evaluation) {
            None => format!(
                "quantity '{name}' has no value for this step's scenario{}",
                self.why_missing(q)
            ),
            Some(v) if !(v.is_finite() && v > 0.0) => {
                format!(
                    "quantity '{name}' is {v} for this step's scenario; an answer must be a positive number"
                )
            }
            Some(_) => return,
        };
        self.push(ANSWER_VALUE, needle(), message);
    }
}
