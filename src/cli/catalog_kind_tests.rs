//! The start-up path trusts the tests' check of the shipped lessons only for the catalog
//! those tests checked them against.

use clap::Parser as _;
use rstest::rstest;

use super::args::Cli;
use super::{catalog, catalog_kind};
use crate::content::data_files::builtin_catalog;
use crate::content::lessons::CatalogKind;
use crate::test_support::lab_report;

#[rstest]
#[case::nothing_of_the_learners(&[], false, CatalogKind::Shipped)]
#[case::hardware_file(&["--hardware", "HW"], false, CatalogKind::Extended)]
#[case::models_file(&["--models", "MODELS"], false, CatalogKind::Extended)]
#[case::lab_machine(&[], true, CatalogKind::Extended)]
fn the_catalog_is_shipped_only_without_the_learners_entries(
    #[case] flags: &[&str],
    #[case] lab: bool,
    #[case] expected: CatalogKind,
) {
    let data = tempfile::tempdir().unwrap();
    let hardware = data.path().join("hw.ron");
    let models = data.path().join("models.ron");
    // Files that load and add nothing new, so only the flags differ.
    std::fs::write(&hardware, "(format_version: 1, gpus: [])").unwrap();
    std::fs::write(&models, "(format_version: 1, models: [])").unwrap();
    if lab {
        crate::store::lab_file::write_measured(data.path(), &lab_report()).unwrap();
    }
    let mut args = vec!["roofline", "--data-dir", data.path().to_str().unwrap()];
    args.extend(flags.iter().map(|flag| match *flag {
        "HW" => hardware.to_str().unwrap(),
        "MODELS" => models.to_str().unwrap(),
        other => other,
    }));
    let global = Cli::try_parse_from(args).unwrap().global;
    let loaded = catalog(&global).unwrap();
    assert_eq!(catalog_kind(&global, &loaded), expected);
    if expected == CatalogKind::Shipped {
        // What the tests checked the shipped lessons against.
        let shipped = builtin_catalog();
        assert_eq!(loaded.gpus, shipped.gpus);
        assert_eq!(loaded.models, shipped.models);
    }
}

/// A measured GPU in the data directory is `this-gpu` in the catalog, with its sweep on the
/// plot when the plot shows it, and makes the catalog the learner's own.
#[test]
fn a_measured_gpu_joins_the_catalog_as_this_gpu() {
    use crate::domain::gpu_lab::THIS_GPU_ID;
    let report = crate::store::lab_file::gpu_lab_fixture();
    let data = tempfile::tempdir().unwrap();
    crate::store::lab_file::write_measured(data.path(), &report).unwrap();
    let args = ["roofline", "--data-dir", data.path().to_str().unwrap()];
    let global = Cli::try_parse_from(args).unwrap().global;
    let loaded = catalog(&global).unwrap();
    assert_eq!(catalog_kind(&global, &loaded), CatalogKind::Extended);
    let gpu = loaded.gpu(THIS_GPU_ID).unwrap();
    assert_eq!(gpu.peak_tflops.bf16, Some(804.5));
    assert_eq!(loaded.gpu_lab.as_ref(), Some(&report));
    // The start-up path loads it too (not the deferred shipped catalog).
    let (deferred, _, _) = super::study_start(&global).unwrap();
    assert!(deferred.gpu(THIS_GPU_ID).is_ok());
}
