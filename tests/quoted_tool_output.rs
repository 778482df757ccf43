//! A log line quoted in a lesson reads as the tool prints it (issue 29): vLLM's periodic line
//! is `Engine 000: Avg prompt throughput: %.1f tokens/s, Avg generation throughput: %.1f
//! tokens/s, Running: %d reqs, Waiting: %d reqs, GPU KV cache usage: %.1f%%, Prefix cache hit
//! rate: %.1f%%` (vllm/v1/metrics/loggers.py), so a computed figure in it has no thousands
//! separator, whatever the learner's cluster makes it.

use std::path::Path;

use roofline_tutor::content::data_files::builtin_catalog;
use roofline_tutor::content::located::{decode_text, parse_ron};
use roofline_tutor::domain::lesson::{Lesson, Step, scenario_for, template};
use roofline_tutor::domain::scenario::Scenario;
use rstest::rstest;

fn diagnosis() -> Lesson {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons/23-diagnosis.ron");
    let name = path.display().to_string();
    let bytes = std::fs::read(&path).expect("the diagnosis lesson ships");
    parse_ron(&name, decode_text(&name, &bytes).expect("text")).expect("it parses")
}

/// Whether `field` is `label` and a number printed as `%.Nf` (`decimals` > 0) or `%d`.
#[track_caller]
fn assert_printf(field: &str, label: &str, unit: &str, decimals: usize) {
    let value = field
        .strip_prefix(label)
        .and_then(|v| v.strip_suffix(unit))
        .unwrap_or_else(|| panic!("`{field}` is not `{label}N{unit}`"));
    let (whole, fraction) = value.split_once('.').unwrap_or((value, ""));
    assert!(
        !whole.is_empty() && whole.bytes().all(|b| b.is_ascii_digit()),
        "`{field}`: vLLM prints no thousands separator"
    );
    assert_eq!(fraction.len(), decimals, "`{field}`: {decimals} decimals");
    assert!(fraction.bytes().all(|b| b.is_ascii_digit()), "`{field}`");
}

#[rstest]
#[case::default_cluster(Scenario::default_cluster())]
#[case::h200_cluster({ let mut s = Scenario::default_cluster(); s.gpu = "h200".to_owned(); s })]
fn the_vllm_log_lines_read_as_vllm_prints_them(#[case] base: Scenario) {
    let catalog = builtin_catalog();
    let mut lines = 0;
    for step in &diagnosis().steps {
        let Step::Read(read) = step else { continue };
        let text = template::render(
            &read.text,
            &scenario_for(read.scenario.as_ref(), &base),
            &catalog,
        );
        for line in text.lines().filter(|l| l.contains("Avg prompt throughput")) {
            lines += 1;
            let rest = line
                .strip_prefix("Engine 000: ")
                .expect("V1 prefixes the engine");
            let fields: Vec<&str> = rest.split(", ").collect();
            assert_eq!(fields.len(), 6, "{line}");
            assert_printf(fields[0], "Avg prompt throughput: ", " tokens/s", 1);
            assert_printf(fields[1], "Avg generation throughput: ", " tokens/s", 1);
            assert_printf(fields[2], "Running: ", " reqs", 0);
            assert_printf(fields[3], "Waiting: ", " reqs", 0);
            assert_printf(fields[4], "GPU KV cache usage: ", "%", 1);
            assert_printf(fields[5], "Prefix cache hit rate: ", "%", 1);
        }
    }
    assert_eq!(lines, 2, "the lesson quotes two log lines");
}

/// `vllm bench serve` prints each latency metric with Python's `str.format` as
/// `"{:<40} {:<10.2f}"` (vllm/benchmarks/serve.py): the label padded to 40 columns, a space, the
/// value with two decimals (the trailing padding is invisible). The lines a worked example quotes
/// read the same, so a learner who has run the tool recognises them: mean, median and P99 of
/// TTFT, TPOT and ITL, in the tool's order.
#[test]
fn the_bench_serve_lines_read_as_vllm_prints_them() {
    let mut metrics = Vec::new();
    for step in &diagnosis().steps {
        let Step::Example(example) = step else {
            continue;
        };
        for line in example.lines.iter().filter(|l| l.contains(" (ms):")) {
            assert!(line.is_char_boundary(41), "`{line}`");
            let (label, value) = line.split_at(41);
            assert_eq!(
                label,
                format!("{:<40} ", label.trim_end()),
                "`{line}`: the label padded to 40 columns"
            );
            assert_printf(value, "", "", 2);
            metrics.push(label.trim_end().to_owned());
        }
    }
    let expected: Vec<String> = ["TTFT", "TPOT", "ITL"]
        .iter()
        .flat_map(|m| ["Mean", "Median", "P99"].map(|s| format!("{s} {m} (ms):")))
        .collect();
    assert_eq!(
        metrics, expected,
        "the three latency sections, mean, median and P99"
    );
}
