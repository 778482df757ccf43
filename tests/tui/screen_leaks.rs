//! Predict before you see, read off the screen: the figures no surface may show now, computed
//! from the lessons independently of the app's own withholding, and the first screen line that
//! states one (read as prose is: a number followed by another unit than its question's is not
//! that figure). Shared by the study and review integrity tests.

#![allow(dead_code, reason = "each test file uses its own part")]

use crossterm::event::KeyCode;
use roofline_tutor::app::App;
use roofline_tutor::domain::lesson::template::render as fill;
use roofline_tutor::domain::lesson::{Answer, Lesson, Step};
use roofline_tutor::domain::session::{PredictState, RecallState, ResolvedAnswer, StepState};
use roofline_tutor::domain::withhold::{Withheld, figures_in, same_figure, tokens};

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

/// What a step asks for, as the screen could show it: its answer on the lesson's own
/// scenario, and for the explore step on screen also on the plot's current setting (its answer
/// is judged for the setting the learner commits on).
fn asked(
    app: &App,
    lesson: &Lesson,
    index: usize,
    answers: &[Option<ResolvedAnswer>],
) -> Vec<(f64, String)> {
    let mut figures = Vec::new();
    if let Some(ResolvedAnswer::Number { value, unit, .. }) = &answers[index] {
        figures.push((*value, unit.clone()));
    }
    let on_screen = app.session().is_some_and(|s| s.current() == index);
    if let Step::Explore(explore) = &lesson.steps[index]
        && on_screen
        && let Answer::Number(_) = &explore.answer
        && let ResolvedAnswer::Number { value, unit, .. } =
            ResolvedAnswer::resolve(&explore.answer, &app.plot().scenario, app.catalog())
    {
        figures.push((value, unit));
    }
    figures
}

/// The figures no screen may show now: every predict or explore step not yet revealed (less
/// the figures a revealed step already showed), and the current card's back while it is
/// unturned.
pub fn pending(app: &App, lesson: &Lesson, answers: &[Option<ResolvedAnswer>]) -> Withheld {
    let session = app.session().expect("a lesson is open");
    let revealed = |index: usize| {
        matches!(
            session.state_at(index),
            Some(StepState::Predict(PredictState::Revealed { .. }))
        )
    };
    let asks = |index: usize| matches!(lesson.steps[index], Step::Predict(_) | Step::Explore(_));
    let shown: Vec<f64> = (0..lesson.steps.len())
        .filter(|i| asks(*i) && revealed(*i))
        .filter_map(|i| match &answers[i] {
            Some(ResolvedAnswer::Number { value, .. }) => Some(*value),
            _ => None,
        })
        .collect();
    let figures: Vec<(f64, String)> = (0..lesson.steps.len())
        .filter(|i| asks(*i) && !revealed(*i))
        .flat_map(|i| asked(app, lesson, i, answers))
        // A figure an earlier reveal showed is known: a later step may ask it again. So is one
        // within 2 % of it: a revealed `25 %` (two of eight experts) shows any pending 24.6 %
        // the same way, and tells nothing of the other step, whose quantity is not on screen.
        .filter(|(f, _)| {
            !shown
                .iter()
                .any(|s| same_figure(*f, *s) || ((f - s) / s).abs() <= 0.02)
        })
        .collect();
    let mut back = Vec::new();
    if let (Step::Recall(recall), StepState::Recall(RecallState::Front)) =
        (&lesson.steps[session.current()], session.state())
    {
        back = figures_in(&fill(&recall.back, app.cluster(), app.catalog()));
    }
    Withheld::with_units(figures).with(back)
}

/// The first line of the screen that states a pending figure (decade ticks, the counters
/// `Review 3/120`, `Lesson 11`, `Step 10/18`, a score out of 100 and dates are furniture).
pub fn leak(app: &App, withheld: &Withheld, width: u16, height: u16) -> Option<String> {
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
        let before = line[..t.range.start].trim_end();
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
                withheld.stated_in_prose(&t, &after)
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
