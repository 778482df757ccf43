use rstest::rstest;

use super::*;
use crate::domain::withhold::{Stated, Withheld};

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
// intensity over the ridge, the knee over it, a measured point's batch over the learner's).
#[case::a_share(
    Q::ExpertsTouchedPct,
    &[q(Q::RidgeSharePct), q(Q::CommSharePct), MBU, MFU, q(Q::DecodeDotIntensity), KNEE, B],
    &[Shown::Batch, q(Q::Ridge), q(Q::PeakTflops), q(Q::StepTimeMs)]
)]
// A batch asked: the KV wall, and what gives a batch beside the batch (its share of the
// ridge, a measured share beside the point's batch), and a measured point's batch; not
// tokens/s and the step time, whose product is the learner's own batch.
#[case::a_batch(
    Q::BatchToRidge,
    &[q(Q::MaxBatchKv), q(Q::RidgeSharePct), MBU, MFU, q(Q::TargetBatch), B],
    &[Shown::Batch, q(Q::TokensPerS), q(Q::StepTimeMs), q(Q::Ridge)]
)]
// A time asked: every time, and tokens/s (the batch over it is the step); MBU stays, as the
// times it would give one with are withheld.
#[case::a_time(
    Q::TtftMs,
    &[q(Q::StepTimeMs), q(Q::AllreduceMs), q(Q::TokensPerS), q(Q::TokensPerSPerGpu)],
    &[Shown::Batch, q(Q::Ridge), q(Q::DecodeDotIntensity), q(Q::MaxBatchKv), MBU, B]
)]
fn withholds_the_answers_dimension_on_screen(
    #[case] asked: Quantity,
    #[case] withheld: &[Shown],
    #[case] kept: &[Shown],
) {
    let got = by_dimension(asked, &[]);
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
        let got = by_dimension(quantity, &[]);
        assert!(
            [Shown::Batch, Shown::Setting, Shown::Reserved]
                .iter()
                .all(|s| !got.contains(s)),
            "{quantity:?}"
        );
    }
}

#[test]
fn a_literal_figure_is_withheld_by_its_unit_and_the_stated_peak_stays() {
    // `754 TFLOP/s` measured on a real card, asked beside a question that states the 989.
    let withheld = Withheld::none().asking_unit("TFLOP/s", [Stated::new(989.0, "TFLOP/s")]);
    let peak = Shown::Measured(MeasuredFigure::Peak);
    assert_eq!(withheld.label(q(Q::PeakTflops), "989 TF"), "989 TF");
    assert_eq!(withheld.label(peak, "measured 754 TF"), "measured ? TF");
    // The datasheet peak stays, so MFU beside it would give the measured peak: it goes.
    assert_eq!(withheld.label(MFU, "MFU 70%"), "MFU ?%");
    assert_eq!(withheld.label(q(Q::PeakTflops), "756 TF"), "? TF");
    // No unit of the four: nothing by dimension.
    assert_eq!(Withheld::none().asking_unit("USD", []), Withheld::none());
}

#[test]
fn a_relation_to_a_constant_or_a_setting_withholds_nothing() {
    // Tokens/s per user × the step time is one token; tokens/s × the step time is the batch.
    let got = by_dimension(Q::BendBatch, &[]);
    assert!(!got.contains(&q(Q::TokensPerSPerSeq)), "{got:?}");
    assert!(!got.contains(&q(Q::StepTimeMs)), "{got:?}");
}

#[test]
fn a_figure_the_question_states_withholds_what_it_gives_with() {
    // `4.5 ms` stated: the step time stays on screen, so MBU (the step over it is a measured
    // step) goes; without it stated, MBU stays.
    let stated = [Stated::new(4.5, "ms")];
    assert!(by_dimension(Q::TtftMs, &stated).contains(&MBU));
    assert!(!by_dimension(Q::TtftMs, &[]).contains(&MBU));
}

#[test]
fn a_share_beside_the_memory_the_learner_reserved_goes_when_a_size_is_asked() {
    // The KV wall's notice says `3 GB reserved`: the learner's setting, never masked. A share on
    // screen beside it gives a size in one operation (19% over 3 GB reads 15.8 GB, within a
    // tenth of the 17.4 GB of weights asked), so the share goes, whatever its value.
    let got = by_dimension(Q::WeightGbPerGpu, &[]);
    for share in [q(Q::RidgeSharePct), MBU, MFU] {
        assert!(got.contains(&share), "{share:?} not in {got:?}");
    }
    assert!(!got.contains(&Shown::Reserved), "{got:?}");
    let withheld = Withheld::none().asking(Q::WeightGbPerGpu, []);
    assert!(withheld.may_show(Shown::Reserved, 3.0, 1.0));
    assert_eq!(
        withheld.label(Shown::Reserved, "3 GB reserved"),
        "3 GB reserved"
    );
    assert_eq!(
        withheld.label(q(Q::RidgeSharePct), "19% of ridge"),
        "?% of ridge"
    );
}
