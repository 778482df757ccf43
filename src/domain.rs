//! The pure core: roofline physics, hardware and model specs, lessons, sessions and scoring.
//!
//! Nothing in here touches a terminal, the filesystem or the clock (`tests/domain_purity.rs`
//! keeps it so), which is what lets every number be tested against the reference by value.

pub mod catalog;
pub mod dtype;
pub mod format;
pub mod hardware;
pub mod lab;
pub mod lesson;
pub mod logscale;
pub mod measured;
pub mod model;
pub mod quantity;
pub mod roofline;
pub mod scenario;
pub mod scoring;
pub mod session;
pub mod suggest;
