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
