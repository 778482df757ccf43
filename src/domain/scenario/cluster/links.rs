//! Which link each job of a replica crosses: the scenario's own choice by the one rule of
//! [`link::own_or_both`], else the GPU's.

use super::super::{Scenario, ScenarioError};
use crate::domain::catalog::Catalog;
use crate::domain::link::{self, Link};

/// The two jobs a link does for a replica.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Inside a node: the tensor-parallel all-reduce (NVLink, xGMI).
    ScaleUp,
    /// Between nodes: the KV transfer of split prefill and decode (InfiniBand, Ethernet).
    ScaleOut,
}

impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::ScaleUp => "scale-up",
            Self::ScaleOut => "scale-out",
        })
    }
}

impl Role {
    /// The scenario's setting that names the role's own link.
    #[must_use]
    pub const fn field(self) -> &'static str {
        match self {
            Self::ScaleUp => "scale_up_link",
            Self::ScaleOut => "scale_out_link",
        }
    }
}

impl Scenario {
    /// The link id the scenario sets for a role: the role's own field, else the one-for-both
    /// `link`; `None` leaves the GPU's own.
    #[must_use]
    pub fn link_for(&self, role: Role) -> Option<&str> {
        self.link_setting(role).map(|(_, id)| id)
    }

    /// The setting that names a role's link ([`Role::field`] or `link`, by the one rule of
    /// [`link::own_or_both`]) and the id it names; `None` leaves the GPU's own. Derivations
    /// cite it as the link's source.
    #[must_use]
    pub fn link_setting(&self, role: Role) -> Option<(&'static str, &str)> {
        let own = match role {
            Role::ScaleUp => &self.scale_up_link,
            Role::ScaleOut => &self.scale_out_link,
        };
        link::own_or_both(
            own.as_deref().map(|id| (role.field(), id)),
            self.link.as_deref().map(|id| ("link", id)),
        )
    }

    /// The links the scenario names, one for both jobs and each job's own.
    #[must_use]
    pub fn links(&self) -> link::LinkChoice {
        link::LinkChoice {
            link: self.link.clone(),
            scale_up_link: self.scale_up_link.clone(),
            scale_out_link: self.scale_out_link.clone(),
        }
    }

    /// The scenario with `above`'s links over its own ([`link::LinkChoice::over`]): what a
    /// command line or a what-if line does to a lesson's or a profile's links.
    #[must_use]
    pub fn with_links(self, above: &link::LinkChoice) -> Self {
        let links = above.over(&self.links());
        Self {
            link: links.link,
            scale_up_link: links.scale_up_link,
            scale_out_link: links.scale_out_link,
            ..self
        }
    }
}

/// The id of the link a scenario's role crosses: the one the scenario sets, else its GPU's own
/// (none for a GPU the data gives none).
#[must_use]
pub fn link_id<'a>(s: &'a Scenario, catalog: &'a Catalog, role: Role) -> Option<&'a str> {
    s.link_for(role).or_else(|| {
        let gpu = catalog.gpu(&s.gpu).ok()?;
        match role {
            Role::ScaleUp => gpu.scale_up_link.as_deref(),
            Role::ScaleOut => gpu.scale_out_link.as_deref(),
        }
    })
}

/// The scenario's link for a role: the one it names (an unknown id is an error), else its
/// GPU's own (none for a GPU the data gives none).
pub(super) fn link_of<'a>(
    s: &Scenario,
    catalog: &'a Catalog,
    role: Role,
) -> Result<Option<&'a Link>, ScenarioError> {
    catalog.gpu(&s.gpu)?;
    match s.link_for(role) {
        Some(id) => link::find(&catalog.links, id)
            .map(Some)
            .map_err(|e| ScenarioError::Cluster(e.to_string())),
        None => Ok(link_id(s, catalog, role).and_then(|id| link::find(&catalog.links, id).ok())),
    }
}
