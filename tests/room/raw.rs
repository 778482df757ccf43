//! Raw HTTP/1.1 over a socket, for room tests that send what no well-behaved client would:
//! each read and write has a timeout, so a test that the server fails ends with an error
//! instead of hanging.

#![allow(dead_code)]

use std::io::{self, Read as _, Write as _};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// How long any one read or write may wait.
pub const WAIT: Duration = Duration::from_secs(5);

/// A connection to `addr` with [`WAIT`] on each read and write.
#[track_caller]
pub fn connect(addr: SocketAddr) -> TcpStream {
    let stream = TcpStream::connect_timeout(&addr, WAIT).expect("the room accepts a connection");
    stream.set_read_timeout(Some(WAIT)).unwrap();
    stream.set_write_timeout(Some(WAIT)).unwrap();
    stream
}

/// A GET request for `path` that keeps the connection open.
pub fn get(path: &str) -> String {
    format!("GET {path} HTTP/1.1\r\nHost: room\r\n\r\n")
}

/// Writes `bytes`, ignoring a server that has already closed (it may refuse before the end).
pub fn send(stream: &mut TcpStream, bytes: &[u8]) {
    let _ = stream.write_all(bytes);
}

/// One response: its status and body. A read that times out is an error, as is a connection
/// closed before a whole response.
pub fn response(stream: &mut TcpStream) -> io::Result<(u16, String)> {
    let mut head = Vec::new();
    let mut byte = [0_u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if stream.read(&mut byte)? == 0 {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                format!("closed after {} bytes", head.len()),
            ));
        }
        head.push(byte[0]);
        if head.len() > 64 * 1024 {
            return Err(io::Error::other("a head over 64 KiB"));
        }
    }
    let head = String::from_utf8_lossy(&head).to_string();
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| io::Error::other(format!("no status in {head:?}")))?;
    let length: usize = head
        .lines()
        .find_map(|l| {
            let (name, value) = l.split_once(':')?;
            name.eq_ignore_ascii_case("content-length")
                .then(|| value.trim().parse().ok())?
        })
        .unwrap_or(0);
    let mut body = vec![0_u8; length.min(1 << 20)];
    stream.read_exact(&mut body)?;
    Ok((status, String::from_utf8_lossy(&body).into_owned()))
}

/// Whether the server has closed the connection: a read that ends (or is reset) before
/// [`WAIT`], as opposed to one that times out.
pub fn closed(stream: &mut TcpStream) -> bool {
    let mut sink = [0_u8; 4096];
    loop {
        match stream.read(&mut sink) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => {
                return !matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                );
            }
        }
    }
}
