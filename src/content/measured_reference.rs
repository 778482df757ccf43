//! The shipped measured references (`assets/measured/*.ron`): what a real card reached, loaded
//! strictly and checked (format version, a known GPU, positive finite figures, batches rising).

use super::located::{LocatedError, parse_ron};
use crate::domain::catalog::Catalog;
use crate::domain::measured_reference::MeasuredReference;

/// The file this build reads.
pub const REFERENCE_FORMAT_VERSION: u32 = 1;

const H100_SXM: (&str, &str) = (
    "assets/measured/h100-sxm.ron",
    include_str!("../../assets/measured/h100-sxm.ron"),
);

/// The measured reference shipped for `gpu`, if there is one.
#[must_use]
pub fn shipped_reference(gpu: &str) -> Option<MeasuredReference> {
    shipped(gpu).cloned()
}

/// Every measured reference shipped.
#[must_use]
pub fn shipped_references() -> Vec<MeasuredReference> {
    shipped("h100-sxm").into_iter().cloned().collect()
}

/// The measured reference shipped for `gpu`, parsed once and kept (the plot asks on every
/// frame).
#[must_use]
pub fn shipped(gpu: &str) -> Option<&'static MeasuredReference> {
    static H100: std::sync::OnceLock<Option<MeasuredReference>> = std::sync::OnceLock::new();
    (gpu == "h100-sxm")
        .then(|| {
            H100.get_or_init(|| parse_reference(H100_SXM.0, H100_SXM.1).ok())
                .as_ref()
        })
        .flatten()
}

/// Parses and checks a reference file.
pub fn parse_reference(path: &str, text: &str) -> Result<MeasuredReference, LocatedError> {
    let reference: MeasuredReference = parse_ron(path, text)?;
    let at =
        |needle: &str, message: String| LocatedError::at_needle(path, text, 0, needle, message);
    if reference.format_version != REFERENCE_FORMAT_VERSION {
        return Err(at(
            "format_version",
            format!(
                "format_version {} is not supported; this build reads {REFERENCE_FORMAT_VERSION}",
                reference.format_version
            ),
        ));
    }
    let positive = |v: f64| v.is_finite() && v > 0.0;
    for roof in &reference.roofs {
        if !positive(roof.best) || roof.median.is_some_and(|m| !positive(m)) {
            return Err(at(
                &format!("\"{}\"", roof.id),
                format!("{}: a roof is a positive number", roof.id),
            ));
        }
    }
    let points = &reference.sweep.points;
    if points.is_empty() || points.windows(2).any(|w| w[0].batch >= w[1].batch) {
        return Err(at("points", "the sweep's batches must rise".to_owned()));
    }
    if points
        .iter()
        .any(|p| !positive(p.best_ms) || p.median_ms < p.best_ms)
    {
        return Err(at(
            "points",
            "each step time is positive, its median no faster than its best".to_owned(),
        ));
    }
    Ok(reference)
}

/// Checks that a reference's GPU is one the catalog knows.
#[must_use]
pub fn known_gpu(reference: &MeasuredReference, catalog: &Catalog) -> bool {
    catalog.gpu(&reference.gpu).is_ok()
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;
    use crate::content::data_files::builtin_catalog;
    use crate::test_support::close;

    #[test]
    fn the_h100_reference_loads_for_a_known_gpu() {
        let r = shipped_reference("h100-sxm").expect("shipped and valid");
        assert!(known_gpu(&r, &builtin_catalog()));
        assert_eq!(shipped_reference("h200"), None);
        // Llama-3-8B's linear layers and head: 7,504,658,432 weights, 15.01 GB in BF16.
        close(r.sweep.weight_params(), 7_504_658_432.0, 0.0);
        close(r.roof("hbm-read").unwrap().best, 3.067e12, 0.0);
        // Ridge 754 ÷ 3.067 ≈ 246 FLOP/byte, left of the datasheet's 295.
        let (ridge, gemm) = r.measured_ridge(crate::domain::dtype::Dtype::Bf16).unwrap();
        close(ridge, 754e12 / 3.067e12, 1e-12);
        close(gemm, 754e12, 0.0);
    }

    /// The reference's own columns, recomputed from the step times: TFLOP/s = 2·B·W ÷ t and
    /// weight TB/s = 2·W ÷ t.
    #[rstest]
    #[case(1, 2.8, 2.810)]
    #[case(64, 173.8, 2.716)]
    #[case(256, 558.2, 2.181)]
    #[case(1024, 697.2, 0.681)]
    fn the_sweep_reproduces_the_measured_columns(
        #[case] batch: u32,
        #[case] tflops: f64,
        #[case] tbs: f64,
    ) {
        let r = shipped_reference("h100-sxm").unwrap();
        let p = r.sweep.points.iter().find(|p| p.batch == batch).unwrap();
        close(r.sweep.flops_per_s(p) / 1e12, tflops, 0.01);
        close(r.sweep.weight_bytes_per_s(p) / 1e12, tbs, 0.002);
    }

    #[test]
    fn the_sweeps_intensity_counts_activations() {
        let r = shipped_reference("h100-sxm").unwrap();
        // Activations per token: 32 × (10,240 + 8,192 + 32,768 + 18,432) + 132,352 = 2,360,576.
        close(r.sweep.activation_elements_per_token(), 2_360_576.0, 0.0);
        let w = 7_504_658_432.0;
        close(
            r.sweep.intensity(1024),
            2048.0 * w / (2.0 * w + 2048.0 * 2_360_576.0),
            1e-12,
        );
        assert!(r.sweep.intensity(1) < 1.0);
    }

    #[rstest]
    #[case::version("format_version: 1", "format_version: 2", "format_version 2")]
    #[case::falling("(batch: 2, best_ms", "(batch: 1, best_ms", "must rise")]
    #[case::unknown_field("date: \"2026-11\",", "date: \"2026-11\", seed: 1,", "seed")]
    fn bad_references_are_located(#[case] from: &str, #[case] to: &str, #[case] says: &str) {
        let text = H100_SXM.1.replacen(from, to, 1);
        assert_ne!(text, H100_SXM.1);
        let e = parse_reference("r.ron", &text).unwrap_err();
        assert!(e.to_string().contains(says), "{e}");
        assert!(e.start.line > 0, "{e}");
    }

    /// Lesson 14's sentences about the measurement agree with the shipped figures (issue 24,
    /// part 5): the large GEMM at 754 TF (76 % of the datasheet), the measured ridge near 246
    /// left of the datasheet's 295, the trap's share as its own figures give it, the hybrid
    /// model's state in the worked example, and the loss inside the kernels from batch 32.
    #[test]
    fn lesson_14_states_the_measured_figures() {
        use crate::domain::dtype::Dtype;
        use crate::domain::measured_reference::Datasheet;
        let lesson = include_str!("../../lessons/22-measured-vs-roofline.ron");
        let r = shipped_reference("h100-sxm").unwrap();
        let gpu = builtin_catalog().gpu("h100-sxm").unwrap().clone();
        let datasheet = Datasheet::of(&gpu, Dtype::Bf16).unwrap();
        let share = r.roof_share("bf16-gemm", datasheet).unwrap();
        let share = format!("{:.0}%", 100.0 * share);
        let (ridge, _) = r.measured_ridge(Dtype::Bf16).unwrap();
        let ridge = format!("≈ {ridge:.0} FLOP/byte");
        assert_eq!(share, "76%");
        assert!(lesson.contains("754 TFLOP/s") && lesson.contains(&format!("{share} of")));
        assert!(lesson.contains(&ridge), "{ridge}");
        assert!(lesson.contains("left of the datasheet ridge"));
        // The trap's share: 108 tok/s against one sequence's speed of light is about 80%.
        assert!(!lesson.contains("77%") && !lesson.contains("77 %"));
        assert!(lesson.contains("reading about 80%"));
        assert!(lesson.contains("KV and linear-attention state"));
        assert!(lesson.contains("at batch 32 only from 39.0 to 34.2 ms"));
        assert!(lesson.contains("measured_tpot_ms"));
    }
}
