//! The review screens: an item is the lesson screen with a review header (where it comes from,
//! how it is asked, and once answered its grade and when it comes back); the round ends on a
//! summary.
//!
//! ```text
//! ┌ Review 1/2 · Lesson 2 · The ridge point ──┬ Roofline · H200 · BF16 ───────┐
//! │ Review 1/2 · Predict · on a fresh scenario│ plot                          │
//! │ ✓ good: within the tolerance · back in 9 …│                               │
//! │ The H200 does … What is its ridge point?  │                               │
//! └───────────────────────────────────────────┴───────────────────────────────┘
//! ┌ Review · done ──────────────────────────────────────────────────────────────┐
//! │ 2 reviewed · 1 right (within tolerance, or a card graded good or easy)      │
//! │ ✓ good   Lesson 2 · The ridge point · predict h100-sxm-ridge · back in 9 …  │
//! │ ✗ again  Lesson 2 · The ridge point · recall ridge-definition · tomorrow    │
//! │ ✓ good   Lesson 2 · The ridge point · card ridge-definition · came back … │
//! │ Next due: 2026-01-02 (tomorrow), 1 item                                     │
//! │ [Enter] done                                                                │
//! └─────────────────────────────────────────────────────────────────────────────┘
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::theme::Theme;
use crate::app::AppMsg;
use crate::app::{App, LessonScreen, Msg, Reviewing};
use crate::domain::lesson::{Answer, Step};
use crate::domain::schedule::{Asked, Grade, Item, ItemOutcome, Pass, ReviewKind, Timestamp};

/// The lesson pane's title on an item: its place in the round and the lesson it comes from.
#[must_use]
pub fn title(app: &App, screen: &LessonScreen, theme: Theme) -> Option<String> {
    let review = app.review()?;
    let index = screen.session.current();
    let item = review.round.items().get(index)?;
    Some(format!(
        " Review {}/{}{}Lesson {}{}{} ",
        index + 1,
        review.round.items().len(),
        theme.dot(),
        item.lesson_number,
        theme.dot(),
        item.lesson_title
    ))
}

/// The item's header lines: the kind and how it is asked, then, once graded, the grade and
/// when it comes back; a blank line after.
#[must_use]
pub fn header(app: &App, screen: &LessonScreen, theme: Theme, width: u16) -> Vec<Line<'static>> {
    let Some(review) = app.review() else {
        return Vec::new();
    };
    let index = screen.session.current();
    let Some(item) = review.round.items().get(index) else {
        return Vec::new();
    };
    let how = match item.asked {
        Asked::Card => "Recall card",
        Asked::OwnScenario => "Predict",
        Asked::Variant => "Predict · on a fresh scenario",
    };
    let mut lines = vec![Line::from(vec![
        Span::styled(
            format!("Review {}/{}", index + 1, review.round.items().len()),
            theme.heading(),
        ),
        Span::styled(format!("{}{how}", theme.dot()), theme.heading()),
    ])];
    if let ItemOutcome::Reviewed { grade, next } = item.outcome {
        let (mark, style) = grade_mark(grade, theme);
        let now = screen
            .last_key
            .map_or(review.round.started(), crate::app::review::timestamp);
        let step = review.round.lesson().steps.get(index);
        let verdict = format!("{mark} {}: {}", grade.label(), why(item, step, grade));
        lines.extend(super::prose::wrap(&verdict, width, style, " "));
        let returns = review.round.items()[index + 1..]
            .iter()
            .any(|later| later.lesson == item.lesson && later.step == item.step);
        let when = match (item.pass, returns) {
            (Pass::First, false) => back_in(now, next),
            (Pass::First | Pass::Relearn(_), true) => format!(
                "{}; it comes back at the end of this review",
                back_in(now, next)
            ),
            (Pass::Relearn(_), false) => {
                format!("practice: its schedule stays ({})", back_in(now, next))
            }
        };
        lines.extend(super::prose::wrap(&when, width, theme.muted(), " "));
    }
    lines.push(Line::default());
    lines
}

/// Whether the step's trap is shown: not on a variant, since a trap names the figures of the
/// step's own scenario.
#[must_use]
pub fn shows_trap(app: &App, screen: &LessonScreen) -> bool {
    app.review()
        .and_then(|r| r.round.items().get(screen.session.current()))
        .is_none_or(|item| item.asked != Asked::Variant)
}

/// Draws the summary that ends a round in `body`.
pub fn render_summary(app: &App, body: Rect, buf: &mut Buffer) {
    let theme = Theme::new(app.appearance());
    let Some(review) = app.review() else {
        return;
    };
    let lines = summary_lines(app, review, theme);
    super::lesson_end::summary_panel(lines, format!(" Review{}done ", theme.dot()), theme)
        .render(body, buf);
}

/// The summary's lines (the plain text writes them too).
#[must_use]
pub fn summary_lines(app: &App, review: &Reviewing, theme: Theme) -> Vec<Line<'static>> {
    let round = &review.round;
    let now = review.ended.unwrap_or(round.started());
    let mut lines = vec![
        Line::default(),
        Line::from(vec![
            Span::styled(format!("{} reviewed", round.reviewed()), theme.heading()),
            Span::styled(theme.dot(), theme.muted()),
            Span::styled(format!("{} right", round.right()), theme.good()),
            Span::styled(
                " (a prediction within its tolerance, a card graded good or easy)",
                theme.muted(),
            ),
        ]),
    ];
    if round.skipped() > 0 {
        lines.push(Line::styled(
            format!(
                "Left unanswered: {} (still due, asked again at the next review)",
                round.skipped()
            ),
            theme.muted(),
        ));
    }
    lines.push(Line::default());
    lines.extend(round.items().iter().map(|item| item_line(item, now, theme)));
    lines.push(Line::default());
    lines.push(match review.next {
        Some(next) => Line::from(vec![
            Span::styled("Next due: ", theme.heading()),
            Span::raw(format!(
                "{} ({}), {} item{}",
                date(next.at),
                relative(now, next.at),
                next.count,
                if next.count == 1 { "" } else { "s" }
            )),
        ]),
        None => Line::styled("Nothing is scheduled later.", theme.muted()),
    });
    lines.push(Line::default());
    if let Some(key) = app.key_now(&Msg::App(AppMsg::Quit)) {
        lines.push(Line::from(vec![
            Span::styled(format!("[{key}]"), theme.key()),
            Span::styled(" done", theme.muted()),
        ]));
    }
    lines
}

/// One reviewed item: its mark and grade, where it comes from, and when it is due again.
fn item_line(item: &Item, now: Timestamp, theme: Theme) -> Line<'static> {
    let (mark, grade, style, when) = match (item.outcome, item.pass) {
        (ItemOutcome::Reviewed { grade, next }, Pass::First) => {
            let (mark, style) = grade_mark(grade, theme);
            (mark, grade.label(), style, back_in(now, next))
        }
        (ItemOutcome::Reviewed { grade, .. }, Pass::Relearn(n)) => {
            let (mark, style) = grade_mark(grade, theme);
            (mark, grade.label(), style, came_back(n))
        }
        (ItemOutcome::Pending | ItemOutcome::Skipped, Pass::First) => (
            theme.glyph("·", "-"),
            "skipped",
            theme.muted(),
            "still due".to_owned(),
        ),
        (ItemOutcome::Pending | ItemOutcome::Skipped, Pass::Relearn(n)) => (
            theme.glyph("·", "-"),
            "skipped",
            theme.muted(),
            came_back(n),
        ),
    };
    let kind = match item.kind {
        ReviewKind::Recall => "card",
        ReviewKind::Predict => "prediction",
    };
    Line::from(vec![
        Span::styled(format!("{mark} {grade:<8}"), style),
        Span::raw(format!(
            "Lesson {}{}{}{}{kind} {}",
            item.lesson_number,
            theme.dot(),
            item.lesson_title,
            theme.dot(),
            item.step
        )),
        Span::styled(format!("{}{when}", theme.dot()), theme.muted()),
    ])
}

/// What a grade means for this item (`step`: the item as asked).
fn why(item: &Item, step: Option<&Step>, grade: Grade) -> &'static str {
    let choice = matches!(step, Some(Step::Predict(p)) if matches!(p.answer, Answer::Choice(_)));
    match (item.kind, choice, grade) {
        (ReviewKind::Recall, _, _) => "your grade",
        (ReviewKind::Predict, true, Grade::Again) => "the wrong option",
        (ReviewKind::Predict, true, Grade::Hard | Grade::Good | Grade::Easy) => "the right option",
        (ReviewKind::Predict, false, Grade::Easy) => "within half the tolerance",
        (ReviewKind::Predict, false, Grade::Good) => "within the tolerance",
        (ReviewKind::Predict, false, Grade::Hard) => "within a factor of 2",
        (ReviewKind::Predict, false, Grade::Again) => "more than a factor of 2 off",
    }
}

fn grade_mark(grade: Grade, theme: Theme) -> (&'static str, ratatui::style::Style) {
    match grade {
        Grade::Good | Grade::Easy => (theme.glyph("✓", "+"), theme.good()),
        Grade::Hard => (theme.glyph("◐", "~"), theme.trap()),
        Grade::Again => (theme.glyph("✗", "x"), theme.error()),
    }
}

/// A missed card's return in the same sitting: practice, its schedule unchanged.
fn came_back(n: u8) -> String {
    let time = if n == 1 { "once" } else { "twice" };
    format!("came back {time} this sitting (practice; its schedule stays)")
}

/// "back in 12 days, 2026-02-12".
fn back_in(now: Timestamp, next: Timestamp) -> String {
    format!("back {}, {}", relative(now, next), date(next))
}

/// "today", "tomorrow", "in 12 days".
fn relative(now: Timestamp, at: Timestamp) -> String {
    match at.calendar_days_since(now) {
        ..=0 => "today".to_owned(),
        1 => "tomorrow".to_owned(),
        n => format!("in {n} days"),
    }
}

/// The calendar date (UTC) of a moment, `2026-02-12`.
#[must_use]
pub fn date(at: Timestamp) -> String {
    time::OffsetDateTime::from_unix_timestamp(at.0)
        .map_or_else(|_| format!("{}s", at.0), |t| t.date().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    const START: Timestamp = Timestamp(1_767_225_600); // 2026-01-01 00:00 UTC

    #[rstest]
    #[case(0, "today")]
    #[case(-3, "today")]
    #[case(1, "tomorrow")]
    #[case(12, "in 12 days")]
    fn days_read_as_words(#[case] days: i64, #[case] text: &str) {
        assert_eq!(relative(START, START.plus_days(days)), text);
    }

    #[test]
    fn dates_are_calendar_days() {
        assert_eq!(date(START.plus_days(42)), "2026-02-12");
        assert_eq!(
            back_in(START, START.plus_days(1)),
            "back tomorrow, 2026-01-02"
        );
    }
}
