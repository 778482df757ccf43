//! The load bench's crowd, on loopback only: participants who hold a kept-alive connection and
//! poll once a second (from 127.0.0.2 and up, 200 to an address, as phones on a network), and
//! hostile connections (slow heads, slow bodies, an endless header, a huge declared length).
//! Every loop stops when told or at its own bound.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

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
    /// Hostile connections the server closed (and that were opened again).
    pub cut_off: AtomicUsize,
}

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

/// A participant holding one kept-alive connection, polling once a second until `stop`.
pub async fn holder(i: usize, to: SocketAddr, seen: Arc<Seen>, mut stop: watch::Receiver<bool>) {
    let source = Ipv4Addr::new(127, 0, 1 + (i / 200) as u8, 2);
    let Ok(mut stream) = connect_from(source, to).await else {
        return;
    };
    let join = format!("GET /api/state?code={CODE} HTTP/1.1\r\nHost: room\r\n\r\n");
    if stream.write_all(join.as_bytes()).await.is_err() {
        return;
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
        _ => return,
    };
    seen.holding.fetch_add(1, Ordering::Relaxed);
    let poll =
        format!("GET /api/state?code={CODE}&participant={token} HTTP/1.1\r\nHost: room\r\n\r\n");
    loop {
        tokio::select! {
            _ = stop.changed() => return,
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
