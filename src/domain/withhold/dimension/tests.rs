use rstest::rstest;

use super::*;
use crate::domain::withhold::Withheld;

const KNEE: Shown = Shown::Measured(MeasuredFigure::Knee);
const MBU: Shown = Shown::Measured(MeasuredFigure::Mbu);
const MFU: Shown = Shown::Measured(MeasuredFigure::Mfu);
const B: Shown = Shown::Measured(MeasuredFigure::Batch);

fn q(quantity: Quantity) -> Shown {
    Shown::Quantity(quantity)
}

#[rstest]
// An intensity asked: every intensity on screen, the ridge, the measured knee, and the
// bandwidth (the peak over it is the ridge).
#[case::an_intensity(
    Q::AttentionIntensity,
    &[q(Q::DecodeDotIntensity), q(Q::Ridge), KNEE, q(Q::BandwidthTbs)],
    &[Shown::Batch, q(Q::PeakTflops), q(Q::TokensPerS), q(Q::StepTimeMs), MBU]
)]
// A share asked: every share, and the more derived of each two of one dimension (the dot's
// intensity over the ridge, a measured throughput over the peak).
#[case::a_share(
    Q::ExpertsTouchedPct,
    &[q(Q::RidgeSharePct), q(Q::CommSharePct), MBU, MFU, q(Q::DecodeDotIntensity), KNEE],
    &[Shown::Batch, B, q(Q::Ridge), q(Q::PeakTflops), q(Q::StepTimeMs)]
)]
// A batch asked: the KV wall, and what gives a batch beside the batch (its share of the
// ridge, a measured share beside the point's batch), not tokens/s and the step time, whose
// product is the learner's own batch.
#[case::a_batch(
    Q::BatchToRidge,
    &[q(Q::MaxBatchKv), q(Q::RidgeSharePct), MBU, MFU, q(Q::TargetBatch)],
    &[Shown::Batch, B, q(Q::TokensPerS), q(Q::StepTimeMs), q(Q::Ridge)]
)]
// A time asked: every time, and tokens/s (the batch over it is the step).
#[case::a_time(
    Q::TtftMs,
    &[q(Q::StepTimeMs), q(Q::AllreduceMs), q(Q::TokensPerS), q(Q::TokensPerSPerGpu)],
    &[Shown::Batch, q(Q::Ridge), q(Q::DecodeDotIntensity), MBU]
)]
fn withholds_the_answers_dimension_on_screen(
    #[case] asked: Quantity,
    #[case] withheld: &[Shown],
    #[case] kept: &[Shown],
) {
    let got = by_dimension(asked);
    for shown in withheld {
        assert!(got.contains(shown), "{shown:?} not in {got:?}");
    }
    for shown in kept {
        assert!(!got.contains(shown), "{shown:?} in {got:?}");
    }
}

#[rstest]
#[case::an_intensity(Q::AttentionIntensity, q(Q::Ridge), ["ridge 295", "ridge 591"])]
#[case::a_share(Q::ExpertsTouchedPct, MBU, ["MBU 76%", "MBU 12%"])]
#[case::a_batch(Q::BatchToRidge, q(Q::MaxBatchKv), ["KV wall 394", "KV wall 98"])]
#[case::a_knee_near_a_ridge(Q::Ridge, KNEE, ["knee 246", "knee 8.2"])]
fn the_mask_is_the_same_whatever_the_value(
    #[case] asked: Quantity,
    #[case] shown: Shown,
    #[case] texts: [&str; 2],
) {
    // Two settings whose answers (and figures) differ: the same `?`, so it tells nothing.
    let withheld = Withheld::none().asking(asked, []);
    let [a, b] = texts.map(|t| withheld.label(shown, t).into_owned());
    let blank = |s: &str| s.replace(|c: char| c.is_ascii_digit() || c == '.', "");
    assert!(a.contains('?') && b.contains('?'), "{a} / {b}");
    assert_eq!(blank(&a), blank(&b));
}

#[test]
fn every_unit_a_quantity_is_asked_in_has_a_dimension_or_none_on_purpose() {
    for quantity in Quantity::ALL {
        let known = Dimension::of_unit(quantity.unit()).is_some();
        let outside = matches!(quantity.unit(), "" | "W" | "USD" | "J");
        assert!(known != outside, "{quantity:?} in {:?}", quantity.unit());
    }
}

#[test]
fn a_setting_is_never_withheld() {
    for quantity in Quantity::ALL {
        let got = by_dimension(quantity);
        assert!(
            !got.contains(&Shown::Batch) && !got.contains(&B),
            "{quantity:?}"
        );
    }
}
