//! The room's HTTP layer: hyper on a tokio runtime of its own thread, every resource bounded
//! before it is used. A request head is at most [`MAX_HEAD`] bytes in at most [`MAX_HEADERS`]
//! lines and must arrive within [`HEAD_TIMEOUT`] (which also closes idle keep-alive
//! connections); a body is refused by its declared length before any of it is read, read
//! through a [`Limited`] of [`MAX_BODY`](super::MAX_BODY) bytes and within [`BODY_TIMEOUT`];
//! at most [`Bounds::connections`] connections are served at once (the next get 503), and no
//! connection lives past [`MAX_LIFETIME`]. When `accept` fails (no descriptor left) the loop
//! backs off and keeps listening.

use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::pin::pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use http_body_util::{BodyExt as _, Full, LengthLimitError, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::header::{CONNECTION, CONTENT_LENGTH, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, oneshot};

use super::api::{Reply, Shared};
use super::{MAX_BODY, PAGE};

/// The longest request head (request line and headers), in bytes.
pub const MAX_HEAD: usize = 8 * 1024;

/// The most header lines in a request.
pub const MAX_HEADERS: usize = 32;

/// How long a request head may take to arrive, and how long a kept-alive connection may sit
/// idle before the next one.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a declared body may take to arrive.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(5);

/// The longest a connection is served; then it is closed after its current request (a phone
/// opens another).
pub const MAX_LIFETIME: Duration = Duration::from_secs(300);

/// How long a connection closing at [`MAX_LIFETIME`] may take to finish its request.
const CLOSE_GRACE: Duration = Duration::from_secs(5);

/// The longest wait between two tries of a failing `accept`.
const MAX_BACKOFF: Duration = Duration::from_secs(1);

/// Connections refused with 503 at once (beyond them, refused by closing).
const REFUSING: usize = 64;

/// What the server holds and for how long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// Connections served at once; the next are refused with 503.
    pub connections: usize,
    /// How long a request head may take, and a kept-alive connection may sit idle.
    pub head_timeout: Duration,
    /// How long a declared body may take.
    pub body_timeout: Duration,
    /// How long a connection is served before it is closed after its current request.
    pub lifetime: Duration,
}

impl Bounds {
    /// `connections` at once, with the default times.
    #[must_use]
    pub const fn new(connections: usize) -> Self {
        Self {
            connections,
            head_timeout: HEAD_TIMEOUT,
            body_timeout: BODY_TIMEOUT,
            lifetime: MAX_LIFETIME,
        }
    }
}

/// Serves `listener` until `stop` fires (or its sender goes).
pub async fn serve(
    listener: TcpListener,
    shared: Arc<Mutex<Shared>>,
    bounds: Bounds,
    mut stop: oneshot::Receiver<()>,
) {
    let serving = Arc::new(Semaphore::new(bounds.connections));
    let refusing = Arc::new(Semaphore::new(REFUSING));
    let mut backoff = Duration::from_millis(5);
    loop {
        let accepted = tokio::select! {
            _ = &mut stop => return,
            accepted = listener.accept() => accepted,
        };
        if let Ok((stream, peer)) = accepted {
            backoff = Duration::from_millis(5);
            if let Ok(permit) = Arc::clone(&serving).try_acquire_owned() {
                let shared = Arc::clone(&shared);
                tokio::spawn(async move {
                    connection(stream, peer, shared, bounds).await;
                    drop(permit);
                });
            } else if let Ok(permit) = Arc::clone(&refusing).try_acquire_owned() {
                tokio::spawn(async move {
                    refuse(stream).await;
                    drop(permit);
                });
            }
            // Else the stream drops here: closed at once.
        } else {
            // Out of descriptors (or the connection went before it was taken): wait for some to
            // come back and keep listening.
            tokio::select! {
                _ = &mut stop => return,
                () = tokio::time::sleep(backoff) => {}
            }
            backoff = (backoff * 2).min(MAX_BACKOFF);
        }
    }
}

/// 503 to a connection over the limit, then its request read (and dropped) for a moment so
/// the client reads the reply instead of a reset.
async fn refuse(mut stream: TcpStream) {
    let body = r#"{"error":"the room is full: try again in a moment"}"#;
    let reply = format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nRetry-After: 2\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        stream.write_all(reply.as_bytes()).await?;
        stream.shutdown().await?;
        let mut sink = [0_u8; 4096];
        let mut left = 64 * 1024_usize;
        while left > 0 {
            let n = stream.read(&mut sink).await?;
            if n == 0 {
                break;
            }
            left = left.saturating_sub(n);
        }
        Ok::<(), std::io::Error>(())
    })
    .await;
}

/// Serves one connection, request after request, within its bounds.
async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    shared: Arc<Mutex<Shared>>,
    bounds: Bounds,
) {
    let ip = peer.ip();
    let service = hyper::service::service_fn(move |request| {
        let shared = Arc::clone(&shared);
        async move { Ok::<_, Infallible>(handle(request, ip, &shared, bounds.body_timeout).await) }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(bounds.head_timeout)
        .max_buf_size(2 * MAX_HEAD)
        .max_header_size(MAX_HEAD)
        .max_headers(MAX_HEADERS)
        .keep_alive(true);
    let mut served = pin!(builder.serve_connection(TokioIo::new(stream), service));
    tokio::select! {
        _ = served.as_mut() => {}
        () = tokio::time::sleep(bounds.lifetime) => {
            served.as_mut().graceful_shutdown();
            let _ = tokio::time::timeout(CLOSE_GRACE, served).await;
        }
    }
}

/// Answers one request.
async fn handle(
    request: Request<Incoming>,
    ip: IpAddr,
    shared: &Mutex<Shared>,
    body_timeout: Duration,
) -> Response<Full<Bytes>> {
    let now = Instant::now();
    let (parts, body) = request.into_parts();
    let params: Vec<(String, String)> =
        form_urlencoded::parse(parts.uri.query().unwrap_or_default().as_bytes())
            .into_owned()
            .collect();
    let param = |key: &str| {
        params
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    let lock = || shared.lock().unwrap_or_else(PoisonError::into_inner);
    let reply = match (&parts.method, parts.uri.path()) {
        (&Method::GET, "/") => lock().page(param("code"), ip, now),
        (&Method::GET, "/api/state") => lock().state(param("code"), param("participant"), ip, now),
        (&Method::POST, "/api/answer") => match read_body(&parts.headers, body, body_timeout).await
        {
            Ok(body) => lock().answer(&body, ip, Instant::now()),
            Err(reply) => reply,
        },
        (_, "/" | "/api/state" | "/api/answer") => {
            Reply::Json(405, serde_json::json!({ "error": "method not allowed" }))
        }
        _ => Reply::Json(404, serde_json::json!({ "error": "not found" })),
    };
    response(&reply)
}

/// The body, up to [`MAX_BODY`] bytes: 413 for a longer declared length before a byte is
/// read, or once more arrives; 408 when it does not arrive in `timeout`.
async fn read_body(
    headers: &hyper::HeaderMap,
    body: Incoming,
    timeout: Duration,
) -> Result<Bytes, Reply> {
    let too_large = || {
        Reply::Json(
            413,
            serde_json::json!({ "error": format!("the body is over {MAX_BODY} bytes") }),
        )
    };
    let declared = headers
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY as u64) {
        return Err(too_large());
    }
    match tokio::time::timeout(timeout, Limited::new(body, MAX_BODY).collect()).await {
        Ok(Ok(collected)) => Ok(collected.to_bytes()),
        Ok(Err(e)) if e.is::<LengthLimitError>() => Err(too_large()),
        Ok(Err(e)) => Err(Reply::Json(
            400,
            serde_json::json!({ "error": format!("cannot read the body: {e}") }),
        )),
        Err(_) => Err(Reply::Json(
            408,
            serde_json::json!({ "error": "the body did not arrive in time" }),
        )),
    }
}

/// The HTTP response for a reply, with headers that keep it out of caches and frames; a reply
/// that leaves a body unread closes the connection.
fn response(reply: &Reply) -> Response<Full<Bytes>> {
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
    let mut response = Response::builder()
        .status(StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR))
        .header("Content-Type", kind)
        .header("Cache-Control", "no-store")
        .header("X-Content-Type-Options", "nosniff")
        .header("X-Frame-Options", "DENY")
        .header("Referrer-Policy", "no-referrer")
        .header(
            "Content-Security-Policy",
            "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; \
             connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
        );
    if let Reply::TooMany(wait) = reply {
        let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        response = response.header("Retry-After", seconds.max(1).to_string());
    }
    if matches!(status, 408 | 413) {
        response = response.header(CONNECTION, HeaderValue::from_static("close"));
    }
    response
        .body(Full::new(Bytes::from(body)))
        .unwrap_or_else(|_| Response::new(Full::new(Bytes::new())))
}
