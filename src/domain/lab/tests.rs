// Counts of FLOPs and bytes are whole numbers far below 2^52: exact comparison is meant.
#![allow(clippy::float_cmp)]

use rstest::rstest;

use super::*;
use crate::test_support::close;

/// A roofline sampled at the sweep's intensities, each point multiplied by a fixed
/// pseudo-random factor within ±`noise` (deterministic, so the test cannot flake).
fn synthetic(bandwidth: f64, peak: f64, noise: f64) -> Vec<(f64, f64)> {
    let factors = [0.3, -0.7, 1.0, -0.2, 0.6, -1.0, 0.1, 0.8, -0.5, 0.4, -0.9];
    (0..11)
        .map(|i| {
            let intensity = 0.5 * f64::from(1 << i);
            let ideal = (bandwidth * intensity).min(peak);
            (intensity, ideal * (1.0 + noise * factors[i]))
        })
        .collect()
}

#[rstest]
#[case::exact(20e9, 200e9, 0.0, 1e-9)]
#[case::noisy(20e9, 200e9, 0.05, 0.06)]
#[case::knee_late(5e9, 1.5e12, 0.03, 0.05)]
fn fit_recovers_the_roofline(
    #[case] bandwidth: f64,
    #[case] peak: f64,
    #[case] noise: f64,
    #[case] tolerance: f64,
) {
    let knee = fit_knee(&synthetic(bandwidth, peak, noise)).expect("the sweep crosses the knee");
    close(knee.bandwidth, bandwidth, tolerance);
    close(knee.peak, peak, tolerance);
    close(knee.ridge(), peak / bandwidth, 2.0 * tolerance);
}

#[test]
fn fit_finds_no_knee_on_a_pure_slope_or_bad_points() {
    // Every point under a roof far above: the knee is beyond the last point.
    assert_eq!(fit_knee(&synthetic(20e9, 1e18, 0.0)), None);
    assert_eq!(fit_knee(&[(1.0, 1e9)]), None);
    assert_eq!(fit_knee(&[(1.0, 1e9), (2.0, f64::NAN)]), None);
    assert_eq!(fit_knee(&[(1.0, 1e9), (0.0, 1e9)]), None);
}

#[rstest]
#[case::odd(&[3.0, 1.0, 2.0], 3.0, 2.0)]
#[case::even(&[4.0, 1.0, 2.0, 3.0], 4.0, 2.5)]
fn repeats_keep_best_and_median(#[case] rates: &[f64], #[case] best: f64, #[case] median: f64) {
    let r = Repeated::of(rates).unwrap();
    assert_eq!((r.best, r.median), (best, median));
}

#[test]
fn repeats_that_disagree_are_flagged() {
    assert!(!Repeated::of(&[100.0, 95.0, 98.0]).unwrap().disagrees());
    assert!(Repeated::of(&[100.0, 60.0, 70.0]).unwrap().disagrees());
    assert_eq!(Repeated::of(&[]), None);
    assert_eq!(Repeated::of(&[1.0, -1.0]), None);
}

fn point(batch: u32, seconds: f64) -> SweepPoint {
    SweepPoint {
        batch,
        k: 4096,
        n: 16_384,
        flops_per_s: Repeated {
            best: 2.0 * f64::from(batch) * 4096.0 * 16_384.0 / seconds,
            median: 2.0 * f64::from(batch) * 4096.0 * 16_384.0 / seconds,
        },
    }
}

#[test]
fn sweep_point_counts_flops_and_bytes() {
    let p = point(1, 0.01);
    // 2·1·4096·16384 FLOPs over 4·(4096·16384 + 4096 + 16384) bytes.
    assert_eq!(p.flops(), 134_217_728.0);
    assert_eq!(p.bytes(), 268_517_376.0);
    close(p.intensity(), 0.4998, 1e-4);
    close(p.best_flops_per_s(), 13.42e9, 1e-3);
    close(p.bytes_per_s(), 26.85e9, 1e-3);
    // Batch 1024: 2·1024·4096·16384 ÷ 4·(4096·16384 + 1024·4096 + 1024·16384) = 390.1.
    close(point(1024, 1.0).intensity(), 390.095, 1e-5);
}

fn report() -> LabReport {
    LabReport {
        format_version: LAB_FORMAT_VERSION,
        cpu: "Test CPU".to_owned(),
        threads: 4,
        simd: "AVX2 (8 × f32)".to_owned(),
        memory_bytes: Some(32e9),
        buffer_bytes: 268_435_456.0,
        bandwidth: Repeated {
            best: 20e9,
            median: 19e9,
        },
        peak: Repeated {
            best: 400e9,
            median: 390e9,
        },
        sweep: vec![point(1, 0.012), point(2, 0.5)],
    }
}

#[test]
fn this_machine_is_an_fp32_accelerator() {
    let gpu = report().as_gpu();
    assert_eq!(gpu.id, THIS_MACHINE_ID);
    assert_eq!(
        gpu.peak_flops(crate::domain::dtype::Dtype::Fp32),
        Some(400e9)
    );
    assert_eq!(gpu.peak_flops(crate::domain::dtype::Dtype::Bf16), None);
    close(gpu.bandwidth_bytes_per_s(), 20e9, 1e-12);
    close(
        gpu.ridge(crate::domain::dtype::Dtype::Fp32).unwrap(),
        20.0,
        1e-12,
    );
    assert_eq!(gpu.memory_gb, 32.0);
    close(report().predicted_ridge(), 20.0, 1e-12);
}

#[test]
fn disagreeing_names_each_busy_measurement() {
    let mut r = report();
    assert!(r.disagreeing().is_empty());
    r.peak.median = 200e9;
    r.sweep[1].flops_per_s.median *= 0.5;
    assert_eq!(r.disagreeing(), ["peak", "sweep B=2"]);
}
