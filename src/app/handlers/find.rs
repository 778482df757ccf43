//! Finding one's way from the lesson list: the search (`/`, type to filter, Enter opens the
//! highlighted match, Esc goes back) and the weakest steps across the course, each row
//! opening its step.

use crate::app::{App, Msg, NavMsg, Screen, Search, StepMsg};
use crate::domain::find::{search, weakest};

/// Opens the search, empty, from the lesson list.
pub(in crate::app) fn open_search(app: &mut App) -> Option<Msg> {
    if let Screen::LessonList { selected } = app.screen {
        app.screen = Screen::Search(Search {
            query: String::new(),
            hits: Vec::new(),
            selected: 0,
            from: selected,
        });
    }
    None
}

/// Shows the weakest steps, from the lesson list.
pub(in crate::app) fn show_weakest(app: &mut App) -> Option<Msg> {
    if let Screen::LessonList { selected } = app.screen {
        app.screen = Screen::Weakest {
            selected: 0,
            from: selected,
        };
    }
    None
}

impl App {
    /// The weakest steps of the course as the progress has them, lowest score first (from
    /// the lessons' heads: no lesson text is read).
    #[must_use]
    pub fn weakest_steps(&self) -> Vec<crate::domain::find::Weak> {
        let course = self.course();
        weakest(
            (0..course.len()).map(|i| {
                (
                    course.id(i).unwrap_or_default(),
                    course.step_heads(i).map(|(id, _)| id),
                )
            }),
            self.progress(),
        )
    }
}

/// What is typed into the search: a character, a deletion, or Esc (back to the list).
pub(in crate::app) fn type_in(app: &mut App, msg: StepMsg) -> Option<Msg> {
    let Screen::Search(current) = &mut app.screen else {
        return None;
    };
    match msg {
        StepMsg::TypeChar(c) => current.query.push(c),
        StepMsg::Backspace => {
            current.query.pop();
        }
        StepMsg::LeaveInput => return Some(Msg::Nav(NavMsg::ShowLessonList)),
        StepMsg::Commit => return Some(Msg::Nav(NavMsg::OpenSelected)),
        // Nothing else is sent while the search is on screen.
        StepMsg::SelectOption(_)
        | StepMsg::Reveal
        | StepMsg::TurnCard
        | StepMsg::Grade(_)
        | StepMsg::EditText => return None,
    }
    let query = current.query.clone();
    let hits = search(
        &app.lessons,
        &app.progress,
        &app.cluster,
        &app.catalog,
        &query,
    );
    if let Screen::Search(current) = &mut app.screen {
        current.hits = hits;
        current.selected = 0;
    }
    None
}

/// Moves the highlighted row of the search or the weakest steps one down (or up).
pub(in crate::app) fn select(app: &mut App, down: bool) -> Option<Msg> {
    let count = match &app.screen {
        Screen::Search(search) => search.hits.len(),
        Screen::Weakest { .. } => app.weakest_steps().len(),
        Screen::LessonList { .. } | Screen::Lesson(_) => return None,
    };
    let last = count.saturating_sub(1);
    let step = |at: usize| {
        if down {
            (at + 1).min(last)
        } else {
            at.saturating_sub(1)
        }
    };
    match &mut app.screen {
        Screen::Search(search) => search.selected = step(search.selected),
        Screen::Weakest { selected, .. } => *selected = step(*selected),
        Screen::LessonList { .. } | Screen::Lesson(_) => {}
    }
    None
}

/// Opens the highlighted match (its lesson, at its step) or weak step; refused when there is
/// none.
pub(in crate::app) fn open_selected(app: &mut App) -> Option<Msg> {
    let target = match &app.screen {
        Screen::Search(search) => search.hits.get(search.selected).map(|hit| match hit.step {
            Some(step) => NavMsg::OpenStep {
                lesson: hit.lesson,
                step,
            },
            None => NavMsg::OpenLesson(hit.lesson),
        }),
        Screen::Weakest { selected, .. } => {
            app.weakest_steps()
                .get(*selected)
                .map(|weak| NavMsg::OpenStep {
                    lesson: weak.lesson,
                    step: weak.step,
                })
        }
        Screen::LessonList { .. } | Screen::Lesson(_) => None,
    };
    match target {
        Some(nav) => Some(Msg::Nav(nav)),
        None => super::refuse(app, "nothing to open here"),
    }
}
