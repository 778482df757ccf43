//! How a placeholder shows a number: `.N` decimals, or a sensible default, with thousands
//! separators.

/// The most decimals a placeholder may ask for.
pub const MAX_DECIMALS: u8 = 6;

/// A placeholder's number format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// No format given: whole numbers from 100 up, three significant digits below, trailing
    /// zeros dropped (`295`, `16`, `7.99`, `0.0123`).
    Auto,
    /// Exactly this many decimals (`{ridge:.1}` → `294.6`).
    Decimals(u8),
    /// Exactly this many decimals and no thousands separators, as a program's `%.Nf` prints a
    /// figure in a quoted log line (`{tokens_per_s:.1f}` → `17371.2`, as vLLM logs it).
    Printf(u8),
}

impl Format {
    /// Reads what follows the colon: `.N` with N from 0 to [`MAX_DECIMALS`], or `.Nf` for
    /// the same without thousands separators.
    #[must_use]
    pub fn parse(spec: &str) -> Option<Self> {
        if let Some(plain) = spec.strip_suffix('f') {
            return match Self::parse(plain)? {
                Self::Decimals(n) => Some(Self::Printf(n)),
                Self::Auto | Self::Printf(_) => None,
            };
        }
        let digits = spec.strip_prefix('.')?;
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: u8 = digits.parse().ok()?;
        (n <= MAX_DECIMALS).then_some(Self::Decimals(n))
    }
}

/// Shows a number in a format, with thousands separators; a non-finite value shows as `—`.
#[must_use]
pub fn format_number(value: f64, format: Format) -> String {
    if !value.is_finite() {
        return super::UNAVAILABLE.to_owned();
    }
    let text = match format {
        Format::Decimals(n) | Format::Printf(n) => format!("{value:.prec$}", prec = usize::from(n)),
        Format::Auto => auto(value),
    };
    match format {
        Format::Printf(_) => text,
        Format::Auto | Format::Decimals(_) => crate::domain::format::group_thousands(&text),
    }
}

fn auto(value: f64) -> String {
    let magnitude = value.abs();
    if magnitude >= 100.0 {
        return format!("{value:.0}");
    }
    if magnitude == 0.0 {
        return "0".to_owned();
    }
    // Three significant digits; below 1e-12 nothing a lesson shows is meaningful.
    let decimals = (2 - magnitude.log10().floor() as i32).clamp(0, 12) as usize;
    let text = format!("{value:.decimals$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::ridge(294.6, Format::Auto, "295")]
    #[case::thousands(1790.4, Format::Auto, "1,790")]
    #[case::millions(1_234_567.0, Format::Auto, "1,234,567")]
    #[case::two_digits(16.0, Format::Auto, "16")]
    #[case::three_significant(7.987, Format::Auto, "7.99")]
    #[case::trailing_zeros(2.5, Format::Auto, "2.5")]
    #[case::small(0.012_345, Format::Auto, "0.0123")]
    #[case::rounds_up_to_100(99.96, Format::Auto, "100")]
    #[case::zero(0.0, Format::Auto, "0")]
    #[case::negative(-1234.0, Format::Auto, "-1,234")]
    #[case::negative_small(-0.5, Format::Auto, "-0.5")]
    #[case::decimals(294.55, Format::Decimals(1), "294.6")]
    #[case::decimals_zero(4096.0, Format::Decimals(0), "4,096")]
    #[case::decimals_padded(2.0, Format::Decimals(2), "2.00")]
    #[case::big_with_decimals(12345.678, Format::Decimals(2), "12,345.68")]
    #[case::negative_zero(-0.0001, Format::Decimals(2), "0.00")]
    #[case::printf(17_371.24, Format::Printf(1), "17371.2")]
    #[case::printf_whole(4096.0, Format::Printf(0), "4096")]
    #[case::printf_nan(f64::NAN, Format::Printf(1), "—")]
    #[case::nan(f64::NAN, Format::Auto, "—")]
    #[case::infinity(f64::INFINITY, Format::Decimals(1), "—")]
    #[case::tiny(1e-300, Format::Auto, "0")]
    #[case::huge(1e15, Format::Auto, "1,000,000,000,000,000")]
    fn formats(#[case] value: f64, #[case] format: Format, #[case] expected: &str) {
        assert_eq!(format_number(value, format), expected);
    }

    #[rstest]
    #[case::none("", None)]
    #[case::dot_only(".", None)]
    #[case::zero(".0", Some(Format::Decimals(0)))]
    #[case::max(".6", Some(Format::Decimals(MAX_DECIMALS)))]
    #[case::too_many(".7", None)]
    #[case::no_dot("2", None)]
    #[case::sign(".-1", None)]
    #[case::long(".0001", None)]
    #[case::printf(".2f", Some(Format::Printf(2)))]
    #[case::printf_too_many(".7f", None)]
    #[case::printf_twice(".2ff", None)]
    #[case::bare_f("f", None)]
    fn parses_formats(#[case] spec: &str, #[case] expected: Option<Format>) {
        assert_eq!(Format::parse(spec), expected);
    }
}
