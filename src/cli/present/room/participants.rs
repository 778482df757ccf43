//! The room's participants by token: who they are, what they sent, and when they were last
//! seen. Places are bounded three ways so no device crowds out a class: at most
//! [`MAX_PARTICIPANTS`] in all, at most [`MAX_PER_ORIGIN`] minted from one address (an IPv6
//! network counts as one), and new tokens come from a room-wide budget ([`limits::MINTING`]).
//! Idle participants are evicted: a token never used again after [`UNUSED_IDLE`], any other
//! after [`IDLE`] without a request (a page polls every second). The clock is passed in.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::net::IpAddr;
use std::time::{Duration, Instant};

use super::limits::{self, Bucket};
use crate::domain::classroom::room::RoomValue;

/// The most participants one room takes.
pub const MAX_PARTICIPANTS: usize = 2000;

/// The most participants minted from one address (or one IPv6 /64 network) at once.
pub const MAX_PER_ORIGIN: usize = MAX_PARTICIPANTS / 4;

/// How long a participant may go without a request before their place is given back.
pub const IDLE: Duration = Duration::from_secs(120);

/// How long a token that was never used after it was issued keeps its place.
pub const UNUSED_IDLE: Duration = Duration::from_secs(15);

/// How often idle participants are looked for (and at once when the room is full).
const SWEEP_EVERY: Duration = Duration::from_secs(1);

/// Where a participant's token was minted: an IPv4 address, or an IPv6 /64 network (one
/// device may hold many addresses in it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Origin(u128);

impl Origin {
    /// The origin of a request from `ip`.
    #[must_use]
    pub fn of(ip: IpAddr) -> Self {
        match ip {
            IpAddr::V4(v4) => Self(u128::from(u32::from(v4))),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => Self(u128::from(u32::from(v4))),
                None => Self((u128::from(v6) & !u128::from(u64::MAX)) | (1 << 32)),
            },
        }
    }
}

/// Whether a participant came back after their token was issued.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Use {
    /// Only the request that minted the token.
    Minted,
    /// At least one request with the token.
    Returned,
}

/// One participant.
pub struct Participant {
    /// The name given, cleaned (empty when none).
    pub name: String,
    /// The last answer taken per step id (each one taken is counted by the presentation).
    pub answers: HashMap<String, RoomValue>,
    /// The step (by id) on which their last answer came after the reveal and was refused.
    pub late: Option<String>,
    budget: Bucket,
    origin: Origin,
    seen: Instant,
    used: Use,
}

/// Why no token was issued.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// Every place is taken by someone active.
    Full,
    /// This address holds its share of places, or the room mints too fast: wait this long.
    Wait(Duration),
}

/// Every participant of the room.
pub struct Participants {
    by_token: HashMap<String, Participant>,
    per_origin: HashMap<Origin, usize>,
    minting: Bucket,
    swept: Instant,
}

impl Participants {
    /// No participant yet.
    #[must_use]
    pub fn new(now: Instant) -> Self {
        Self {
            by_token: HashMap::new(),
            per_origin: HashMap::new(),
            minting: Bucket::full(limits::MINTING, now),
            swept: now,
        }
    }

    /// How many hold a place.
    #[must_use]
    pub fn len(&self) -> usize {
        self.by_token.len()
    }

    /// Whether nobody does.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.by_token.is_empty()
    }

    /// The participant holding `token`.
    #[must_use]
    pub fn get(&self, token: &str) -> Option<&Participant> {
        self.by_token.get(token)
    }

    /// The participant holding `token`, to change.
    pub fn get_mut(&mut self, token: &str) -> Option<&mut Participant> {
        self.by_token.get_mut(token)
    }

    /// A request with `token` at `now`: charged to the participant's budget (`Err` says how
    /// long to wait), or `None` when the token is not (or no longer) one of the room's.
    pub fn seen(&mut self, token: &str, now: Instant) -> Option<Result<(), Duration>> {
        let participant = self.by_token.get_mut(token)?;
        participant.seen = now;
        participant.used = Use::Returned;
        Some(participant.budget.take(limits::PARTICIPANT, now))
    }

    /// A new participant for a request from `ip`, when the room, the address's share and the
    /// room's minting budget allow.
    pub fn mint(&mut self, ip: IpAddr, now: Instant) -> Result<String, Refused> {
        if self.by_token.len() >= MAX_PARTICIPANTS
            || now.saturating_duration_since(self.swept) >= SWEEP_EVERY
        {
            self.evict_idle(now);
        }
        if self.by_token.len() >= MAX_PARTICIPANTS {
            return Err(Refused::Full);
        }
        let origin = Origin::of(ip);
        if self.per_origin.get(&origin).copied().unwrap_or(0) >= MAX_PER_ORIGIN {
            return Err(Refused::Wait(UNUSED_IDLE));
        }
        self.minting
            .take(limits::MINTING, now)
            .map_err(Refused::Wait)?;
        let token = new_token();
        *self.per_origin.entry(origin).or_insert(0) += 1;
        self.by_token.insert(
            token.clone(),
            Participant {
                name: String::new(),
                answers: HashMap::new(),
                late: None,
                budget: Bucket::full(limits::PARTICIPANT, now),
                origin,
                seen: now,
                used: Use::Minted,
            },
        );
        Ok(token)
    }

    /// Gives back the places of participants idle past their time.
    pub fn evict_idle(&mut self, now: Instant) {
        self.swept = now;
        let per_origin = &mut self.per_origin;
        self.by_token.retain(|_, p| {
            let limit = match p.used {
                Use::Minted => UNUSED_IDLE,
                Use::Returned => IDLE,
            };
            let keep = now.saturating_duration_since(p.seen) < limit;
            if !keep {
                if let Some(n) = per_origin.get_mut(&p.origin) {
                    *n = n.saturating_sub(1);
                }
            }
            keep
        });
        per_origin.retain(|_, n| *n > 0);
    }
}

/// 128 random bits from the operating system, as 32 hex digits.
fn new_token() -> String {
    let mut bytes = [0_u8; 16];
    // Without the OS generator, fall back to the process's hash keys (still unguessable from
    // outside, if weaker).
    if getrandom::fill(&mut bytes).is_err() {
        use std::hash::{BuildHasher as _, RandomState};
        let h = RandomState::new().hash_one(Instant::now());
        bytes[..8].copy_from_slice(&h.to_le_bytes());
    }
    bytes.iter().fold(String::with_capacity(32), |mut hex, b| {
        let _ = write!(hex, "{b:02x}");
        hex
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn one_address_holds_at_most_its_share() {
        let now = Instant::now();
        let mut room = Participants::new(now);
        for _ in 0..MAX_PER_ORIGIN {
            room.mint(ip("10.0.0.7"), now).unwrap();
        }
        assert_eq!(
            room.mint(ip("10.0.0.7"), now),
            Err(Refused::Wait(UNUSED_IDLE))
        );
        // Another address in the same IPv6 network is the same device.
        for _ in 0..MAX_PER_ORIGIN {
            room.mint(ip("fd00::1:2"), now).unwrap();
        }
        assert!(room.mint(ip("fd00::9:9"), now).is_err());
        // Someone else still joins.
        assert!(room.mint(ip("10.0.0.8"), now).is_ok());
        assert_eq!(room.len(), 2 * MAX_PER_ORIGIN + 1);
    }

    #[test]
    fn unused_tokens_give_their_places_back_and_active_ones_keep_them() {
        let start = Instant::now();
        let mut room = Participants::new(start);
        let active = room.mint(ip("10.0.0.1"), start).unwrap();
        let hoarded: Vec<String> = (0..MAX_PER_ORIGIN)
            .map(|_| room.mint(ip("10.0.0.2"), start).unwrap())
            .collect();
        let later = start + UNUSED_IDLE + Duration::from_secs(1);
        assert_eq!(room.seen(&active, later), Some(Ok(())));
        room.evict_idle(later);
        assert_eq!(room.len(), 1, "the unused tokens are gone");
        assert!(room.seen(&hoarded[0], later).is_none());
        // The hoarding address has its share again.
        assert!(room.mint(ip("10.0.0.2"), later).is_ok());
        // An active participant who goes quiet is evicted after IDLE.
        let gone = later + IDLE;
        room.evict_idle(gone);
        assert!(room.seen(&active, gone).is_none());
    }

    #[test]
    fn a_full_room_evicts_the_idle_before_refusing() {
        let start = Instant::now();
        let mut room = Participants::new(start);
        let mut held = Vec::new();
        for i in 0..MAX_PARTICIPANTS {
            let at = start + Duration::from_millis(i as u64);
            let ip = IpAddr::from([10, 1, (i / 250) as u8, (i % 250) as u8]);
            held.push(room.mint(ip, at).unwrap());
        }
        let now = start + Duration::from_secs(3);
        for token in &held {
            assert_eq!(room.seen(token, now), Some(Ok(())));
        }
        assert_eq!(room.mint(ip("10.9.9.9"), now), Err(Refused::Full));
        // One goes quiet for IDLE: the next to come takes their place.
        let later = now + IDLE.checked_sub(Duration::from_secs(1)).unwrap();
        for token in &held[1..] {
            let _ = room.seen(token, later);
        }
        assert!(room.mint(ip("10.9.9.9"), now + IDLE).is_ok());
        assert_eq!(room.len(), MAX_PARTICIPANTS);
    }
}
