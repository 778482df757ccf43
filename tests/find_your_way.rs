//! Finding one's way (issue 27, part 5), driven by keys through the keymap: `/` searches the
//! lessons from the list, `w` shows the weakest steps, `:lesson N` jumps from anywhere in
//! study, and the help explains the plot's marks.

#[path = "tui/support.rs"]
mod support;

use crossterm::event::KeyCode;
use roofline_tutor::app::{Effect, NoticeKind, Screen, WhatIfLine};
use roofline_tutor::domain::session::{Grade, Guess, LessonProgress, Progress, StepRecord};
use support::tutor::Tutor;
use support::{course_app_with, key, render, terminal, text, typed};

const W: u16 = 100;
const H: u16 = 30;

#[track_caller]
fn screen_text(tutor: &Tutor) -> String {
    text(&render(tutor.app(), W, H))
}

#[test]
fn slash_searches_and_enter_opens_the_match_at_its_step() {
    let mut tutor = Tutor::at(W, H);
    tutor
        .press(&[key(KeyCode::Char('/'))])
        .press(&typed("tensor cores"));
    let Screen::Search(search) = tutor.app().screen().clone() else {
        panic!("/ opens the search: {:?}", tutor.app().screen());
    };
    assert_eq!(search.query, "tensor cores");
    let first = search
        .hits
        .first()
        .expect("a step says 'tensor cores'")
        .clone();
    let step = first.step.expect("a step's text, not a title");
    insta::assert_snapshot!(
        "search_tensor_cores_100x30",
        terminal(tutor.app(), W, H).backend()
    );
    tutor.press(&[key(KeyCode::Enter)]);
    let session = tutor.app().session().expect("Enter opens the lesson");
    assert_eq!(tutor.app().lesson_screen().unwrap().lesson, first.lesson);
    assert_eq!(session.current(), step, "at the step that matched");
}

#[test]
fn typing_narrows_backspace_widens_and_esc_goes_back_to_the_list() {
    let mut tutor = Tutor::at(W, H);
    tutor.press(&[key(KeyCode::Down), key(KeyCode::Down)]);
    tutor
        .press(&[key(KeyCode::Char('/'))])
        .press(&typed("ridge"));
    let count = |t: &Tutor| match t.app().screen() {
        Screen::Search(s) => s.hits.len(),
        other => panic!("{other:?}"),
    };
    let wide = count(&tutor);
    // q and ? are letters of the query here, not quit and help.
    tutor.press(&typed(" q?"));
    assert_eq!(count(&tutor), 0);
    assert!(screen_text(&tutor).contains("nothing matches"));
    let backspace = key(KeyCode::Backspace);
    tutor.press(&[backspace.clone(), backspace.clone(), backspace]);
    assert_eq!(count(&tutor), wide);
    tutor.press(&[key(KeyCode::Down), key(KeyCode::Up), key(KeyCode::Down)]);
    assert!(matches!(tutor.app().screen(), Screen::Search(s) if s.selected == 1));
    tutor.press(&[key(KeyCode::Esc)]);
    assert_eq!(tutor.app().screen(), &Screen::LessonList { selected: 2 });
    // With nothing typed, Enter opens nothing and says so.
    tutor.press(&[key(KeyCode::Char('/')), key(KeyCode::Enter)]);
    assert!(matches!(tutor.app().screen(), Screen::Search(_)));
    assert_eq!(
        tutor.app().notice().map(|n| n.kind),
        Some(NoticeKind::Refusal)
    );
}

fn revealed(score: u8) -> StepRecord {
    StepRecord::Revealed {
        guess: Guess::Number(1.0),
        score: Some(score),
        answer: None,
    }
}

/// Lesson 2 with its ridge missed (0), another prediction partly right (40), one right, a card
/// not known (Again) and one known.
fn mixed_progress() -> Progress {
    let mut progress = Progress::default();
    let lesson = |steps: &[(&str, StepRecord)]| LessonProgress {
        resume_step: None,
        steps: steps
            .iter()
            .map(|(id, r)| ((*id).to_owned(), r.clone()))
            .collect(),
    };
    progress.lessons.insert(
        "ridge-point".into(),
        lesson(&[
            ("h100-sxm-ridge", revealed(0)),
            (
                "ridge-definition",
                StepRecord::Graded { grade: Grade::Good },
            ),
        ]),
    );
    // The other cards' ridges are asked where a card is chosen by its ridge.
    progress.lessons.insert(
        "buying-hardware".into(),
        lesson(&[
            ("h100-nvl-ridge", revealed(40)),
            ("a100-80gb-ridge", revealed(100)),
            (
                "ridges-to-know",
                StepRecord::Graded {
                    grade: Grade::Again,
                },
            ),
        ]),
    );
    progress
}

#[test]
fn w_shows_the_weakest_steps_lowest_first_and_enter_opens_one() {
    let app = course_app_with(mixed_progress(), W, H);
    let mut tutor = Tutor::from(app);
    tutor.press(&[key(KeyCode::Char('w'))]);
    assert!(matches!(tutor.app().screen(), Screen::Weakest { .. }));
    let weak = tutor.app().weakest_steps();
    let ids: Vec<&str> = weak.iter().map(|w| w.step_id.as_str()).collect();
    assert_eq!(ids, ["h100-sxm-ridge", "ridges-to-know", "h100-nvl-ridge"]);
    insta::assert_snapshot!(
        "weakest_steps_100x30",
        terminal(tutor.app(), W, H).backend()
    );
    tutor.press(&[key(KeyCode::Char('j')), key(KeyCode::Enter)]);
    let opened = tutor.app().current_step().expect("Enter opens the step");
    assert_eq!(
        (opened.0.id.as_str(), opened.1.id()),
        ("buying-hardware", "ridges-to-know")
    );
    // Esc from the view goes back to the list where it was: on the opened step's lesson, the
    // twelfth.
    tutor.press(&[
        key(KeyCode::Char('l')),
        key(KeyCode::Char('w')),
        key(KeyCode::Esc),
    ]);
    assert_eq!(tutor.app().screen(), &Screen::LessonList { selected: 11 });
}

#[test]
fn the_weakest_view_says_so_when_nothing_is_weak() {
    let mut tutor = Tutor::at(W, H);
    tutor.press(&[key(KeyCode::Char('w'))]);
    assert!(screen_text(&tutor).contains("no step missed or partly right yet"));
}

#[test]
fn colon_lesson_jumps_from_the_list_and_from_a_step_and_refuses_what_is_not_there() {
    let mut tutor = Tutor::at(W, H);
    tutor
        .press(&[key(KeyCode::Char(':'))])
        .press(&typed("lesson 3"))
        .press(&[key(KeyCode::Enter)]);
    assert_eq!(tutor.app().lesson_screen().map(|s| s.lesson), Some(2));
    assert!(tutor.effects().contains(&Effect::SaveProgress));

    // From a step, over the plot.
    tutor
        .press(&[key(KeyCode::Char(':'))])
        .press(&typed("lesson 99"))
        .press(&[key(KeyCode::Enter)]);
    let WhatIfLine::Open {
        error: Some(error), ..
    } = tutor.app().what_if()
    else {
        panic!("refused on the line: {:?}", tutor.app().what_if());
    };
    assert!(error.contains("there is no lesson 99"), "{error}");
    let count = tutor.app().course().len();
    assert!(error.contains(&format!("1 to {count}")), "{error}");
    assert!(screen_text(&tutor).contains("there is no lesson 99"));
    tutor.press(&[key(KeyCode::Esc)]);
    tutor
        .press(&[key(KeyCode::Char(':'))])
        .press(&typed("lesson 1"))
        .press(&[key(KeyCode::Enter)]);
    assert_eq!(tutor.app().lesson_screen().map(|s| s.lesson), Some(0));
    assert_eq!(tutor.app().what_if(), &WhatIfLine::Closed);

    // On the list the plot's commands are refused, with what does work there.
    tutor.press(&[key(KeyCode::Char('l')), key(KeyCode::Char(':'))]);
    tutor
        .press(&typed("gpu h200"))
        .press(&[key(KeyCode::Enter)]);
    let WhatIfLine::Open {
        error: Some(error), ..
    } = tutor.app().what_if()
    else {
        panic!("refused on the line: {:?}", tutor.app().what_if());
    };
    assert!(error.contains(":lesson N"), "{error}");
}

#[test]
fn the_footer_and_help_show_the_new_keys_and_the_legend() {
    let mut tutor = Tutor::at(W, H);
    let list = screen_text(&tutor);
    let footer = list.lines().last().unwrap();
    assert!(footer.contains("/ search"), "{footer}");
    assert!(footer.contains("w weakest"), "{footer}");
    tutor.press(&[key(KeyCode::Char('?'))]);
    let mut help = String::new();
    for _ in 0..40 {
        help.push_str(&screen_text(&tutor));
        tutor.press(&[key(KeyCode::PageDown)]);
    }
    for needle in [
        "Marks on the plot",
        "decode dot",
        "attention dot",
        "prefill dot",
        "ridge:",
        "compute roof",
        "KV wall",
        "second GPU",
        "measured point",
        ":lesson",
        "search lesson titles",
    ] {
        assert!(help.contains(needle), "{needle} in the help");
    }
}
