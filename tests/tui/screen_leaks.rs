//! Predict before you see, read off the screen: the figures no surface may show now, computed
//! from the lessons independently of the app's own withholding, and the first screen line that
//! states one (read as prose is: a number followed by another unit than its question's is not
//! that figure). Shared by the study and review integrity tests.

#![allow(dead_code, reason = "each test file uses its own part")]

use crossterm::event::KeyCode;
use roofline_tutor::app::App;
use roofline_tutor::domain::lesson::template::render as fill;
use roofline_tutor::domain::lesson::{Answer, Lesson, Step, scenario_for};
use roofline_tutor::domain::quantity::Quantity;
use roofline_tutor::domain::scenario::Scenario;
use roofline_tutor::domain::session::{PredictState, RecallState, ResolvedAnswer, StepState};
use roofline_tutor::domain::withhold::{
    Token, Withheld, asked_quantity, family, figures_in, round_significant, same_figure, tokens,
};

use super::support::{key, render, text};

/// Keys a curious learner presses before answering: the batch both ways and to its end, the
/// precision, GPU, model and context, the prefill dot, one more and one fewer.
pub fn play_keys() -> Vec<crossterm::event::Event> {
    let mut keys = vec![key(KeyCode::Right); 3];
    keys.push(key(KeyCode::Char(']')));
    keys.extend(vec![key(KeyCode::Right); 10]);
    keys.extend([
        key(KeyCode::Char('[')),
        key(KeyCode::Left),
        key(KeyCode::Char('p')),
        key(KeyCode::Char('g')),
        key(KeyCode::Char('m')),
        key(KeyCode::Char('c')),
        key(KeyCode::Char('f')),
        key(KeyCode::Char('p')),
        key(KeyCode::Char('g')),
    ]);
    keys
}

/// One figure a step asks for: its value and unit, the engine quantity it is (none for a
/// literal answer) and the setting it is asked at.
struct Ask {
    value: f64,
    unit: String,
    quantity: Option<Quantity>,
    scenario: Scenario,
}

/// What a step asks for, as the screen could show it: its answer on the lesson's own
/// scenario, and for the explore step on screen also on the plot's current setting (its answer
/// is judged for the setting the learner commits on).
fn asked(app: &App, lesson: &Lesson, index: usize, answers: &[Option<ResolvedAnswer>]) -> Vec<Ask> {
    let step = &lesson.steps[index];
    let quantity = asked_quantity(step);
    let patch = match step {
        Step::Predict(p) => p.scenario.as_ref(),
        Step::Explore(x) => x.preset.as_ref(),
        Step::Read(_) | Step::Recall(_) | Step::Example(_) | Step::Explain(_) => None,
    };
    let mut figures = Vec::new();
    if let Some(ResolvedAnswer::Number { value, unit, .. }) = &answers[index] {
        figures.push(Ask {
            value: *value,
            unit: unit.clone(),
            quantity,
            scenario: scenario_for(patch, app.cluster()),
        });
    }
    let on_screen = app.session().is_some_and(|s| s.current() == index);
    if let Step::Explore(explore) = step
        && on_screen
        && let Answer::Number(_) = &explore.answer
        && let ResolvedAnswer::Number { value, unit, .. } =
            ResolvedAnswer::resolve(&explore.answer, &app.plot().scenario, app.catalog())
    {
        figures.push(Ask {
            value,
            unit,
            quantity,
            scenario: app.plot().scenario.clone(),
        });
    }
    figures
}

/// Whether a revealed figure tells a pending one: the same quantity, or one of the family the
/// domain withholds with it, at the same setting (a literal answer is known by its unit only).
fn tells(shown: &Ask, pending: &Ask) -> bool {
    let related = match (shown.quantity, pending.quantity) {
        (Some(s), Some(p)) => family(p).contains(&s),
        _ => shown.unit == pending.unit,
    };
    related && shown.scenario == pending.scenario
}

/// Whether a screen that shows `shown` (written to two significant digits, the loosest a
/// telling number is) could be read as `figure`: where the two coincide, the screen cannot
/// tell which of them it shows.
fn coincide(shown: f64, figure: f64) -> bool {
    if !(shown.is_finite() && shown > 0.0) {
        return false;
    }
    let resolution = 10f64.powf(shown.log10().floor() - 1.0);
    let token = Token {
        range: 0..0,
        value: round_significant(shown, 2),
        resolution,
    };
    same_figure(shown, figure) || token.states(figure)
}

/// The figures no screen may show now: every predict or explore step not yet revealed, and the
/// current card's back while it is unturned.
///
/// A revealed step's answer stays on screen, and may coincide with a pending one (a revealed
/// `25 %`, two of eight experts, reads as another card's 24.6 %). That tells the pending step
/// nothing when it is another quantity, or the same at another setting: then the pending figure
/// is not looked for, except on the pending step's own screen, where any number that reads as
/// its answer gives it away. Judged by quantity, never by nearness: a revealed step that shows
/// the pending step's quantity (or one of its family) at its setting leaks it.
pub fn pending(app: &App, lesson: &Lesson, answers: &[Option<ResolvedAnswer>]) -> Pending {
    pending_when(app, lesson, answers, Asking::Study)
}

/// As [`pending`], in a review round: its cards come from many lessons, and one may ask the
/// very figure another card already revealed (the same quantity on the same setting, asked
/// again on purpose by spaced repetition): that figure is known.
pub fn pending_in_review(
    app: &App,
    lesson: &Lesson,
    answers: &[Option<ResolvedAnswer>],
) -> Pending {
    pending_when(app, lesson, answers, Asking::Review)
}

/// Where the steps are asked.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Asking {
    Study,
    Review,
}

fn pending_when(
    app: &App,
    lesson: &Lesson,
    answers: &[Option<ResolvedAnswer>],
    asking: Asking,
) -> Pending {
    let session = app.session().expect("a lesson is open");
    let revealed = |index: usize| {
        matches!(
            session.state_at(index),
            Some(StepState::Predict(PredictState::Revealed { .. }))
        )
    };
    let asks = |index: usize| matches!(lesson.steps[index], Step::Predict(_) | Step::Explore(_));
    let shown: Vec<Ask> = (0..lesson.steps.len())
        .filter(|i| asks(*i) && revealed(*i))
        .flat_map(|i| asked(app, lesson, i, answers).into_iter().take(1))
        .collect();
    let current = session.current();
    let asks: Vec<Ask> = (0..lesson.steps.len())
        .filter(|i| asks(*i) && !revealed(*i))
        .flat_map(|i| {
            asked(app, lesson, i, answers)
                .into_iter()
                .map(move |ask| (i, ask))
        })
        .filter(|(i, ask)| {
            *i == current
                || !shown.iter().any(|s| {
                    coincide(s.value, ask.value) && !tells(s, ask)
                        || asking == Asking::Review && same_figure(s.value, ask.value)
                })
        })
        .map(|(_, ask)| ask)
        .collect();
    let mut back = Vec::new();
    if let (Step::Recall(recall), StepState::Recall(RecallState::Front)) =
        (&lesson.steps[current], session.state())
    {
        back = figures_in(&fill(&recall.back, app.cluster(), app.catalog()));
    }
    Pending {
        withheld: Withheld::with_units(asks.iter().map(|a| (a.value, a.unit.clone()))).with(back),
        quantities: asks.iter().map(|a| (a.value, a.quantity)).collect(),
    }
}

/// The figures no screen may show now, with the quantity each is (none for a literal answer or
/// a card's back).
pub struct Pending {
    withheld: Withheld,
    quantities: Vec<(f64, Option<Quantity>)>,
}

impl Pending {
    /// Whether a number on screen that reads as `figure` and is labelled as `shown` states it:
    /// a readout labelled as another quantity than any pending step with that figure asks for
    /// (nor one of its family) is that quantity at the learner's setting, and tells nothing
    /// of the step (the decode dot's `AI 4.0` at batch 4 beside an attention intensity of 4).
    fn states(&self, figure: f64, shown: Option<Quantity>) -> bool {
        let Some(shown) = shown else {
            return true;
        };
        let asks: Vec<Option<Quantity>> = self
            .quantities
            .iter()
            .filter(|(f, _)| (f - figure).abs() <= f.abs() * 1e-12)
            .map(|(_, q)| *q)
            .collect();
        asks.is_empty()
            || asks
                .iter()
                .any(|q| q.is_none_or(|q| q == shown || family(q).contains(&shown)))
    }
}

/// The quantity the plot's readout line labels a number as (`AI 4.0 · 1.4% of ridge · …`),
/// where the label names one.
fn labelled(line: &str, token: &roofline_tutor::domain::withhold::Token) -> Option<Quantity> {
    let before = line[..token.range.start].trim_end();
    let after = &line[token.range.end..];
    // The readout's figures are set apart by ` · ` (`AI 4.0 · 5.2 ms · 763 tok/s`); a narrow
    // screen drops the share of the ridge.
    let readout = line.contains(" · ");
    if readout && (before.ends_with("│AI") || before.ends_with(" AI")) {
        Some(Quantity::DecodeDotIntensity)
    } else if readout && after.starts_with("% of ridge") {
        Some(Quantity::RidgeSharePct)
    } else {
        None
    }
}

/// The first line of the screen that states a pending figure (decade ticks, the counters
/// `Review 3/120`, `Lesson 11`, `Step 10/18`, a score out of 100 and dates are furniture).
pub fn leak(app: &App, pending: &Pending, width: u16, height: u16) -> Option<String> {
    let withheld = &pending.withheld;
    let screen = text(&render(app, width, height));
    let lines: Vec<String> = screen.lines().map(without_counters).collect();
    // The same screen, tall enough that no pane is cut off: where a number ends the last line a
    // pane shows, the word after it is on the next line there (a reader scrolls to it).
    let tall = std::cell::OnceCell::new();
    let tall = || {
        tall.get_or_init(|| {
            let screen = text(&render(app, width, 400));
            screen
                .lines()
                .map(without_counters)
                .collect::<Vec<String>>()
        })
    };
    // The plot's batch is the learner's setting: shown whatever a step asks (issue #22).
    let batch = f64::from(app.plot().scenario.batch);
    let is_setting = |line: &str, t: &roofline_tutor::domain::withhold::Token| {
        // A marker drawn over the label's `=` (the measured knee's ✕ beside `decode B=2304`)
        // leaves it the batch's label still.
        let before = line[..t.range.start]
            .trim_end()
            .trim_end_matches(['✕', '•', '●', '◆', '▲'])
            .trim_end_matches('=');
        let before = if before.ends_with('B') { "B=" } else { before };
        (t.value - batch).abs() < 0.5
            && (before.ends_with("B=") || before.ends_with("batch") || before.ends_with('B'))
    };
    lines.iter().enumerate().find_map(|(row, line)| {
        tokens(line)
            .filter(|t| !is_decade(t.value) && !is_setting(line, t))
            .find_map(|t| {
                let mut after = words_after(&lines, row, t.range.end);
                let pane = |l: &str| -> String {
                    let Some(rest) = l.get(t.range.end..) else {
                        return String::new();
                    };
                    let end = rest.find('│').map_or(l.len(), |e| t.range.end + e);
                    l.get(..end).unwrap_or(l).to_owned()
                };
                if after.trim().is_empty()
                    && let Some(at) = tall().iter().position(|l| pane(l) == pane(line))
                {
                    after = words_after(tall(), at, t.range.end);
                }
                withheld
                    .stated_in_prose(&t, &after)
                    .filter(|f| pending.states(*f, labelled(line, &t)))
            })
            .map(|figure| format!("{figure} on screen in: {}", line.trim_end()))
    })
}

fn words_after(lines: &[String], row: usize, end: usize) -> String {
    let line = &lines[row];
    let rest = &line[end..];
    let in_pane = rest.split('│').next().unwrap_or_default();
    if !in_pane.trim().is_empty() {
        return in_pane.to_owned();
    }
    let left = line[..end]
        .rfind('│')
        .map_or(0, |at| line[..at].chars().count() + 1);
    lines.get(row + 1).map_or_else(String::new, |next| {
        let words: String = next.chars().skip(left).take_while(|c| *c != '│').collect();
        // A pane's bottom border is not a word.
        if words.starts_with(['╰', '─', '+', '-']) {
            String::new()
        } else {
            words
        }
    })
}

/// A line without its counters and calendar dates (`2027-04-12`: when an item comes back).
fn without_counters(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut kept = String::with_capacity(line.len());
    let mut i = 0;
    while i < chars.len() {
        let is_date = chars.len() - i >= 10
            && chars[i..i + 10].iter().enumerate().all(|(k, c)| match k {
                4 | 7 => *c == '-',
                _ => c.is_ascii_digit(),
            });
        if is_date {
            kept.push_str("date");
            i += 10;
        } else {
            kept.push(chars[i]);
            i += 1;
        }
    }
    let mut line = kept;
    // `Score       25/100` is the learner's score, not a figure of the lesson.
    for word in ["Review ", "Step ", "Lesson ", "Score "] {
        while let Some(at) = line.find(word) {
            let rest = line[at + word.len()..].trim_start();
            let end = rest
                .find(|c: char| !(c.is_ascii_digit() || c == '/'))
                .unwrap_or(rest.len());
            if end == 0 {
                break;
            }
            line = format!("{}{}", &line[..at], &rest[end..]);
        }
    }
    line
}

fn is_decade(value: f64) -> bool {
    value >= 10.0 && (value.log10() - value.log10().round()).abs() < 1e-12
}
