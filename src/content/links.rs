//! The built-in links data file (`assets/links.ron`): NVLink, InfiniBand and Ethernet figures
//! per GPU, one direction, for the interconnect term and the KV transfer.

use serde::Deserialize;

use super::data_ids::{Checked, Entry, checked};
use super::located::{LocatedError, parse_ron};
use crate::domain::link::Link;

const BUILTIN_LINKS: (&str, &str) = ("assets/links.ron", include_str!("../../assets/links.ron"));

/// A links data file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinksFile {
    /// Must be [`FORMAT_VERSION`](super::data_ids::FORMAT_VERSION).
    pub format_version: u32,
    /// The links, each with a unique id.
    pub links: Vec<Link>,
}

/// The built-in links.
#[must_use]
pub fn builtin_links() -> Vec<Link> {
    parse_links(BUILTIN_LINKS.0, BUILTIN_LINKS.1)
        .expect("the built-in links file is checked by tests")
}

/// Parses and checks a links file: version, unique ids, positive finite figures.
pub fn parse_links(path: &str, text: &str) -> Result<Vec<Link>, Vec<LocatedError>> {
    let file: LinksFile = parse_ron(path, text).map_err(|e| vec![e])?;
    checked(path, text, file.format_version, file.links)
}

impl Checked for Link {
    const KIND: &'static str = "link";

    fn id(&self) -> &str {
        &self.id
    }

    fn problems(&self, entry: &Entry<'_>) -> Vec<LocatedError> {
        let figures = [self.gbs, self.base_latency_us, self.hop_latency_us];
        if self.gbs > 0.0 && figures.iter().all(|v| v.is_finite() && *v >= 0.0) {
            Vec::new()
        } else {
            vec![entry.problem("gbs must be positive and the latencies non-negative, all finite")]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::data_files::builtin_catalog;

    #[test]
    fn builtin_links_carry_the_reference_bandwidths() {
        let links = builtin_links();
        let gbs = |id: &str| crate::domain::link::find(&links, id).unwrap().gbs;
        assert!((gbs("nvlink4") - 450.0).abs() < 1e-9);
        assert!((gbs("nvlink5") - 900.0).abs() < 1e-9);
        assert!((gbs("ib-ndr") - 50.0).abs() < 1e-9);
        assert!((gbs("eth-100g") - 12.5).abs() < 1e-9);
    }

    #[test]
    fn every_gpu_link_is_known() {
        let links = builtin_links();
        for gpu in builtin_catalog().gpus {
            for id in gpu.scale_up_link.iter().chain(&gpu.scale_out_link) {
                assert!(crate::domain::link::find(&links, id).is_ok(), "{}", gpu.id);
            }
        }
    }

    #[test]
    fn an_h100_node_talks_nvlink_inside_and_infiniband_out() {
        let gpu = builtin_catalog().gpu("h100-sxm").unwrap().clone();
        assert_eq!(gpu.scale_up_link.as_deref(), Some("nvlink4"));
        assert_eq!(gpu.scale_out_link.as_deref(), Some("ib-ndr"));
    }

    #[test]
    fn a_bad_link_is_located() {
        let text = r#"(format_version: 1, links: [(id: "x", name: "X", gbs: -1.0, base_latency_us: 1.0, hop_latency_us: 1.0, source: "s")])"#;
        let errors = parse_links("l.ron", text).unwrap_err();
        assert!(
            errors[0].to_string().contains("gbs must be positive"),
            "{}",
            errors[0]
        );
    }

    #[test]
    fn a_repeated_link_id_is_named() {
        let link = r#"(id: "x", name: "X", gbs: 1.0, base_latency_us: 1.0, hop_latency_us: 1.0, source: "s")"#;
        let text = format!("(format_version: 1, links: [{link}, {link}])");
        let errors = parse_links("l.ron", &text).unwrap_err();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].message.contains("duplicate link id 'x'"),
            "{}",
            errors[0]
        );
    }
}
