//! What every command loads from the learner's arguments: the catalog (built in, the data
//! files, this machine's lab results, the cluster's endpoint), the cluster profile, the lessons,
//! and where progress is kept.

use anyhow::{Context as _, Result, anyhow};

use super::args::GlobalArgs;
use crate::app::{App, AppInit, Course, Deferred};
use crate::content::cluster::{ClusterProfile, load_cluster};
use crate::content::data_files::{CatalogSources, load_catalog};
use crate::content::located::LocatedError;
use crate::domain::catalog::Catalog;
use crate::domain::lesson::Lesson;
use crate::domain::scenario::Scenario;
use crate::domain::session::Progress;
use crate::widgets::Appearance;

/// Loads the built-in catalog plus the user's `--hardware` and `--models` files, and this
/// machine's lab results.
pub fn catalog(global: &GlobalArgs) -> Result<Catalog> {
    catalog_with(global, lab_report(global))
}

/// The built-in catalog, the user's data files and `lab` (this machine, when measured).
fn catalog_with(
    global: &GlobalArgs,
    lab: Option<crate::domain::lab::LabReport>,
) -> Result<Catalog> {
    let sources = CatalogSources {
        hardware: global.hardware.clone(),
        models: global.models.clone(),
    };
    let mut catalog = load_catalog(&sources).map_err(|errors| problems("data files", &errors))?;
    super::model_config::add_to(global, &mut catalog)?;
    if let Some(report) = lab {
        catalog.add_lab(report);
    }
    if let Some(report) = gpu_lab_report(global) {
        catalog.add_gpu_lab(report);
    }
    Ok(catalog)
}

/// This GPU's lab results from the data directory, if `roofline lab --gpu` saved any (a file
/// that cannot be used is ignored with a warning).
fn gpu_lab_report(global: &GlobalArgs) -> Option<crate::domain::gpu_lab::GpuLabReport> {
    usable_lab(
        crate::store::lab_file::read_measured(&data_dir(global)?),
        "this GPU's",
    )
}

/// This machine's lab results from the data directory, if `roofline lab` saved any (a file
/// that cannot be used is ignored with a warning).
fn lab_report(global: &GlobalArgs) -> Option<crate::domain::lab::LabReport> {
    usable_lab(
        crate::store::lab_file::read(&data_dir(global)?),
        "this machine's",
    )
}

/// What a lab file read gave, or nothing with a warning naming `whose` results were ignored.
fn usable_lab<T, E: std::fmt::Display>(read: Result<Option<T>, E>, whose: &str) -> Option<T> {
    read.unwrap_or_else(|e| {
        eprintln!("warning: ignoring {whose} lab results: {e}");
        None
    })
}

/// What the tutor starts with: the catalog, the cluster profile and the course. With nothing
/// of the learner's (no `--hardware`, `--models`, `--cluster`, `--lessons`, no lab results),
/// the shipped catalog and lessons are parsed only when first read, and the first screen (the
/// lesson list) is drawn from the lessons' heads written at build time; otherwise all is
/// loaded and checked now, as [`catalog_and_cluster`] and [`lessons`] do.
pub fn study_start(global: &GlobalArgs) -> Result<(Deferred<Catalog>, ClusterProfile, Course)> {
    let learners_own = !global.hardware.is_empty()
        || !global.models.is_empty()
        || global.model_config.is_some()
        || !global.measured.is_empty()
        || global.cluster.is_some()
        || global.lessons.is_some();
    let lab = lab_report(global);
    let measured_gpu = data_dir(global).is_some_and(|dir| {
        dir.join(<crate::domain::gpu_lab::GpuLabReport as crate::store::lab_file::LabFile>::FILE)
            .exists()
    });
    if let (false, None, false, Some(heads)) = (
        learners_own,
        &lab,
        measured_gpu,
        crate::content::lessons::SHIPPED_HEADS,
    ) {
        return Ok((
            Deferred::new(crate::content::data_files::builtin_catalog),
            ClusterProfile::default_profile(),
            Course::deferred(heads, crate::content::lessons::parse_shipped),
        ));
    }
    let (catalog, cluster) = with_cluster(global, catalog_with(global, lab)?)?;
    let lessons = lessons(global, &catalog)?;
    Ok((catalog.into(), cluster, lessons.into()))
}

/// The data directory: `--data-dir`, else the platform's (none on a platform without one).
#[must_use]
pub fn data_dir(global: &GlobalArgs) -> Option<std::path::PathBuf> {
    global
        .data_dir
        .clone()
        .or_else(crate::store::default_data_dir)
}

/// The data directory, where progress is kept: an error on a platform without one and no
/// `--data-dir`.
pub fn progress_dir(global: &GlobalArgs) -> Result<std::path::PathBuf> {
    data_dir(global)
        .context("this platform has no data directory for progress: pass --data-dir DIR")
}

/// The catalog with the learner's cluster profile, whose measured endpoint figures (if any)
/// go on the catalog for the plot and the readouts.
pub fn catalog_and_cluster(global: &GlobalArgs) -> Result<(Catalog, ClusterProfile)> {
    with_cluster(global, catalog(global)?)
}

/// As [`catalog_and_cluster`], with the benchmark runs checked against and placed at the
/// setting `at` makes from the catalog (calc's flags) instead of the cluster's.
pub fn catalog_and_cluster_at(
    global: &GlobalArgs,
    at: impl FnOnce(&Catalog) -> Result<Scenario>,
) -> Result<(Catalog, Scenario)> {
    let mut catalog = catalog(global)?;
    let cluster = cluster(global, &catalog)?;
    let setting = at(&catalog)?;
    super::own_cluster::add_benchmarks(
        global,
        &mut catalog,
        (&setting, super::own_cluster::SettingOf::Flags),
    )?;
    catalog.endpoint = cluster
        .measured
        .map(|measured| (cluster.scenario.clone(), measured));
    Ok((catalog, setting))
}

/// `catalog` with the learner's cluster profile, its endpoint figures put on the catalog.
fn with_cluster(global: &GlobalArgs, mut catalog: Catalog) -> Result<(Catalog, ClusterProfile)> {
    let cluster = cluster(global, &catalog)?;
    super::own_cluster::add_benchmarks(
        global,
        &mut catalog,
        (&cluster.scenario, super::own_cluster::SettingOf::Cluster),
    )?;
    catalog.endpoint = cluster
        .measured
        .map(|measured| (cluster.scenario.clone(), measured));
    Ok((catalog, cluster))
}

/// The lessons from `--lessons DIR`, or the built-in ones, checked against the default cluster.
/// The shipped lessons with the shipped catalog are parsed only (the tests check them; see
/// [`crate::content::lessons::load_for`]). A step that asks for a measurement follows the
/// learner's own (runs, then GPU lab, then the shipped sweep:
/// [`crate::domain::lesson::measured_step`]).
pub fn lessons(global: &GlobalArgs, catalog: &Catalog) -> Result<Vec<Lesson>> {
    let mut lessons = crate::content::lessons::load_for(
        global.lessons.as_deref(),
        catalog,
        catalog_kind(global, catalog),
    )
    .map_err(|errors| problems("lesson files", &errors))?;
    crate::domain::lesson::measured_step::follow_measurement(&mut lessons, catalog);
    Ok(lessons)
}

/// Whether `catalog`, read as [`catalog`] reads it for these arguments, is the shipped one:
/// no data files of the learner's and no lab machine. (The endpoint a cluster profile adds
/// is read by the plot alone, never by a lesson's check.)
#[must_use]
pub fn catalog_kind(
    global: &GlobalArgs,
    catalog: &Catalog,
) -> crate::content::lessons::CatalogKind {
    use crate::content::lessons::CatalogKind;
    match (
        global.hardware.as_slice(),
        global.models.as_slice(),
        &global.model_config,
        &catalog.lab,
        &catalog.gpu_lab,
    ) {
        ([], [], None, None, None) => CatalogKind::Shipped,
        _ => CatalogKind::Extended,
    }
}

/// Every located problem as one error: a count line, then each problem with its line and caret
/// (one problem: just the problem).
pub(super) fn problems(what: &str, errors: &[LocatedError]) -> anyhow::Error {
    if let [only] = errors {
        return anyhow!("{only}");
    }
    let listed: Vec<String> = errors.iter().map(ToString::to_string).collect();
    anyhow!(
        "{} problem(s) in {what}:\n{}",
        errors.len(),
        listed.join("\n")
    )
}

/// The active cluster: the `--cluster` profile when given, else the tutor's default.
pub fn cluster(global: &GlobalArgs, catalog: &Catalog) -> Result<ClusterProfile> {
    let profile = match &global.cluster {
        Some(path) => load_cluster(path, catalog)
            .map_err(|e| anyhow!("{e}"))
            .context("cannot use that cluster profile")?,
        None => ClusterProfile::default_profile(),
    };
    super::own_cluster::with_model_config(global, profile)
}

/// The program for a run that keeps no progress of its own (a quiz, a presentation): nothing
/// saved before, no start-up warning, the renderer's measures.
#[must_use]
pub fn unsaved_app(
    catalog: impl Into<Deferred<Catalog>>,
    lessons: impl Into<Course>,
    cluster: Scenario,
    appearance: Appearance,
    viewport: ratatui::layout::Size,
) -> App {
    App::new(AppInit {
        catalog: catalog.into(),
        lessons: lessons.into(),
        cluster,
        progress: Progress::default(),
        warning: None,
        appearance,
        viewport,
        measure: crate::ui::MEASURE,
    })
}
