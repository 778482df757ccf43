//! The learner's own cluster from the command line: `--model-config` made the profile's model,
//! `--measured` benchmark files put on the catalog, and `roofline cluster new | check`.

mod new_profile;

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context as _, Result, anyhow};

use super::args::{ClusterAction, GlobalArgs};
use crate::content::benchmark::load_benchmark;
use crate::content::cluster::ClusterProfile;
use crate::domain::benchmark::BenchmarkRun;
use crate::domain::catalog::Catalog;
use crate::domain::scenario::Scenario;

/// The profile with `--model-config`'s model as its model (and, without a profile of the
/// learner's, the checkpoint's weight format).
pub fn with_model_config(
    global: &GlobalArgs,
    mut profile: ClusterProfile,
) -> Result<ClusterProfile> {
    if let Some(m) = super::model_config::imported(global)? {
        profile.scenario.model = Some(m.spec.id.clone());
        if global.cluster.is_none() {
            profile.scenario.weights = m.weights();
            profile.name = format!("1× H100 SXM, {} ({})", m.spec.name, m.weights().label());
        }
    }
    Ok(profile)
}

/// Where the setting the runs are placed at comes from, which names it in a warning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettingOf {
    /// The learner's cluster profile (or the default cluster).
    Cluster,
    /// The command's own flags (`calc`, `plot`).
    Flags,
}

impl SettingOf {
    /// The setting's owner, in a warning: "not the cluster's Qwen3-8B".
    const fn whose(self) -> &'static str {
        match self {
            Self::Cluster => "the cluster's",
            Self::Flags => "this setting's",
        }
    }
}

/// Reads `--measured` files and the profile's `measured_files`, and puts their runs on the
/// catalog with `setting` (the cluster's scenario, or the one calc or plot computes from its
/// flags: `of` says which). Runs of another model or GPU than the setting's are said so on
/// stderr and left out.
pub fn add_benchmarks(
    global: &GlobalArgs,
    catalog: &mut Catalog,
    (setting, of): (&Scenario, SettingOf),
) -> Result<()> {
    let mut files = global.measured.clone();
    if let Some(profile) = &global.cluster {
        let (_, listed) = crate::content::cluster_model::profile_files(profile)
            .map_err(|e| anyhow!("{e}"))
            .context("cannot use that cluster profile")?;
        files.extend(listed);
    }
    if files.is_empty() {
        return Ok(());
    }
    let mut runs = Vec::new();
    for file in &files {
        let read = load_benchmark(file)
            .map_err(|e| anyhow!("{e}"))
            .context("cannot use that benchmark file")?;
        for run in read {
            match foreign(&run, catalog, setting, of) {
                Some(why) => eprintln!(
                    "warning: {}: {why}; its run is left off the plot",
                    file.display()
                ),
                None => runs.push(run),
            }
        }
    }
    catalog.benchmarks = Some((setting.clone(), runs));
    Ok(())
}

/// Why a run is not of the setting's model or GPU, if it is not.
fn foreign(
    run: &BenchmarkRun,
    catalog: &Catalog,
    scenario: &Scenario,
    of: SettingOf,
) -> Option<String> {
    if let Some(spec) = scenario
        .model
        .as_deref()
        .and_then(|id| catalog.model(id).ok())
        && !run.is_for_model(&spec.id, &spec.name)
    {
        return Some(format!(
            "it measured {}, not {} {}",
            run.model.as_deref().unwrap_or_default(),
            of.whose(),
            spec.name
        ));
    }
    let gpu = catalog.gpu(&scenario.gpu).ok()?;
    match &run.gpu {
        Some(named) if !same_gpu(named, &gpu.id, &gpu.name) => Some(format!(
            "it ran on {named}, not {} {}",
            of.whose(),
            gpu.name
        )),
        Some(_) | None => None,
    }
}

/// Whether a device name (`NVIDIA H100 80GB HBM3`) is the catalog GPU: its product number
/// (`H100`) must appear in the name.
fn same_gpu(named: &str, id: &str, name: &str) -> bool {
    let named = named.to_ascii_lowercase();
    let product = id.split('-').next().unwrap_or(id);
    named.contains(product) || named.contains(&name.to_ascii_lowercase())
}

/// `roofline cluster new | check`.
pub fn run(global: &GlobalArgs, action: ClusterAction) -> Result<ExitCode> {
    let mut all = global.clone();
    match action {
        ClusterAction::New(mut args) => {
            all.merge(std::mem::take(&mut args.global));
            new_profile::run(&all, &args)
        }
        ClusterAction::Check { file, global } => {
            all.merge(global);
            check(&all, &file)
        }
    }
}

/// Loads a profile as `--cluster` would and says what it describes.
fn check(global: &GlobalArgs, file: &Path) -> Result<ExitCode> {
    let global = GlobalArgs {
        cluster: Some(file.to_path_buf()),
        ..global.clone()
    };
    let (catalog, profile) = super::catalog_and_cluster(&global)?;
    let s = &profile.scenario;
    let model = s.model.as_deref().unwrap_or_default();
    let evaluation = s.evaluate(&catalog)?;
    let mut out = format!(
        "{}: ok\n  {} × {}, TP {} ({} replica(s)), {} ({} weights, {} math, {} KV), context {}, max_num_seqs {}\n",
        file.display(),
        profile.gpu_count,
        evaluation.gpu_name,
        s.tp,
        profile.gpu_count / (s.tp.max(1) * s.pp.max(1)),
        model,
        s.weights.label(),
        s.precision.label(),
        s.kv.label(),
        s.context,
        s.batch
    );
    if let Some(m) = &evaluation.model {
        let fits = if m.fit.fits() { "fit" } else { "DO NOT FIT" };
        let _ = writeln!(
            out,
            "  weights {fits}: {:.1} GB per GPU; speed of light {:.1} ms per step at the batch limit",
            m.weight_bytes_stored_per_gpu / 1e9,
            m.step_time_s * 1e3
        );
    }
    if let Some(r) = crate::content::measured_reference::shipped_reference(&s.gpu) {
        let read = r.roof("hbm-read").map_or(0.0, |x| x.best);
        let gemm = r.roof("bf16-gemm").map_or(0.0, |x| x.best);
        let _ = writeln!(
            out,
            "  measured on a real {} ({}): HBM read {:.3} TB/s ({:.0} % of {:.2}), BF16 GEMM {:.0} TFLOP/s",
            s.gpu,
            r.date,
            read / 1e12,
            100.0 * read / evaluation.bandwidth,
            evaluation.bandwidth / 1e12,
            gemm / 1e12
        );
    }
    let runs = catalog.benchmarks.as_ref().map_or(0, |(_, r)| r.len());
    if runs > 0 {
        let _ = writeln!(out, "  {runs} benchmark run(s) on the plot");
    }
    super::print(&out)
}
