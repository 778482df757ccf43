//! Product names as the tools report them → catalog ids. Only parts the catalog describes
//! exactly map; a near miss (an A100 PCIe, an MI100) is reported as unknown rather than
//! guessed, since its bandwidth and peaks differ.

/// How a row of [`PARTS`] finds its part in a product name.
#[derive(Clone, Copy)]
enum Mark {
    /// A piece anywhere in the name (`GB200`, `MI300X`).
    Piece(&'static str),
    /// A whole word of the name (`L4`, which `L40` contains as a piece).
    Word(&'static str),
}

/// What a part maps to: one id, or a board told by the rest of the name.
#[derive(Clone, Copy)]
enum Boards {
    One(&'static str),
    /// The SXM board, the NVL pair or the PCIe card.
    H100,
    /// By memory; the PCIe card is not in the catalog.
    A100,
}

/// The parts the catalog describes, in the order they are tried: `GB200` before `B200`, which
/// it contains.
const PARTS: [(Mark, Boards); 10] = [
    (Mark::Piece("GB200"), Boards::One("gb200")),
    (Mark::Piece("B200"), Boards::One("b200")),
    (Mark::Piece("H200"), Boards::One("h200")),
    (Mark::Piece("H100"), Boards::H100),
    (Mark::Piece("A100"), Boards::A100),
    (Mark::Piece("L40S"), Boards::One("l40s")),
    (Mark::Word("L4"), Boards::One("l4")),
    (Mark::Piece("4090"), Boards::One("rtx-4090")),
    (Mark::Piece("MI325X"), Boards::One("mi325x")),
    (Mark::Piece("MI300X"), Boards::One("mi300x")),
];

/// The catalog id for a product name, if the catalog has that part.
#[must_use]
pub fn hardware_id(product: &str) -> Option<&'static str> {
    let name = product.to_ascii_uppercase().replace(['-', '_'], " ");
    let has = |word: &str| name.split_whitespace().any(|w| w == word);
    let contains = |part: &str| name.contains(part);
    let (_, boards) = *PARTS.iter().find(|(mark, _)| match mark {
        Mark::Piece(piece) => contains(piece),
        Mark::Word(word) => has(word),
    })?;
    match boards {
        Boards::One(id) => Some(id),
        Boards::H100 if has("NVL") => Some("h100-nvl"),
        Boards::H100 if has("PCIE") => Some("h100-pcie"),
        // `H100 80GB HBM3` and `H100 SXM5 80GB` are the SXM board.
        Boards::H100 => Some("h100-sxm"),
        Boards::A100 if has("PCIE") => None,
        Boards::A100 if contains("80GB") => Some("a100-80gb"),
        Boards::A100 if contains("40GB") => Some("a100-40gb"),
        Boards::A100 => None,
    }
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
