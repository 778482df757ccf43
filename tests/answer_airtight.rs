//! Predict before you see, airtight: for every predict and explore step of every shipped lesson,
//! on the default cluster and on a dense, an MoE, an MLA and a hybrid `--cluster`, a learner
//! opens the step and plays (nothing, `[`, `]`, ←, →, every precision and GPU key, `:batch` at
//! the answer ±5 % and at each power of two). After each move no number in the plot pane (the
//! plot, its labels, the slider, the readouts), no product or quotient of two of them, and no
//! number in the lesson's text lies within the step's tolerance of its answer; numbers the
//! learner typed or the question states excepted.
//!
//! Read off the rendered screen, independently of the app's withholding: a surface that forgets
//! to ask is caught. The screen is drawn only where a move changed the plot's setting, once for
//! both tests, with the clusters played side by side.

#[path = "tui/screen_figures.rs"]
mod screen_figures;
#[path = "tui/support.rs"]
mod support;

use std::collections::HashSet;
use std::path::Path;
use std::sync::OnceLock;

use crossterm::event::{Event, KeyCode};
use roofline_tutor::app::{App, Msg, NavMsg, PlotMsg};
use roofline_tutor::content::cluster::parse_cluster;
use roofline_tutor::content::data_files::builtin_catalog;
use roofline_tutor::domain::lesson::template::render as fill;
use roofline_tutor::domain::lesson::{Answer, Lesson, Step, scenario_for};
use roofline_tutor::domain::scenario::Scenario;
use roofline_tutor::domain::session::{ResolvedAnswer, resolve_lesson};
use roofline_tutor::domain::withhold::tokens;
use rstest::rstest;
use screen_figures::{Figure, figures, near, panes, unit};
use support::{course_app_on, key, press, render, send, text, typed};

const WIDTH: u16 = 120;
const HEIGHT: u16 = 40;

/// A dense model on four GPUs, as a learner's `--cluster` file gives it.
const DENSE: &str = r#"(format_version: 1, name: "dense: Llama-3-70B on 4× H100 SXM5, FP8",
    gpu: "h100-sxm", gpu_count: 4, tp: 4, model: "llama-3-70b", precision: fp8, kv: bf16,
    context: 8192, max_num_seqs: 128, mem_util: 0.9, overhead_gb: 3.0)"#;

/// The default cluster, a dense one, and the shipped MoE, MLA and hybrid profiles.
fn clusters() -> Vec<(String, Scenario)> {
    let catalog = builtin_catalog();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/clusters");
    let mut out = vec![("default".to_owned(), Scenario::default_cluster())];
    let dense = parse_cluster("dense.ron", DENSE, &catalog).expect("the dense profile parses");
    out.push((dense.name, dense.scenario));
    for file in [
        "mixtral-2x-h100.ron",
        "deepseek-v3-8x-h200.ron",
        "example.ron",
    ] {
        let path = dir.join(file);
        let text = std::fs::read_to_string(&path).expect("the profile is readable");
        let profile = parse_cluster(&path.display().to_string(), &text, &catalog)
            .unwrap_or_else(|e| panic!("{e}"));
        out.push((profile.name, profile.scenario));
    }
    out
}

/// One move from the step's own setting, and the numbers the learner typed in it.
struct Move {
    name: String,
    keys: Vec<Event>,
    typed: Option<f64>,
}

fn moves(answer: f64, unit_word: &str) -> Vec<Move> {
    let plain = |name: &str, code: KeyCode| Move {
        name: name.to_owned(),
        keys: vec![key(code)],
        typed: None,
    };
    let batch = |b: u32| {
        let mut keys = typed(&format!(":batch {b}"));
        keys.push(key(KeyCode::Enter));
        Move {
            name: format!(":batch {b}"),
            keys,
            typed: Some(f64::from(b)),
        }
    };
    let mut out = vec![
        Move {
            name: "none".to_owned(),
            keys: Vec::new(),
            typed: None,
        },
        plain("[", KeyCode::Char('[')),
        plain("]", KeyCode::Char(']')),
        plain("←", KeyCode::Left),
        plain("→", KeyCode::Right),
        plain("p", KeyCode::Char('p')),
        plain("P", KeyCode::Char('P')),
        plain("g", KeyCode::Char('g')),
        plain("G", KeyCode::Char('G')),
    ];
    if matches!(unit_word, "sequences" | "tokens") {
        for factor in [0.95, 1.05] {
            let b = (answer * factor).round();
            if (1.0..=4096.0).contains(&b) {
                out.push(batch(b as u32));
            }
        }
    }
    out.extend((0..=12).map(|k| batch(1 << k)));
    out
}

/// What a step asks: its answer's value (for an explore step, also at the plot's setting), the
/// unit word and the tolerance.
struct Asked {
    values: Vec<f64>,
    unit: String,
    judge: Judge,
}

/// What counts as giving the answer away.
#[derive(Clone, Copy)]
enum Judge {
    /// Within the step's tolerance of its answer (the issue's letter: it also catches a
    /// different quantity that happens to lie near the answer at some setting).
    Tolerance(f64),
    /// The answer's quantity at the plot's setting, read to the figures' own rounding: what
    /// withholding by quantity must hide at every setting. The slack is never wider than the
    /// step's tolerance (carried here): a reading through coarse figures (`1 ÷ 3`, each
    /// rounded by a third or more) that cannot land within the tolerance gives nothing away,
    /// and by the issue's letter is no leak either, so every hit here is also one there.
    Reading(f64),
}

impl Judge {
    #[track_caller]
    fn close(self, value: f64, answer: f64, from: &[&Figure]) -> bool {
        let slack = match self {
            Self::Tolerance(t) => t,
            Self::Reading(tolerance) => {
                (from.iter().map(|f| f.rounding).sum::<f64>() + 0.005).min(tolerance)
            }
        };
        near(value, answer, slack)
    }
}

fn asked(app: &App, step: &Step, resolved: Option<&ResolvedAnswer>, judge: Judge) -> Option<Asked> {
    let Some(ResolvedAnswer::Number {
        value,
        unit,
        tolerance,
    }) = resolved
    else {
        return None;
    };
    let answer = match step {
        Step::Predict(p) => &p.answer,
        Step::Explore(x) => &x.answer,
        Step::Read(_) | Step::Recall(_) | Step::Example(_) | Step::Explain(_) => return None,
    };
    let now = match ResolvedAnswer::resolve(answer, &app.plot().scenario, app.catalog()) {
        ResolvedAnswer::Number { value, .. } => Some(value),
        ResolvedAnswer::Choice { .. } | ResolvedAnswer::Unavailable { .. } => None,
    };
    let values = match judge {
        Judge::Tolerance(_) if matches!(step, Step::Explore(_)) => {
            std::iter::once(*value).chain(now).collect()
        }
        Judge::Tolerance(_) => vec![*value],
        Judge::Reading(_) => now.into_iter().collect(),
    };
    Some(Asked {
        values,
        unit: unit.clone(),
        judge: match judge {
            Judge::Tolerance(_) => Judge::Tolerance(*tolerance),
            Judge::Reading(_) => Judge::Reading(*tolerance),
        },
    })
}

/// The numbers the step's own text states (its question or task, as shown or alone).
fn stated(step: &Step, cluster: &Scenario, app: &App) -> Vec<f64> {
    let (patch, texts) = match step {
        Step::Predict(p) => (
            p.scenario.as_ref(),
            [Some(&p.question), p.alone.as_ref()]
                .into_iter()
                .flatten()
                .cloned()
                .collect::<Vec<_>>(),
        ),
        Step::Explore(x) => (x.preset.as_ref(), vec![x.task.clone()]),
        Step::Read(_) | Step::Recall(_) | Step::Example(_) | Step::Explain(_) => return vec![],
    };
    let scenario = scenario_for(patch, cluster);
    texts
        .iter()
        .flat_map(|t| {
            let shown = fill(t, &scenario, app.catalog());
            tokens(&shown).map(|t| t.value).collect::<Vec<_>>()
        })
        .collect()
}

/// What one screen gives away: each number (or product or quotient of two) that lies near the
/// answer, by the label of the figures it is read from, and the labels of every such number the
/// screen shows at all, near the answer or not.
#[derive(Default)]
struct Reading {
    hits: Vec<(String, String)>,
    shown: HashSet<String>,
}

/// A figure the GPU's datasheet gives (its ridge, peak or bandwidth).
fn is_datasheet(f: &Figure) -> bool {
    matches!(f.label.as_str(), "ridge" | "TF" | "TB/s")
}

/// The numbers (and products and quotients of two) on screen near the answer.
fn read(screen: &str, asked: &Asked, exempt: &[f64]) -> Reading {
    let mut out = Reading::default();
    let (text, plot) = panes(screen);
    let exempt_value = |v: f64| exempt.iter().any(|e| near(v, *e, 0.02));
    // A figure states an exempt number where it is that number to its own rounding.
    let exempt = |f: &Figure| {
        exempt
            .iter()
            .any(|e| (e - f.shown).abs() <= f.rounding * f.shown + 1e-9)
    };
    let answer_unit = unit(&asked.unit);
    let gives = |f: &Figure| {
        asked.values.iter().any(|a| match (f.base, answer_unit) {
            (Some((v, dim)), Some((scale, want))) => {
                dim == want && asked.judge.close(v, a * scale, &[f])
            }
            (Some(_), None) => false,
            _ => asked.judge.close(f.shown, *a, &[f]),
        })
    };
    let mut single = |f: &Figure, pane: &str, verb: &str| {
        let key = format!("{pane} {}", f.label);
        if gives(f) {
            out.hits
                .push((key.clone(), format!("{pane} {verb} {}", f.shown)));
        }
        out.shown.insert(key);
    };
    for f in figures(&text).iter().filter(|f| f.telling && !exempt(f)) {
        single(f, "text", "states");
    }
    let shown = figures(&plot);
    // A bare one-digit number with no unit on the plot pane is a setting or a count (`TP 2`,
    // `8× H200`), as in prose (see `Token::is_telling`), not a figure.
    let figure = |f: &&Figure| !exempt(f) && (f.telling || f.base.is_some());
    for f in shown.iter().filter(figure) {
        single(f, "plot", "shows");
    }
    let (Some((scale, want)), known) = (
        answer_unit,
        shown
            .iter()
            .filter_map(|f| f.base.map(|b| (f, b)))
            .collect::<Vec<_>>(),
    ) else {
        return out;
    };
    for (i, (f, (x, dx))) in known.iter().enumerate() {
        for (g, (y, dy)) in &known[i + 1..] {
            if exempt(f) && exempt(g) {
                continue;
            }
            // A figure the question states with the GPU's ridge, peak or bandwidth is the
            // computation the question sets ("4 FLOP/byte: what share of the roof?").
            if exempt(f) && is_datasheet(g) || exempt(g) && is_datasheet(f) {
                continue;
            }
            let sum = |s: i8| -> [i8; 4] { std::array::from_fn(|k| dx[k] + s * dy[k]) };
            let diff = |s: i8| -> [i8; 4] { std::array::from_fn(|k| s * (dx[k] - dy[k])) };
            let candidates = [
                (x * y, sum(1), "×"),
                (x / y, diff(1), "÷"),
                (y / x, diff(-1), "÷ (reversed)"),
            ];
            for (value, dim, op) in candidates {
                // What follows from the learner's own setting tells nothing new (batch =
                // tok/s × step time).
                if dim != want || exempt_value(value) {
                    continue;
                }
                let key = format!("plot {} {op} {}", f.label, g.label);
                if asked
                    .values
                    .iter()
                    .any(|a| asked.judge.close(value, a * scale, &[f, g]))
                {
                    out.hits.push((
                        key.clone(),
                        format!("plot shows {} {op} {}", f.shown, g.shown),
                    ));
                }
                out.shown.insert(key);
            }
        }
    }
    out
}

/// What gave the answer away on each screen of one step, by move. Within the tolerance, any
/// number near the answer counts. Read as the quantity, a number counts only where, at every
/// move that shows it, it is the answer at that move's setting: the answer's quantity (or a
/// relation to it) tracks the answer from one setting to the next, while a different quantity
/// that lies near the answer at one setting (the decode dot's intensity at batch 4 beside an
/// attention intensity of 4) does not; that one is the tolerance test's to catch.
fn leaks_of(judge: Judge, screens: &[(String, Reading)]) -> Vec<(String, String)> {
    let tracks = |key: &String| {
        screens
            .iter()
            .filter(|(_, r)| r.shown.contains(key))
            .all(|(_, r)| r.hits.iter().any(|(k, _)| k == key))
    };
    screens
        .iter()
        .filter_map(|(name, r)| {
            r.hits
                .iter()
                .find(|(key, _)| matches!(judge, Judge::Tolerance(_)) || tracks(key))
                .map(|(key, what)| (name.clone(), format!("{what} [{key}]")))
        })
        .collect()
}

/// The two judges, in the order [`Found`] lists what each found.
const JUDGES: [Judge; 2] = [Judge::Tolerance(0.1), Judge::Reading(0.1)];

/// What leaked, by judge (as [`JUDGES`]).
type Found = [Vec<String>; 2];

/// Plays every move on every predict and explore step of `lesson` and lists what leaked, by
/// judge: each screen is drawn once and read by both.
fn play(app: &mut App, cluster: &(String, Scenario), (index, lesson): (usize, &Lesson)) -> Found {
    let mut found = Found::default();
    let answers = resolve_lesson(lesson, &cluster.1, app.catalog());
    for (n, step) in lesson.steps.iter().enumerate() {
        if !matches!(step, Step::Predict(_) | Step::Explore(_))
            || !matches!(
                step,
                Step::Predict(p) if matches!(p.answer, Answer::Number(_))
            ) && !matches!(step, Step::Explore(x) if matches!(x.answer, Answer::Number(_)))
        {
            continue;
        }
        send(
            app,
            &[
                Msg::Nav(NavMsg::OpenLesson(index)),
                Msg::Nav(NavMsg::JumpToStep(n + 1)),
            ],
        );
        let Some(first) = asked(app, step, answers[n].as_ref(), Judge::Tolerance(0.1)) else {
            continue;
        };
        let question = stated(step, &cluster.1, app);
        let mut seen = HashSet::new();
        let mut screens: [Vec<(String, Reading)>; 2] = Default::default();
        for play in moves(first.values[0], &first.unit) {
            send(app, &[Msg::Plot(PlotMsg::ResetPlot)]);
            press(app, &play.keys);
            let setting = format!("{:?}", app.plot().scenario);
            if !seen.insert((setting, play.typed.map(f64::to_bits))) {
                continue;
            }
            // The batch on the plot is the learner's setting, as what they typed.
            let batch = f64::from(app.plot().scenario.batch);
            let exempt: Vec<f64> = question
                .iter()
                .copied()
                .chain(play.typed)
                .chain([batch])
                .collect();
            let mut screen = None;
            for (judge, screens) in JUDGES.into_iter().zip(&mut screens) {
                let Some(now) = asked(app, step, answers[n].as_ref(), judge) else {
                    continue;
                };
                let screen = screen.get_or_insert_with(|| text(&render(app, WIDTH, HEIGHT)));
                let name = format!(
                    "{} (answer {:.4} {})",
                    play.name,
                    now.values.first().copied().unwrap_or(f64::NAN),
                    now.unit
                );
                screens.push((name, read(screen, &now, &exempt)));
            }
        }
        for ((judge, screens), found) in JUDGES.into_iter().zip(&screens).zip(&mut found) {
            for (name, what) in leaks_of(judge, screens) {
                found.push(format!(
                    "{} · {} step {} ({}) after {name}: {what}",
                    cluster.0,
                    lesson.id,
                    n + 1,
                    step.id(),
                ));
            }
        }
    }
    found
}

/// Every step on one cluster, by judge. `AIRTIGHT_ONLY=cluster/lesson` (parts of their names)
/// narrows the play while a leak is hunted.
fn play_cluster(cluster: &(String, Scenario)) -> Found {
    let only = std::env::var("AIRTIGHT_ONLY").unwrap_or_default();
    let (only_cluster, only_lesson) = only.split_once('/').unwrap_or((&only, ""));
    let mut found = Found::default();
    if !cluster.0.contains(only_cluster) {
        return found;
    }
    let mut app = course_app_on(cluster.1.clone(), WIDTH, HEIGHT);
    let lessons: Vec<Lesson> = app.lessons().to_vec();
    for (index, lesson) in lessons.iter().enumerate() {
        if !lesson.id.contains(only_lesson) {
            continue;
        }
        for (all, more) in found
            .iter_mut()
            .zip(play(&mut app, cluster, (index, lesson)))
        {
            all.extend(more);
        }
    }
    found
}

/// Every step on every cluster, judged both ways: played once (each cluster on its own thread)
/// for both tests, which read their judge's part.
fn found() -> &'static Found {
    static FOUND: OnceLock<Found> = OnceLock::new();
    FOUND.get_or_init(|| {
        let clusters = clusters();
        let each: Vec<Found> = std::thread::scope(|s| {
            let threads: Vec<_> = clusters
                .iter()
                .map(|cluster| s.spawn(move || play_cluster(cluster)))
                .collect();
            threads
                .into_iter()
                .map(|t| t.join().expect("a cluster's play ends"))
                .collect()
        });
        let mut found = Found::default();
        for one in each {
            for (all, more) in found.iter_mut().zip(one) {
                all.extend(more);
            }
        }
        found
    })
}

#[test]
fn no_step_shows_the_quantity_it_asks_for_at_any_move_on_any_cluster() {
    let found = &found()[1];
    assert!(
        found.is_empty(),
        "{} leaks:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn no_figure_lies_within_the_tolerance_of_the_answer_at_any_move_on_any_cluster() {
    let found = &found()[0];
    assert!(
        found.is_empty(),
        "{} leaks:\n{}",
        found.len(),
        found.join("\n")
    );
}

/// A screen of two panes: the lesson's text on the left, the plot pane on the right.
fn screen(text: &str, plot: &str) -> String {
    let left = 44;
    format!(
        "╭{}╮╭{}╮\n│{text:<width$}│{plot}\n",
        "─".repeat(left),
        "─".repeat(40),
        width = left
    )
}

#[rstest]
#[case::the_answer_on_the_plot("", "AI 59.0 · batch 8", Some("plot AI"))]
#[case::a_product_of_two("", "20% of ridge · ridge 295", Some("plot % × ridge"))]
#[case::a_quotient_of_two("", "989 TF · 16.8 TB/s", Some("plot TF ÷ TB/s"))]
#[case::the_answer_in_the_text("the dot sits at 59 FLOP/byte", "batch 8", Some("text FLOP/byte"))]
#[case::nothing_near_it("the dot sits below the ridge", "ridge 295 · batch 8", None)]
#[case::what_the_question_states("a kernel at 59 FLOP/byte", "batch 8", None)]
fn the_reader_finds_a_planted_leak(
    #[case] text: &str,
    #[case] plot: &str,
    #[case] leak: Option<&str>,
) {
    // A faster reader that sees nothing cannot pass: each way a screen can give an answer of
    // 59 FLOP/byte away is planted once and found.
    let asked = Asked {
        values: vec![59.0],
        unit: "FLOP/byte".to_owned(),
        judge: Judge::Tolerance(0.1),
    };
    let exempt = if text.starts_with("a kernel") {
        vec![59.0]
    } else {
        vec![]
    };
    let found = read(&screen(text, plot), &asked, &exempt);
    let keys: Vec<&str> = found.hits.iter().map(|(key, _)| key.as_str()).collect();
    match leak {
        Some(key) => assert_eq!(keys, [key], "{:?}", found.hits),
        None => assert!(keys.is_empty(), "{:?}", found.hits),
    }
}
