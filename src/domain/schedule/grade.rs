//! A prediction's grade, derived from how far off the guess was (the learner never grades a
//! prediction).
//!
//! With error = |log10(guess ÷ answer)| and the step's tolerance t as a log-space band
//! log10(1 + t): within half the band Easy, within the band Good, within a factor of 2 Hard,
//! else Again. A choice is Good when right and Again when wrong.

use super::Grade;
use crate::domain::scoring::log_error;

/// The grade for a numeric guess against a positive answer with a relative tolerance; `None`
/// when either number is not positive and finite (no log-space error exists).
#[must_use]
pub fn grade_for_guess(guess: f64, answer: f64, tolerance: f64) -> Option<Grade> {
    let judged = |v: f64| v.is_finite() && v > 0.0;
    if !(judged(guess) && judged(answer) && judged(tolerance)) {
        return None;
    }
    let error = log_error(guess, answer);
    let band = (1.0 + tolerance).log10();
    // The same slack as scoring's: a guess typed as the rounded answer is within the band.
    let slack = 1e-12;
    Some(if error <= band / 2.0 + slack {
        Grade::Easy
    } else if error <= band + slack {
        Grade::Good
    } else if error <= 2f64.log10() + slack {
        Grade::Hard
    } else {
        Grade::Again
    })
}

/// The grade for a choice: Good when right, Again when wrong.
#[must_use]
pub const fn grade_for_choice(chosen: usize, correct: usize) -> Grade {
    if chosen == correct {
        Grade::Good
    } else {
        Grade::Again
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rustfmt::skip]
    #[rstest]
    #[case::exact(295.0, 295.0, 0.1, Some(Grade::Easy))]
    #[case::within_half_high(305.0, 295.0, 0.1, Some(Grade::Easy))] // +3.4 %, half band ≈ +4.9 %
    #[case::within_band_high(320.0, 295.0, 0.1, Some(Grade::Good))] // +8.5 %
    #[case::within_band_low(270.0, 295.0, 0.1, Some(Grade::Good))] // ÷1.093
    #[case::band_edge(110.0, 100.0, 0.1, Some(Grade::Good))]
    #[case::just_past_band(111.0, 100.0, 0.1, Some(Grade::Hard))]
    #[case::factor_two_high(200.0, 100.0, 0.1, Some(Grade::Hard))]
    #[case::factor_two_low(50.0, 100.0, 0.1, Some(Grade::Hard))]
    #[case::past_two(201.0, 100.0, 0.1, Some(Grade::Again))]
    #[case::four_off(400.0, 100.0, 0.1, Some(Grade::Again))]
    #[case::quarter(25.0, 100.0, 0.1, Some(Grade::Again))]
    #[case::wide_tolerance(140.0, 100.0, 0.5, Some(Grade::Good))] // band 1.5×, half ≈ 1.22×
    #[case::zero_guess(0.0, 100.0, 0.1, None)]
    #[case::zero_answer(1.0, 0.0, 0.1, None)]
    #[case::nan(f64::NAN, 1.0, 0.1, None)]
    fn grades_from_the_error(
        #[case] guess: f64,
        #[case] answer: f64,
        #[case] tolerance: f64,
        #[case] grade: Option<Grade>,
    ) {
        assert_eq!(grade_for_guess(guess, answer, tolerance), grade);
    }

    #[test]
    fn choices_are_right_or_wrong() {
        assert_eq!(grade_for_choice(2, 2), Grade::Good);
        assert_eq!(grade_for_choice(0, 2), Grade::Again);
    }
}
