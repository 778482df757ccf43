//! Headless Chromium for the pictures' tests: a screenshot to PNG, the page's DOM after its
//! scripts ran, and how much of an SVG picture is drawn (its pixels counted on a canvas in
//! the browser). `.ci/run` installs Chromium; without one the tests say so and pass.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// Chromium (or Chrome) on the PATH.
pub fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    [
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ]
    .iter()
    .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
    .find(|candidate| candidate.is_file())
}

/// Chromium, or `None` after saying why the test is skipped.
pub fn chromium_or_skip() -> Option<PathBuf> {
    let found = chromium();
    if found.is_none() {
        eprintln!(
            "SKIPPED: no chromium on the PATH (install the Debian package `chromium`; .ci/run does)"
        );
    }
    found
}

/// Runs the browser headless on `url` with these extra arguments; its standard output.
fn run(browser: &Path, profile: &Path, extra: &[String], url: &str) -> String {
    // `timeout` bounds the run: a browser that hangs fails the test instead of holding it.
    let output = Command::new("timeout")
        .arg("120")
        .arg(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-extensions",
            "--disable-dev-shm-usage",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(url)
        .output()
        .expect("chromium runs");
    assert!(
        output.status.success(),
        "chromium failed ({}): {}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// A `file://` address for a path.
pub fn file_url(path: &Path) -> String {
    format!("file://{}", path.canonicalize().unwrap().display())
}

/// Screenshots the page at `path` into `png` at this window size; the PNG's bytes.
pub fn screenshot(browser: &Path, path: &Path, png: &Path, (w, h): (u32, u32)) -> Vec<u8> {
    let profile = tempfile::tempdir().unwrap();
    run(
        browser,
        profile.path(),
        &[
            format!("--window-size={w},{h}"),
            format!("--screenshot={}", png.display()),
        ],
        &file_url(path),
    );
    let bytes = std::fs::read(png).expect("chromium wrote the screenshot");
    assert!(
        bytes.starts_with(b"\x89PNG\r\n\x1a\n"),
        "the screenshot is a PNG"
    );
    bytes
}

/// The page's DOM after it has run for `budget_ms` of virtual time.
pub fn dom(browser: &Path, path: &Path, budget_ms: u32) -> String {
    let profile = tempfile::tempdir().unwrap();
    dom_at(browser, profile.path(), &file_url(path), budget_ms)
}

/// The DOM of the page at `url` after it has run for `budget_ms` of virtual time; `profile`
/// keeps the page's storage between runs.
pub fn dom_at(browser: &Path, profile: &Path, url: &str, budget_ms: u32) -> String {
    run(
        browser,
        profile,
        &[
            format!("--virtual-time-budget={budget_ms}"),
            "--dump-dom".to_owned(),
        ],
        url,
    )
}

/// How much of a picture the browser draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ink {
    /// Pixels that are not the white background.
    pub inked: usize,
    /// Distinct colours among them (coarsely: 4 bits a channel).
    pub colours: usize,
}

/// Draws each `<svg>` of the page at `path` (an HTML page, or an SVG file put in one) on a
/// canvas in the browser and counts its pixels. The page is copied with a script that does
/// this; each picture's ink, in page order.
pub fn ink(browser: &Path, path: &Path) -> Vec<Ink> {
    let text = std::fs::read_to_string(path).unwrap();
    let page = if path.extension().is_some_and(|e| e == "svg") {
        format!("<!doctype html><html><body>{text}</body></html>")
    } else {
        text
    };
    let dir = tempfile::tempdir().unwrap();
    let probe = dir.path().join("probe.html");
    std::fs::write(&probe, format!("{page}\n<script>{INK_SCRIPT}</script>\n")).unwrap();
    let dom = dom(browser, &probe, 5000);
    let start = dom.find("<pre>INK[").expect("the probe ran") + "<pre>INK[".len();
    let list = &dom[start..start + dom[start..].find(']').unwrap()];
    list.split(';')
        .filter(|s| !s.is_empty())
        .map(|pair| {
            let (inked, colours) = pair.split_once(',').unwrap();
            Ink {
                inked: inked.parse().unwrap(),
                colours: colours.parse().unwrap(),
            }
        })
        .collect()
}

/// Serialises each SVG to a same-origin blob, draws it on a canvas, counts what is not white.
const INK_SCRIPT: &str = r"
(async () => {
  const results = [];
  for (const svg of document.querySelectorAll('svg')) {
    const text = new XMLSerializer().serializeToString(svg);
    const url = URL.createObjectURL(new Blob([text], {type: 'image/svg+xml'}));
    const img = new Image();
    await new Promise((ok, fail) => { img.onload = ok; img.onerror = fail; img.src = url; });
    const canvas = document.createElement('canvas');
    canvas.width = img.width || 960; canvas.height = img.height || 600;
    const g = canvas.getContext('2d');
    g.fillStyle = '#ffffff'; g.fillRect(0, 0, canvas.width, canvas.height);
    g.drawImage(img, 0, 0);
    const data = g.getImageData(0, 0, canvas.width, canvas.height).data;
    let inked = 0; const colours = new Set();
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] < 245 || data[i + 1] < 245 || data[i + 2] < 245) {
        inked++;
        colours.add((data[i] >> 4) * 256 + (data[i + 1] >> 4) * 16 + (data[i + 2] >> 4));
      }
    }
    results.push(inked + ',' + colours.size);
  }
  const out = document.createElement('pre');
  out.textContent = 'INK[' + results.join(';') + ']';
  document.body.appendChild(out);
})();
";
