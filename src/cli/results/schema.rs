//! What the result schema forbids beyond its shape (README, "Quiz result files"): a
//! confidence outside 1–3, a number answer or guess that is not positive, an option index
//! that is not a whole number from 0, a negative or non-finite tolerance, a score or total
//! over 100, and a start or finish that is not an RFC 3339 date. Each is located at its field.

use crate::content::located::LocatedError;
use crate::domain::quiz::QuizResult;

/// A field that breaks the schema: the key as written in the file, which question (`None`
/// for the file's own fields), and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Breach {
    /// `"confidence"`, `"started"`, …
    pub field: &'static str,
    /// The question's index, from 0.
    pub question: Option<usize>,
    /// Why, in words.
    pub why: String,
}

/// The first breach in `result`, if any.
#[must_use]
pub fn breach(result: &QuizResult) -> Option<Breach> {
    let top = |field, why: String| Breach {
        field,
        question: None,
        why,
    };
    for (field, date) in [("started", &result.started), ("finished", &result.finished)] {
        if time::OffsetDateTime::parse(date, &time::format_description::well_known::Rfc3339)
            .is_err()
        {
            return Some(top(
                field,
                format!(
                    "{field} '{}' is not an RFC 3339 date",
                    date.escape_default()
                ),
            ));
        }
    }
    if !(result.total.is_finite() && (0.0..=100.0).contains(&result.total)) {
        return Some(top(
            "total",
            format!("total {} is not from 0 to 100", result.total),
        ));
    }
    result.questions.iter().enumerate().find_map(|(i, q)| {
        let at = |field, why: String| Breach {
            field,
            question: Some(i),
            why,
        };
        let positive = |v: f64| v.is_finite() && v > 0.0;
        let index = |v: f64| v.is_finite() && v >= 0.0 && v.fract() == 0.0;
        if let Some(c) = q.confidence
            && !(1..=3).contains(&c)
        {
            return Some(at("confidence", format!("confidence {c} is not 1, 2 or 3")));
        }
        if q.score > 100 {
            return Some(at("score", format!("score {} is over 100", q.score)));
        }
        match q.tolerance {
            Some(t) if !(t.is_finite() && t >= 0.0) => Some(at(
                "tolerance",
                format!("tolerance {t} is negative or not a number"),
            )),
            Some(_) if !positive(q.answer) => Some(at(
                "answer",
                format!("answer {} is not a positive number", q.answer),
            )),
            Some(_) => q
                .guess
                .filter(|g| !positive(*g))
                .map(|g| at("guess", format!("guess {g} is not a positive number"))),
            None if !index(q.answer) => Some(at(
                "answer",
                format!(
                    "answer {} is not an option's index (a whole number from 0)",
                    q.answer
                ),
            )),
            None => q.guess.filter(|g| !index(*g)).map(|g| {
                at(
                    "guess",
                    format!("guess {g} is not an option's index (a whole number from 0)"),
                )
            }),
        }
    })
}

/// The breach located in `source`: at the field's key, in the right question.
#[must_use]
pub fn locate(shown: &str, source: &str, breach: &Breach) -> LocatedError {
    let needle = format!("\"{}\"", breach.field);
    let from = breach.question.map_or(0, |i| {
        let questions = source.find("\"questions\"").unwrap_or(0);
        // The i-th question starts at its i-th `"lesson"` key after `"questions"`.
        source[questions..]
            .match_indices("\"lesson\"")
            .nth(i)
            .map_or(questions, |(at, _)| questions + at)
    });
    let why = match breach.question {
        Some(i) => format!("question {}: {}", i + 1, breach.why),
        None => breach.why.clone(),
    };
    LocatedError::at_needle(
        shown,
        source,
        from,
        &needle,
        format!("not a quiz result: {why}"),
    )
}
