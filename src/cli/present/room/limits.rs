//! Each client's request budget: a token bucket that holds `burst` requests and refills at
//! `per_second`. The clock is passed in (time is data), so the rule is tested without waiting.

use std::time::{Duration, Instant};

/// How many requests a client may make at once, and how fast the budget comes back.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rate {
    /// Requests allowed in a burst.
    pub burst: f64,
    /// Requests allowed per second after it.
    pub per_second: f64,
}

/// A participant (known by their token): polling once a second with room to change an answer.
pub const PARTICIPANT: Rate = Rate {
    burst: 20.0,
    per_second: 5.0,
};

/// An address before it holds a token, and any request with a wrong code: enough for a room
/// behind one address to join at once, too few to guess a join code.
pub const ADDRESS: Rate = Rate {
    burst: 400.0,
    per_second: 2.0,
};

/// New participants, room-wide: a whole class joining at once, then a steady trickle (idle
/// places come back as [`super::participants`] evicts them).
pub const MINTING: Rate = Rate {
    burst: 2000.0,
    per_second: 20.0,
};

/// One client's budget.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    /// A full bucket at `now`.
    #[must_use]
    pub const fn full(rate: Rate, now: Instant) -> Self {
        Self {
            tokens: rate.burst,
            at: now,
        }
    }

    /// Whether the budget has come back in full by `now` (an idle client, safe to forget).
    #[must_use]
    pub fn is_full(&self, rate: Rate, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens + elapsed * rate.per_second >= rate.burst
    }

    /// Takes one request from the budget at `now`; `Err` says how long until the next one.
    pub fn take(&mut self, rate: Rate, now: Instant) -> Result<(), Duration> {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + elapsed * rate.per_second).min(rate.burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64(
                (1.0 - self.tokens) / rate.per_second,
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_the_refill_rate() {
        let rate = Rate {
            burst: 3.0,
            per_second: 2.0,
        };
        let start = Instant::now();
        let mut bucket = Bucket::full(rate, start);
        for _ in 0..3 {
            assert_eq!(bucket.take(rate, start), Ok(()));
        }
        let wait = bucket.take(rate, start).unwrap_err();
        assert_eq!(wait, Duration::from_millis(500));
        assert_eq!(
            bucket.take(rate, start + Duration::from_millis(500)),
            Ok(())
        );
        assert!(
            bucket
                .take(rate, start + Duration::from_millis(600))
                .is_err()
        );
        // Long idle refills to the burst, no more.
        let later = start + Duration::from_secs(60);
        for _ in 0..3 {
            assert_eq!(bucket.take(rate, later), Ok(()));
        }
        assert!(bucket.take(rate, later).is_err());
    }
}
