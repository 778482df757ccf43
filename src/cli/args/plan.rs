//! `roofline calc`'s cluster options: the interconnect term, disaggregated pools and latency
//! targets. Every one is off unless asked for, so the pure roofline stays as it was.

use clap::Args;

/// The cluster options of `roofline calc`.
#[derive(Debug, Clone, Default, Args)]
pub struct PlanCli {
    /// Add the interconnect to the step: tensor-parallel all-reduce (and, for MoE, the
    /// expert-parallel all-to-all) over the link, as a term of its own [default: off].
    #[arg(long)]
    pub interconnect: bool,
    /// Link between GPUs: nvlink4, nvlink5, ib-ndr, eth-100g [default: the GPU's NVLink].
    #[arg(long, value_name = "ID")]
    pub link: Option<String>,
    /// Prefill on P GPUs, decode on D GPUs (each pool whole TP groups), KV sent over the link.
    #[arg(long, value_name = "P:D", value_parser = parse_pools)]
    pub disagg: Option<(u32, u32)>,
    /// Share of each prompt found in the prefix cache, in [0, 1) [default: 0].
    #[arg(long = "prefix-hit", value_name = "H", value_parser = parse_hit)]
    pub prefix_hit: Option<f64>,
    /// Output tokens per request, for disaggregation and Little's law [default: 256].
    #[arg(long = "output-tokens", value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub output_tokens: Option<u32>,
    /// Prefill tokens a mixed step carries under chunked prefill [default: 2048].
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub chunk: Option<u64>,
    /// Time-per-output-token target in milliseconds: the largest batch that keeps it.
    #[arg(long = "tpot-target", value_name = "MS", value_parser = parse_positive)]
    pub tpot_target: Option<f64>,
    /// Arriving requests per second: concurrency by Little's law and the GPUs it needs.
    #[arg(long, value_name = "R", value_parser = parse_positive)]
    pub rate: Option<f64>,
    /// The throughput-per-GPU against tokens-per-second-per-user curve, batch 1 to the limit.
    #[arg(long)]
    pub curve: bool,
}

/// The defaults the options above name (the scenario's own).
pub use crate::domain::scenario::{DEFAULT_CHUNK, DEFAULT_OUTPUT_TOKENS};

fn parse_pools(text: &str) -> Result<(u32, u32), String> {
    let (p, d) = text
        .split_once(':')
        .ok_or_else(|| format!("'{text}' is not P:D (e.g. 4:4)"))?;
    let count = |s: &str| {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=65_536).contains(n))
            .ok_or_else(|| format!("'{s}' in '{text}' is not a GPU count from 1 to 65536"))
    };
    Ok((count(p)?, count(d)?))
}

fn parse_hit(text: &str) -> Result<f64, String> {
    let v: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number"))?;
    if (0.0..1.0).contains(&v) {
        Ok(v)
    } else {
        Err(format!("{text} is not in [0, 1)"))
    }
}

fn parse_positive(text: &str) -> Result<f64, String> {
    let v: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number"))?;
    if v > 0.0 && v.is_finite() {
        Ok(v)
    } else {
        Err(format!("{text} is not a positive number"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::even("4:4", Ok((4, 4)))]
    #[case::spaced("2 : 6", Ok((2, 6)))]
    #[case::no_colon("4", Err(()))]
    #[case::zero("0:4", Err(()))]
    #[case::negative("4:-1", Err(()))]
    fn pools_parse(#[case] text: &str, #[case] expected: Result<(u32, u32), ()>) {
        assert_eq!(parse_pools(text).map_err(|_| ()), expected);
    }

    #[test]
    fn hit_rates_stay_below_one() {
        assert_eq!(parse_hit("0.5"), Ok(0.5));
        assert!(parse_hit("1").is_err());
        assert!(parse_hit("-0.1").is_err());
        assert!(parse_positive("inf").is_err());
    }
}
