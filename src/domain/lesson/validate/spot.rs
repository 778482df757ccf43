//! Where a problem is, described so that the source file can be searched for it: which step,
//! which field keys inside it, and what text after them.

use std::ops::Range;

/// Where in a lesson file a problem is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spot {
    /// The step (index in `steps`), or `None` for the lesson's own fields.
    pub step: Option<usize>,
    /// Field keys to find in turn (`["answer", "tolerance"]`); empty points at the step.
    pub fields: Vec<&'static str>,
    /// Text to find after the last field found.
    pub text: Option<Needle>,
}

impl Spot {
    /// A top-level field of the lesson, optionally some text after its key.
    #[must_use]
    pub fn lesson(field: &'static str, text: Option<Needle>) -> Self {
        Self {
            step: None,
            fields: vec![field],
            text,
        }
    }

    /// Inside step `index`: the keys in turn, then optionally some text.
    #[must_use]
    pub fn step(index: usize, fields: &[&'static str], text: Option<Needle>) -> Self {
        Self {
            step: Some(index),
            fields: fields.to_vec(),
            text,
        }
    }
}

/// Text to search for in the source, and the part of it to underline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Needle {
    /// The text as it appears in the file (quotes included for a string value).
    pub text: String,
    /// The bytes of `text` the caret goes under.
    pub mark: Range<usize>,
}

impl Needle {
    /// Underline all of `text`.
    #[must_use]
    pub fn whole(text: String) -> Self {
        let mark = 0..text.len();
        Self { text, mark }
    }
}
