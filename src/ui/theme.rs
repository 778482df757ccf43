//! The screens' styles and characters, from the two switches: `--ascii` and `NO_COLOR`.
//! Without colour, emphasis is carried by bold, underline and reverse video alone.

use std::borrow::Cow;

use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::border;
use ratatui::text::Span;
use ratatui::widgets::Block;

use crate::widgets::{Appearance, ColorMode, GlyphSet};

/// Styles and glyphs for one appearance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    look: Appearance,
}

/// Box corners and edges in plain ASCII.
const ASCII_BORDER: border::Set = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

impl Theme {
    /// The theme for an appearance.
    #[must_use]
    pub const fn new(look: Appearance) -> Self {
        Self { look }
    }

    /// The widgets' appearance.
    #[must_use]
    pub const fn appearance(self) -> Appearance {
        self.look
    }

    const fn colored(self) -> bool {
        matches!(self.look.colors, ColorMode::Color)
    }

    fn fg(self, color: Color, fallback: Modifier) -> Style {
        if self.colored() {
            Style::new().fg(self.look.palette.tone(color))
        } else {
            Style::new().add_modifier(fallback)
        }
    }

    /// Bold text in `color` (bold alone, without colours): what the learner acts on or reads
    /// as the point (keys, typing, warnings, the answer).
    fn bold(self, color: Color) -> Style {
        self.fg(color, Modifier::BOLD).add_modifier(Modifier::BOLD)
    }

    /// Pane borders.
    #[must_use]
    pub fn border(self) -> Style {
        self.fg(Color::DarkGray, Modifier::empty())
    }

    /// The border of the pane the keys act on.
    #[must_use]
    pub fn border_active(self) -> Style {
        self.fg(Color::Cyan, Modifier::empty())
    }

    /// The bordered box of the pane in use, with its title as a heading.
    #[must_use]
    pub fn active_block<'a>(self, title: impl Into<Cow<'a, str>>) -> Block<'a> {
        Block::bordered()
            .border_set(self.border_set())
            .border_style(self.border_active())
            .title(Span::styled(title, self.heading()))
    }

    /// Pane titles and headings.
    #[must_use]
    pub fn heading(self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// Secondary text: hints, counts, labels.
    #[must_use]
    pub fn muted(self) -> Style {
        self.fg(Color::DarkGray, Modifier::DIM)
    }

    /// A key name in a hint or the footer.
    #[must_use]
    pub fn key(self) -> Style {
        self.bold(Color::Cyan)
    }

    /// What the learner typed.
    #[must_use]
    pub fn input(self) -> Style {
        self.bold(Color::Yellow)
    }

    /// A refused guess or a wrong answer.
    #[must_use]
    pub fn error(self) -> Style {
        self.fg(Color::Red, Modifier::BOLD)
    }

    /// A right answer, a full score, a finished lesson.
    #[must_use]
    pub fn good(self) -> Style {
        self.fg(Color::Green, Modifier::BOLD)
    }

    /// A warning about the learner's files.
    #[must_use]
    pub fn warning(self) -> Style {
        self.bold(Color::Yellow)
    }

    /// The answer revealed.
    #[must_use]
    pub fn answer(self) -> Style {
        self.bold(Color::Cyan)
    }

    /// The highlighted row or option.
    #[must_use]
    pub fn selected(self) -> Style {
        if self.colored() {
            Style::new()
                .bg(self.look.palette.highlight())
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }

    /// A trap: the common wrong answer.
    #[must_use]
    pub fn trap(self) -> Style {
        self.fg(Color::Magenta, Modifier::ITALIC)
    }

    /// The border characters.
    #[must_use]
    pub const fn border_set(self) -> border::Set<'static> {
        match self.look.glyphs {
            GlyphSet::Unicode => border::ROUNDED,
            GlyphSet::Ascii => ASCII_BORDER,
        }
    }

    /// Picks the Unicode or ASCII spelling of a glyph.
    #[must_use]
    pub const fn glyph(self, unicode: &'static str, ascii: &'static str) -> &'static str {
        self.look.pick(unicode, ascii)
    }

    /// The separator between items on one line: ` · ` or ` | `.
    #[must_use]
    pub const fn dot(self) -> &'static str {
        self.glyph(" · ", " | ")
    }
}
