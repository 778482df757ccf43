//! The classroom's own intents: the curtain, and the room answering from its devices.

/// One classroom intent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RoomMsg {
    /// Blank the screen so the room looks at the speaker, or show it again.
    ToggleCurtain,
    /// A participant's answer sent from the room's devices (`present --room`), already
    /// checked by the room server for step `step` (from 0). The last one per participant
    /// counts; one the server took before it saw the step's reveal counts even when it
    /// arrives after the reveal (the phone was told it counts); any other after it is dropped.
    Answer {
        /// The step answered, from 0.
        step: usize,
        /// The participant's token.
        participant: String,
        /// The checked value.
        value: crate::domain::classroom::room::RoomValue,
        /// The reveals the server had seen published when it took the answer.
        seen: crate::domain::classroom::room::Reveals,
    },
    /// Show or hide how the room joins (the address, the code and the QR code).
    ToggleJoinPanel,
}
