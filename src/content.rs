//! Files in: the built-in data and lessons embedded in the binary, and the user's own files,
//! all read through one strict loader that points at the line of any mistake.

// A new variant of one of the project's enums must be handled wherever it is matched: no
// `_ =>` arm takes it in silence (a restriction lint, turned on per module, as in `domain`).
#![warn(clippy::wildcard_enum_match_arm)]

pub mod benchmark;
pub mod cluster;
pub mod cluster_file;
pub mod cluster_model;
pub mod data_files;
pub mod data_ids;
pub mod file;
pub mod glossary;
pub mod lesson_moves;
pub mod lessons;
pub mod links;
pub mod located;
pub mod measured_reference;
pub mod model_config;
pub mod settings;
pub mod terminal_text;
