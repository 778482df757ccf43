//! Key rebinding from the settings file: an action (a message the keymap sends, by its
//! kebab-case name: `next-step`, `toggle-help`, `quit`) gets another key in every context it
//! has one. A key another action already answers to there, an unknown action or a key that
//! cannot be read is refused, with the action and the key named.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::{Binding, Emit, KeyPattern, Keymap, emit};

/// Why a rebinding is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RebindError {
    /// No binding sends this action.
    #[error("unknown action '{0}' (`roofline config init` writes a file listing the actions)")]
    UnknownAction(String),
    /// The key cannot be read.
    #[error(
        "cannot read the key '{0}': write one character (`n`), a named key (Enter, Esc, Space, Tab, Backspace, Left, Right, Up, Down, Home, End, PgUp, PgDn, F1–F12) or Ctrl+/Alt+/Shift+ before one"
    )]
    BadKey(String),
    /// The key already does something else where the action applies.
    #[error("'{key}' for {action} conflicts with {other} ({context})")]
    Conflict {
        /// The key as written.
        key: String,
        /// The action being rebound.
        action: String,
        /// The action that has the key already.
        other: String,
        /// Where both apply.
        context: &'static str,
    },
}

/// The kebab-case name of the action a binding sends, if it sends one message with no data.
#[must_use]
pub fn action_name(binding: &Binding) -> Option<String> {
    let Emit::Msg(msg) = &binding.emit else {
        return None;
    };
    // Messages come in groups (`App(ToggleHelp)`): the action is the inner message, when it
    // carries no data of its own.
    let debug = format!("{msg:?}");
    let inner = match debug.split_once('(') {
        Some((_, rest)) => rest.strip_suffix(')')?,
        None => debug.as_str(),
    };
    if inner.is_empty() || !inner.chars().all(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    let debug = inner;
    let mut name = String::with_capacity(debug.len() + 4);
    for (i, c) in debug.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            name.push('-');
        }
        name.push(c.to_ascii_lowercase());
    }
    Some(name)
}

/// Reads a key as the settings file writes it: `n`, `?`, `Enter`, `Ctrl+R`, `Shift+Left`.
pub fn parse_key(text: &str) -> Result<KeyPattern, RebindError> {
    let bad = || RebindError::BadKey(text.to_owned());
    let mut modifiers = KeyModifiers::NONE;
    let mut rest = text.trim();
    loop {
        let lower = rest.to_ascii_lowercase();
        let (flag, len) = if lower.starts_with("ctrl+") {
            (KeyModifiers::CONTROL, 5)
        } else if lower.starts_with("alt+") {
            (KeyModifiers::ALT, 4)
        } else if lower.starts_with("shift+") {
            (KeyModifiers::SHIFT, 6)
        } else {
            break;
        };
        modifiers |= flag;
        rest = &rest[len..];
    }
    let mut chars = rest.chars();
    let code = match (chars.next(), chars.next()) {
        (Some(c), None) if !c.is_control() => {
            let c = if modifiers.contains(KeyModifiers::CONTROL) {
                c.to_ascii_lowercase()
            } else {
                c
            };
            KeyCode::Char(c)
        }
        _ => named(&rest.to_ascii_lowercase()).ok_or_else(bad)?,
    };
    Ok(KeyPattern::Key(code, modifiers))
}

fn named(name: &str) -> Option<KeyCode> {
    Some(match name {
        "enter" | "return" => KeyCode::Enter,
        "esc" | "escape" => KeyCode::Esc,
        "space" => KeyCode::Char(' '),
        "tab" => KeyCode::Tab,
        "backspace" => KeyCode::Backspace,
        "left" => KeyCode::Left,
        "right" => KeyCode::Right,
        "up" => KeyCode::Up,
        "down" => KeyCode::Down,
        "home" => KeyCode::Home,
        "end" => KeyCode::End,
        "pgup" | "pageup" => KeyCode::PageUp,
        "pgdn" | "pagedown" => KeyCode::PageDown,
        f if f.starts_with('f') => {
            KeyCode::F(f[1..].parse().ok().filter(|n| (1..=12).contains(n))?)
        }
        _ => return None,
    })
}

/// Every action a binding may be given, sorted.
#[must_use]
pub fn actions(keymap: &Keymap) -> Vec<String> {
    let mut names: Vec<String> = keymap.bindings.iter().filter_map(action_name).collect();
    names.sort();
    names.dedup();
    names
}

impl Keymap {
    /// This keymap with `action` on `key` instead of its keys, in every context it has one.
    pub fn rebound(mut self, action: &str, key: &str) -> Result<Self, RebindError> {
        let pattern = parse_key(key)?;
        if !actions(&self).iter().any(|a| a == action) {
            return Err(RebindError::UnknownAction(action.to_owned()));
        }
        let KeyPattern::Key(code, modifiers) = pattern else {
            return Err(RebindError::BadKey(key.to_owned()));
        };
        let event = KeyEvent::new(code, modifiers);
        let mut rebound = Vec::new();
        let mut bindings = Vec::with_capacity(self.bindings.len());
        for mut binding in std::mem::take(&mut self.bindings) {
            let mine = action_name(&binding).as_deref() == Some(action)
                && matches!(binding.pattern, KeyPattern::Key(..));
            if mine {
                // The first key of the action in each context becomes the new one; the rest go.
                if rebound.contains(&binding.context) {
                    continue;
                }
                rebound.push(binding.context);
                binding.pattern = pattern;
            }
            bindings.push(binding);
        }
        for binding in &bindings {
            let other = action_name(binding);
            if rebound.contains(&binding.context)
                && other.as_deref() != Some(action)
                && emit(binding, &event).is_some()
            {
                return Err(RebindError::Conflict {
                    key: key.to_owned(),
                    action: action.to_owned(),
                    other: other.unwrap_or_else(|| binding.label.to_owned()),
                    context: binding.context.title(),
                });
            }
        }
        self.bindings = bindings;
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::keymap::KeyContext;
    use crate::app::msg::{AppMsg, Msg};
    use crate::widgets::GlyphSet;
    use rstest::rstest;

    #[rstest]
    #[case::char("n", KeyCode::Char('n'), KeyModifiers::NONE)]
    #[case::named("Enter", KeyCode::Enter, KeyModifiers::NONE)]
    #[case::ctrl("Ctrl+R", KeyCode::Char('r'), KeyModifiers::CONTROL)]
    #[case::shift("shift+left", KeyCode::Left, KeyModifiers::SHIFT)]
    #[case::function("F5", KeyCode::F(5), KeyModifiers::NONE)]
    fn keys_are_read(#[case] text: &str, #[case] code: KeyCode, #[case] modifiers: KeyModifiers) {
        assert_eq!(parse_key(text), Ok(KeyPattern::Key(code, modifiers)));
    }

    #[rstest]
    #[case::word("enterr")]
    #[case::empty("")]
    #[case::f13("F13")]
    fn bad_keys_are_refused(#[case] text: &str) {
        assert_eq!(parse_key(text), Err(RebindError::BadKey(text.to_owned())));
    }

    #[test]
    fn actions_are_the_messages_by_name() {
        let names = actions(&Keymap::default());
        for name in ["quit", "next-step", "toggle-help", "double-batch"] {
            assert!(names.iter().any(|n| n == name), "{name} in {names:?}");
        }
    }

    #[test]
    fn a_rebound_action_answers_to_its_new_key_only() {
        let keymap = Keymap::default().rebound("toggle-help", "F1").unwrap();
        let contexts = [KeyContext::Lesson, KeyContext::Global];
        let f1 = KeyEvent::new(KeyCode::F(1), KeyModifiers::NONE);
        let question = KeyEvent::new(KeyCode::Char('?'), KeyModifiers::NONE);
        assert_eq!(
            keymap.lookup(&f1, &contexts),
            Some(Msg::App(AppMsg::ToggleHelp))
        );
        assert_eq!(keymap.lookup(&question, &contexts), None);
        assert_eq!(
            keymap
                .key_for(&Msg::App(AppMsg::ToggleHelp), &contexts, GlyphSet::Unicode)
                .as_deref(),
            Some("F1")
        );
    }

    #[test]
    fn conflicts_and_unknown_actions_are_refused() {
        let e = Keymap::default().rebound("toggle-help", "q").unwrap_err();
        assert!(
            matches!(&e, RebindError::Conflict { other, .. } if other == "quit"),
            "{e}"
        );
        assert!(
            e.to_string()
                .starts_with("'q' for toggle-help conflicts with quit ("),
            "{e}"
        );
        assert_eq!(
            Keymap::default().rebound("fly", "x"),
            Err(RebindError::UnknownAction("fly".to_owned()))
        );
    }
}
