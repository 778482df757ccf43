use super::*;
use crate::content::data_files::builtin_catalog;

#[test]
fn json_has_every_documented_key() {
    let catalog = builtin_catalog();
    let scenario = Scenario {
        model: Some("llama-3-8b".to_owned()),
        context: 4096,
        ..Scenario::for_gpu("h100-sxm")
    };
    let json = to_json(&scenario, &scenario.evaluate(&catalog).unwrap());
    for key in [
        "ridge_flop_per_byte",
        "peak_tflops",
        "bandwidth_tbs",
        "weight_bytes_per_gpu",
        "kv_bytes_per_token",
        "fc_intensity",
        "attention_intensity",
        "batch_to_ridge",
        "step_time_ms",
        "tokens_per_s",
        "max_batch_kv",
        "bound",
    ] {
        assert!(json.get(key).is_some(), "missing {key}");
    }
    // 81,559 MiB × 0.9, less 16.06 GB of weights and the default 3 GB reserve.
    assert_eq!(json["max_batch_kv"], 107);
    assert_eq!(json["overhead_gb"], 3.0);
    assert_eq!(json["bound"], "memory");
}

#[test]
fn each_pool_row_gives_its_step_intensity_bound_and_rate() {
    let catalog = builtin_catalog();
    let links = crate::content::links::builtin_links();
    let scenario = Scenario {
        model: Some("llama-3-70b".to_owned()),
        tp: 4,
        batch: 16,
        context: 4096,
        prompt: 2048,
        ..Scenario::for_gpu("h100-sxm")
    };
    let inputs = crate::domain::disagg::DisaggInputs {
        prefill_gpus: 4,
        decode_gpus: 4,
        prefix_hit: 0.0,
        output_tokens: 256,
        chunk: 2048,
    };
    let link = crate::domain::link::find(&links, "ib-ndr").unwrap();
    let section = disagg::Section::compute(&catalog, &scenario, &inputs, link).unwrap();
    let text = section.text();
    let row = |name: &str| {
        text.lines()
            .find_map(|l| l.trim_start().strip_prefix(name))
            .unwrap_or_else(|| panic!("no {name} row in {text}"))
            .trim_start()
            .to_owned()
    };
    let json = section.json();
    let (prefill, decode) = (row("prefill pool"), row("decode pool"));
    for (line, step, per, bound) in [
        (&prefill, "prefill_ms", "prompt", "prefill_bound"),
        (&decode, "decode_step_ms", "token", "decode_bound"),
    ] {
        let step_ms = group(json[step].as_f64().unwrap(), 3);
        let bound = json[bound].as_str().unwrap();
        assert!(
            line.starts_with(&format!("{step_ms} ms per {per}, ")),
            "{line}"
        );
        assert!(
            line.contains(&format!(" FLOP/byte, {bound}-bound; ")),
            "{line}"
        );
        assert!(line.ends_with(" requests/s"), "{line}");
    }
}
