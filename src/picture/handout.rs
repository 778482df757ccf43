//! A presentation's handout: one self-contained HTML page (no script, no outside file) with
//! each step of the lesson, the answer of each step revealed in class with its explanation,
//! and the room's spread as an inline SVG picture. A step not revealed keeps its answer.

mod build;

use std::fmt::Write as _;

pub use build::build;

use super::svg::escape;

/// What the handout shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Handout {
    /// The lesson's title.
    pub title: String,
    /// The lesson's id.
    pub lesson: String,
    /// When the presentation started (RFC 3339).
    pub started: String,
    /// Every step, in order.
    pub steps: Vec<HandoutStep>,
}

/// One step of the handout.
#[derive(Debug, Clone, PartialEq)]
pub struct HandoutStep {
    /// Its number, from 1.
    pub number: usize,
    /// Its kind (`Predict`, `Read`, …).
    pub kind: String,
    /// What the room saw: the text, the question or the task.
    pub text: String,
    /// What came of it.
    pub outcome: Outcome,
}

/// What came of a step.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// Nothing to answer (reading, a worked example, a card).
    Nothing,
    /// A question the presentation did not reach the reveal of: no answer shown.
    NotRevealed,
    /// A question revealed in class.
    Revealed {
        /// The answer in words: `295 FLOP/byte`, or the right option.
        answer: String,
        /// Why.
        explanation: String,
        /// One line about the room: how many answered, the median, how many were close.
        summary: String,
        /// The room's spread as SVG, when anyone answered.
        picture: Option<String>,
    },
}

const STYLE: &str = "\
body{font-family:sans-serif;max-width:760px;margin:2em auto;padding:0 1em;color:#111;background:#fff;line-height:1.45}
h1{font-size:1.6em;margin-bottom:0.2em}
.meta{color:#555;margin-top:0}
section{border-top:1px solid #ddd;padding:0.6em 0}
h2{font-size:1.05em;color:#333}
.answer{font-weight:bold;color:#1a7f37}
.pending{color:#777;font-style:italic}
.room{color:#333}
svg{max-width:100%;height:auto}";

/// The handout as an HTML page.
#[must_use]
pub fn render(handout: &Handout) -> String {
    let mut out = String::with_capacity(32 * 1024);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{title}</title>\n<style>\n{STYLE}\n</style>\n</head>\n<body>\n\
         <h1>{title}</h1>\n<p class=\"meta\">Handout of the presentation of {lesson}, \
         started {started}.</p>\n",
        title = escape(&handout.title),
        lesson = escape(&handout.lesson),
        started = escape(&handout.started),
    );
    for step in &handout.steps {
        write_step(&mut out, step);
    }
    out.push_str("</body>\n</html>\n");
    out
}

fn write_step(out: &mut String, step: &HandoutStep) {
    let _ = writeln!(
        out,
        "<section id=\"step-{n}\">\n<h2>Step {n} · {kind}</h2>",
        n = step.number,
        kind = escape(&step.kind)
    );
    paragraphs(out, &step.text);
    match &step.outcome {
        Outcome::Nothing => {}
        Outcome::NotRevealed => {
            out.push_str("<p class=\"pending\">Not revealed in this session.</p>\n");
        }
        Outcome::Revealed {
            answer,
            explanation,
            summary,
            picture,
        } => {
            let _ = writeln!(out, "<p class=\"answer\">Answer: {}</p>", escape(answer));
            paragraphs(out, explanation);
            let _ = writeln!(out, "<p class=\"room\">{}</p>", escape(summary));
            if let Some(svg) = picture {
                // Our own SVG, its text already escaped.
                out.push_str(svg);
            }
        }
    }
    out.push_str("</section>\n");
}

/// Text as paragraphs (split at blank lines), escaped.
fn paragraphs(out: &mut String, text: &str) {
    for paragraph in text.split("\n\n").map(str::trim).filter(|p| !p.is_empty()) {
        // A line break inside a paragraph (a list's items) stays one.
        let lines: Vec<String> = paragraph
            .lines()
            .map(|line| escape(line.trim()).into_owned())
            .collect();
        let _ = writeln!(out, "<p>{}</p>", lines.join("<br>\n"));
    }
}

#[cfg(test)]
mod tests;
