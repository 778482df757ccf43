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

/// The one rule for the link a job crosses: the job's own link (`scale_up_link`,
/// `scale_out_link`) wins over the one named for both jobs (`link`).
#[must_use]
pub fn own_or_both<T>(own: Option<T>, both: Option<T>) -> Option<T> {
    own.or(both)
}

/// The links one level of settings names (a cluster profile, the command line): one for both
/// jobs, and each job's own.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LinkChoice {
    /// One link for both jobs.
    pub link: Option<String>,
    /// The tensor-parallel all-reduce's own link, inside a node.
    pub scale_up_link: Option<String>,
    /// The KV transfer's own link, between nodes.
    pub scale_out_link: Option<String>,
}

impl LinkChoice {
    /// The link the all-reduce crosses at this level ([`own_or_both`]).
    #[must_use]
    pub fn scale_up(&self) -> Option<&str> {
        own_or_both(self.scale_up_link.as_deref(), self.link.as_deref())
    }

    /// The link the KV transfer crosses at this level ([`own_or_both`]).
    #[must_use]
    pub fn scale_out(&self) -> Option<&str> {
        own_or_both(self.scale_out_link.as_deref(), self.link.as_deref())
    }

    /// This level over a lower one (the command line over a profile): each job takes this
    /// level's link for it by [`own_or_both`], else the lower level's by the same rule, so a
    /// one-for-both link here wins over a job's own link below (that link is cleared, and the
    /// fields keep saying which setting named the link).
    #[must_use]
    pub fn over(&self, under: &Self) -> Self {
        // A job's own link here stays; a one-for-both link here clears the job's own link
        // below, so that it applies; a level silent on the job leaves the one below.
        let job = |above: &Option<String>, below: &Option<String>| match (above, &self.link) {
            (Some(own), _) => Some(own.clone()),
            (None, Some(_)) => None,
            (None, None) => below.clone(),
        };
        Self {
            link: self.link.clone().or_else(|| under.link.clone()),
            scale_up_link: job(&self.scale_up_link, &under.scale_up_link),
            scale_out_link: job(&self.scale_out_link, &under.scale_out_link),
        }
    }
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

    fn choice(link: Option<&str>, up: Option<&str>, out: Option<&str>) -> LinkChoice {
        let own = |v: Option<&str>| v.map(str::to_owned);
        LinkChoice {
            link: own(link),
            scale_up_link: own(up),
            scale_out_link: own(out),
        }
    }

    #[rstest::rstest]
    #[case::none(None, None, None, None)]
    #[case::both_alone(None, Some("ib-ndr"), Some("ib-ndr"), Some("ib-ndr"))]
    #[case::own_alone(Some("nvlink5"), None, Some("nvlink5"), None)]
    #[case::own_wins(Some("nvlink5"), Some("ib-ndr"), Some("nvlink5"), Some("ib-ndr"))]
    fn a_jobs_own_link_wins_over_the_one_for_both(
        #[case] up: Option<&str>,
        #[case] both: Option<&str>,
        #[case] want_up: Option<&str>,
        #[case] want_out: Option<&str>,
    ) {
        let c = choice(both, up, None);
        assert_eq!(own_or_both(up, both), want_up);
        assert_eq!((c.scale_up(), c.scale_out()), (want_up, want_out));
    }

    #[rstest::rstest]
    // The command line's one link for both wins over a profile's own links.
    #[case::both_over_own(
        choice(Some("eth-100g"), None, None),
        choice(None, Some("nvlink4"), Some("ib-ndr")),
        (Some("eth-100g"), Some("eth-100g"))
    )]
    // A job the upper level says nothing about keeps the lower level's link.
    #[case::silent_keeps_below(
        choice(None, None, Some("eth-100g")),
        choice(Some("ib-ndr"), Some("nvlink4"), None),
        (Some("nvlink4"), Some("eth-100g"))
    )]
    #[case::nothing_above(
        LinkChoice::default(),
        choice(Some("ib-ndr"), None, None),
        (Some("ib-ndr"), Some("ib-ndr"))
    )]
    fn an_upper_level_wins_job_by_job(
        #[case] above: LinkChoice,
        #[case] below: LinkChoice,
        #[case] want: (Option<&str>, Option<&str>),
    ) {
        let c = above.over(&below);
        assert_eq!((c.scale_up(), c.scale_out()), want);
    }

    #[test]
    fn unknown_link_lists_the_known_ones() {
        let links = [fixtures::nvlink4()];
        assert!(find(&links, "nvlink4").is_ok());
        let e = find(&links, "ib").unwrap_err();
        assert_eq!(e.to_string(), "unknown link 'ib'; known: nvlink4");
    }
}
