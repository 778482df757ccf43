//! What every data file shares: the format version, the shape of an id, and where an entry's
//! problems are shown.

use std::collections::HashSet;

use super::located::LocatedError;

/// The data file format this build reads.
pub const FORMAT_VERSION: u32 = 1;

/// Ids are lowercase ASCII letters, digits, `-` and `.`, and not empty.
#[must_use]
pub fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '.')
}

/// The problem with a file's `format_version`, located at it: none for [`FORMAT_VERSION`].
#[must_use]
pub fn check_version(path: &str, text: &str, version: u32) -> Vec<LocatedError> {
    if version == FORMAT_VERSION {
        Vec::new()
    } else {
        vec![LocatedError::at_needle(
            path,
            text,
            0,
            "format_version",
            format!("format_version {version} is not supported; this build reads {FORMAT_VERSION}"),
        )]
    }
}

/// One entry of a data file, known by its id: where its problems are shown.
#[derive(Debug, Clone, Copy)]
pub struct Entry<'a> {
    path: &'a str,
    text: &'a str,
    id: &'a str,
}

impl<'a> Entry<'a> {
    /// The entry with id `id` in the file `path` holding `text`.
    #[must_use]
    pub const fn new(path: &'a str, text: &'a str, id: &'a str) -> Self {
        Self { path, text, id }
    }

    /// A problem of the entry as a whole, located at its quoted id.
    #[must_use]
    pub fn error(&self, message: String) -> LocatedError {
        LocatedError::at_needle(
            self.path,
            self.text,
            0,
            &format!("\"{}\"", self.id),
            message,
        )
    }

    /// A problem of the entry as a whole, prefixed with its id and located at it.
    #[must_use]
    pub fn problem(&self, why: &str) -> LocatedError {
        self.error(format!("{}: {why}", self.id))
    }

    /// The id's problems, named as a `kind` id (`GPU`, `model`): used before (it is added to
    /// `seen`), or not a valid id.
    pub fn id_problems(&self, kind: &str, seen: &mut HashSet<String>) -> Vec<LocatedError> {
        let id = self.id;
        let mut errors = Vec::new();
        if !seen.insert(id.to_owned()) {
            errors.push(self.error(format!("duplicate {kind} id '{id}'")));
        }
        if !valid_id(id) {
            errors.push(self.error(format!(
                "{kind} id '{id}' must be lowercase letters, digits, '-' and '.'"
            )));
        }
        errors
    }

    /// Each field's problem, located at the field inside this entry (found from where its id
    /// is written) and prefixed with the id.
    #[must_use]
    pub fn field_problems(
        &self,
        problems: impl IntoIterator<Item = (&'static str, String)>,
    ) -> Vec<LocatedError> {
        let from = self.text.find(&format!("\"{}\"", self.id)).unwrap_or(0);
        problems
            .into_iter()
            .map(|(field, why)| {
                LocatedError::at_needle(
                    self.path,
                    self.text,
                    from,
                    field,
                    format!("{}: {why}", self.id),
                )
            })
            .collect()
    }
}

/// An entry of a data file: what its id is called, and its problems of its own.
pub trait Checked {
    /// How its id is named in a problem (`GPU id`, `model id`).
    const KIND: &'static str;
    /// Its id.
    fn id(&self) -> &str;
    /// What is wrong with it beyond its id, located by `entry`.
    fn problems(&self, entry: &Entry<'_>) -> Vec<LocatedError>;
}

/// A file's entries, each checked for what every data file asks (a supported version, each id
/// valid and used once) and for its own problems: the entries, or every problem found.
pub fn checked<T: Checked>(
    path: &str,
    text: &str,
    version: u32,
    entries: Vec<T>,
) -> Result<Vec<T>, Vec<LocatedError>> {
    let mut errors = check_version(path, text, version);
    let mut seen = HashSet::new();
    for item in &entries {
        let entry = Entry::new(path, text, item.id());
        errors.extend(entry.id_problems(T::KIND, &mut seen));
        errors.extend(item.problems(&entry));
    }
    if errors.is_empty() {
        Ok(entries)
    } else {
        Err(errors)
    }
}
