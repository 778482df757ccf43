//! `roofline calc`'s cluster options: the interconnect term, disaggregated pools and latency
//! targets. Every one is off unless asked for, so the pure roofline stays as it was.

use clap::Args;

use crate::domain::link::LinkChoice;
use crate::domain::scenario::Scenario;

/// The cluster options of `roofline calc`.
#[derive(Debug, Clone, Default, Args)]
pub struct PlanCli {
    /// Add the interconnect to the step: tensor-parallel all-reduce over the link, as a term
    /// of its own, and what the same GPUs would spend as an expert-parallel group (MoE) or as
    /// pipeline stages, over the scale-out link where they span boards [default: off].
    #[arg(long)]
    pub interconnect: bool,
    /// One link for both jobs below (the KV transfer and the all-reduce): nvlink4, nvlink5,
    /// pcie4, pcie5, ib-ndr, ib-xdr, eth-100g. The two options after it win for their own job.
    #[arg(long, value_name = "ID")]
    pub link: Option<String>,
    /// The scale-up link inside a node that the tensor-parallel all-reduce crosses [default:
    /// the GPU's NVLink, or PCIe on a card without NVLink].
    #[arg(long = "scale-up-link", value_name = "ID")]
    pub scale_up_link: Option<String>,
    /// The scale-out link between nodes that a prompt's KV crosses to the decode pool
    /// [default: the GPU's NIC: InfiniBand NDR on an H100, H200, B200 or GB200, XDR on a B300
    /// or GB300].
    #[arg(long = "scale-out-link", value_name = "ID")]
    pub scale_out_link: Option<String>,
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
    /// Time-per-output-token target in milliseconds, in (0, 60000]: the largest batch that
    /// keeps it.
    #[arg(long = "tpot-target", value_name = "MS", value_parser = parse_target_ms)]
    pub tpot_target: Option<f64>,
    /// Arriving requests per second, in (0, 1e6]: concurrency by Little's law and the GPUs it
    /// needs.
    #[arg(long, value_name = "R", value_parser = parse_rate)]
    pub rate: Option<f64>,
    /// The throughput-per-GPU against tokens-per-second-per-user curve, batch 1 to the limit.
    #[arg(long)]
    pub curve: bool,
}

/// The defaults the options above name (the scenario's own).
pub use crate::domain::scenario::{DEFAULT_CHUNK, DEFAULT_OUTPUT_TOKENS};

/// The largest token-time target the calculator takes, ms (a minute per token).
const MAX_TARGET_MS: f64 = 60_000.0;
/// The largest request rate the calculator takes, requests per second.
const MAX_RATE: f64 = 1e6;

impl PlanCli {
    /// The scenario with the cluster settings these options give (the link, the prefix hit,
    /// the output tokens, the chunk, the target and the rate): the engine's cluster figures
    /// (`kv_transfer_ms`, `target_batch`, `concurrency`, …) are computed from them. An option
    /// left out keeps what the scenario had (a cluster profile's, else the default).
    #[must_use]
    pub fn apply(&self, scenario: Scenario) -> Scenario {
        // The command line's links over the scenario's, job by job, by the one rule.
        let scenario = scenario.with_links(&LinkChoice {
            link: self.link.clone(),
            scale_up_link: self.scale_up_link.clone(),
            scale_out_link: self.scale_out_link.clone(),
        });
        Scenario {
            prefix_hit: self.prefix_hit.unwrap_or(scenario.prefix_hit),
            output_tokens: self.output_tokens.unwrap_or(scenario.output_tokens),
            chunk: self.chunk.unwrap_or(scenario.chunk),
            tpot_target_ms: self.tpot_target.or(scenario.tpot_target_ms),
            rate: self.rate.or(scenario.rate),
            ..scenario
        }
    }

    /// Whether any option sets a cluster figure's input (what turns on calc's cluster lines).
    #[must_use]
    pub const fn sets_any(&self) -> bool {
        self.link.is_some()
            || self.scale_up_link.is_some()
            || self.scale_out_link.is_some()
            || self.prefix_hit.is_some()
            || self.output_tokens.is_some()
            || self.chunk.is_some()
            || self.tpot_target.is_some()
            || self.rate.is_some()
    }
}

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

fn parse_positive_up_to(text: &str, max: f64, unit: &str) -> Result<f64, String> {
    let v: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number"))?;
    if !(v > 0.0 && v.is_finite()) {
        Err(format!("{text} is not a positive number"))
    } else if v > max {
        Err(format!(
            "{text} is more than {max} {unit}, the most this takes"
        ))
    } else {
        Ok(v)
    }
}

fn parse_target_ms(text: &str) -> Result<f64, String> {
    parse_positive_up_to(text, MAX_TARGET_MS, "ms")
}

fn parse_rate(text: &str) -> Result<f64, String> {
    parse_positive_up_to(text, MAX_RATE, "requests/s")
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
        assert!(parse_target_ms("inf").is_err());
    }

    #[rstest]
    #[case::target("20", Ok(20.0))]
    #[case::target_zero("0", Err("not a positive number"))]
    #[case::target_nan("NaN", Err("not a positive number"))]
    #[case::target_huge("1e9", Err("more than 60000 ms"))]
    #[case::target_word("fast", Err("not a number"))]
    fn targets_are_positive_finite_and_bounded(
        #[case] text: &str,
        #[case] expected: Result<f64, &str>,
    ) {
        match (parse_target_ms(text), expected) {
            (Ok(v), Ok(e)) => assert!((v - e).abs() < 1e-12),
            (Err(why), Err(e)) => assert!(why.contains(e), "{why}"),
            (got, want) => panic!("{text}: got {got:?}, want {want:?}"),
        }
    }

    #[rstest]
    #[case::rate("40", true)]
    #[case::negative("-1", false)]
    #[case::infinite("inf", false)]
    #[case::too_many("2e6", false)]
    fn rates_are_positive_finite_and_bounded(#[case] text: &str, #[case] ok: bool) {
        assert_eq!(parse_rate(text).is_ok(), ok, "{:?}", parse_rate(text));
    }

    #[test]
    fn the_options_set_the_scenario_and_leave_the_rest() {
        let plan = PlanCli {
            link: Some("ib-ndr".to_owned()),
            prefix_hit: Some(0.5),
            rate: Some(3.0),
            ..PlanCli::default()
        };
        assert!(plan.sets_any());
        assert!(!PlanCli::default().sets_any());
        let s = plan.apply(Scenario {
            chunk: 512,
            ..Scenario::default_cluster()
        });
        assert_eq!(s.link.as_deref(), Some("ib-ndr"));
        assert_eq!((s.prefix_hit, s.rate, s.chunk), (0.5, Some(3.0), 512));
        assert_eq!(s.tpot_target_ms, None);
        assert_eq!(s.output_tokens, DEFAULT_OUTPUT_TOKENS);
    }

    #[test]
    fn a_link_for_both_on_the_command_line_wins_over_a_profiles_own() {
        use crate::domain::scenario::Role;
        let profile = Scenario {
            scale_up_link: Some("nvlink4".to_owned()),
            scale_out_link: Some("ib-ndr".to_owned()),
            ..Scenario::default_cluster()
        };
        let plan = PlanCli {
            link: Some("eth-100g".to_owned()),
            ..PlanCli::default()
        };
        let s = plan.apply(profile);
        assert_eq!(s.link_for(Role::ScaleUp), Some("eth-100g"));
        assert_eq!(s.link_for(Role::ScaleOut), Some("eth-100g"));
    }

    #[rstest]
    #[case::old_link_sets_both(Some("ib-ndr"), None, None, Some("ib-ndr"), Some("ib-ndr"))]
    #[case::scale_up_alone(None, Some("nvlink5"), None, Some("nvlink5"), None)]
    #[case::scale_out_alone(None, None, Some("eth-100g"), None, Some("eth-100g"))]
    #[case::own_wins_over_both(
        Some("ib-ndr"),
        None,
        Some("eth-100g"),
        Some("ib-ndr"),
        Some("eth-100g")
    )]
    fn each_job_takes_its_own_link_else_the_one_for_both(
        #[case] link: Option<&str>,
        #[case] up: Option<&str>,
        #[case] out: Option<&str>,
        #[case] want_up: Option<&str>,
        #[case] want_out: Option<&str>,
    ) {
        use crate::domain::scenario::Role;
        let own = |v: Option<&str>| v.map(str::to_owned);
        let plan = PlanCli {
            link: own(link),
            scale_up_link: own(up),
            scale_out_link: own(out),
            ..PlanCli::default()
        };
        assert!(plan.sets_any());
        let s = plan.apply(Scenario::default_cluster());
        assert_eq!(s.link_for(Role::ScaleUp), want_up);
        assert_eq!(s.link_for(Role::ScaleOut), want_out);
    }
}
