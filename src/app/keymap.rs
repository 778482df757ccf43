//! The keymap as data: which key does what, where. The key lookup, the footer and the `?` help
//! overlay are all generated from this one table, so they cannot disagree.
//!
//! Conflicts are settled by context: while a guess is typed, digits, `.`, `e` and `-` go to the
//! guess; while an explanation is typed every printable key goes to the text (Esc stops
//! typing). `l` opens the lesson list, so ±1 on the batch is Shift+←/→ or `[`/`]`, not h/l.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::msg::Msg;
use crate::app::StepMsg;
use crate::widgets::GlyphSet;

/// Where a binding applies. The app lists the contexts active in its current state, most
/// specific first; the first binding that matches the key wins. The help overlay lists the
/// contexts in declaration order (`KeyContext::iter()`, from strum).
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumIter)]
pub enum KeyContext {
    /// Everywhere.
    Global,
    /// The end of a lesson.
    LessonEnd,
    /// Typing on the what-if line.
    WhatIfEntry,
    /// Classroom: the presenter's keys.
    Presenting,
    /// Classroom: typing the numbers the room calls out.
    RoomNumbers,
    /// Classroom: counting the options the room calls out.
    RoomChoices,
    /// Classroom: the room answers from its devices (`--room`).
    RoomDevices,
    /// A warning is shown under the screen.
    Warning,
    /// The lesson list.
    LessonList,
    /// Searching the lessons (`/` on the lesson list): every printable key is the query.
    Search,
    /// The weakest steps across the course.
    Weakest,
    /// Any lesson step.
    Lesson,
    /// The plot is on screen.
    Plot,
    /// Typing a numeric guess.
    GuessEntry,
    /// Choosing an option.
    ChoiceEntry,
    /// A guess is locked in, the answer hidden.
    Committed,
    /// A step that is finished or has nothing to answer.
    Continue,
    /// A recall card shows its front.
    CardFront,
    /// A recall card shows its back.
    CardBack,
    /// Typing an explanation: every printable key is text.
    TextEntry,
    /// An explanation step whose input has been left with Esc.
    ExplainPaused,
    /// The help overlay is open.
    Help,
    /// Quiz: typing a number.
    QuizNumber,
    /// Quiz: choosing an option.
    QuizChoice,
    /// Quiz: an answer is shown.
    QuizRevealed,
    /// Quiz: the summary at the end.
    QuizEnd,
    /// Review: any item.
    Reviewing,
    /// Review: the summary at the end of a round.
    ReviewEnd,
    /// Study: the derivation view of a revealed answer is open.
    Derivation,
}

impl KeyContext {
    /// The heading of the context's section in the help overlay.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Self::Help => "This help",
            Self::LessonList => "Lesson list",
            Self::Search => "Searching the lessons (/)",
            Self::Weakest => "Weakest steps",
            Self::TextEntry => "Writing an explanation",
            Self::GuessEntry => "Typing a guess",
            Self::ChoiceEntry => "Choosing an option",
            Self::Committed => "Guess locked in",
            Self::CardFront => "Recall card, front",
            Self::CardBack => "Recall card, back",
            Self::ExplainPaused => "Explanation, not typing",
            Self::Continue => "Finished step",
            Self::Lesson => "Any lesson step",
            Self::Plot => "Roofline plot",
            Self::Warning => "A warning is shown",
            Self::WhatIfEntry => "The what-if line (:)",
            Self::LessonEnd => "End of a lesson",
            Self::RoomNumbers => "Classroom: the room's numbers",
            Self::RoomChoices => "Classroom: the room's options",
            Self::RoomDevices => "Classroom: the room's devices (--room)",
            Self::Presenting => "Classroom: presenting",
            Self::Global => "Anywhere",
            Self::QuizNumber => "Quiz: typing a number",
            Self::QuizChoice => "Quiz: choosing an option",
            Self::QuizRevealed => "Quiz: the answer shown",
            Self::QuizEnd => "Quiz: the end",
            Self::Reviewing => "Review",
            Self::Derivation => "Derivation of an answer (w)",
            Self::ReviewEnd => "End of a review",
        }
    }
}

/// Which keys a binding matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyPattern {
    /// One key. For characters Shift is part of the character (`?`, `P`) and is not compared.
    Key(KeyCode, KeyModifiers),
    /// Any character that can be part of a number: digits, `.`, `e`, `E`, `-`, `+`, `,`, `_`.
    NumberChar,
    /// A number character or a space (several guesses on one line).
    NumbersChar,
    /// A digit from 1 to 9.
    OptionDigit,
    /// Any printable character.
    AnyChar,
}

/// What a matching key sends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Emit {
    /// This message.
    Msg(Msg),
    /// [`StepMsg::TypeChar`] with the key's character.
    TypedChar,
    /// [`StepMsg::SelectOption`] with the digit's option (1 → option 0).
    OptionOfDigit,
}

/// One line of the keymap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Binding {
    /// Where it applies.
    pub context: KeyContext,
    /// Which keys.
    pub pattern: KeyPattern,
    /// What they send.
    pub emit: Emit,
    /// The word in the footer; adjacent bindings with the same word share one entry (`←/→ batch`).
    pub label: &'static str,
    /// How much the footer wants it: 0 never, higher survives a narrow footer longer.
    pub footer: u8,
    /// The line in the help overlay.
    pub help: &'static str,
}

/// One footer entry: keys and a word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FooterEntry {
    /// The keys, e.g. `←/→`.
    pub keys: String,
    /// The word, e.g. `batch`.
    pub label: &'static str,
    /// How much it wants to stay when the footer is narrow.
    pub priority: u8,
}

/// The whole table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keymap {
    bindings: Vec<Binding>,
}

const SHIFT: KeyModifiers = KeyModifiers::SHIFT;

impl Default for Keymap {
    fn default() -> Self {
        Self {
            bindings: defaults::bindings(),
        }
    }
}

impl Keymap {
    /// A keymap that binds nothing: for a front end that reads whole lines instead of keys
    /// (the plain-text mode), so that no screen text offers a key.
    #[must_use]
    pub const fn unbound() -> Self {
        Self {
            bindings: Vec::new(),
        }
    }

    /// Every binding, in table order.
    #[must_use]
    pub fn bindings(&self) -> &[Binding] {
        &self.bindings
    }

    /// The message a key sends in these contexts (most specific first), if any.
    #[must_use]
    pub fn lookup(&self, event: &KeyEvent, contexts: &[KeyContext]) -> Option<Msg> {
        contexts.iter().find_map(|context| {
            self.bindings
                .iter()
                .filter(|b| b.context == *context)
                .find_map(|b| emit(b, event))
        })
    }

    /// The footer entries for these contexts: bindings with a footer word, the first binding
    /// of a key winning, adjacent same-word entries merged.
    #[must_use]
    pub fn footer(&self, contexts: &[KeyContext], glyphs: GlyphSet) -> Vec<FooterEntry> {
        let mut seen: Vec<&Binding> = Vec::new();
        let mut entries: Vec<FooterEntry> = Vec::new();
        for context in contexts {
            for b in self.bindings.iter().filter(|b| b.context == *context) {
                // A key an earlier binding already answers to is not this binding's any more
                // (`q` is text while typing an explanation).
                let shadowed = seen.iter().any(|earlier| shadows(earlier, b));
                seen.push(b);
                if shadowed || b.footer == 0 {
                    continue;
                }
                let name = key_name(b.pattern, glyphs);
                match entries.last_mut() {
                    Some(last) if last.label == b.label => {
                        last.keys = format!("{}/{name}", last.keys);
                        last.priority = last.priority.max(b.footer);
                    }
                    _ => {
                        if let Some(existing) = entries.iter_mut().find(|e| e.label == b.label) {
                            // The same word from a less specific context: keep the first.
                            existing.priority = existing.priority.max(b.footer);
                            continue;
                        }
                        entries.push(FooterEntry {
                            keys: name,
                            label: b.label,
                            priority: b.footer,
                        });
                    }
                }
            }
        }
        entries
    }

    /// The name of the first key that sends `msg` in these contexts, for hints in the text
    /// (`[Enter] commit`).
    #[must_use]
    pub fn key_for(&self, msg: &Msg, contexts: &[KeyContext], glyphs: GlyphSet) -> Option<String> {
        contexts.iter().find_map(|context| {
            self.bindings
                .iter()
                .find(|b| {
                    b.context == *context
                        && match &b.emit {
                            Emit::Msg(m) => m == msg,
                            Emit::TypedChar => matches!(msg, Msg::Step(StepMsg::TypeChar(_))),
                            Emit::OptionOfDigit => {
                                matches!(msg, Msg::Step(StepMsg::SelectOption(_)))
                            }
                        }
                })
                .map(|b| key_name(b.pattern, glyphs))
        })
    }
}

/// Whether `earlier` takes every key `later` would: the same pattern, or a pattern that
/// matches `later`'s one key.
fn shadows(earlier: &Binding, later: &Binding) -> bool {
    match later.pattern {
        KeyPattern::Key(code, modifiers) => {
            emit(earlier, &KeyEvent::new(code, modifiers)).is_some()
        }
        pattern @ (KeyPattern::NumberChar
        | KeyPattern::NumbersChar
        | KeyPattern::OptionDigit
        | KeyPattern::AnyChar) => earlier.pattern == pattern,
    }
}

// crossterm's `KeyCode`: the keys the keymap does not name are not ours to list.
#[allow(clippy::wildcard_enum_match_arm)]
fn emit(binding: &Binding, event: &KeyEvent) -> Option<Msg> {
    let typed = match event.code {
        KeyCode::Char(c)
            if !event
                .modifiers
                .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
        {
            Some(c)
        }
        _ => None,
    };
    let matches = match binding.pattern {
        KeyPattern::Key(KeyCode::Char(c), modifiers) => {
            event.code == KeyCode::Char(c)
                && event.modifiers.difference(SHIFT) == modifiers.difference(SHIFT)
        }
        KeyPattern::Key(code, modifiers) => event.code == code && event.modifiers == modifiers,
        KeyPattern::NumberChar => {
            typed.is_some_and(|c| matches!(c, '0'..='9' | '.' | 'e' | 'E' | '-' | '+' | ',' | '_'))
        }
        KeyPattern::NumbersChar => typed.is_some_and(|c| {
            matches!(c, '0'..='9' | '.' | 'e' | 'E' | '-' | '+' | ',' | '_' | ' ')
        }),
        KeyPattern::OptionDigit => typed.is_some_and(|c| matches!(c, '1'..='9')),
        KeyPattern::AnyChar => typed.is_some_and(|c| !c.is_control()),
    };
    if !matches {
        return None;
    }
    Some(match &binding.emit {
        Emit::Msg(msg) => msg.clone(),
        Emit::TypedChar => Msg::Step(StepMsg::TypeChar(typed?)),
        Emit::OptionOfDigit => Msg::Step(StepMsg::SelectOption(typed?.to_digit(10)? as usize - 1)),
    })
}

/// How a key is written in the footer and the help.
#[must_use]
// crossterm's `KeyCode`: a key without a short name is shown as crossterm spells it.
#[allow(clippy::wildcard_enum_match_arm)]
pub fn key_name(pattern: KeyPattern, glyphs: GlyphSet) -> String {
    let unicode = glyphs == GlyphSet::Unicode;
    let pick = |u: &str, a: &str| if unicode { u.to_owned() } else { a.to_owned() };
    match pattern {
        KeyPattern::NumberChar => "0-9 . e".to_owned(),
        KeyPattern::NumbersChar => "0-9 . e Space".to_owned(),
        KeyPattern::OptionDigit => "1-9".to_owned(),
        KeyPattern::AnyChar => pick("a–z…", "a-z..."),
        KeyPattern::Key(code, modifiers) => {
            let base = match code {
                KeyCode::Left => pick("←", "Left"),
                KeyCode::Right => pick("→", "Right"),
                KeyCode::Up => pick("↑", "Up"),
                KeyCode::Down => pick("↓", "Down"),
                KeyCode::Enter => "Enter".to_owned(),
                KeyCode::Esc => "Esc".to_owned(),
                KeyCode::Backspace => pick("⌫", "Bksp"),
                KeyCode::Home => "Home".to_owned(),
                KeyCode::End => "End".to_owned(),
                KeyCode::PageUp => "PgUp".to_owned(),
                KeyCode::PageDown => "PgDn".to_owned(),
                KeyCode::Char(' ') => "Space".to_owned(),
                KeyCode::Tab => "Tab".to_owned(),
                KeyCode::F(n) => format!("F{n}"),
                KeyCode::Char(c) => c.to_string(),
                other => format!("{other:?}"),
            };
            if modifiers.contains(KeyModifiers::CONTROL) {
                format!("Ctrl+{}", base.to_uppercase())
            } else if modifiers.contains(KeyModifiers::ALT) {
                format!("Alt+{base}")
            } else if modifiers.contains(SHIFT) {
                format!("Shift+{base}")
            } else {
                base
            }
        }
    }
}

mod classroom_keys;
mod defaults;
mod find_keys;
mod quiz_keys;
pub mod rebind;
mod row;
#[cfg(test)]
mod tests;
mod why_keys;
