//! Predict before you see, in review: every reviewable step of the shipped course (each
//! prediction on the variant its round draws, each recall card) is reviewed in one round, with
//! the plot keys played before every answer, and at no moment does the screen show a figure an
//! item not yet revealed asks for (its own answer or any later item's), nor a card's back before
//! it is turned. Two rounds, with two seeds, so two sets of variants.
//! (A round runs in about half a minute in a debug build.)
//!
//! The pending figures are computed here from the round's lesson, independently of the app's
//! own withholding: the test reads the rendered screen, so a surface that forgets to ask is
//! caught.

#[path = "tui/support.rs"]
mod support;

use crossterm::event::KeyCode;
use roofline_tutor::app::{App, LessonView, Msg};
use roofline_tutor::domain::lesson::template::render as fill;
use roofline_tutor::domain::lesson::{Lesson, Step};
use roofline_tutor::domain::schedule::{Asked, ItemOutcome, Review, Round, Scheduler, Timestamp};
use roofline_tutor::domain::session::{
    Grade, Guess, PredictState, Progress, RecallState, ResolvedAnswer, StepRecord, StepState,
    resolve_lesson,
};
use roofline_tutor::domain::withhold::{Withheld, figures_in, same_figure, tokens};
use support::{course_app_with, key, press, render, send, text};

const START: Timestamp = Timestamp(1_767_225_600); // 2026-01-01 00:00 UTC

/// Keys a curious learner presses before answering (as in `answer_integrity`).
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

/// Every prediction revealed and every card graded, each reviewed once on `START`.
fn everything_answered(lessons: &[Lesson]) -> Progress {
    let mut progress = Progress::default();
    for lesson in lessons {
        let record = progress.lessons.entry(lesson.id.clone()).or_default();
        for step in &lesson.steps {
            let done = match step {
                Step::Predict(_) => StepRecord::Revealed {
                    guess: Guess::Choice(0),
                    score: None,
                    answer: None,
                },
                Step::Recall(_) => StepRecord::Graded { grade: Grade::Good },
                Step::Read(_) | Step::Example(_) | Step::Explore(_) | Step::Explain(_) => continue,
            };
            record.steps.insert(step.id().to_owned(), done);
        }
    }
    for lesson in lessons {
        for step in &lesson.steps {
            if matches!(step, Step::Predict(_) | Step::Recall(_)) {
                progress.add_review(
                    &lesson.id,
                    step.id(),
                    Review {
                        at: START,
                        grade: Grade::Good,
                    },
                );
            }
        }
    }
    progress
}

/// The figures no screen may show now: every item not yet revealed (less the figures a
/// revealed item already showed), and the current card's back while it is unturned.
fn pending(app: &App, lesson: &Lesson, answers: &[Option<ResolvedAnswer>]) -> Withheld {
    let session = app.session().expect("an item is open");
    let revealed = |index: usize| {
        matches!(
            session.state_at(index),
            Some(StepState::Predict(PredictState::Revealed { .. }))
        )
    };
    let number = |i: usize| match &answers[i] {
        Some(ResolvedAnswer::Number { value, unit, .. }) => Some((*value, unit.clone())),
        _ => None,
    };
    let shown: Vec<f64> = (0..lesson.steps.len())
        .filter(|i| revealed(*i))
        .filter_map(|i| number(i).map(|(v, _)| v))
        .collect();
    let figures: Vec<(f64, String)> = (0..lesson.steps.len())
        .filter(|i| !revealed(*i))
        .filter_map(number)
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

/// The first line of the screen that states a pending figure (decade ticks, the counters
/// `Review 3/120`, `Lesson 11`, `Step 10/18`, a score out of 100 and dates are furniture).
fn leak(app: &App, withheld: &Withheld, width: u16, height: u16) -> Option<String> {
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
    lines.iter().enumerate().find_map(|(row, line)| {
        tokens(line)
            .filter(|t| !is_decade(t.value))
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

#[track_caller]
fn assert_hidden(app: &App, round: &Round, answers: &[Option<ResolvedAnswer>], moment: &str) {
    let withheld = pending(app, round.lesson(), answers);
    for (width, height) in [(120, 40), (80, 24)] {
        if let Some(leak) = leak(app, &withheld, width, height) {
            let item = &round.items()[app.session().unwrap().current()];
            panic!(
                "{} step {} ({:?}), {moment}, {width}×{height}: {leak}",
                item.lesson, item.step, item.asked
            );
        }
    }
}

#[test]
fn no_answer_is_on_screen_before_its_reveal_in_any_review() {
    let empty = course_app_with(Progress::default(), 120, 40);
    let progress = everything_answered(empty.lessons());
    let reviewable = progress
        .reviews
        .values()
        .map(std::collections::BTreeMap::len)
        .sum::<usize>();
    // The first round plays with the plot before every answer; the second, on other variants,
    // checks each moment without playing (the plot's surfaces are the same code).
    for (seed, play) in [(3, true), (11, false)] {
        let app = course_app_with(progress.clone(), 120, 40);
        let round = Round::due(
            app.lessons(),
            &progress,
            &Scheduler::default(),
            START.plus_days(400),
            app.cluster(),
            app.catalog(),
            seed,
        )
        .expect("everything is due after 400 days");
        assert_eq!(
            round.items().len(),
            reviewable,
            "every reviewable step is in the round"
        );
        assert!(
            round.items().iter().any(|i| i.asked == Asked::Variant),
            "some predictions vary"
        );
        let answers = resolve_lesson(round.lesson(), app.cluster(), app.catalog());
        let mut app = app.reviewing(round.clone(), Scheduler::default());
        for (n, step) in round.lesson().steps.iter().enumerate() {
            assert_eq!(app.session().unwrap().current(), n);
            assert_hidden(&app, &round, &answers, "on arrival");
            match step {
                Step::Predict(_) => {
                    for key in play_keys().into_iter().filter(|_| play) {
                        press(&mut app, &[key]);
                        assert_hidden(&app, &round, &answers, "while playing with the plot");
                    }
                    match &answers[n] {
                        Some(ResolvedAnswer::Choice { correct, .. }) => {
                            send(&mut app, &[Msg::SelectOption(*correct)]);
                        }
                        _ => send(&mut app, &[Msg::TypeChar('1')]),
                    }
                    send(&mut app, &[Msg::Commit]);
                    assert_hidden(&app, &round, &answers, "committed");
                    send(&mut app, &[Msg::Reveal]);
                    assert_hidden(&app, &round, &answers, "revealed");
                }
                Step::Recall(_) => {
                    if play {
                        press(&mut app, &play_keys());
                    }
                    assert_hidden(&app, &round, &answers, "card up, after playing");
                    send(&mut app, &[Msg::TurnCard, Msg::Grade(Grade::Good)]);
                }
                Step::Read(_) | Step::Example(_) | Step::Explore(_) | Step::Explain(_) => {
                    panic!("only cards and predictions are reviewed")
                }
            }
            send(&mut app, &[Msg::NextStep]);
        }
        assert!(matches!(
            app.lesson_screen().map(|s| s.view),
            Some(LessonView::End { .. })
        ));
        let review = app.review().unwrap();
        assert!(
            review
                .round
                .items()
                .iter()
                .all(|i| matches!(i.outcome, ItemOutcome::Reviewed { .. })),
            "every item graded"
        );
        assert_eq!(review.round.reviewed(), reviewable);
    }
}
