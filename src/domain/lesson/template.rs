//! Placeholders in lesson text: `{name}` or `{name:.N}`, filled from an evaluated scenario.
//! (Owned by the lesson-format work; see `lessons/README.md`.)
