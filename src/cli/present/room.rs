//! `present --room`: the room answers from its own phones and laptops, served by this tutor on
//! the local network (nothing in the cloud).
//!
//! A [`tiny_http`] server, on threads of its own, serves one page (`GET /?code=CODE`) and the
//! API (`GET /api/state`, `POST /api/answer`; see the README) and nothing else: no file from
//! disk. Each accepted answer goes to the run loop as a [`RoomMsg::Answer`](crate::app::RoomMsg::Answer) through a channel,
//! so `update` stays the only place the state changes; the run loop publishes what the room
//! may see after every change ([`RoomServer::publish`]). Every request needs the join code
//! (a wrong one gets 403 and no hint); bodies over 1 KiB get 413; each client has a budget
//! ([`limits`]). The server stops when it is dropped, as the presentation ends.

pub mod api;
pub mod join;
pub mod limits;

use std::io::Read as _;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Instant;

use anyhow::{Result, anyhow};
use tiny_http::{Header, Method, Request, Response};

use crate::app::Msg;
use crate::domain::classroom::room::RoomStep;
use api::{Reply, Shared};

/// The largest request body taken.
pub const MAX_BODY: usize = 1024;

/// Threads answering requests.
const WORKERS: usize = 4;

/// The phone page: one file, inline script and style, no outside assets.
pub const PAGE: &str = include_str!("room/page.html");

/// The room's web server, running until dropped.
pub struct RoomServer {
    server: Arc<tiny_http::Server>,
    shared: Arc<Mutex<Shared>>,
    workers: Vec<JoinHandle<()>>,
    addr: SocketAddr,
}

impl RoomServer {
    /// Listens on `addr` (port 0: a free one) for the room with join code `code`; each accepted
    /// answer is sent to `answers`.
    pub fn start(addr: SocketAddr, code: &str, answers: Sender<Msg>) -> Result<Self> {
        let server = tiny_http::Server::http(addr)
            .map_err(|e| anyhow!("cannot serve the room on {addr}: {e}"))?;
        let addr = server
            .server_addr()
            .to_ip()
            .ok_or_else(|| anyhow!("the room's server has no IP address"))?;
        let server = Arc::new(server);
        let shared = Arc::new(Mutex::new(Shared::new(code.to_owned(), answers)));
        let workers = (0..WORKERS)
            .map(|_| {
                let server = Arc::clone(&server);
                let shared = Arc::clone(&shared);
                std::thread::spawn(move || {
                    // `unblock` (on drop) ends the loop.
                    while let Ok(request) = server.recv() {
                        serve(request, &shared);
                    }
                })
            })
            .collect();
        Ok(Self {
            server,
            shared,
            workers,
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
        for _ in &self.workers {
            self.server.unblock();
        }
        for worker in self.workers.drain(..) {
            let _ = worker.join();
        }
        // The listener closes as the last handle on the server goes, here.
    }
}

/// Answers one request.
fn serve(mut request: Request, shared: &Mutex<Shared>) {
    let now = Instant::now();
    let ip = request
        .remote_addr()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), SocketAddr::ip);
    let (path, query) = request.url().split_once('?').unwrap_or((request.url(), ""));
    let path = path.to_owned();
    let params: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
        .into_owned()
        .collect();
    let param = |key: &str| {
        params
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    let lock = || shared.lock().unwrap_or_else(PoisonError::into_inner);
    let reply = match (request.method(), path.as_str()) {
        (Method::Get, "/") => lock().page(param("code"), ip, now),
        (Method::Get, "/api/state") => lock().state(param("code"), param("participant"), ip, now),
        (Method::Post, "/api/answer") => match read_body(&mut request) {
            Ok(body) => lock().answer(&body, ip, now),
            Err(reply) => reply,
        },
        (_, "/" | "/api/state" | "/api/answer") => {
            Reply::Json(405, serde_json::json!({ "error": "method not allowed" }))
        }
        _ => Reply::Json(404, serde_json::json!({ "error": "not found" })),
    };
    let _ = request.respond(response(&reply));
}

/// The body, up to [`MAX_BODY`] bytes; 413 past it, whatever the length header says.
fn read_body(request: &mut Request) -> Result<Vec<u8>, Reply> {
    let too_large = || {
        Reply::Json(
            413,
            serde_json::json!({ "error": format!("the body is over {MAX_BODY} bytes") }),
        )
    };
    if request.body_length().is_some_and(|n| n > MAX_BODY) {
        return Err(too_large());
    }
    let mut body = Vec::with_capacity(MAX_BODY);
    let limit = (MAX_BODY + 1) as u64;
    match request.as_reader().take(limit).read_to_end(&mut body) {
        Ok(n) if n > MAX_BODY => Err(too_large()),
        Ok(_) => Ok(body),
        Err(e) => Err(Reply::Json(
            400,
            serde_json::json!({ "error": format!("cannot read the body: {e}") }),
        )),
    }
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("a valid header")
}

/// The HTTP response for a reply, with headers that keep it out of caches and frames.
fn response(reply: &Reply) -> Response<std::io::Cursor<Vec<u8>>> {
    let (status, body, kind) = match reply {
        Reply::Page => (200, PAGE.to_owned(), "text/html; charset=utf-8"),
        Reply::Json(status, body) => (*status, body.to_string(), "application/json"),
        Reply::Forbidden => (
            403,
            r#"{"error":"forbidden"}"#.to_owned(),
            "application/json",
        ),
        Reply::TooMany(_) => (
            429,
            r#"{"error":"too many requests"}"#.to_owned(),
            "application/json",
        ),
    };
    let mut response = Response::from_string(body)
        .with_status_code(status)
        .with_header(header("Content-Type", kind))
        .with_header(header("Cache-Control", "no-store"))
        .with_header(header("X-Content-Type-Options", "nosniff"))
        .with_header(header("X-Frame-Options", "DENY"))
        .with_header(header("Referrer-Policy", "no-referrer"))
        .with_header(header(
            "Content-Security-Policy",
            "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; \
             connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
        ));
    if let Reply::TooMany(wait) = reply {
        let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        response = response.with_header(header("Retry-After", &seconds.max(1).to_string()));
    }
    response
}
