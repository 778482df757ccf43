//! The settings file, `config.toml` in the platform's config directory: theme, default cluster
//! profile, review retention and key rebinding. Strict like every data file: unknown fields
//! and a wrong `format_version` are refused, located (`path:line:col`, the line, a caret).
//! What each value means is checked by the layers that own it (the theme's names, the keys);
//! they report through [`SettingsFile::error_at`], on the value's span.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::located::LocatedError;

/// The format this tutor reads.
pub const FORMAT_VERSION: u32 = 1;

/// A value with where it was written (byte offsets in the file).
#[derive(Debug, Clone, PartialEq)]
pub struct Placed<T> {
    /// The value.
    pub value: T,
    /// Its bytes in the file.
    pub span: Range<usize>,
}

impl<T> From<toml::Spanned<T>> for Placed<T> {
    fn from(spanned: toml::Spanned<T>) -> Self {
        let span = spanned.span();
        Self {
            value: spanned.into_inner(),
            span,
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    format_version: toml::Spanned<u32>,
    theme: Option<toml::Spanned<String>>,
    cluster: Option<PathBuf>,
    retention: Option<toml::Spanned<f64>>,
    #[serde(default)]
    keys: BTreeMap<toml::Spanned<String>, toml::Spanned<String>>,
}

/// A settings file, read and checked for shape.
#[derive(Debug, Clone, PartialEq)]
pub struct SettingsFile {
    path: String,
    source: String,
    /// `dark` or `light`, as written.
    pub theme: Option<Placed<String>>,
    /// The cluster profile to study with when `--cluster` is not given (relative to the
    /// settings file's directory).
    pub cluster: Option<PathBuf>,
    /// Desired review retention, as written.
    pub retention: Option<Placed<f64>>,
    /// Rebound keys: (action, key), in the file's order.
    pub keys: Vec<(Placed<String>, Placed<String>)>,
}

impl SettingsFile {
    /// A problem with a value of this file, located on its span.
    #[must_use]
    pub fn error_at(&self, span: &Range<usize>, message: impl Into<String>) -> LocatedError {
        LocatedError::at_offset(
            &self.path,
            &self.source,
            span.start,
            span.end.saturating_sub(span.start),
            message,
        )
    }
}

/// Parses a settings file's text (`path` names it in errors).
pub fn parse(path: &Path, source: &str) -> Result<SettingsFile, LocatedError> {
    let shown = path.display().to_string();
    let raw: Raw = toml::from_str(source).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        LocatedError::at_offset(
            &shown,
            source,
            span.start,
            span.end.saturating_sub(span.start),
            e.message().trim_end().to_owned(),
        )
    })?;
    if *raw.format_version.get_ref() != FORMAT_VERSION {
        let span = raw.format_version.span();
        return Err(LocatedError::at_offset(
            &shown,
            source,
            span.start,
            span.end - span.start,
            format!(
                "format_version {} is not one this tutor reads: write {FORMAT_VERSION}",
                raw.format_version.get_ref()
            ),
        ));
    }
    let base = path.parent().unwrap_or_else(|| Path::new(""));
    let mut keys: Vec<(Placed<String>, Placed<String>)> = raw
        .keys
        .into_iter()
        .map(|(action, key)| (action.into(), key.into()))
        .collect();
    keys.sort_by_key(|(action, _)| action.span.start);
    Ok(SettingsFile {
        path: shown,
        source: source.to_owned(),
        theme: raw.theme.map(Placed::from),
        cluster: raw.cluster.map(|c| base.join(c)),
        retention: raw.retention.map(Placed::from),
        keys,
    })
}

/// Reads the settings file at `path`; `None` when there is none.
pub fn read(path: &Path) -> Result<Option<SettingsFile>, LocatedError> {
    let shown = path.display().to_string();
    match super::file::read_capped(path) {
        Ok(bytes) => {
            let text = String::from_utf8(bytes)
                .map_err(|_| LocatedError::whole_file(&shown, "is not UTF-8 text"))?;
            parse(path, &text).map(Some)
        }
        Err(e) if e.is_not_found() => Ok(None),
        Err(e) => Err(LocatedError::whole_file(&shown, e.to_string())),
    }
}

/// The commented file `roofline config init` writes. `{actions}` is replaced by the list of
/// actions a key can be given.
pub const TEMPLATE: &str = r#"# roofline settings. Every line but format_version is optional; a flag on the command line
# wins over the value here.
format_version = 1

# Colours for a dark or a light terminal background: "dark" or "light" (--theme).
# theme = "light"

# The cluster profile to study with (--cluster), relative to this file.
# cluster = "my-cluster.ron"

# Desired retention for reviews, in (0.7, 0.99] (--retention).
# retention = 0.9

# Keys: an action = the key it answers to instead of its own, in every screen it applies to.
# A key is one character ("n", "?"), a named key (Enter, Esc, Space, Tab, Backspace, Left,
# Right, Up, Down, Home, End, PgUp, PgDn, F1-F12), or Ctrl+/Alt+/Shift+ before one. A key
# that another action already has on the same screen is refused at start.
[keys]
# toggle-help = "F1"
# next-step = "Space"
#
# The actions:
{actions}
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn refused(source: &str) -> String {
        parse(Path::new("/c/config.toml"), source)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn a_good_file() {
        let text = "format_version = 1\ntheme = \"light\"\ncluster = \"mine.ron\"\nretention = 0.85\n\n[keys]\ntoggle-help = \"F1\"\nquit = \"Ctrl+Q\"\n";
        let file = parse(Path::new("/c/config.toml"), text).unwrap();
        assert_eq!(file.theme.as_ref().unwrap().value, "light");
        assert_eq!(file.cluster, Some(PathBuf::from("/c/mine.ron")));
        assert!((file.retention.as_ref().unwrap().value - 0.85).abs() < 1e-12);
        let keys: Vec<(&str, &str)> = file
            .keys
            .iter()
            .map(|(a, k)| (a.value.as_str(), k.value.as_str()))
            .collect();
        assert_eq!(keys, [("toggle-help", "F1"), ("quit", "Ctrl+Q")]);
        let e = file.error_at(&file.keys[1].1.span, "nope").to_string();
        assert!(e.starts_with("/c/config.toml:8:8: nope"), "{e}");
    }

    #[test]
    fn unknown_fields_and_versions_are_located() {
        let e = refused("format_version = 1\ncolour = \"red\"\n");
        assert!(
            e.starts_with("/c/config.toml:2:1: unknown field `colour`"),
            "{e}"
        );
        assert!(e.contains("colour = \"red\"") && e.contains('^'), "{e}");
        let e = refused("format_version = 2\n");
        assert!(
            e.starts_with("/c/config.toml:1:18: format_version 2"),
            "{e}"
        );
        let e = refused("format_version = 1\n[keys]\nquit = 3\n");
        assert!(e.starts_with("/c/config.toml:3:8:"), "{e}");
    }

    #[test]
    fn the_template_parses() {
        let text = TEMPLATE.replace("{actions}", "# quit");
        let file = parse(Path::new("config.toml"), &text).unwrap();
        assert_eq!((file.theme, file.keys.len()), (None, 0));
    }
}
