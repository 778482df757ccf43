//! `roofline`: a terminal tutor for the roofline model of LLM inference.
//!
//! Layers, each depending only on the ones below it:
//! `main.rs` → [`cli`] (commands) → [`app`]/[`ui`]/[`widgets`] (terminal program) and
//! [`picture`] (SVG and HTML to take away) →
//! [`content`]/[`store`] (files in and out) → [`domain`] (pure physics, lessons, sessions, scoring).

pub mod app;
pub mod cli;
pub mod content;
pub mod detect;
pub mod domain;
pub mod lab;
pub mod picture;
pub mod store;
#[cfg(test)]
mod test_support;
pub mod ui;
pub mod widgets;
