//! The pure lesson session: one state machine per step, driven by learner intents.
