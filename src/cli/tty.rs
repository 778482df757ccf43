//! The terminal and its input, shared by the screens that take it over (learn, quiz, present,
//! review): raw mode on the alternate screen and back (`terminal`), keys and mouse as messages
//! (`input`), and the glyphs and colour the learner asked for.

pub(super) mod input;
pub(super) mod terminal;

use super::args::GlobalArgs;
use crate::widgets::{Appearance, ColorMode, GlyphSet};

/// Glyphs and colour as the learner asked: `--ascii`, and `NO_COLOR` from the environment.
#[must_use]
pub fn appearance(global: &GlobalArgs) -> Appearance {
    Appearance::new(
        if global.ascii {
            GlyphSet::Ascii
        } else {
            GlyphSet::Unicode
        },
        ColorMode::from_no_color(std::env::var_os("NO_COLOR").as_deref()),
    )
}
