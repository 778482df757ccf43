//! The pure core: roofline physics, hardware and model specs, lessons, sessions and scoring.
//!
//! Nothing in here touches a terminal, the filesystem or the clock (`tests/domain_purity.rs`
//! keeps it so), which is what lets every number be tested against the reference by value.

// A new variant of one of the domain's enums (a step kind, an action, a quantity) must be
// handled wherever the enum is matched: no `_ =>` arm may take it in silence. A restriction
// lint, so it is turned on here, per module, rather than for the crate.
#![warn(clippy::wildcard_enum_match_arm)]

pub mod batch_range;
pub mod benchmark;
pub mod catalog;
pub mod classroom;
pub mod decode_dot;
pub mod derivation;
pub mod describe;
pub mod disagg;
pub mod dtype;
pub mod endpoint;
pub mod find;
pub mod format;
pub mod gpu_lab;
pub mod hardware;
pub mod interconnect;
pub mod invisible;
pub mod lab;
pub mod latency;
pub mod lesson;
pub mod limits;
pub mod link;
pub mod logscale;
pub mod measured;
pub mod measured_decode;
pub mod measured_gap;
pub mod measured_reference;
pub mod model;
pub mod model_config;
pub mod plan_error;
pub mod quantity;
pub mod quiz;
pub mod roofline;
pub mod scenario;
pub mod schedule;
pub mod scoring;
pub mod session;
pub mod suggest;
pub mod weight_format;
pub mod whatif;
pub mod withhold;
