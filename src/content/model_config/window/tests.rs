//! Sliding-window models from their config.json: the layers that slide, and the KV the engine
//! then counts, against figures worked out by hand.

use rstest::rstest;

use crate::content::data_files::builtin_catalog;
use crate::content::model_config::parse_model_config;
use crate::content::model_config::tests::{config_text, fixture, line_of, refused};
use crate::domain::dtype::Dtype;
use crate::domain::model::SlidingWindow;
use crate::domain::scenario::Scenario;

/// gpt-oss-20b: `layer_types` alternates, 12 of 24 layers slide over 128 tokens. Gemma 3 27B:
/// `sliding_window_pattern` 6 makes every sixth of 62 layers global (10), the other 52 slide
/// over 1024 tokens.
#[rstest]
#[case::gpt_oss("gpt-oss-20b", 128, 12, 24)]
#[case::gemma3("gemma-3-27b-it", 1024, 52, 62)]
fn the_sliding_layers_are_read(
    #[case] dir: &str,
    #[case] window: u64,
    #[case] sliding: u32,
    #[case] layers: u32,
) {
    let model = fixture(dir);
    assert_eq!(
        model.spec.sliding_window,
        Some(SlidingWindow {
            window,
            layers: sliding
        })
    );
    assert_eq!(model.spec.layers, layers);
    assert!(
        model
            .origins
            .iter()
            .any(|(f, o)| *f == "sliding_window.window" && o.contains("sliding_window")),
        "{:?}",
        model.origins
    );
}

/// KV bytes per sequence, BF16 KV, worked out by hand: Σ layers (K + V bytes per token) ×
/// min(context, the layer's window).
/// - gpt-oss-20b: 2 × 8 KV heads × 64 × 2 B = 2,048 B per token and layer; 12 full layers
///   hold the context, 12 sliding ones 128 tokens. 4K: 12 × 4,096 × 2,048 + 12 × 128 × 2,048
///   = 100,663,296 + 3,145,728 = 103,809,024. 128K: 3,221,225,472 + 3,145,728 = 3,224,371,200.
/// - Gemma 3 27B: 2 × 16 × 128 × 2 B = 8,192 B per token and layer; 10 global layers, 52
///   sliding over 1,024 tokens. 4K: 10 × 4,096 × 8,192 + 52 × 1,024 × 8,192 = 335,544,320 +
///   436,207,616 = 771,751,936. 128K: 10,737,418,240 + 436,207,616 = 11,173,625,856.
#[rstest]
#[case::gpt_oss_4k("gpt-oss-20b", 4096, 103_809_024.0)]
#[case::gpt_oss_128k("gpt-oss-20b", 131_072, 3_224_371_200.0)]
#[case::gemma3_4k("gemma-3-27b-it", 4096, 771_751_936.0)]
#[case::gemma3_128k("gemma-3-27b-it", 131_072, 11_173_625_856.0)]
fn the_engine_counts_a_sliding_layers_kv_up_to_its_window(
    #[case] dir: &str,
    #[case] context: u64,
    #[case] kv_bytes: f64,
) {
    let (catalog, s) = on_an_h200(dir, context);
    let e = s.evaluate(&catalog).unwrap();
    let m = e.model.unwrap();
    assert!(
        (m.kv_bytes_per_sequence - kv_bytes).abs() < 1e-6 * kv_bytes,
        "{dir} at {context}: {} against {kv_bytes}",
        m.kv_bytes_per_sequence
    );
}

/// A layer type the tutor does not read is refused at `layer_types`, naming it.
#[test]
fn an_unknown_layer_type_is_refused_located() {
    let shown = refused("gpt-oss-20b", "\"full_attention\"", "\"chunked_attention\"").to_string();
    assert!(
        shown.contains("layer_types[1] is \"chunked_attention\""),
        "{shown}"
    );
    let line = line_of("gpt-oss-20b", "\"layer_types\"");
    assert!(
        shown.starts_with(&format!("dir/config.json:{line}:")),
        "{shown}"
    );
}

/// Without `layer_types` or a pattern every layer slides (Mistral-7B v0.1's 4096); with
/// `use_sliding_window: false` (Qwen2, Qwen3) none does.
#[rstest]
#[case::every_layer("\"sliding_window\": 4096,", Some(SlidingWindow { window: 4096, layers: 32 }))]
#[case::switched_off("\"sliding_window\": 4096, \"use_sliding_window\": false,", None)]
#[case::null("\"sliding_window\": null,", None)]
fn a_window_without_layer_types(#[case] fields: &str, #[case] window: Option<SlidingWindow>) {
    let text = config_text("Meta-Llama-3-8B").replacen(
        "\"model_type\": \"llama\",",
        &format!("\"model_type\": \"mistral\", {fields}"),
        1,
    );
    let model = parse_model_config("dir/config.json", &text, "x").unwrap();
    assert_eq!(model.spec.sliding_window, window);
}

/// The catalog with `dir`'s model added, and a scenario for it on one H200 at `context`
/// (the prompt as long), BF16 weights and KV, batch 1.
fn on_an_h200(dir: &str, context: u64) -> (crate::domain::catalog::Catalog, Scenario) {
    let spec = fixture(dir).spec;
    let mut catalog = builtin_catalog();
    let id = spec.id.clone();
    catalog.add_models([spec]);
    let s = Scenario {
        model: Some(id),
        context,
        prompt: context,
        batch: 1,
        kv: Dtype::Bf16,
        weights: Dtype::Bf16,
        gpu: "h200".to_owned(),
        ..Scenario::default_cluster()
    };
    (catalog, s)
}

#[track_caller]
fn near(got: f64, expected: f64) {
    assert!(
        (got - expected).abs() <= 1e-9 * expected.abs().max(1.0),
        "{got} against {expected}"
    );
}

/// The prompt's KV that crosses the link to the decode pool goes through the window too: the
/// split's `kv_transfer_ms` and the cluster's scale-out figure send gpt-oss-20b's KV per
/// sequence at the prompt (worked out above, TP 1): 103,809,024 B at 4K and 3,224,371,200 B
/// at 128K, where every layer's would be 201,326,592 and 6,442,450,944 B.
#[rstest]
#[case::at_4k(4096, 103_809_024.0)]
#[case::at_128k(131_072, 3_224_371_200.0)]
fn the_prompts_kv_crosses_the_link_through_the_window(#[case] prompt: u64, #[case] kv: f64) {
    use crate::content::links::builtin_links;
    use crate::domain::disagg::{DisaggInputs, evaluate};
    use crate::domain::link::find;

    let (catalog, s) = on_an_h200("gpt-oss-20b", prompt);
    let links = builtin_links();
    let link = find(&links, "ib-ndr").unwrap();
    let inputs = DisaggInputs {
        prefill_gpus: 1,
        decode_gpus: 1,
        prefix_hit: 0.0,
        output_tokens: 256,
        chunk: 2048,
    };
    let d = evaluate(&s, &catalog, &inputs, link).unwrap();
    near(d.kv_bytes_per_gpu, kv);
    near(d.transfer_s, kv / (link.gbs * 1e9));
    let e = s.evaluate(&catalog).unwrap();
    let out = e.cluster.unwrap().scale_out.unwrap();
    near(out.kv_bytes_per_gpu, kv);
}

/// A paging block of 16 tokens wastes its empty tokens in every full layer, and in a sliding
/// layer only below the window (past it the layer keeps W tokens, a whole number of blocks).
/// gpt-oss-20b, BF16 KV, 2,048 B per token and layer, 12 full and 12 sliding layers (W 128):
/// - 4,100 tokens: 12 empty tokens × 12 full layers × 2,048 = 294,912 B (every layer: 589,824);
/// - 131,077 tokens (128K + 5): 11 × 12 × 2,048 = 270,336 B (every layer: 540,672);
/// - 100 tokens, inside the window: 12 × 24 × 2,048 = 589,824 B, as if no layer slid.
///
/// Gemma 3 27B, 8,192 B per token and layer, 10 global layers, 52 sliding (W 1,024): 4,100
/// tokens waste 12 × 10 × 8,192 = 983,040 B; 131,077, 11 × 10 × 8,192 = 901,120 B.
#[rstest]
#[case::gpt_oss_4k("gpt-oss-20b", 4100, 294_912.0)]
#[case::gpt_oss_128k("gpt-oss-20b", 131_077, 270_336.0)]
#[case::gpt_oss_inside_the_window("gpt-oss-20b", 100, 589_824.0)]
#[case::gemma3_4k("gemma-3-27b-it", 4100, 983_040.0)]
#[case::gemma3_128k("gemma-3-27b-it", 131_077, 901_120.0)]
fn a_blocks_waste_stops_at_the_window(#[case] dir: &str, #[case] context: u64, #[case] waste: f64) {
    let (catalog, s) = on_an_h200(dir, context);
    let e = s.evaluate(&catalog).unwrap();
    near(e.cluster.unwrap().scale.block_waste_bytes, waste);
}
