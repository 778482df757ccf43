use super::*;
use crate::domain::quantity::Quantity;
use rstest::rstest;

#[test]
fn names_are_unique_and_round_trip() {
    let mut seen = std::collections::HashSet::new();
    for v in ValueName::all() {
        assert!(seen.insert(v.name()), "duplicate name {v}");
        assert_eq!(v.name().parse::<ValueName>(), Ok(v));
    }
    assert_eq!(seen.len(), Quantity::ALL.len() + Setting::ALL.len());
}

#[rstest]
#[case::quantity_typo("ridg", Some("ridge"))]
#[case::setting_typo("contxt", Some("context"))]
#[case::far_off("zzzzzzzzzzzzzz", None)]
fn unknown_names_suggest(#[case] name: &str, #[case] suggestion: Option<&str>) {
    let e = name.parse::<ValueName>().unwrap_err();
    assert_eq!(e.suggestion, suggestion);
}

#[test]
fn message_names_the_placeholder() {
    let e = "ridg".parse::<ValueName>().unwrap_err();
    assert!(
        e.to_string()
            .starts_with("unknown placeholder '{ridg}' (did you mean '{ridge}'?)"),
        "{e}"
    );
}

#[rstest]
#[case::query_heads("query_heads", "llama-3-8b", "32")]
#[case::kv_heads("kv_heads", "llama-3-70b", "8")]
#[case::group("group_size", "llama-3-70b", "8")]
#[case::layers("layers", "llama-3-8b", "32")]
#[case::kv_layers_of_a_hybrid("kv_layers", "qwen3.6-27b", "16")]
#[case::head_dim("head_dim", "llama-3-8b", "128")]
#[case::hidden("hidden", "llama-3-70b", "8,192")]
#[case::ffn("ffn", "llama-3-70b", "28,672")]
#[case::experts("experts", "deepseek-v3", "256")]
#[case::experts_per_token("experts_per_token", "mixtral-8x7b", "2")]
fn model_figures_show_the_models_own(#[case] name: &str, #[case] model: &str, #[case] shown: &str) {
    let catalog = crate::content::data_files::builtin_catalog();
    let Ok(ValueName::Setting(setting)) = name.parse::<ValueName>() else {
        panic!("{name} is not a setting");
    };
    let mut s = Scenario::default_cluster();
    s.model = Some(model.to_owned());
    assert!(setting.is_numeric());
    assert_eq!(setting.render(&s, &catalog, Format::Auto), shown);
    s.model = None;
    assert_eq!(setting.render(&s, &catalog, Format::Auto), UNAVAILABLE);
}

#[rstest]
#[case::ridge(ValueName::Quantity(Quantity::Ridge), true)]
#[case::bound(ValueName::Quantity(Quantity::Bound), false)]
#[case::batch(ValueName::Setting(Setting::Batch), true)]
#[case::gpu(ValueName::Setting(Setting::Gpu), false)]
#[case::kv(ValueName::Setting(Setting::Kv), false)]
fn numeric_or_text(#[case] name: ValueName, #[case] numeric: bool) {
    assert_eq!(name.is_numeric(), numeric);
}

#[rstest]
#[case::experts("experts")]
#[case::experts_per_token("experts_per_token")]
fn a_dense_model_has_no_experts_to_show(#[case] name: &str) {
    let catalog = crate::content::data_files::builtin_catalog();
    let Ok(ValueName::Setting(setting)) = name.parse::<ValueName>() else {
        panic!("{name} is not a setting");
    };
    let s = Scenario::default_cluster();
    assert_eq!(setting.render(&s, &catalog, Format::Auto), UNAVAILABLE);
}

/// The scale-out link by name and bandwidth: the GPU's NIC unless the scenario names one.
#[rstest]
#[case::h100_nic("h100-sxm", None, "InfiniBand NDR at 50 GB/s")]
#[case::gb300_nic("gb300", None, "InfiniBand XDR at 100 GB/s")]
#[case::named_by_the_scenario("h100-sxm", Some("eth-100g"), "100 Gb Ethernet at 12.5 GB/s")]
#[case::a_gpu_without_one("l4", None, "— at — GB/s")]
fn the_scale_out_link_renders_with_its_bandwidth(
    #[case] gpu: &str,
    #[case] link: Option<&str>,
    #[case] shown: &str,
) {
    let catalog = crate::content::data_files::builtin_catalog();
    let s = Scenario {
        gpu: gpu.to_owned(),
        scale_out_link: link.map(str::to_owned),
        ..Scenario::default_cluster()
    };
    let text = "{scale_out_link} at {scale_out_gbs} GB/s";
    assert_eq!(super::super::render(text, &s, &catalog), shown);
    assert!(!Setting::ScaleOutLink.is_numeric());
    assert!(Setting::ScaleOutGbs.is_numeric());
}
