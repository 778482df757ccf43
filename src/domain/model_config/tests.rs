use rstest::rstest;

use super::*;
use crate::domain::dtype::Dtype;

fn llama_3_8b() -> ModelConfig {
    ModelConfig {
        model_type: "llama".to_owned(),
        layers: 32,
        hidden: 4096,
        ffn: 14336,
        attention: AttentionBlock {
            query_heads: 32,
            kv_heads: 8,
            head_dim: 128,
            ..AttentionBlock::default()
        },
        vocab: 128_256,
        tied_embeddings: false,
        ..ModelConfig::default()
    }
}

fn mixtral() -> ModelConfig {
    ModelConfig {
        model_type: "mixtral".to_owned(),
        vocab: 32_000,
        experts: Some(ConfigExperts {
            routed: 8,
            per_token: 2,
            shared: 0,
            expert_ffn: 14336,
            dense_layers: 0,
            router_bias: false,
            bias: ExpertBias::Absent,
        }),
        ..llama_3_8b()
    }
}

fn deepseek_v3() -> ModelConfig {
    ModelConfig {
        model_type: "deepseek_v3".to_owned(),
        layers: 61,
        hidden: 7168,
        ffn: 18432,
        attention: AttentionBlock {
            query_heads: 128,
            kv_heads: 128,
            head_dim: 128,
            kind: ConfigAttention::Mla {
                q_lora: Some(1536),
                kv_lora: 512,
                rope: 64,
                nope: 128,
                v: 128,
            },
            ..AttentionBlock::default()
        },
        vocab: 129_280,
        experts: Some(ConfigExperts {
            routed: 256,
            per_token: 8,
            shared: 1,
            expert_ffn: 2048,
            dense_layers: 3,
            router_bias: true,
            bias: ExpertBias::Absent,
        }),
        mtp_layers: 1,
        weights: ConfigWeights::Fp8Blocks { block: [128, 128] },
        ..llama_3_8b()
    }
}

/// Hand sums, tensor by tensor:
/// - Llama-3-8B: 2 × 128,256 × 4,096 embeddings + 32 × (16.8M q + 2 × 4.2M k,v + 16.8M o +
///   176.2M MLP + 8,192 norms) + 4,096 = 8,030,261,248 (the model card's count).
/// - Mixtral-8x7B: 2 × 32,000 × 4,096 + 32 × (41.9M attention + 32,768 router + 8 × 176.2M
///   experts + 8,192) + 4,096 = 46,702,792,704.
/// - DeepSeek-V3: 1.853B embeddings + 3 dense layers × 583,483,392 + 58 MoE layers ×
///   11,507,286,272 + 7,168 = 671,026,419,200 (the card's "671B"; the MTP layer left out).
#[rstest]
#[case::llama(llama_3_8b(), 8_030_261_248)]
#[case::mixtral(mixtral(), 46_702_792_704)]
#[case::deepseek(deepseek_v3(), 671_026_419_200)]
fn params_are_the_sum_of_every_tensor(#[case] config: ModelConfig, #[case] expected: u64) {
    assert_eq!(config.params(), expected);
}

#[test]
fn moe_spec_counts_only_the_layers_after_the_dense_ones() {
    let spec = deepseek_v3().spec("deepseek-v3", "DeepSeek-V3", "test");
    let experts = spec.experts.unwrap();
    assert_eq!(experts.moe_layers, 58);
    assert_eq!(spec.ffn, 18432, "dense layers keep intermediate_size");
    assert_eq!(
        spec.attention,
        crate::domain::model::Attention::Mla {
            latent: 512,
            rope_dim: 64
        }
    );
    // Every layer MoE: the FC width shown is one expert's.
    assert_eq!(mixtral().spec("m", "M", "t").ffn, 14336);
}

#[rstest]
#[case::plain(ConfigWeights::Plain(Dtype::Bf16), Dtype::Bf16)]
#[case::fp8(ConfigWeights::Fp8Blocks { block: [128, 128] }, Dtype::Fp8)]
#[case::int4(ConfigWeights::Int4Groups { group: 128 }, Dtype::Int4)]
fn weight_formats_map_to_the_tutors(#[case] weights: ConfigWeights, #[case] dtype: Dtype) {
    assert_eq!(weights.dtype(), dtype);
}
