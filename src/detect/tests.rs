use super::parse::{nvidia_smi_csv, rocm_smi};
use super::profile::{DetectError, profile};
use super::{Found, Source};
use crate::content::cluster::parse_cluster;
use crate::content::data_files::builtin_catalog;

const H100_CSV: &str = include_str!("../../tests/fixtures/detect/nvidia-smi-h100.csv");
const MI100_ROCM4: &str = include_str!("../../tests/fixtures/detect/rocm-smi-mi100-rocm4.txt");
const MI300X: &str = include_str!("../../tests/fixtures/detect/rocm-smi-mi300x-constructed.txt");

#[test]
fn nvidia_smi_csv_from_the_lent_h100() {
    let found = nvidia_smi_csv(H100_CSV);
    assert_eq!(
        found,
        [Found {
            name: "NVIDIA H100 80GB HBM3".to_owned(),
            memory_bytes: Some(81_559.0 * 1024.0 * 1024.0),
        }]
    );
    // Eight of them, and the header `--format=csv` adds, parse the same way.
    let eight = format!("name, memory.total [MiB]\n{}", H100_CSV.repeat(8));
    assert_eq!(nvidia_smi_csv(&eight).len(), 8);
    assert!(nvidia_smi_csv("").is_empty());
    assert!(nvidia_smi_csv("No devices were found\n").is_empty());
}

#[test]
fn rocm_smi_product_and_memory() {
    let found = rocm_smi(MI300X);
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].name, "AMD Instinct MI300X OAM");
    assert_eq!(found[1].memory_bytes, Some(205_822_885_888.0));
    let old = rocm_smi(MI100_ROCM4);
    assert_eq!(old.len(), 1);
    assert_eq!(
        old[0].name, "0x738c",
        "ROCm 4 reported the PCI id as the series"
    );
    assert_eq!(old[0].memory_bytes, None);
    let csv_era = "GPU[0]\t\t: Card series: \t\tArcturus GL-XL [AMD Instinct MI100]\n";
    assert_eq!(rocm_smi(csv_era)[0].name, "AMD Instinct MI100");
}

/// The profile written from what a tool found loads as a cluster of them all, one replica.
#[rstest::rstest]
#[case::h100(Source::NvidiaSmi, nvidia_smi_csv(&H100_CSV.repeat(4)), "4× NVIDIA H100 80GB HBM3 (80 GiB)", "h100-sxm", 4)]
#[case::mi300x(
    Source::RocmSmi,
    rocm_smi(MI300X),
    "2× AMD Instinct MI300X OAM",
    "mi300x",
    2
)]
fn the_profile_loads_as_a_cluster(
    #[case] source: Source,
    #[case] found: Vec<Found>,
    #[case] says: &str,
    #[case] gpu: &str,
    #[case] count: u32,
) {
    let catalog = builtin_catalog();
    let text = profile(source, &found, &catalog).unwrap();
    assert!(text.contains(says), "{text}");
    let cluster = parse_cluster("detected.ron", &text, &catalog).unwrap();
    assert_eq!(cluster.scenario.gpu, gpu);
    assert_eq!((cluster.gpu_count, cluster.scenario.tp), (count, count));
}

#[test]
fn an_unknown_product_says_so_and_lists_the_ids() {
    let catalog = builtin_catalog();
    let e = profile(Source::RocmSmi, &rocm_smi(MI100_ROCM4), &catalog).unwrap_err();
    let DetectError::Unknown { name, count, .. } = &e;
    assert_eq!((name.as_str(), *count), ("0x738c", 1));
    let message = e.to_string();
    assert!(
        message.contains("maps to no known accelerator"),
        "{message}"
    );
    assert!(message.contains("h100-sxm, h100-pcie"), "{message}");
}
