//! `present --room`: the room answers from its own phones and laptops, served by this tutor on
//! the local network (nothing in the cloud).
//!
//! A hyper server ([`http`]) on a thread of its own serves one page (`GET /?code=CODE`) and
//! the API (`GET /api/state`, `POST /api/answer`; see the README) and nothing else: no file
//! from disk. Each accepted answer goes to the run loop as a [`RoomMsg::Answer`](crate::app::RoomMsg::Answer) through a
//! channel, so `update` stays the only place the state changes and the presenter's screen
//! never waits on the network; the run loop publishes what the room may see after every
//! change ([`RoomServer::publish`]). Every request needs the join code (a wrong one gets 403
//! and no hint); bodies over 1 KiB get 413; each client has a budget ([`limits`]); heads,
//! bodies, idle connections and the number of connections are bounded ([`http`]). The server
//! stops when it is dropped, as the presentation ends.

pub mod api;
pub mod http;
pub mod join;
pub mod limits;
pub mod participants;

use std::net::SocketAddr;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;

use anyhow::{Context as _, Result};
use tokio::sync::oneshot;

use crate::app::Msg;
use crate::domain::classroom::room::RoomStep;
use api::Shared;

/// The largest request body taken.
pub const MAX_BODY: usize = 1024;

/// The most connections served at once, whatever the descriptor limit allows.
pub const MAX_CONNECTIONS: usize = 4096;

/// Descriptors kept for everything else the tutor opens (the terminal, files, the notes).
const SPARE_DESCRIPTORS: u64 = 64;

/// The phone page: one file, inline script and style, no outside assets.
pub const PAGE: &str = include_str!("room/page.html");

/// The room's web server, running until dropped.
pub struct RoomServer {
    shared: Arc<Mutex<Shared>>,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
    addr: SocketAddr,
}

impl RoomServer {
    /// Listens on `addr` (port 0: a free one) for the room with join code `code`; each accepted
    /// answer is sent to `answers`. The soft limit on open files is raised to the hard one
    /// first, and the connections served at once fit under it.
    pub fn start(addr: SocketAddr, code: &str, answers: Sender<Msg>) -> Result<Self> {
        let bounds = http::Bounds::new(connections_for(raise_descriptor_limit()));
        Self::start_within(addr, code, answers, bounds)
    }

    /// [`RoomServer::start`] within these bounds (tests and the load bench set them).
    pub fn start_within(
        addr: SocketAddr,
        code: &str,
        answers: Sender<Msg>,
        bounds: http::Bounds,
    ) -> Result<Self> {
        let listener = std::net::TcpListener::bind(addr)
            .with_context(|| format!("cannot serve the room on {addr}"))?;
        let addr = listener
            .local_addr()
            .context("the room's server has no address")?;
        listener
            .set_nonblocking(true)
            .context("cannot set up the room's server")?;
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .build()
            .context("cannot start the room's server")?;
        let listener = {
            let _entered = runtime.enter();
            tokio::net::TcpListener::from_std(listener)
                .context("cannot set up the room's server")?
        };
        let shared = Arc::new(Mutex::new(Shared::new(code.to_owned(), answers)));
        let (stop, stopped) = oneshot::channel();
        let serving = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("room-server".to_owned())
            .spawn(move || {
                runtime.block_on(http::serve(listener, serving, bounds, stopped));
                // Dropping the runtime ends every connection still open.
            })
            .context("cannot start the room's server")?;
        Ok(Self {
            shared,
            stop: Some(stop),
            thread: Some(thread),
            addr,
        })
    }

    /// The address it listens on.
    #[must_use]
    pub const fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// What the room may see now.
    pub fn publish(&self, step: Option<RoomStep>) {
        self.shared
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .publish(step);
    }
}

impl Drop for RoomServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Raises the soft limit on open files to the hard one; the soft limit now (`None` where the
/// platform has none).
fn raise_descriptor_limit() -> Option<u64> {
    rlimit::increase_nofile_limit(u64::MAX).ok()
}

/// Connections served at once under a limit of `descriptors` open files: one each, with
/// [`SPARE_DESCRIPTORS`] kept for the rest, never more than [`MAX_CONNECTIONS`].
#[must_use]
pub fn connections_for(descriptors: Option<u64>) -> usize {
    descriptors.map_or(MAX_CONNECTIONS, |n| {
        let spare = n.saturating_sub(SPARE_DESCRIPTORS).max(16);
        usize::try_from(spare)
            .unwrap_or(MAX_CONNECTIONS)
            .min(MAX_CONNECTIONS)
    })
}

#[cfg(test)]
mod tests {
    use super::connections_for;

    #[test]
    fn connections_fit_under_the_descriptor_limit() {
        assert_eq!(connections_for(Some(1024)), 960);
        assert_eq!(connections_for(Some(256)), 192);
        assert_eq!(connections_for(Some(10)), 16);
        assert_eq!(connections_for(Some(1 << 20)), 4096);
        assert_eq!(connections_for(None), 4096);
    }
}
