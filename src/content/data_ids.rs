//! What every data file shares: the format version and the shape of an id.

/// The data file format this build reads.
pub const FORMAT_VERSION: u32 = 1;

/// Ids are lowercase ASCII letters, digits, `-` and `.`, and not empty.
#[must_use]
pub fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '.')
}
