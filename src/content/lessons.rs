//! Lesson files: the embedded `lessons/` directory or a `--lessons DIR`, parsed and checked.
