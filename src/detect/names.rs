//! Product names as the tools report them → catalog ids. Only parts the catalog describes
//! exactly map; a near miss (an A100 PCIe, an MI100) is reported as unknown rather than
//! guessed, since its bandwidth and peaks differ.

/// The catalog id for a product name, if the catalog has that part.
#[must_use]
pub fn hardware_id(product: &str) -> Option<&'static str> {
    let name = product.to_ascii_uppercase().replace(['-', '_'], " ");
    let has = |word: &str| name.split_whitespace().any(|w| w == word);
    let contains = |part: &str| name.contains(part);
    let id = if contains("GB200") {
        "gb200"
    } else if contains("B200") {
        "b200"
    } else if contains("H200") {
        "h200"
    } else if contains("H100") {
        if has("NVL") {
            "h100-nvl"
        } else if has("PCIE") {
            "h100-pcie"
        } else {
            // `H100 80GB HBM3` and `H100 SXM5 80GB` are the SXM board.
            "h100-sxm"
        }
    } else if contains("A100") {
        if has("PCIE") {
            return None;
        }
        if contains("80GB") {
            "a100-80gb"
        } else if contains("40GB") {
            "a100-40gb"
        } else {
            return None;
        }
    } else if contains("L40S") {
        "l40s"
    } else if has("L4") {
        "l4"
    } else if contains("4090") {
        "rtx-4090"
    } else if contains("MI325X") {
        "mi325x"
    } else if contains("MI300X") {
        "mi300x"
    } else {
        return None;
    };
    Some(id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("NVIDIA H100 80GB HBM3", Some("h100-sxm"))]
    #[case("NVIDIA H100 NVL", Some("h100-nvl"))]
    #[case("NVIDIA H100 PCIe", Some("h100-pcie"))]
    #[case("NVIDIA H200", Some("h200"))]
    #[case("NVIDIA A100-SXM4-80GB", Some("a100-80gb"))]
    #[case("NVIDIA A100-SXM4-40GB", Some("a100-40gb"))]
    #[case("NVIDIA A100 80GB PCIe", None)]
    #[case("NVIDIA B200", Some("b200"))]
    #[case("NVIDIA GB200", Some("gb200"))]
    #[case("NVIDIA L40S", Some("l40s"))]
    #[case("NVIDIA L4", Some("l4"))]
    #[case("NVIDIA L40", None)]
    #[case("NVIDIA GeForce RTX 4090", Some("rtx-4090"))]
    #[case("AMD Instinct MI300X OAM", Some("mi300x"))]
    #[case("AMD Instinct MI325X", Some("mi325x"))]
    #[case("AMD Instinct MI100", None)]
    #[case("Tesla T4", None)]
    fn product_names_map_to_catalog_ids(#[case] product: &str, #[case] id: Option<&str>) {
        assert_eq!(hardware_id(product), id, "{product}");
    }

    #[test]
    fn every_id_it_gives_is_in_the_catalog() {
        let catalog = crate::content::data_files::builtin_catalog();
        for product in [
            "H100 HBM3",
            "H100 NVL",
            "H100 PCIe",
            "H200",
            "A100 80GB",
            "A100 40GB",
            "B200",
            "GB200",
            "L40S",
            "L4",
            "RTX 4090",
            "MI300X",
            "MI325X",
        ] {
            let id = hardware_id(product).unwrap();
            assert!(catalog.gpu(id).is_ok(), "{id}");
        }
    }
}
