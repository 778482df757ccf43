//! A base-10 logarithmic axis: value ⇄ fraction of the axis, and decade ticks.

/// A log axis from `min` to `max` (both positive, `min < max`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LogScale {
    /// Value at the start of the axis.
    pub min: f64,
    /// Value at the end of the axis.
    pub max: f64,
}

impl LogScale {
    /// A scale over `[min, max]`; swaps and clamps so that it is always usable.
    #[must_use]
    pub fn new(min: f64, max: f64) -> Self {
        let (lo, hi) = if min <= max { (min, max) } else { (max, min) };
        let lo = if lo.is_finite() && lo > 0.0 {
            lo
        } else {
            1e-300
        };
        let hi = if hi.is_finite() && hi > lo {
            hi
        } else {
            lo * 10.0
        };
        Self { min: lo, max: hi }
    }

    /// The decades that bracket `[lo, hi]`: from 10^⌊log lo⌋ to 10^⌈log hi⌉.
    #[must_use]
    pub fn covering(lo: f64, hi: f64) -> Self {
        let lo = 10f64.powf(lo.max(1e-300).log10().floor());
        let hi = 10f64.powf(hi.max(lo * 10.0).log10().ceil());
        Self::new(lo, hi)
    }

    /// Where `value` falls along the axis: 0 at `min`, 1 at `max`; outside for values beyond.
    #[must_use]
    pub fn fraction(&self, value: f64) -> f64 {
        (value.log10() - self.min.log10()) / (self.max.log10() - self.min.log10())
    }

    /// The value at a fraction of the axis (inverse of [`Self::fraction`]).
    #[must_use]
    pub fn value(&self, fraction: f64) -> f64 {
        10f64.powf(self.min.log10() + fraction * (self.max.log10() - self.min.log10()))
    }

    /// Powers of ten within the axis, smallest first.
    #[must_use]
    pub fn decade_ticks(&self) -> Vec<f64> {
        let first = self.min.log10().ceil() as i32;
        let last = self.max.log10().floor() as i32;
        (first..=last).map(|e| 10f64.powi(e)).collect()
    }
}

/// A short label for a tick or a readout: `0.1`, `1`, `10`, `1k`, `10k`, `1M`.
#[must_use]
pub fn short_label(value: f64) -> String {
    let (scaled, suffix) = if value >= 1e6 {
        (value / 1e6, "M")
    } else if value >= 1e3 {
        (value / 1e3, "k")
    } else {
        (value, "")
    };
    let whole = scaled >= 1.0 && (scaled - scaled.round()).abs() < 1e-9;
    let text = if whole || scaled >= 10.0 {
        format!("{scaled:.0}")
    } else if scaled > 0.0 && scaled < 0.01 {
        // Two significant digits below a hundredth (a CPU's roofline in TFLOP/s): `0.001`.
        let places = (-scaled.log10().floor()) as usize + 1;
        let s = format!("{scaled:.places$}");
        s.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        let s = format!("{scaled:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_owned()
    };
    format!("{text}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[test]
    fn fraction_and_value_are_inverse() {
        let s = LogScale::new(0.1, 10_000.0);
        for v in [0.1, 0.5, 1.0, 295.0, 9999.0] {
            assert!((s.value(s.fraction(v)) - v).abs() / v < 1e-12);
        }
        assert!((s.fraction(0.1)).abs() < 1e-12);
        assert!((s.fraction(10_000.0) - 1.0).abs() < 1e-12);
        assert!((s.fraction(10.0) - 0.4).abs() < 1e-12);
    }

    #[test]
    fn decade_ticks_cover_the_axis() {
        assert_eq!(
            LogScale::new(0.1, 10_000.0).decade_ticks(),
            vec![0.1, 1.0, 10.0, 100.0, 1000.0, 10_000.0]
        );
        assert_eq!(LogScale::new(3.0, 300.0).decade_ticks(), vec![10.0, 100.0]);
        assert_eq!(LogScale::covering(3.35, 989.4), LogScale::new(1.0, 1000.0));
    }

    #[test]
    fn small_values_keep_their_digits() {
        assert_eq!(short_label(0.001), "0.001");
        assert_eq!(short_label(0.0015), "0.0015");
        assert_eq!(short_label(0.01), "0.01");
        assert_eq!(short_label(0.15), "0.15");
    }

    #[test]
    fn degenerate_input_still_gives_a_scale() {
        for (lo, hi) in [(0.0, 0.0), (-1.0, 5.0), (f64::NAN, 1.0), (5.0, 1.0)] {
            let s = LogScale::new(lo, hi);
            assert!(s.min > 0.0 && s.max > s.min, "{lo} {hi} → {s:?}");
        }
    }

    #[rstest]
    #[case::tenth(0.1, "0.1")]
    #[case::one(1.0, "1")]
    #[case::hundred(100.0, "100")]
    #[case::thousand(1000.0, "1k")]
    #[case::ten_k(10_000.0, "10k")]
    #[case::ridge(295.3, "295")]
    #[case::mega(1e6, "1M")]
    fn labels(#[case] v: f64, #[case] label: &str) {
        assert_eq!(short_label(v), label);
    }
}
