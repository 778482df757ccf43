//! Judging a numeric guess: parsed strictly, scored in log space.
//!
//! error = |log10(guess ÷ answer)|. Within the tolerance the score is 100; it falls linearly
//! (in log space) to 0 at a factor of 4 off, so guessing 2× high costs the same as 2× low.

/// The default tolerance: ±10 %.
pub const DEFAULT_TOLERANCE: f64 = 0.10;

/// Factor off at which a guess scores 0.
pub const ZERO_SCORE_FACTOR: f64 = 4.0;

/// Why a typed guess cannot be committed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum GuessError {
    /// Nothing typed.
    #[error("type a number first")]
    Empty,
    /// Not a number.
    #[error("that is not a number")]
    NotANumber,
    /// Zero: no physical quantity here is zero, and log space cannot judge it.
    #[error("zero cannot be right here: guess a positive number")]
    Zero,
    /// Negative.
    #[error("a negative value cannot be right here: guess a positive number")]
    Negative,
    /// Infinite or NaN.
    #[error("guess a finite number")]
    NotFinite,
}

/// Parses a typed guess: plain or scientific notation, thousands separators allowed.
pub fn parse_guess(text: &str) -> Result<f64, GuessError> {
    let cleaned: String = text
        .trim()
        .chars()
        .filter(|c| *c != ',' && *c != '_')
        .collect();
    if cleaned.is_empty() {
        return Err(GuessError::Empty);
    }
    let lower = cleaned.to_ascii_lowercase();
    if lower.contains("inf") || lower.contains("nan") {
        return Err(GuessError::NotFinite);
    }
    let value: f64 = lower.parse().map_err(|_| GuessError::NotANumber)?;
    if !value.is_finite() {
        Err(GuessError::NotFinite)
    } else if value == 0.0 {
        Err(GuessError::Zero)
    } else if value < 0.0 {
        Err(GuessError::Negative)
    } else {
        Ok(value)
    }
}

/// How far off a guess is, in decades: |log10(guess ÷ answer)|.
#[must_use]
pub fn log_error(guess: f64, answer: f64) -> f64 {
    (guess / answer).log10().abs()
}

/// Whether a positive guess is within a relative tolerance of the answer, in log space: the
/// band that scores full marks.
#[must_use]
pub fn within_tolerance(guess: f64, answer: f64, tolerance: f64) -> bool {
    guess > 0.0
        && answer > 0.0
        && guess.is_finite()
        && log_error(guess, answer) <= (1.0 + tolerance).log10() + 1e-12
}

/// The median of a set of numeric guesses, in log space as they are scored: for an even count,
/// the geometric mean of the middle two (guesses of 100 and 400 have 200 as their middle, as
/// they sit on the plot's log axis). Guesses that are not positive and finite are left out;
/// `None` when none is left. The classroom's spread and the quiz's class table both use it.
#[must_use]
pub fn median_guess(guesses: &[f64]) -> Option<f64> {
    let mut sorted: Vec<f64> = guesses
        .iter()
        .copied()
        .filter(|g| g.is_finite() && *g > 0.0)
        .collect();
    if sorted.is_empty() {
        return None;
    }
    sorted.sort_by(f64::total_cmp);
    let mid = sorted.len() / 2;
    Some(if sorted.len() % 2 == 1 {
        sorted[mid]
    } else {
        geometric_mean(sorted[mid - 1], sorted[mid])
    })
}

/// √(a·b) for positive finite a and b, finite even where a·b overflows (1e300 and 1e300).
fn geometric_mean(a: f64, b: f64) -> f64 {
    let product = a * b;
    if product.is_finite() && product > 0.0 {
        product.sqrt()
    } else {
        a.sqrt() * b.sqrt()
    }
}

/// The score (0–100) of a positive guess against a positive answer with a relative tolerance;
/// `None` when the answer is not positive (no log-space score exists).
#[must_use]
pub fn score(guess: f64, answer: f64, tolerance: f64) -> Option<u8> {
    if !(answer > 0.0 && guess > 0.0 && answer.is_finite() && guess.is_finite()) {
        return None;
    }
    if within_tolerance(guess, answer, tolerance) {
        return Some(100);
    }
    let error = log_error(guess, answer);
    let full = (1.0 + tolerance).log10();
    let zero = ZERO_SCORE_FACTOR.log10();
    let score = if error >= zero {
        0.0
    } else {
        100.0 * (zero - error) / (zero - full)
    };
    // Full marks are the band's alone: a miss just outside it rounds to 99 at most.
    Some(score.round().clamp(0.0, 99.0) as u8)
}

/// How far off a guess is, in one format for every size of miss: the factor between guess and
/// answer, and which way (`1.05× high`, `3.00× low`); `spot on` within half a percent. A
/// factor reads the same both ways round, as the log-space score does.
#[must_use]
pub fn describe_miss(guess: f64, answer: f64) -> String {
    let ratio = guess / answer;
    if (ratio - 1.0).abs() < 0.005 {
        return "spot on".to_owned();
    }
    let (factor, dir) = if ratio > 1.0 {
        (ratio, "high")
    } else {
        (1.0 / ratio, "low")
    };
    if factor < 100.0 {
        format!("{factor:.2}× {dir}")
    } else {
        format!("{}× {dir}", crate::domain::format::group(factor, 0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::plain("295", Ok(295.0))]
    #[case::decimal(" 4.79 ", Ok(4.79))]
    #[case::scientific("1e3", Ok(1000.0))]
    #[case::separators("1,790", Ok(1790.0))]
    #[case::empty("", Err(GuessError::Empty))]
    #[case::blank("   ", Err(GuessError::Empty))]
    #[case::word("lots", Err(GuessError::NotANumber))]
    #[case::dot(".", Err(GuessError::NotANumber))]
    #[case::zero("0", Err(GuessError::Zero))]
    #[case::zero_float("0.000", Err(GuessError::Zero))]
    #[case::negative("-3", Err(GuessError::Negative))]
    #[case::nan("NaN", Err(GuessError::NotFinite))]
    #[case::inf("inf", Err(GuessError::NotFinite))]
    #[case::overflow("1e999", Err(GuessError::NotFinite))]
    fn parsing(#[case] text: &str, #[case] expected: Result<f64, GuessError>) {
        assert_eq!(parse_guess(text), expected);
    }

    #[rstest]
    #[case::exact(295.0, 295.0, 100)]
    #[case::within_tolerance(320.0, 295.0, 100)]
    #[case::just_outside_the_band(1.105 * 295.0, 295.0, 99)]
    #[case::just_outside_below(295.0 / 1.105, 295.0, 99)]
    #[case::double(590.0, 295.0, 54)]
    #[case::half(147.5, 295.0, 54)]
    #[case::four_times(1180.0, 295.0, 0)]
    #[case::far_off(1.0, 295.0, 0)]
    fn scores(#[case] guess: f64, #[case] answer: f64, #[case] expected: u8) {
        assert_eq!(score(guess, answer, DEFAULT_TOLERANCE), Some(expected));
    }

    /// Full marks and "within the tolerance" are one rule: a quiz never shows a score of 100
    /// beside "not within", nor the classroom count a guess within that scores less.
    #[test]
    fn full_marks_exactly_within_the_tolerance() {
        for tolerance in [0.05, 0.1, 0.15, 0.3] {
            for i in 1..4000 {
                let guess = 0.5 + f64::from(i) * 0.00025;
                assert_eq!(
                    score(guess, 1.0, tolerance) == Some(100),
                    within_tolerance(guess, 1.0, tolerance),
                    "guess {guess}, tolerance {tolerance}"
                );
            }
        }
    }

    #[test]
    fn high_and_low_misses_score_alike() {
        for factor in [1.3, 1.7, 2.5, 3.9] {
            assert_eq!(
                score(100.0 * factor, 100.0, 0.1),
                score(100.0 / factor, 100.0, 0.1)
            );
        }
    }

    #[test]
    fn score_falls_monotonically() {
        let mut last = 101;
        for i in 0..100 {
            let s = score(1.0 + f64::from(i) * 0.05, 1.0, 0.1).unwrap();
            assert!(s <= last);
            last = s;
        }
    }

    #[test]
    fn no_score_against_a_non_positive_answer() {
        assert_eq!(score(1.0, 0.0, 0.1), None);
    }

    #[rstest]
    #[case::spot(100.0, 100.0, "spot on")]
    #[case::high(120.0, 100.0, "1.20× high")]
    #[case::low(80.0, 100.0, "1.25× low")]
    #[case::far_high(300.0, 100.0, "3.00× high")]
    #[case::far_low(10.0, 100.0, "10.00× low")]
    #[case::huge(1e6, 1.0, "1,000,000× high")]
    fn miss_descriptions(#[case] guess: f64, #[case] answer: f64, #[case] text: &str) {
        assert_eq!(describe_miss(guess, answer), text);
    }
}
