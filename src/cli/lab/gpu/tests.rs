use super::*;
use crate::store::lab_file::gpu_lab_fixture;

fn h100() -> Gpu {
    crate::content::data_files::builtin_catalog()
        .gpu("h100-sxm")
        .unwrap()
        .clone()
}

#[test]
fn the_table_puts_each_roof_beside_the_datasheet_and_a_row_per_batch() {
    let report = gpu_lab_fixture();
    let sheet = h100();
    let text = table(&report, Some(&sheet));
    assert!(
        text.starts_with("GPU 0: NVIDIA H100 80GB HBM3 · compute capability 9.0"),
        "{text}"
    );
    assert!(text.contains("datasheet: H100 SXM5 (h100-sxm)"), "{text}");
    let read_share = 100.0 * 3.095 / sheet.bandwidth_tbs;
    assert!(
        text.contains(&format!("{read_share:>4.0}% of datasheet")),
        "{text}"
    );
    assert!(text.contains("HBM read      3.095 TB/s"), "{text}");
    assert!(text.contains("BF16 GEMM     804.5 TFLOP/s"), "{text}");
    assert!(text.contains("FP8 GEMM    1,418.0 TFLOP/s"), "{text}");
    // The driver's 85.52 × 10⁹ bytes are 79.6 GiB.
    assert!(text.contains("· 79.6 GiB ·"), "{text}");
    // 804.5 ÷ 3.095 = 260 measured, against the datasheet's 989.4 ÷ 3.35 = 295.
    assert!(
        text.contains("ridge           260 FLOP/byte measured"),
        "{text}"
    );
    assert!(text.contains("datasheet 295"), "{text}");
    for point in &report.sweep {
        assert!(
            text.contains(&format!(
                "\n  {:>5}  {:>9.3}",
                point.batch,
                point.best_seconds() * 1e3
            )),
            "no row for B={}: {text}",
            point.batch
        );
    }
}

#[test]
fn a_card_the_catalog_does_not_know_is_shown_without_shares() {
    let text = table(&gpu_lab_fixture(), None);
    assert!(!text.contains("of datasheet"), "{text}");
    assert!(!text.contains("datasheet:"), "{text}");
}

#[test]
fn json_carries_the_derived_figures_and_the_shares() {
    let report = gpu_lab_fixture();
    let sheet = h100();
    let value = serde_json::to_value(JsonReport::new(&report, Some(&sheet))).unwrap();
    assert_eq!(value["name"], "NVIDIA H100 80GB HBM3");
    assert_eq!(value["points"].as_array().unwrap().len(), 11);
    let ridge = value["measured_ridge"].as_f64().unwrap();
    assert!((ridge - 804.5 / 3.095).abs() < 1e-6, "{ridge}");
    let share = value["datasheet"]["bandwidth_share"].as_f64().unwrap();
    assert!((share - 3.095 / sheet.bandwidth_tbs).abs() < 1e-9);
    // The first point's weight-read rate is the reference sweep's at B = 1: 2.810 TB/s.
    let rate = value["points"][0]["weight_bytes_per_s"].as_f64().unwrap();
    assert!((rate / 1e12 - 2.810).abs() < 1e-6, "{rate}");
    assert!(value["warnings"].as_array().unwrap().is_empty());
}
