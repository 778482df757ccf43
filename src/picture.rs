//! Pictures to take away: the roofline of a scenario as a standalone SVG for slides, and a
//! presentation's handout as one self-contained HTML page. Plain text out (no terminal), built
//! from the widgets' plain-data models and the domain.

pub mod handout;
pub mod marks;
pub mod roofline_svg;
pub mod spread_svg;
pub mod svg;
