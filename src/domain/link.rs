//! Links between GPUs: NVLink inside a node, InfiniBand or Ethernet between nodes. One
//! direction, per GPU, as the all-reduce and the KV transfer of disaggregated serving use them.

use serde::{Deserialize, Serialize};

/// One kind of link, as the links data file describes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Link {
    /// Stable id used on the command line, e.g. `nvlink4`, `ib-ndr`.
    pub id: String,
    /// Display name, e.g. `NVLink 4`.
    pub name: String,
    /// Bandwidth one GPU can send in one direction, GB/s (10^9 bytes per second).
    pub gbs: f64,
    /// Fixed latency of one collective call (launch and synchronisation), microseconds.
    pub base_latency_us: f64,
    /// Latency added by each step of a ring (one hop to the next GPU), microseconds.
    pub hop_latency_us: f64,
    /// Where the figures come from.
    pub source: String,
}

impl Link {
    /// Bandwidth in bytes per second, one direction.
    #[must_use]
    pub fn bytes_per_s(&self) -> f64 {
        self.gbs * 1e9
    }

    /// Seconds to send `bytes` over the link at full bandwidth, no latency.
    #[must_use]
    pub fn transfer_s(&self, bytes: f64) -> f64 {
        bytes / self.bytes_per_s()
    }
}

/// A link id that names nothing in the links data.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown link '{id}'; known: {known}")]
pub struct UnknownLink {
    /// The id asked for.
    pub id: String,
    /// Every known link id, comma-separated.
    pub known: String,
}

/// The link with this id among `links`.
pub fn find<'a>(links: &'a [Link], id: &str) -> Result<&'a Link, UnknownLink> {
    links
        .iter()
        .find(|l| l.id == id)
        .ok_or_else(|| UnknownLink {
            id: id.to_owned(),
            known: links
                .iter()
                .map(|l| l.id.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        })
}

#[cfg(test)]
pub(crate) mod fixtures {
    use super::Link;

    /// NVLink 4 as the links data gives it (450 GB/s one way; 6 µs + 1 µs per hop).
    pub fn nvlink4() -> Link {
        Link {
            id: "nvlink4".to_owned(),
            name: "NVLink 4".to_owned(),
            gbs: 450.0,
            base_latency_us: 6.0,
            hop_latency_us: 1.0,
            source: "test".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transfer_is_bytes_over_bandwidth() {
        let l = fixtures::nvlink4();
        assert!((l.transfer_s(450e9) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn unknown_link_lists_the_known_ones() {
        let links = [fixtures::nvlink4()];
        assert!(find(&links, "nvlink4").is_ok());
        let e = find(&links, "ib").unwrap_err();
        assert_eq!(e.to_string(), "unknown link 'ib'; known: nvlink4");
    }
}
