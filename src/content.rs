//! Files in: the built-in data and lessons embedded in the binary, and the user's own files,
//! all read through one strict loader that points at the line of any mistake.

pub mod cluster;
pub mod data_files;
pub mod file;
pub mod lessons;
pub mod located;
pub mod settings;
pub mod terminal_text;
