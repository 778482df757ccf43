//! Predict before you see, over the whole shipped course: a learner walks every lesson in
//! order, plays with the plot keys before every answer, and at no moment does the screen show a
//! figure that a step not yet revealed asks for (the step's own answer, any later step's, or the
//! back of the recall card on screen).
//!
//! The pending figures are computed here from the lessons, independently of the app's own
//! withholding: the test reads the rendered screen, so a surface that forgets to ask is caught.

#[path = "tui/support.rs"]
mod support;

use crossterm::event::KeyCode;
use roofline_tutor::app::{App, Msg};
use roofline_tutor::domain::lesson::template::render as fill;
use roofline_tutor::domain::lesson::{Answer, Lesson, Step};
use roofline_tutor::domain::session::{
    Grade, PredictState, RecallState, ResolvedAnswer, StepState, resolve_lesson,
};
use roofline_tutor::domain::withhold::{Withheld, figures_in, same_figure, tokens};
use support::{course_app, key, press, render, send, text};

/// Keys a curious learner presses before answering: the batch both ways and to its end, the
/// precision, GPU, model and context, the prefill dot, one more and one fewer.
fn play_keys() -> Vec<crossterm::event::Event> {
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
fn pending(app: &App, lesson: &Lesson, answers: &[Option<ResolvedAnswer>]) -> Withheld {
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
        // A figure an earlier reveal showed is known: a later step may ask it again.
        .filter(|(f, _)| !shown.iter().any(|s| same_figure(*f, *s)))
        .collect();
    let mut back = Vec::new();
    if let (Step::Recall(recall), StepState::Recall(RecallState::Front)) =
        (&lesson.steps[session.current()], session.state())
    {
        back = figures_in(&fill(&recall.back, app.cluster(), app.catalog()));
    }
    Withheld::with_units(figures).with(back)
}

/// The first line of the screen that states a pending figure, read as prose is (a number
/// followed by another unit than its question's is not that figure: `32 layers`). Decade tick labels (10, 100,
/// 1000) and the counters (`Lesson 11`, `Step 10/18`) are furniture and are not read as figures.
fn leak(app: &App, withheld: &Withheld, width: u16, height: u16) -> Option<String> {
    let screen = text(&render(app, width, height));
    let lines: Vec<String> = screen.lines().map(without_step_counter).collect();
    lines.iter().enumerate().find_map(|(row, line)| {
        tokens(line)
            .filter(|t| !is_decade(t.value))
            .find_map(|t| {
                let after = words_after(&lines, row, t.range.end);
                withheld.stated_in_prose(&t, &after)
            })
            .map(|figure| format!("{figure} on screen in: {}", line.trim_end()))
    })
}

/// What a reader sees after a number: the rest of its pane's line, or, where the number ends
/// the line, the start of the same pane's next line (wrapped prose puts a unit there).
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
        next.chars().skip(left).take_while(|c| *c != '│').collect()
    })
}

fn without_step_counter(line: &str) -> String {
    let mut line = line.to_owned();
    for word in ["Step ", "Lesson "] {
        if let Some(at) = line.find(word) {
            let rest = &line[at + word.len()..];
            let end = rest
                .find(|c: char| !(c.is_ascii_digit() || c == '/'))
                .unwrap_or(rest.len());
            line = format!("{}{}", &line[..at], &rest[end..]);
        }
    }
    line
}

fn is_decade(value: f64) -> bool {
    value >= 10.0 && (value.log10() - value.log10().round()).abs() < 1e-12
}

#[track_caller]
fn assert_hidden(app: &App, lesson: &Lesson, answers: &[Option<ResolvedAnswer>], moment: &str) {
    let withheld = pending(app, lesson, answers);
    for (width, height) in [(120, 40), (80, 24)] {
        if let Some(leak) = leak(app, &withheld, width, height) {
            let step = &lesson.steps[app.session().unwrap().current()];
            panic!(
                "{} step {} ({}), {moment}, {width}×{height}: {leak}",
                lesson.id,
                step.id(),
                step.kind_name()
            );
        }
    }
}

#[test]
fn no_answer_is_on_screen_before_its_reveal_in_any_shipped_lesson() {
    let mut app = course_app(120, 40);
    let lessons: Vec<Lesson> = app.lessons().to_vec();
    for (index, lesson) in lessons.iter().enumerate() {
        send(&mut app, &[Msg::OpenLesson(index)]);
        let answers = resolve_lesson(lesson, app.cluster(), app.catalog());
        for (n, step) in lesson.steps.iter().enumerate() {
            assert_eq!(app.session().unwrap().current(), n, "{}", lesson.id);
            assert_hidden(&app, lesson, &answers, "on arrival");
            match step {
                Step::Predict(_) | Step::Explore(_) => {
                    for key in play_keys() {
                        press(&mut app, &[key]);
                        assert_hidden(&app, lesson, &answers, "while playing with the plot");
                    }
                    match &answers[n] {
                        Some(ResolvedAnswer::Choice { correct, .. }) => {
                            send(&mut app, &[Msg::SelectOption(*correct)]);
                        }
                        _ => send(&mut app, &[Msg::TypeChar('1')]),
                    }
                    send(&mut app, &[Msg::Commit]);
                    assert_hidden(&app, lesson, &answers, "committed");
                    send(&mut app, &[Msg::Reveal]);
                    assert_hidden(&app, lesson, &answers, "revealed");
                }
                Step::Recall(_) => {
                    press(&mut app, &play_keys());
                    assert_hidden(&app, lesson, &answers, "card up, after playing");
                    send(&mut app, &[Msg::TurnCard, Msg::Grade(Grade::Good)]);
                }
                Step::Explain(_) => send(&mut app, &[Msg::TypeChar('x'), Msg::Commit]),
                Step::Read(_) | Step::Example(_) => {
                    press(&mut app, &play_keys());
                    assert_hidden(&app, lesson, &answers, "after playing with the plot");
                }
            }
            send(&mut app, &[Msg::NextStep]);
        }
    }
}
