//! `roofline cluster new`: a commented cluster profile from flags, checked by loading it back
//! before it is printed or written.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context as _, Result, anyhow};

use crate::cli::args::{ClusterNewCli, GlobalArgs};
use crate::content::cluster::{CLUSTER_FORMAT_VERSION, parse_cluster};
use crate::domain::dtype::Dtype;

/// Builds the profile, checks it, and prints it or writes it to `--write`.
pub fn run(global: &GlobalArgs, args: &ClusterNewCli) -> Result<ExitCode> {
    let mut catalog = crate::cli::catalog(global)?;
    let imported = crate::cli::model_config::imported(global)?;
    let (model_line, model_name, checkpoint) = match (&args.model, &imported, &global.model_config)
    {
        (Some(id), _, _) => {
            let spec = catalog.model(id)?;
            (format!("model: \"{id}\","), spec.name.clone(), None)
        }
        (None, Some(m), Some(path)) => {
            catalog.add_models([m.spec.clone()]);
            (
                format!("model_config: {},", ron_string(&absolute(path)?)),
                m.spec.name.clone(),
                Some(m.weights()),
            )
        }
        _ => anyhow::bail!("give --model ID or --model-config PATH"),
    };
    let gpu = catalog.gpu(&args.gpu)?.name.clone();
    let count = args.count.unwrap_or(args.tp);
    let precision = args.precision.unwrap_or(Dtype::Bf16);
    let weights = args.weights.or(checkpoint).unwrap_or(precision);
    let name = args
        .name
        .clone()
        .unwrap_or_else(|| format!("{count}× {gpu}, {model_name} {}", weights.label()));
    let measured: Vec<String> = global
        .measured
        .iter()
        .map(|p| absolute(p).map(|a| ron_string(&a)))
        .collect::<Result<_>>()?;
    let text = profile_text(
        args,
        &ProfileParts {
            name: &name,
            model_line: &model_line,
            count,
            precision,
            weights,
            measured: &measured,
        },
    );
    let shown = args
        .write
        .as_ref()
        .map_or_else(|| "(new profile)".to_owned(), |p| p.display().to_string());
    parse_cluster(&shown, &text, &catalog)
        .map_err(|e| anyhow!("{e}"))
        .context("the profile these flags make does not check")?;
    match &args.write {
        Some(path) => {
            std::fs::write(path, &text)
                .with_context(|| format!("cannot write {}", path.display()))?;
            eprintln!(
                "wrote {}; use it with `roofline --cluster {}`",
                path.display(),
                path.display()
            );
            Ok(ExitCode::SUCCESS)
        }
        None => crate::cli::print(&text),
    }
}

struct ProfileParts<'a> {
    name: &'a str,
    model_line: &'a str,
    count: u32,
    precision: Dtype,
    weights: Dtype,
    measured: &'a [String],
}

/// The profile's text, every field explained in a comment.
fn profile_text(args: &ClusterNewCli, p: &ProfileParts<'_>) -> String {
    format!(
        "\
// A cluster profile, written by `roofline cluster new`. Use it with
// `roofline --cluster THIS_FILE`: every worked example, computed answer and the live
// plot then use this deployment. Check an edited copy with `roofline cluster check FILE`.
(
    format_version: {CLUSTER_FORMAT_VERSION},
    name: {name},
    // Accelerator id (`roofline calc --gpu` ids, or one from --hardware).
    gpu: \"{gpu}\",
    // GPUs in the deployment, and the tensor-parallel degree of one replica.
    gpu_count: {count},
    tp: {tp},
    // The model: a catalog id (`model: \"llama-3-8b\"`) or a Hugging Face config.json
    // (`model_config: \"path/to/config.json\"`, relative to this file).
    {model_line}
    // Tensor-core math format, weight format, KV cache format.
    precision: {precision},
    weights: {weights},
    kv: {kv},
    // Typical context per sequence in tokens (prompt + output), and the server's batch
    // limit (vLLM --max-num-seqs): the decode batch at full load.
    context: {context},
    max_num_seqs: {max_num_seqs},
    // Share of GPU memory the server may use, and GB per GPU held back for activations,
    // CUDA graphs and the runtime.
    mem_util: 0.9,
    overhead_gb: 3.0,
    // Benchmark files of your serving engine (vLLM --save-result JSON or its printed
    // summary, SGLang bench_serving JSONL, llama-bench -o json): their runs go on the plot.
    measured_files: [{measured}],
)
",
        name = ron_string(p.name),
        gpu = args.gpu,
        count = p.count,
        tp = args.tp,
        model_line = p.model_line,
        precision = p.precision,
        weights = p.weights,
        kv = args.kv.unwrap_or(Dtype::Bf16),
        context = args.context,
        max_num_seqs = args.max_num_seqs,
        measured = p.measured.join(", "),
    )
}

/// A string as RON writes it (quotes and backslashes escaped).
fn ron_string(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The path made absolute, so the profile finds it wherever the profile is written.
fn absolute(path: &Path) -> Result<String> {
    let full: PathBuf =
        std::path::absolute(path).with_context(|| format!("cannot resolve {}", path.display()))?;
    Ok(full.display().to_string())
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::{ClusterNewCli, ProfileParts, profile_text};
    use crate::domain::dtype::Dtype;

    #[derive(Parser)]
    struct Flags {
        #[command(flatten)]
        new: ClusterNewCli,
    }

    #[test]
    fn the_profile_explains_each_field_in_a_comment() {
        let argv = [
            "x",
            "--gpu",
            "h200",
            "--tp",
            "4",
            "--kv",
            "fp8",
            "--context",
            "4096",
        ];
        let flags = Flags::parse_from(argv).new;
        let measured = ["\"/a.json\"".to_owned(), "\"/b.json\"".to_owned()];
        let p = ProfileParts {
            name: "8× H200, Llama 3 8B INT4",
            model_line: "model: \"llama-3-8b\",",
            count: 8,
            precision: Dtype::Fp8,
            weights: Dtype::Int4,
            measured: &measured,
        };
        insta::assert_snapshot!(profile_text(&flags, &p));
    }
}
