//! A serving engine's benchmark run, as the learner's own files give it (`--measured FILE`):
//! decode from the time per output token at the run's concurrency, prefill from the time to
//! first token at its input length. Each becomes a [`DecodeRate`] or [`PrefillRate`], placed
//! against the roofline by [`super::measured`].

use super::endpoint::{DecodeRate, PrefillRate};

/// Which tool wrote the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// `vllm bench serve --save-result` JSON.
    VllmJson,
    /// The summary block `vllm bench serve` prints.
    VllmSummary,
    /// SGLang `bench_serving` JSONL.
    SglangJsonl,
    /// `llama-bench -o json`.
    LlamaBench,
}

impl Engine {
    /// How the run's source is named on screen.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::VllmJson | Self::VllmSummary => "vLLM",
            Self::SglangJsonl => "SGLang",
            Self::LlamaBench => "llama-bench",
        }
    }
}

/// How the run's concurrency is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Concurrency {
    /// The run capped it (`--max-concurrency`, llama-bench's single stream).
    Set(u32),
    /// Uncapped: the mean number decoding, by Little's law (output tokens/s × TPOT).
    Inferred(u32),
}

impl Concurrency {
    /// The number of sequences decoding together.
    #[must_use]
    pub const fn value(self) -> u32 {
        match self {
            Self::Set(n) | Self::Inferred(n) => n,
        }
    }
}

/// One benchmark run.
#[derive(Debug, Clone, PartialEq)]
pub struct BenchmarkRun {
    /// The tool that wrote it.
    pub engine: Engine,
    /// The model the file names (`model_id`, `model_filename`), if it names one.
    pub model: Option<String>,
    /// The GPU the file names (llama-bench's `gpu_info`), if it names one.
    pub gpu: Option<String>,
    /// Sequences decoding together.
    pub concurrency: Concurrency,
    /// Mean prompt tokens per request.
    pub input_len: Option<u64>,
    /// Mean output tokens per request.
    pub output_len: Option<u64>,
    /// Mean time per output token, ms (TPOT, else ITL).
    pub tpot_ms: Option<f64>,
    /// Mean time to first token, ms.
    pub ttft_ms: Option<f64>,
    /// Measured prompt tokens/s directly (llama-bench's prompt test), when given.
    pub prefill_tok_s: Option<f64>,
}

impl BenchmarkRun {
    /// Decode: the concurrency's sequences each producing one token per TPOT.
    #[must_use]
    pub fn decode(&self) -> Option<DecodeRate> {
        let tpot = self.tpot_ms.filter(|t| *t > 0.0 && t.is_finite())?;
        let batch = self.concurrency.value().max(1);
        Some(DecodeRate {
            tokens_per_s: f64::from(batch) * 1e3 / tpot,
            batch,
        })
    }

    /// The mean context of the run's decode steps: the TPOT averages the steps after the
    /// first token, whose KV grows from the prompt to the prompt plus the output, so the
    /// prompt plus half the output (the prompt alone when the run gives no output length).
    #[must_use]
    pub fn decode_context(&self) -> Option<u64> {
        let prompt = self.input_len.unwrap_or(0);
        match (self.input_len, self.output_len) {
            (None, None) => None,
            (_, Some(output)) => Some(prompt + output / 2),
            (Some(_), None) => Some(prompt),
        }
    }

    /// Prefill: the input length over the time to first token (which also holds queueing and
    /// the first decode step, so this is a lower bound on the prefill rate), or the rate the
    /// tool measured.
    #[must_use]
    pub fn prefill(&self) -> Option<PrefillRate> {
        let prompt = self.input_len.filter(|n| *n > 0)?;
        let tokens_per_s = match (self.prefill_tok_s, self.ttft_ms) {
            (Some(rate), _) => rate,
            (None, Some(ttft)) if ttft > 0.0 => prompt as f64 * 1e3 / ttft,
            (None, _) => return None,
        };
        (tokens_per_s.is_finite() && tokens_per_s > 0.0).then_some(PrefillRate {
            tokens_per_s,
            prompt,
        })
    }

    /// Whether the file's model name could be `id` or `name` (letters and digits compared,
    /// case folded: `meta-llama/Meta-Llama-3-8B-Instruct` is `llama-3-8b`). A run that names no
    /// model matches any.
    #[must_use]
    pub fn is_for_model(&self, id: &str, name: &str) -> bool {
        let Some(model) = &self.model else {
            return true;
        };
        let model = squash(model);
        [id, name]
            .iter()
            .map(|s| squash(s))
            .any(|s| !s.is_empty() && model.contains(&s))
    }
}

/// Lowercase letters and digits only.
fn squash(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;

    fn run(concurrency: u32, tpot: f64, ttft: f64, input: u64) -> BenchmarkRun {
        BenchmarkRun {
            engine: Engine::VllmJson,
            model: Some("meta-llama/Meta-Llama-3-8B-Instruct".to_owned()),
            gpu: None,
            concurrency: Concurrency::Set(concurrency),
            input_len: Some(input),
            output_len: Some(128),
            tpot_ms: Some(tpot),
            ttft_ms: Some(ttft),
            prefill_tok_s: None,
        }
    }

    #[test]
    fn decode_is_the_batch_over_tpot_and_prefill_the_prompt_over_ttft() {
        let r = run(32, 12.5, 256.0, 1024);
        // 32 sequences × 1000 / 12.5 ms = 2,560 tok/s; 1,024 tokens in 256 ms = 4,000 tok/s.
        assert_eq!(
            r.decode(),
            Some(DecodeRate {
                tokens_per_s: 2560.0,
                batch: 32
            })
        );
        assert_eq!(
            r.prefill(),
            Some(PrefillRate {
                tokens_per_s: 4000.0,
                prompt: 1024
            })
        );
        let no_tpot = BenchmarkRun { tpot_ms: None, ..r };
        assert_eq!(no_tpot.decode(), None);
    }

    #[rstest]
    #[case::prompt_and_output(Some(1024), Some(128), Some(1088))]
    #[case::prompt_alone(Some(1024), None, Some(1024))]
    #[case::output_alone(None, Some(128), Some(64))]
    #[case::neither(None, None, None)]
    fn the_decode_context_is_the_prompt_and_half_the_output(
        #[case] input_len: Option<u64>,
        #[case] output_len: Option<u64>,
        #[case] context: Option<u64>,
    ) {
        let r = BenchmarkRun {
            input_len,
            output_len,
            ..run(8, 10.0, 10.0, 1)
        };
        assert_eq!(r.decode_context(), context);
    }

    #[rstest]
    #[case("llama-3-8b", "Llama-3-8B", true)]
    #[case("qwen3.6-27b", "Qwen3.6-27B", false)]
    fn the_model_is_matched_by_its_letters_and_digits(
        #[case] id: &str,
        #[case] name: &str,
        #[case] matches: bool,
    ) {
        assert_eq!(run(1, 10.0, 10.0, 10).is_for_model(id, name), matches);
    }
}
