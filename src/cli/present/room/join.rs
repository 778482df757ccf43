//! How the room finds the presentation: a six-character join code, the address to open (the
//! machine's address on the local network when the server listens on all interfaces), and its
//! QR code.

use std::net::{IpAddr, Ipv4Addr, SocketAddr, UdpSocket};

use anyhow::{Context as _, Result, bail};

use crate::widgets::qr_code::QrMatrix;

/// The join code's letters: no 0/O or 1/I, so it reads off a wall without doubt.
pub const ALPHABET: &[u8; 32] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/// Characters in a join code.
pub const CODE_LEN: usize = 6;

/// A fresh join code from the operating system's random source.
pub fn new_code() -> Result<String> {
    let mut bytes = [0_u8; CODE_LEN];
    getrandom::fill(&mut bytes)
        .map_err(|e| anyhow::anyhow!("cannot draw a join code: no random source ({e})"))?;
    // 256 is a multiple of 32, so every letter is as likely.
    Ok(bytes
        .iter()
        .map(|b| char::from(ALPHABET[usize::from(*b) % ALPHABET.len()]))
        .collect())
}

/// A code given with `--room-code`: six of the code's letters (any case).
pub fn given_code(text: &str) -> Result<String> {
    let code = text.trim().to_ascii_uppercase();
    if code.chars().count() != CODE_LEN || !code.bytes().all(|b| ALPHABET.contains(&b)) {
        bail!(
            "--room-code must be {CODE_LEN} characters from {} (no 0, O, 1 or I), not '{}'",
            std::str::from_utf8(ALPHABET).unwrap_or_default(),
            text.escape_default()
        );
    }
    Ok(code)
}

/// The address the room opens: `http://HOST:PORT/?code=CODE`. A server on all interfaces is
/// reached at the address this machine uses on its network (loopback when it has none).
#[must_use]
pub fn url(bound: SocketAddr, code: &str) -> String {
    let host = if bound.ip().is_unspecified() {
        outward_address().unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST))
    } else {
        bound.ip()
    };
    let host = match host {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => format!("[{v6}]"),
    };
    format!("http://{host}:{}/?code={code}", bound.port())
}

/// The local address of the interface that routes outward, found by "connecting" a UDP
/// socket (which sends nothing).
fn outward_address() -> Option<IpAddr> {
    let socket = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified()).then_some(ip)
}

/// The QR code of `text`.
pub fn qr(text: &str) -> Result<QrMatrix> {
    let code =
        qrcode::QrCode::new(text.as_bytes()).context("the address is too long for a QR code")?;
    Ok(QrMatrix {
        width: code.width(),
        dark: code
            .to_colors()
            .into_iter()
            .map(|c| c == qrcode::Color::Dark)
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_six_letters_of_the_alphabet() {
        for _ in 0..50 {
            let code = new_code().unwrap();
            assert_eq!(given_code(&code).unwrap(), code);
        }
    }

    #[test]
    fn a_given_code_is_checked() {
        assert_eq!(given_code("k7qx2m").unwrap(), "K7QX2M");
        let e = given_code("K0QX2M").unwrap_err().to_string();
        assert!(e.contains("--room-code must be 6 characters"), "{e}");
        assert!(given_code("ABCDE").is_err());
    }

    #[test]
    fn the_url_carries_the_code_and_a_reachable_host() {
        let at = |s: &str| url(s.parse().unwrap(), "K7QX2M");
        assert_eq!(at("127.0.0.1:4000"), "http://127.0.0.1:4000/?code=K7QX2M");
        assert_eq!(at("[::1]:4000"), "http://[::1]:4000/?code=K7QX2M");
        let any = at("0.0.0.0:4000");
        assert!(
            !any.contains("0.0.0.0") && any.ends_with(":4000/?code=K7QX2M"),
            "{any}"
        );
    }

    #[test]
    fn the_qr_code_is_a_square_with_finder_corners() {
        let m = qr("http://192.168.1.20:40123/?code=K7QX2M").unwrap();
        assert_eq!(m.dark.len(), m.width * m.width);
        // The finder pattern's corner modules are dark, the ring inside it light.
        assert!(m.is_dark(0, 0) && m.is_dark(m.width - 1, 0) && m.is_dark(0, m.width - 1));
        assert!(!m.is_dark(1, 1));
    }
}
