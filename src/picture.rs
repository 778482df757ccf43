//! Pictures to take away: the roofline of a scenario as a standalone SVG for slides, and a
//! presentation's handout as one self-contained HTML page. Plain text out (no terminal), built
//! from the widgets' plain-data models and the domain.

// A new variant of one of the project's enums must be handled wherever it is matched: no
// `_ =>` arm takes it in silence (a restriction lint, turned on per module, as in `domain`).
#![warn(clippy::wildcard_enum_match_arm)]

pub mod handout;
pub mod marks;
pub mod roofline_svg;
pub mod spread_svg;
pub mod svg;
