//! The room keeps listening when the process runs out of file descriptors: `accept` fails
//! while the limit is low, and once descriptors come back every waiting phone is served. (Its
//! own test binary: it lowers the process's limit, which would fail tests beside it.)

#![cfg(target_os = "linux")]

#[path = "room/presenter.rs"]
mod presenter;
#[path = "room/raw.rs"]
mod raw;
#[path = "tui/support.rs"]
mod support;

use presenter::{CODE, Presenter};
use rlimit::Resource;
use roofline_tutor::cli::present::room::http::Bounds;

/// The highest descriptor open in this process.
fn highest_descriptor() -> u64 {
    std::fs::read_dir("/proc/self/fd")
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u64>().ok())
        .max()
        .unwrap()
}

#[test]
fn the_room_survives_running_out_of_descriptors() {
    let room = Presenter::start_within("ridge-point", 3, Bounds::new(4096));
    let state = raw::get(&format!("/api/state?code={CODE}"));
    // Thirty phones connect (the kernel completes each connection before the server takes
    // it), then the process has room for two more descriptors only.
    let mut phones: Vec<_> = (0..30).map(|_| raw::connect(room.server.addr())).collect();
    let (soft, hard) = Resource::NOFILE.get().unwrap();
    Resource::NOFILE
        .set(highest_descriptor() + 3, hard)
        .unwrap();
    for phone in &mut phones {
        raw::send(phone, state.as_bytes());
    }
    // Served in turn while descriptors are short: at least the first answers.
    let first = raw::response(&mut phones[0]);
    Resource::NOFILE.set(soft, hard).unwrap();
    assert_eq!(
        first.map(|r| r.0).ok(),
        Some(200),
        "served within the low limit"
    );
    // Descriptors are back: every phone is answered, none was dropped by a dead listener.
    for (i, phone) in phones.iter_mut().enumerate().skip(1) {
        let (status, body) = raw::response(phone).unwrap_or_else(|e| panic!("phone {i}: {e}"));
        assert_eq!(status, 200, "phone {i}: {body}");
    }
    let mut late = raw::connect(room.server.addr());
    raw::send(&mut late, state.as_bytes());
    assert_eq!(raw::response(&mut late).unwrap().0, 200, "still listening");
}
