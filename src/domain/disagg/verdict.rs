//! Which setup wins: the split or one pool, on requests per GPU and time per token.

use super::Outcome;

/// The comparison of a split against one pool of the same GPUs.
#[must_use]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The split serves at least as many requests per GPU with faster tokens.
    SplitWins,
    /// The split gives faster tokens but fewer requests per GPU.
    SplitFasterTokens,
    /// One pool serves more requests per GPU and its tokens are no slower.
    OnePoolWins,
    /// The split serves more requests per GPU, its tokens no faster.
    SplitMoreRequests,
}

impl Verdict {
    /// Compares the two outcomes.
    pub fn of(split: Outcome, one: Outcome) -> Self {
        let more = split.rate_per_gpu >= one.rate_per_gpu;
        let faster = split.tpot_s < one.tpot_s;
        match (more, faster) {
            (true, true) => Self::SplitWins,
            (false, true) => Self::SplitFasterTokens,
            (false, false) => Self::OnePoolWins,
            (true, false) => Self::SplitMoreRequests,
        }
    }

    /// The id `calc --json` prints.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::SplitWins => "split_wins",
            Self::SplitFasterTokens => "split_faster_tokens",
            Self::OnePoolWins => "one_pool_wins",
            Self::SplitMoreRequests => "split_more_requests",
        }
    }

    /// One sentence for the table.
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            Self::SplitWins => "the split wins: more requests per GPU and faster tokens",
            Self::SplitFasterTokens => {
                "the split buys faster tokens at the cost of requests per GPU"
            }
            Self::OnePoolWins => "one pool wins: as fast per token and more requests per GPU",
            Self::SplitMoreRequests => {
                "the split serves more requests per GPU, but its tokens are no faster"
            }
        }
    }
}
