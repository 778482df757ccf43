use rstest::rstest;

use super::*;

/// A report shaped like the H100 80GB HBM3 measurement in the reference
/// (`shared/reference/measured-h100.md`): 3.095 TB/s read, 804.5 TF BF16, 1418 TF FP8, and a
/// sweep whose FLOP/s follow min(754 TF, 2.75 TB/s × intensity).
fn h100_like() -> GpuLabReport {
    let (k, n) = (8192, 131_072);
    let sweep = (0..=10)
        .map(|p| {
            let batch = 1 << p;
            let point = GpuSweepPoint {
                batch,
                k,
                n,
                flops_per_s: Repeated {
                    best: 1.0,
                    median: 1.0,
                },
            };
            let rate = (point.intensity() * 2.75e12).min(754e12);
            GpuSweepPoint {
                flops_per_s: Repeated {
                    best: rate,
                    median: rate * 0.99,
                },
                ..point
            }
        })
        .collect();
    GpuLabReport {
        format_version: GPU_LAB_FORMAT_VERSION,
        name: "NVIDIA H100 80GB HBM3".to_owned(),
        catalog_id: Some("h100-sxm".to_owned()),
        ordinal: 0,
        compute_capability: "9.0".to_owned(),
        memory_bytes: 85_520_809_984,
        read_bytes: READ_BYTES,
        bandwidth: Repeated {
            best: 3.095e12,
            median: 3.09e12,
        },
        bf16_peak: Repeated {
            best: 804.5e12,
            median: 800e12,
        },
        fp8_peak: Some(Repeated {
            best: 1418e12,
            median: 1385e12,
        }),
        sweep,
        clocks: Clocks::Full,
    }
}

#[test]
fn the_plan_reads_two_gib_of_weights_and_sweeps_one_to_1024() {
    let plan = GpuPlan::new(80 << 30, false).unwrap();
    assert_eq!(plan.k * plan.n * 2, MIN_WEIGHT_BYTES);
    assert_eq!(plan.batches.first(), Some(&1));
    assert_eq!(plan.batches.last(), Some(&1024));
    assert_eq!(plan.batches.len(), 11);
    assert!(plan.read_bytes >= 4 << 30);
    // The largest part is the 4 GiB read buffer.
    assert_eq!(plan.peak_bytes(), READ_BYTES);
    assert_eq!(plan.steps(), 14);
    assert!(GpuPlan::new(80 << 30, true).unwrap().repeats < plan.repeats);
}

#[test]
fn a_card_with_too_little_memory_is_refused_with_the_figures() {
    let err = GpuPlan::new(3 << 30, false).unwrap_err();
    assert_eq!(
        err,
        PlanError::TooLittleMemory {
            free_mib: 3072,
            needed_mib: ((4u64 << 30) as f64 / 0.9) as u64 >> 20,
        }
    );
    assert!(err.to_string().contains("3072 MiB free"), "{err}");
}

#[rstest]
#[case::batch_1(1, 0.999_87)]
#[case::batch_64(64, 63.47)]
#[case::batch_1024(1024, 903.94)]
fn a_sweep_point_has_the_engines_bf16_intensity(#[case] batch: u32, #[case] expected: f64) {
    let point = GpuSweepPoint {
        batch,
        k: 8192,
        n: 131_072,
        flops_per_s: Repeated {
            best: 1e12,
            median: 1e12,
        },
    };
    // 2·B·K·N ÷ (2·K·N + 2·B·(K + N)), by hand.
    let (b, k, n) = (f64::from(batch), 8192.0, 131_072.0);
    let by_hand = 2.0 * b * k * n / (2.0 * k * n + 2.0 * b * (k + n));
    assert!((point.intensity() - by_hand).abs() < 1e-9 * by_hand);
    assert!(
        (point.intensity() - expected).abs() < 1e-3 * expected,
        "{}",
        point.intensity()
    );
}

#[test]
fn a_points_step_time_and_weight_rate_follow_from_its_flops() {
    let point = GpuSweepPoint {
        batch: 1,
        k: 8192,
        n: 131_072,
        // 2·1·8192·131072 FLOPs in 0.78 ms.
        flops_per_s: Repeated {
            best: 2.0 * 8192.0 * 131_072.0 / 0.78e-3,
            median: 1.0,
        },
    };
    assert!((point.best_seconds() - 0.78e-3).abs() < 1e-12);
    // 2 GiB in 0.78 ms = 2.753 TB/s.
    let rate = (2u64 << 30) as f64 / 0.78e-3;
    assert!((point.weight_bytes_per_s() - rate).abs() < 1e-6 * rate);
}

#[test]
fn the_measured_ridge_is_peak_over_bandwidth_left_of_the_datasheet() {
    let report = h100_like();
    // 804.5 ÷ 3.095 ≈ 260 FLOP/byte (the reference's figure for cuBLAS through Rust).
    assert!(
        (report.measured_ridge() - 259.9).abs() < 0.1,
        "{}",
        report.measured_ridge()
    );
    let sheet = Gpu {
        id: "h100-sxm".to_owned(),
        name: "H100 SXM5".to_owned(),
        vendor: "NVIDIA".to_owned(),
        peak_tflops: Peaks {
            bf16: Some(989.4),
            fp8: Some(1978.9),
            ..Peaks::default()
        },
        bandwidth_tbs: 3.35,
        memory_gb: 85.9,
        capacity: None,
        tdp_w: Some(700.0),
        scale_up_link: None,
        scale_up_gpus: None,
        scale_out_link: None,
        source: String::new(),
    };
    let shares = report.of_datasheet(&sheet);
    assert!((shares.bandwidth.unwrap() - 3.095 / 3.35).abs() < 1e-9);
    assert!((shares.bf16.unwrap() - 804.5 / 989.4).abs() < 1e-9);
    assert!((shares.fp8.unwrap() - 1418.0 / 1978.9).abs() < 1e-9);
    // 260 against 295: the measured knee sits left of the datasheet corner.
    assert!(shares.ridge.unwrap() < 0.9, "{shares:?}");
}

#[test]
fn the_knee_fitted_to_the_sweep_finds_the_roofs_it_was_made_from() {
    let knee = h100_like().fitted_knee().unwrap();
    assert!((knee.bandwidth / 2.75e12 - 1.0).abs() < 0.02, "{knee:?}");
    assert!((knee.peak / 754e12 - 1.0).abs() < 0.02, "{knee:?}");
    // 754 ÷ 2.75 ≈ 274 FLOP/byte.
    assert!((knee.ridge() - 274.2).abs() < 6.0, "{}", knee.ridge());
}

#[test]
fn this_gpu_carries_the_measured_roofs_and_the_drivers_memory() {
    let gpu = h100_like().as_gpu();
    assert_eq!(gpu.id, THIS_GPU_ID);
    assert_eq!(gpu.peak_tflops.bf16, Some(804.5));
    assert_eq!(gpu.peak_tflops.fp8, Some(1418.0));
    assert_eq!(gpu.peak_tflops.fp32, None);
    assert!((gpu.bandwidth_tbs - 3.095).abs() < 1e-12);
    assert!((gpu.memory_gb - 85.520_809_984).abs() < 1e-9);
    assert!(gpu.name.contains("H100 80GB HBM3"));
    assert!(gpu.source.contains("roofline lab --gpu"));
}

#[test]
fn warnings_name_disagreeing_repeats_and_held_back_clocks() {
    let mut report = h100_like();
    assert!(report.warnings().is_empty());
    report.bf16_peak.median = report.bf16_peak.best * 0.8;
    report.clocks = Clocks::Throttled(vec!["software power cap".to_owned()]);
    let warnings = report.warnings();
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert!(warnings[0].contains("BF16 GEMM"), "{warnings:?}");
    assert!(warnings[1].contains("software power cap"), "{warnings:?}");
}

#[test]
fn the_report_round_trips_through_ron_and_refuses_unknown_fields() {
    let report = h100_like();
    let text = ron::ser::to_string(&report).unwrap();
    let back: GpuLabReport = ron::from_str(&text).unwrap();
    assert_eq!(back, report);
    let extra = text.replacen('(', "(surprise: 1, ", 1);
    assert!(ron::from_str::<GpuLabReport>(&extra).is_err());
}
