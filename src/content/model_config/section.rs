//! One JSON object of a `config.json` (the top level, or its `text_config`), read field by
//! field: a field that is missing or of the wrong kind is refused with its name, located at
//! the field (or, when missing, at the object that should hold it).

use serde_json::{Map, Value};

use crate::content::located::LocatedError;

/// A JSON object and where it is written.
#[derive(Debug, Clone, Copy)]
pub struct Section<'a> {
    /// The file's path as shown.
    pub path: &'a str,
    /// The whole file.
    pub text: &'a str,
    /// The object.
    pub map: &'a Map<String, Value>,
    /// Byte offset of the object in `text` (its key, or the opening brace).
    pub at: usize,
    /// `""` for the top level, else the key holding this object (`text_config`).
    pub name: &'static str,
}

impl<'a> Section<'a> {
    /// The value of `key`, if present and not `null`.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&'a Value> {
        self.map.get(key).filter(|v| !v.is_null())
    }

    /// Byte offset of `"key":` in this object (the object's own offset when not found).
    fn key_offset(&self, key: &str) -> usize {
        let needle = format!("\"{key}\"");
        let mut from = self.at;
        while let Some(i) = self.text[from..].find(&needle) {
            let start = from + i;
            let rest = self.text[start + needle.len()..].trim_start();
            if rest.starts_with(':') {
                return start;
            }
            from = start + needle.len();
        }
        self.at
    }

    /// An error at `key`, underlining its name.
    #[must_use]
    pub fn at_key(&self, key: &str, message: impl Into<String>) -> LocatedError {
        let offset = self.key_offset(key);
        let len = if offset == self.at && self.map.get(key).is_none() {
            1
        } else {
            key.len() + 2
        };
        LocatedError::at_offset(self.path, self.text, offset, len, message)
    }

    /// An error at `needle` (an item of `key`'s value, as the file writes it), else at `key`.
    #[must_use]
    pub fn at_item(&self, key: &str, needle: &str, message: impl Into<String>) -> LocatedError {
        LocatedError::at_needle(self.path, self.text, self.key_offset(key), needle, message)
    }

    /// `path:line:col` of `key` (for saying where a figure came from).
    #[must_use]
    pub fn origin(&self, key: &str) -> String {
        let e = self.at_key(key, "");
        let shown = if self.name.is_empty() {
            key.to_owned()
        } else {
            format!("{}.{key}", self.name)
        };
        format!("{}:{}:{} {shown}", e.path, e.start.line, e.start.col)
    }

    /// The refusal for a field this layout needs and the file lacks.
    #[must_use]
    pub fn missing(&self, key: &str, why: &str) -> LocatedError {
        let holder = if self.name.is_empty() {
            "the file".to_owned()
        } else {
            format!("\"{}\"", self.name)
        };
        LocatedError::at_offset(
            self.path,
            self.text,
            self.at,
            1,
            format!("missing field \"{key}\" in {holder}: {why}"),
        )
    }

    /// A whole number the layout needs.
    pub fn count(&self, key: &str, why: &str) -> Result<u64, LocatedError> {
        self.opt_count(key)?.ok_or_else(|| self.missing(key, why))
    }

    /// A whole number, if given.
    pub fn opt_count(&self, key: &str) -> Result<Option<u64>, LocatedError> {
        self.opt_as(key, "a whole number", Value::as_u64)
    }

    /// A count that fits 32 bits.
    pub fn count32(&self, key: &str, why: &str) -> Result<u32, LocatedError> {
        self.fits32(key, self.count(key, why)?)
    }

    /// An optional count that fits 32 bits.
    pub fn opt_count32(&self, key: &str) -> Result<Option<u32>, LocatedError> {
        self.opt_count(key)?
            .map(|v| self.fits32(key, v))
            .transpose()
    }

    /// `key`'s count `v` as 32 bits, refused at `key` when too large.
    fn fits32(&self, key: &str, v: u64) -> Result<u32, LocatedError> {
        u32::try_from(v).map_err(|_| self.at_key(key, format!("\"{key}\" {v} is too large")))
    }

    /// A true/false the layout needs.
    pub fn flag(&self, key: &str, why: &str) -> Result<bool, LocatedError> {
        self.opt_flag(key)?.ok_or_else(|| self.missing(key, why))
    }

    /// A true/false, if given.
    pub fn opt_flag(&self, key: &str) -> Result<Option<bool>, LocatedError> {
        self.opt_as(key, "true or false", Value::as_bool)
    }

    /// A string, if given.
    pub fn opt_text(&self, key: &str) -> Result<Option<&'a str>, LocatedError> {
        self.opt_as(key, "a string", Value::as_str)
    }

    /// `key`'s value as `read` takes it, if given; refused at `key` as not `kind` (`a string`)
    /// where `read` finds none.
    fn opt_as<T>(
        &self,
        key: &str,
        kind: &str,
        read: impl FnOnce(&'a Value) -> Option<T>,
    ) -> Result<Option<T>, LocatedError> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => read(v)
                .map(Some)
                .ok_or_else(|| self.at_key(key, format!("\"{key}\" must be {kind}, not {v}"))),
        }
    }

    /// A nested object, as a section of its own.
    pub fn object(&self, key: &'static str) -> Result<Option<Section<'a>>, LocatedError> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::Object(map)) => Ok(Some(Section {
                map,
                at: self.key_offset(key),
                name: key,
                ..*self
            })),
            Some(v) => Err(self.at_key(key, format!("\"{key}\" must be an object, not {v}"))),
        }
    }
}
