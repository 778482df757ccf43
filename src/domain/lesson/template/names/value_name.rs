//! What a placeholder's name refers to: a quantity or a setting.

use std::fmt;

use super::Setting;
use crate::domain::quantity::Quantity;

/// What a placeholder's name refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ValueName {
    /// An engine quantity, computed for the scenario.
    Quantity(Quantity),
    /// A setting of the scenario itself.
    Setting(Setting),
}

impl ValueName {
    /// Every name a placeholder may use: the quantities, then the settings.
    pub fn all() -> impl Iterator<Item = Self> + Clone {
        Quantity::ALL
            .into_iter()
            .map(Self::Quantity)
            .chain(Setting::ALL.into_iter().map(Self::Setting))
    }

    /// The name as written between braces.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Quantity(q) => q.name(),
            Self::Setting(s) => s.name(),
        }
    }

    /// Whether the value is a number (and so takes a `.N` format). `bound`, ids, names and
    /// formats are text.
    #[must_use]
    pub const fn is_numeric(self) -> bool {
        match self {
            Self::Quantity(q) => !matches!(q, Quantity::Bound),
            Self::Setting(s) => s.is_numeric(),
        }
    }
}

impl fmt::Display for ValueName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
