use super::*;
use crate::domain::quantity::Quantity;
use rstest::rstest;

#[track_caller]
fn token_values(text: &str) -> Vec<(f64, f64)> {
    tokens(text).map(|t| (t.value, t.resolution)).collect()
}

#[rstest]
#[case::plain("ridge 295", vec![(295.0, 1.0)])]
#[case::decimal("AI 8.0 · 2.7% of ridge", vec![(8.0, 0.1), (2.7, 0.1)])]
#[case::grouped("1,790 tok/s", vec![(1790.0, 1.0)])]
#[case::list_is_not_grouping("1, 8, 32 and 246", vec![(1.0, 1.0), (8.0, 1.0), (32.0, 1.0), (246.0, 1.0)])]
#[case::short_label("1.3k TF", vec![(1300.0, 100.0)])]
#[case::mega("2M tokens", vec![(2e6, 1e6)])]
#[case::names_are_not_figures("H100 MI300X v5e Llama-3-70B 4K", vec![])]
#[case::a_version_in_a_name("Llama-3.1-405B does not fit", vec![])]
#[case::a_range_is_two_figures("10 - 20 and 10-20", vec![(10.0, 1.0), (20.0, 1.0), (10.0, 1.0), (20.0, 1.0)])]
#[case::times_sign("3.0× too high", vec![(3.0, 0.1)])]
#[case::sentence_end("is 98.", vec![(98.0, 1.0)])]
fn reads_tokens(#[case] text: &str, #[case] expected: Vec<(f64, f64)>) {
    let got = token_values(text);
    assert_eq!(got.len(), expected.len(), "{got:?}");
    for ((v, r), (ev, er)) in got.into_iter().zip(expected) {
        assert!((v - ev).abs() < 1e-9 && (r - er).abs() < 1e-12, "{v} {r}");
    }
}

#[rstest]
#[case::rounded("295", 295.25, true)]
#[case::one_decimal("295.3", 295.25, true)]
#[case::about("300", 295.25, true)]
#[case::other_number("256", 246.2, false)]
#[case::two_significant("250", 246.2, true)]
#[case::grouped("1,300", 1302.0, true)]
#[case::short("1.3k", 1302.0, true)]
#[case::single_digit_says_too_little("8", 7.99, false)]
#[case::with_decimal("8.0", 7.99, true)]
#[case::percent("2.7", 2.71, true)]
#[case::near_miss("97", 98.0, false)]
fn states_a_figure(#[case] text: &str, #[case] figure: f64, #[case] expected: bool) {
    let token = tokens(text).next().expect("a token");
    assert_eq!(token.states(figure), expected, "{text} vs {figure}");
}

#[test]
fn masks_only_the_withheld_figures() {
    let withheld = Withheld::new([295.25, 98.0]);
    assert_eq!(
        withheld.mask("ridge 295 · 989 TF · KV wall 98 · batch 97"),
        "ridge ? · 989 TF · KV wall ? · batch 97"
    );
    assert!(matches!(withheld.mask("H100 at batch 8"), Cow::Borrowed(_)));
    assert_eq!(Withheld::none().mask("ridge 295"), "ridge 295");
}

#[test]
fn finds_the_figure_and_where() {
    let withheld = Withheld::new([246.2]);
    let (token, figure) = withheld.found_in("at 1, 8, 32 and about 246").unwrap();
    assert_eq!((token.range, figure), (22..25, 246.2));
    assert_eq!(withheld.found_in("at batch 256"), None);
}

#[test]
fn allows_computed_values_unless_they_state_a_figure() {
    let withheld = Withheld::new([98.0]);
    assert!(!withheld.allows(98.0, 1.0));
    assert!(withheld.allows(97.0, 1.0));
}

#[test]
fn ignores_figures_that_cannot_be_asked() {
    let withheld = Withheld::new([0.0, -3.0, f64::NAN, f64::INFINITY]);
    assert!(withheld.is_empty());
}

#[test]
fn recall_figures_are_the_telling_tokens() {
    assert_eq!(
        figures_in("989 TFLOP/s (BF16) and 3.35 TB/s: two ceilings"),
        vec![989.0, 3.35]
    );
}

#[rstest]
#[case(295.25, 2, 300.0)]
#[case(1302.0, 2, 1300.0)]
#[case(0.0449, 2, 0.045)]
fn rounds_to_significant_digits(#[case] v: f64, #[case] d: i32, #[case] e: f64) {
    assert!((round_significant(v, d) - e).abs() < 1e-12);
}

#[rstest]
#[case::same_unit("at 295 FLOP/byte", true)]
#[case::no_unit_word("the ridge, 295, is", true)]
#[case::other_unit("295 layers deep", false)]
#[case::percent_sign_is_a_share("295%", false)]
#[case::unit_prefix("295 FLOP per byte", true)]
fn prose_with_another_unit_does_not_state_the_figure(#[case] text: &str, #[case] stated: bool) {
    let withheld = Withheld::with_units([(295.25, "FLOP/byte".to_owned())]);
    assert_eq!(withheld.found_in_prose(text).is_some(), stated, "{text}");
    assert_eq!(withheld.mask_prose(text).contains('?'), stated, "{text}");
    // Labels are masked whatever follows them.
    assert!(withheld.mask(text).contains('?'), "{text}");
}

#[rstest]
#[case::a_ratio_is_not_a_time("Off by 7.00× low", 7.04, "ms", false)]
#[case::a_ratio_is_a_ratio("Off by 7.00× low", 7.0, "×", true)]
#[case::a_bare_time("takes 7.04", 7.04, "ms", true)]
#[case::a_share_is_not_a_time("AI 95.5 · 62% of ridge · 34.8 ms", 62.24, "ms", false)]
#[case::a_share_is_a_share("AI 95.5 · 62% of ridge · 34.8 ms", 62.24, "%", true)]
#[case::a_spaced_share_is_a_share("62 % of the step", 62.24, "%", true)]
fn a_ratio_states_no_figure_of_another_unit(
    #[case] text: &str,
    #[case] figure: f64,
    #[case] unit: &str,
    #[case] stated: bool,
) {
    let withheld = Withheld::with_units([(figure, unit.to_owned())]);
    assert_eq!(withheld.found_in_prose(text).is_some(), stated, "{text}");
}

#[rstest]
// The derivation view's "moves it most" line: `+1 %` and `+1.10 %` are changes of an input and
// of the figure, no figure of any step, so a pending 1.10 or 10 does not mask them; the
// figures a rerun reads (`98 → 108`) are masked as anywhere.
#[case::a_sensitivity(
    "ridge (R +1 % → figure +1.10 %)",
    &[1.1],
    "ridge (R +1 % → figure +1.10 %)"
)]
#[case::a_fall("memory time (t +1 % → figure -0.45 %)", &[0.45], "memory time (t +1 % → figure -0.45 %)")]
#[case::a_rerun(
    "memory bandwidth +10 % → target_batch 98 → 108",
    &[10.0, 98.0],
    "memory bandwidth +10 % → target_batch ? → 108"
)]
#[case::an_unsigned_share_is_a_figure("at 62% of ridge", &[62.0], "at ?% of ridge")]
fn a_change_of_an_input_is_never_masked(
    #[case] text: &str,
    #[case] pending: &[f64],
    #[case] shown: &str,
) {
    let withheld = Withheld::new(pending.iter().copied());
    assert_eq!(withheld.mask_beside_changes(text), shown);
}

/// A figure the question states, or an earlier step's reveal said, stays shown while the
/// quantity is withheld; another figure of it is masked.
#[rstest]
#[case::the_question_states_it(
    Withheld::none().asking(Quantity::UsdPerMillionTokens, [Stated::new(4604.0, "tok/s")]),
    Quantity::TokensPerS,
    ["4,604 tok/s", "9,208 tok/s", "? tok/s"]
)]
#[case::an_earlier_reveal_said_it(
    Withheld::none().later(Quantity::Ridge, [Stated::new(295.0, "FLOP/byte")]),
    Quantity::Ridge,
    ["ridge 295", "ridge 591", "ridge ?"]
)]
fn what_is_stated_stays_shown(
    #[case] withheld: Withheld,
    #[case] quantity: Quantity,
    #[case] labels: [&str; 3],
) {
    let [stated, other, masked] = labels;
    let shown = Shown::Quantity(quantity);
    assert_eq!(withheld.label(shown, stated), stated);
    assert_eq!(withheld.label(shown, other), masked);
}
