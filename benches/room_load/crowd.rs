//! The load bench's crowd, on loopback only: participants who hold a kept-alive connection and
//! poll once a second (from 127.0.1.2 and up, 200 to an address, as phones on a network), some
//! of whom answer (and change their answer) over that connection at their moment, and hostile
//! connections (slow heads, slow bodies, an endless header, a huge declared length). Every loop
//! stops when told or at its own bound.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::watch;

use super::CODE;

/// What the crowd saw.
#[derive(Debug, Default)]
pub struct Seen {
    /// Holders that got their first state (a place).
    pub holding: AtomicUsize,
    /// Holders refused with 503 (no place under the descriptor limit).
    pub refused: AtomicUsize,
    /// Polls answered 200 on a kept-alive connection.
    pub polls: AtomicUsize,
    /// Holders whose connection or first request failed (not a 503).
    pub lost: AtomicUsize,
    /// Hostile connections the server closed (and that were opened again).
    pub cut_off: AtomicUsize,
}

/// A holder who answers: at `at` after the answering window opens, each of `values` in turn
/// (the last counts); the latency of each and the last value go to `done`.
pub struct Plan {
    pub at: Duration,
    pub values: Vec<f64>,
    pub done: mpsc::Sender<(Vec<Duration>, f64)>,
}

/// When the answering window opens (`None` until the holders have taken their places; set
/// more than a poll ahead, so every holder sees it before its moment).
pub type Go = watch::Receiver<Option<Instant>>;

/// The most times one hostile client reconnects.
const MAX_RECONNECTS: usize = 200;

async fn connect_from(source: Ipv4Addr, to: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::from((source, 0)))?;
    socket.connect(to).await
}

/// One response's status and body, read to its length (at most 64 KiB).
async fn response(stream: &mut TcpStream) -> std::io::Result<(u16, String)> {
    let mut buf = Vec::new();
    let mut chunk = [0_u8; 4096];
    loop {
        if let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&buf[..end]).to_string();
            let status = head
                .split(' ')
                .nth(1)
                .and_then(|s| s.parse().ok())
                .unwrap_or(0);
            let length: usize = head
                .lines()
                .find_map(|l| {
                    let (k, v) = l.split_once(':')?;
                    k.eq_ignore_ascii_case("content-length")
                        .then(|| v.trim().parse().ok())?
                })
                .unwrap_or(0);
            while buf.len() < end + 4 + length {
                let n = stream.read(&mut chunk).await?;
                if n == 0 {
                    return Err(std::io::ErrorKind::UnexpectedEof.into());
                }
                buf.extend_from_slice(&chunk[..n]);
            }
            let body = String::from_utf8_lossy(&buf[end + 4..end + 4 + length]).to_string();
            return Ok((status, body));
        }
        let n = stream.read(&mut chunk).await?;
        if n == 0 || buf.len() > 64 * 1024 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        buf.extend_from_slice(&chunk[..n]);
    }
}

/// A participant holding one kept-alive connection, polling once a second until `stop`; with
/// a plan, answering over the same connection at their moment.
pub async fn holder(
    i: usize,
    to: SocketAddr,
    seen: Arc<Seen>,
    mut stop: watch::Receiver<bool>,
    mut plan: Option<(Plan, Go)>,
) {
    let source = Ipv4Addr::new(127, 0, 1 + (i / 200) as u8, 2);
    let lost = || {
        seen.lost.fetch_add(1, Ordering::Relaxed);
    };
    let Ok(mut stream) = connect_from(source, to).await else {
        return lost();
    };
    let join = format!("GET /api/state?code={CODE} HTTP/1.1\r\nHost: room\r\n\r\n");
    if stream.write_all(join.as_bytes()).await.is_err() {
        return lost();
    }
    let token = match tokio::time::timeout(Duration::from_secs(10), response(&mut stream)).await {
        Ok(Ok((200, body))) => serde_json::from_str::<serde_json::Value>(&body)
            .ok()
            .and_then(|v| v["participant"].as_str().map(str::to_owned))
            .unwrap_or_default(),
        Ok(Ok((503, _))) => {
            seen.refused.fetch_add(1, Ordering::Relaxed);
            return;
        }
        _ => return lost(),
    };
    seen.holding.fetch_add(1, Ordering::Relaxed);
    let poll =
        format!("GET /api/state?code={CODE}&participant={token} HTTP/1.1\r\nHost: room\r\n\r\n");
    let mut moment = None;
    loop {
        if moment.is_none()
            && let Some((p, go)) = &plan
            && let Some(open) = *go.borrow()
        {
            moment = Some(tokio::time::Instant::from_std(open + p.at));
        }
        let answer_at =
            moment.unwrap_or_else(|| tokio::time::Instant::now() + Duration::from_secs(3600));
        tokio::select! {
            _ = stop.changed() => return,
            () = tokio::time::sleep_until(answer_at), if moment.is_some() => {
                let Some((p, _)) = plan.take() else { return };
                let mut latencies = Vec::new();
                for value in &p.values {
                    let sent = Instant::now();
                    match answer(&mut stream, &token, i, *value).await {
                        Some(200) => latencies.push(sent.elapsed()),
                        _ => return,
                    }
                }
                let _ = p.done.send((latencies, *p.values.last().unwrap()));
                moment = None;
                continue;
            }
            () = tokio::time::sleep(Duration::from_secs(1)) => {}
        }
        if stream.write_all(poll.as_bytes()).await.is_err() {
            return;
        }
        match tokio::time::timeout(Duration::from_secs(10), response(&mut stream)).await {
            Ok(Ok((200, _))) => {
                seen.polls.fetch_add(1, Ordering::Relaxed);
            }
            Ok(Ok(_)) => {}
            _ => return,
        }
    }
}

/// `POST /api/answer` over the kept-alive connection; the reply's status.
async fn answer(stream: &mut TcpStream, token: &str, i: usize, value: f64) -> Option<u16> {
    let body = serde_json::json!({ "code": CODE, "participant": token, "name": format!("p{i}"), "value": value })
        .to_string();
    let request = format!(
        "POST /api/answer HTTP/1.1\r\nHost: room\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.ok()?;
    match tokio::time::timeout(Duration::from_secs(20), response(stream)).await {
        Ok(Ok((status, _))) => Some(status),
        _ => None,
    }
}

/// The four kinds of hostile connection.
#[derive(Debug, Clone, Copy)]
pub enum Hostile {
    /// A request head, one byte every half second.
    SlowHead,
    /// A declared body of 500 bytes, one byte every half second.
    SlowBody,
    /// One header line that never ends.
    EndlessHeader,
    /// `Content-Length: 999999999999`, then bytes as fast as taken.
    HugeLength,
}

/// One hostile client: opens its connection again each time the server closes it, until
/// `stop` or [`MAX_RECONNECTS`].
pub async fn hostile(
    kind: Hostile,
    to: SocketAddr,
    seen: Arc<Seen>,
    mut stop: watch::Receiver<bool>,
) {
    for _ in 0..MAX_RECONNECTS {
        let Ok(mut stream) = TcpStream::connect(to).await else {
            return;
        };
        let attack = async {
            let (head, drip, pause): (String, &[u8], u64) = match kind {
                Hostile::SlowHead => (String::new(), b"G", 500),
                Hostile::SlowBody => (
                    format!(
                        "POST /api/answer HTTP/1.1\r\nHost: room\r\nContent-Length: 500\r\n\r\n{{\"code\":\"{CODE}\""
                    ),
                    b" ",
                    500,
                ),
                Hostile::EndlessHeader => (
                    "GET / HTTP/1.1\r\nX-Endless: ".to_owned(),
                    &[b'a'; 1024],
                    20,
                ),
                Hostile::HugeLength => (
                    "POST /api/answer HTTP/1.1\r\nHost: room\r\nContent-Length: 999999999999\r\n\r\n"
                        .to_owned(),
                    &[b'{'; 4096],
                    5,
                ),
            };
            stream.write_all(head.as_bytes()).await?;
            loop {
                stream.write_all(drip).await?;
                tokio::time::sleep(Duration::from_millis(pause)).await;
                // Drain whatever the server answered; its close ends the loop.
                let mut sink = [0_u8; 1024];
                if let Ok(Ok(0)) =
                    tokio::time::timeout(Duration::from_millis(1), stream.read(&mut sink)).await
                {
                    return Ok::<(), std::io::Error>(());
                }
            }
        };
        tokio::select! {
            _ = stop.changed() => return,
            _ = attack => { seen.cut_off.fetch_add(1, Ordering::Relaxed); }
        }
    }
}
