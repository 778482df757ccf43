//! `roofline plot --svg`: the picture through the real binary, then through headless Chromium
//! (a PNG screenshot, and the picture's pixels counted on a canvas: it is drawn, in colour).

#[path = "browser/chromium.rs"]
mod chromium;

use std::path::Path;
use std::process::{Command, Output};

fn roofline(args: &[&str], data_dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_roofline"))
        .args(args)
        .arg("--data-dir")
        .arg(data_dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("the binary runs")
}

const SCENARIO: [&str; 10] = [
    "--gpu",
    "h100-sxm",
    "--model",
    "llama-3-8b",
    "--batch",
    "8",
    "--context",
    "4096",
    "--vs",
    "b200",
];

/// Writes the picture of [`SCENARIO`] into `dir`; its path and text.
fn write_picture(dir: &Path) -> (std::path::PathBuf, String) {
    let file = dir.join("roofline.svg");
    let mut args = vec!["plot"];
    args.extend(SCENARIO);
    args.extend(["--svg", file.to_str().unwrap()]);
    let out = roofline(&args, dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&file).unwrap();
    (file, text)
}

#[test]
fn the_picture_names_every_mark() {
    let dir = tempfile::tempdir().unwrap();
    let (_, svg) = write_picture(dir.path());
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    for label in [
        "H100 SXM5 989 TF",
        "B200 (HGX) 2.25k TF",
        "ridge 295 FLOP/byte",
        "decode B=8",
        "attention",
        "prefill",
        // calc and the tutor reserve the same 3 GB and count the card's bytes: 107 sequences.
        "KV wall B=107",
    ] {
        assert!(svg.contains(label), "no {label:?} in the picture");
    }
}

/// The heights of the `<text>` elements of `svg` that read exactly `text`.
fn texts_with(svg: &str, text: &str) -> Vec<f64> {
    svg.lines()
        .filter(|l| l.starts_with("<text"))
        .filter(|l| l.split('>').nth(1).unwrap().split('<').next() == Some(text))
        .map(|l| {
            let y = l.split("y=\"").nth(1).unwrap().split('"').next().unwrap();
            y.parse().unwrap()
        })
        .collect()
}

#[test]
fn this_gpu_is_drawn_with_its_measured_roofs_beside_its_cards_datasheet() {
    // A real `lab --gpu` run on an H100 (810.1 TFLOP/s BF16, 3.079 TB/s read) in the data dir.
    let dir = tempfile::tempdir().unwrap();
    let run = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/gpu-lab-runs/h100-sxm");
    std::fs::copy(run.join("gpu-lab.ron"), dir.path().join("gpu-lab.ron")).unwrap();
    let args = [
        "plot",
        "--gpu",
        "this-gpu",
        "--model",
        "llama-3-8b",
        "--svg",
        "-",
    ];
    let out = roofline(&args, dir.path());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = String::from_utf8(out.stdout).unwrap();
    assert!(
        svg.contains("ridge 263 FLOP/byte"),
        "the measured ridge: {svg}"
    );
    let sheet = texts_with(&svg, "H100 SXM5 datasheet 989 TF");
    // The card's long name is wrapped to the margin, under the datasheet's label, not on it.
    let mine = texts_with(&svg, "This GPU (NVIDIA H100 80GB");
    let peak = texts_with(&svg, "HBM3) 810 TF");
    assert_eq!((sheet.len(), mine.len(), peak.len()), (1, 1, 1), "{svg}");
    assert!(mine[0] >= sheet[0] + 15.0, "{sheet:?} {mine:?}");
    assert!((peak[0] - mine[0] - 15.0).abs() < 1e-9, "{mine:?} {peak:?}");
    // The legend names the dashed roof for what it is.
    assert_eq!(texts_with(&svg, "H100 SXM5 datasheet").len(), 1, "{svg}");
    assert!(!svg.contains(">second GPU<"), "{svg}");
}

#[test]
fn standard_output_and_refusals() {
    let dir = tempfile::tempdir().unwrap();
    let out = roofline(
        &[
            "plot",
            "--gpu",
            "a100-80gb",
            "--model",
            "llama-3-8b",
            "--svg",
            "-",
        ],
        dir.path(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = String::from_utf8(out.stdout).unwrap();
    assert!(svg.contains("A100") && svg.ends_with("</svg>\n"), "{svg}");
    // An unknown GPU, a comparison GPU without the format, and no file named.
    for (args, says) in [
        (vec!["plot", "--gpu", "nope", "--svg", "-"], "nope"),
        (
            vec![
                "plot",
                "--gpu",
                "h100-sxm",
                "--precision",
                "fp8",
                "--vs",
                "a100-80gb",
                "--svg",
                "-",
            ],
            "no FP8 peak",
        ),
        (vec!["plot", "--gpu", "h100-sxm"], "required"),
    ] {
        let out = roofline(&args, dir.path());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn chromium_draws_the_picture() {
    let Some(browser) = chromium::chromium_or_skip() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (file, _) = write_picture(dir.path());
    let png = dir.path().join("roofline.png");
    let bytes = chromium::screenshot(&browser, &file, &png, (960, 600));
    assert!(
        bytes.len() > 4000,
        "a drawn picture, not a blank page: {} bytes",
        bytes.len()
    );
    if let Some(keep) = std::env::var_os("ROOFLINE_KEEP_PNG") {
        std::fs::copy(&png, keep).unwrap();
    }
    let ink = chromium::ink(&browser, &file);
    assert_eq!(ink.len(), 1, "one picture");
    let [picture] = ink[..] else { unreachable!() };
    // Lines, dots and text cover a few per cent of 960 × 600, in several colours.
    assert!(picture.inked > 10_000, "{picture:?}");
    assert!(
        picture.inked < 960 * 600 / 2,
        "not a filled box: {picture:?}"
    );
    assert!(
        picture.colours >= 6,
        "roofs, wall and dots in their colours: {picture:?}"
    );
}
