//! The built-in links data file (`assets/links.ron`): NVLink, InfiniBand and Ethernet figures
//! per GPU, one direction, for the interconnect term and the KV transfer.

use std::collections::HashSet;

use serde::Deserialize;

use super::data_ids::{Entry, check_version, valid_id};
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
    let mut errors = check_version(path, text, file.format_version);
    let mut seen = HashSet::new();
    for link in &file.links {
        let entry = Entry::new(path, text, &link.id);
        if !seen.insert(link.id.clone()) || !valid_id(&link.id) {
            errors.push(entry.error(format!(
                "link id '{}' is repeated or not a valid id",
                link.id
            )));
        }
        let figures = [link.gbs, link.base_latency_us, link.hop_latency_us];
        if !(link.gbs > 0.0 && figures.iter().all(|v| v.is_finite() && *v >= 0.0)) {
            errors.push(
                entry.problem("gbs must be positive and the latencies non-negative, all finite"),
            );
        }
    }
    if errors.is_empty() {
        Ok(file.links)
    } else {
        Err(errors)
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
}
