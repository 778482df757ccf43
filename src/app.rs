//! The terminal program: `Msg`, `update`, the keymap and the event source.
