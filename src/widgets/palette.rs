//! The two palettes: colours for a dark terminal background (the default) and for a light one
//! (`--theme light`). A light background washes out yellow, cyan and the light tones, so the
//! light palette draws the same elements in deeper colours; which element gets which colour
//! keeps the dark palette's distinctions.

use ratatui::style::Color;

/// Which background the colours are chosen for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Palette {
    /// Light text and bright colours on a dark background.
    #[default]
    Dark,
    /// Dark text and deep colours on a light background.
    Light,
}

/// A palette's name is not `dark` or `light`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown theme '{0}': the themes are dark and light")]
pub struct UnknownPalette(pub String);

impl std::str::FromStr for Palette {
    type Err = UnknownPalette;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.trim().to_ascii_lowercase().as_str() {
            "dark" => Ok(Self::Dark),
            "light" => Ok(Self::Light),
            _ => Err(UnknownPalette(text.to_owned())),
        }
    }
}

impl Palette {
    /// The palette's name, as `--theme` and the settings file spell it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Dark => "dark",
            Self::Light => "light",
        }
    }

    /// The colour to draw a dark-palette colour in: itself on a dark background, a deeper
    /// tone of it on a light one.
    #[must_use]
    // ratatui's `Color`: the colours a light background keeps are not ours to list.
    #[allow(clippy::wildcard_enum_match_arm)]
    pub const fn tone(self, dark: Color) -> Color {
        match self {
            Self::Dark => dark,
            Self::Light => match dark {
                Color::Cyan => Color::Blue,
                Color::LightBlue => Color::Indexed(30),
                Color::Yellow => Color::Indexed(130),
                Color::Green => Color::Indexed(28),
                Color::LightRed => Color::Indexed(88),
                Color::Gray => Color::Indexed(240),
                Color::DarkGray => Color::Indexed(244),
                Color::White => Color::Black,
                other => other,
            },
        }
    }

    /// The background of a highlighted row.
    #[must_use]
    pub const fn highlight(self) -> Color {
        match self {
            Self::Dark => Color::DarkGray,
            Self::Light => Color::Indexed(253),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_others_are_refused() {
        for palette in [Palette::Dark, Palette::Light] {
            assert_eq!(palette.name().parse::<Palette>(), Ok(palette));
        }
        assert_eq!("Light".parse::<Palette>(), Ok(Palette::Light));
        let e = "solarized".parse::<Palette>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown theme 'solarized': the themes are dark and light"
        );
    }

    #[test]
    fn the_light_palette_has_no_washed_out_colours() {
        for dark in [
            Color::Cyan,
            Color::Yellow,
            Color::LightBlue,
            Color::Green,
            Color::LightRed,
            Color::Gray,
            Color::DarkGray,
            Color::White,
        ] {
            assert_ne!(Palette::Light.tone(dark), dark, "{dark:?}");
            assert_eq!(Palette::Dark.tone(dark), dark);
        }
    }
}
