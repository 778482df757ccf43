//! The derivation view of the study screen: how a revealed answer and the readouts were
//! computed.

/// One act on the derivation view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WhyMsg {
    /// Open the derivation of the step's answer (refused before its reveal), or close it.
    Toggle,
    /// Close the view.
    Close,
    /// The next derivation (the answer's first, then the readouts').
    Next,
    /// The previous derivation.
    Previous,
}
