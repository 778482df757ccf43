//! Number formatting shared by every surface (calc tables, lesson text, plot readouts), so the
//! same quantity never prints two ways.

/// A number with thousands separators and `places` decimals: `1,790.5`; `-0.00` loses its sign.
#[must_use]
pub fn group(value: f64, places: usize) -> String {
    group_thousands(&format!("{value:.places$}"))
}

/// Inserts thousands separators into an already formatted number: `-1234567.891` →
/// `-1,234,567.891`; `-0` and `-0.00` lose their sign.
#[must_use]
pub fn group_thousands(text: &str) -> String {
    let (sign, unsigned) = match text.strip_prefix('-') {
        Some(rest) if rest.bytes().any(|b| b.is_ascii_digit() && b != b'0') => ("-", rest),
        Some(rest) => ("", rest),
        None => ("", text),
    };
    let (int, frac) = unsigned.split_at(unsigned.find('.').unwrap_or(unsigned.len()));
    let mut out = String::with_capacity(text.len() + int.len() / 3);
    out.push_str(sign);
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out.push_str(frac);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::small(4.785, 2, "4.79")]
    #[case::thousands(1790.0, 0, "1,790")]
    #[case::million(1_234_567.891, 1, "1,234,567.9")]
    #[case::negative(-1234.0, 0, "-1,234")]
    #[case::negative_zero(-0.001, 2, "0.00")]
    #[case::hundreds(999.0, 0, "999")]
    fn grouping(#[case] v: f64, #[case] places: usize, #[case] s: &str) {
        assert_eq!(group(v, places), s);
    }
}
