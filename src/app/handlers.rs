//! The handlers of study's message groups: [`navigate`] (the program and moving), [`study`]
//! (answering a step), [`plot`], [`find`] (search and weakest steps), with [`route::study`]
//! sending each group to its handler. Present, quiz and review fall back on [`route::study`]
//! for what they do not handle themselves, so these files name none of the modes: a mode
//! depends on them, never the reverse.

pub(super) mod find;
pub(super) mod navigate;
mod notify;
pub(super) mod plot;
pub(super) mod route;
pub(super) mod study;

pub(super) use notify::{ask_first, inform, refuse};
pub use study::to_revisit;
