//! Screens: each renders `&App` into a frame, with no side effects.
