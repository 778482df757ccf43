//! The domain layer stays pure: no terminal, no filesystem, no clock, no process.
//! A file under src/domain/ that names one of these fails this test.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const FORBIDDEN: [&str; 10] = [
    "ratatui",
    "crossterm",
    "std::fs",
    "std::io",
    "std::time",
    "std::env",
    "std::process",
    "std::net",
    "directories",
    "tempfile",
];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).expect("src/domain exists") {
        let path = entry.expect("readable entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn domain_names_no_io_terminal_or_clock() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![root.join("domain.rs")];
    rust_files(&root.join("domain"), &mut files);
    assert!(files.len() > 5, "found only {files:?}");
    let mut offences = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).expect("readable source");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            for word in FORBIDDEN {
                if code.contains(word) {
                    offences.push(format!("{}:{}: {word}: {line}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(
        offences.is_empty(),
        "the domain must stay pure:\n{}",
        offences.join("\n")
    );
}

/// The layers' other rule: `app` (state and `update`) never calls into `ui` (rendering). The
/// renderer's measures reach the app as values (`ui::MEASURE`), wired in by the program.
#[test]
fn app_never_calls_ui() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![root.join("app.rs")];
    rust_files(&root.join("app"), &mut files);
    let offences: Vec<String> = files
        .iter()
        // Unit tests may build an app with the real renderer's measures.
        .filter(|f| !f.ends_with("tests.rs"))
        .flat_map(|file| {
            let text = fs::read_to_string(file).expect("readable source");
            text.lines()
                .enumerate()
                .filter(|(_, line)| {
                    let code = line.split("//").next().unwrap_or_default();
                    code.contains("crate::ui") || code.contains("super::ui")
                })
                .map(|(n, line)| format!("{}:{}: {line}", file.display(), n + 1))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        offences.is_empty(),
        "app calls into ui:\n{}",
        offences.join("\n")
    );
}

/// A module path (`["domain", "session", "step"]`) for every file under src/ that belongs to the
/// library; `main.rs` and `build.rs` are crates of their own.
fn library_modules() -> BTreeMap<Vec<String>, PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    files
        .into_iter()
        .filter_map(|file| {
            let relative = file.strip_prefix(&root).ok()?.with_extension("");
            let mut path: Vec<String> = relative
                .iter()
                .map(|part| part.to_string_lossy().into_owned())
                .collect();
            match path.as_slice() {
                [only] if only == "main" || only == "build" => return None,
                [only] if only == "lib" => path.clear(),
                _ => {}
            }
            if path.last().is_some_and(|last| last == "mod") {
                path.pop();
            }
            Some((path, file))
        })
        .collect()
}

/// The paths one `use` tree names: `a::{b, c::{d as e, self}}` gives `a::b`, `a::c::d`, `a::c`.
fn expand_use_tree(prefix: &[String], tree: &str, out: &mut Vec<Vec<String>>) {
    let mut depth = 0;
    let mut start = 0;
    let mut items = Vec::new();
    for (i, c) in tree.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&tree[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&tree[start..]);
    for item in items
        .into_iter()
        .map(str::trim)
        .filter(|item| !item.is_empty())
    {
        if let Some(open) = item.find('{') {
            let head = item[..open].trim_end_matches("::");
            let inner = &item[open + 1..item.rfind('}').unwrap_or(item.len())];
            let mut next = prefix.to_vec();
            next.extend(
                head.split("::")
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned),
            );
            expand_use_tree(&next, inner, out);
        } else {
            let path = item.split(" as ").next().unwrap_or(item).trim();
            let mut full = prefix.to_vec();
            full.extend(
                path.split("::")
                    .map(str::trim)
                    .filter(|s| !s.is_empty() && *s != "*")
                    .map(str::to_owned),
            );
            if full.last().is_some_and(|last| last == "self") {
                full.pop();
            }
            out.push(full);
        }
    }
}

/// The file a path names from inside module `here`: the deepest library file along it, or `None`
/// for another crate.
fn resolve(
    modules: &BTreeMap<Vec<String>, PathBuf>,
    here: &[String],
    path: &[String],
) -> Option<Vec<String>> {
    let (mut base, rest) = match path.first().map(String::as_str) {
        Some("crate") => (Vec::new(), &path[1..]),
        Some("self") => (here.to_vec(), &path[1..]),
        Some("super") => {
            let supers = path.iter().take_while(|s| *s == "super").count();
            (
                here[..here.len().checked_sub(supers)?].to_vec(),
                &path[supers..],
            )
        }
        Some(first) => {
            let mut child = here.to_vec();
            child.push(first.to_owned());
            if !modules.contains_key(&child) {
                return None;
            }
            (here.to_vec(), path)
        }
        None => return None,
    };
    // An inline module (`mod tests { .. }`) lives in the file of its nearest file module.
    while !modules.contains_key(&base) {
        base.pop();
    }
    for segment in rest {
        base.push(segment.clone());
        if !modules.contains_key(&base) {
            base.pop();
            break;
        }
    }
    Some(base)
}

/// Every `use` statement and every `crate::`/`super::` path written out in code outside tests, with
/// the module (the file's, or an inline one inside it) that names it.
fn named_paths(file_module: &[String], text: &str) -> Vec<(Vec<String>, Vec<String>)> {
    let mut out = Vec::new();
    // Inline modules open: name, the brace depth they opened at, and whether they are tests.
    let mut inline: Vec<(String, usize, bool)> = Vec::new();
    let mut depth = 0_usize;
    let mut statement: Option<String> = None;
    let mut after_cfg_test = false;
    for line in text.lines() {
        let code = strip_strings(line.split("//").next().unwrap_or_default());
        let trimmed = code.trim();
        let mut here = file_module.to_vec();
        here.extend(inline.iter().map(|(name, _, _)| name.clone()));
        let bare = trimmed
            .trim_start_matches("pub(crate) ")
            .trim_start_matches("pub(super) ")
            .trim_start_matches("pub ");
        if let Some(name) = bare.strip_prefix("mod ").and_then(|m| m.strip_suffix('{')) {
            inline.push((name.trim().to_owned(), depth, after_cfg_test));
        }
        let in_test = after_cfg_test || inline.iter().any(|(_, _, test)| *test);
        after_cfg_test = trimmed == "#[cfg(test)]";
        if in_test {
            // Test code may build from anything (the shipped data, the whole program).
        } else if statement.is_none() {
            if let Some(tree) = bare.strip_prefix("use ") {
                statement = Some(tree.to_owned());
            } else {
                for (at, _) in code
                    .match_indices("crate::")
                    .chain(code.match_indices("super::"))
                {
                    let before = code[..at].chars().next_back();
                    if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                        continue;
                    }
                    let path: String = code[at..]
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                        .collect();
                    let segments = path
                        .split("::")
                        .filter(|s| !s.is_empty())
                        .map(str::to_owned);
                    out.push((here.clone(), segments.collect()));
                }
            }
        } else if let Some(s) = statement.as_mut() {
            s.push(' ');
            s.push_str(trimmed);
        }
        if let Some(tree) = statement.as_ref().filter(|s| s.contains(';')) {
            let mut paths = Vec::new();
            expand_use_tree(&[], tree.split(';').next().unwrap_or_default(), &mut paths);
            out.extend(paths.into_iter().map(|p| (here.clone(), p)));
            statement = None;
        }
        depth += code.matches('{').count();
        depth = depth.saturating_sub(code.matches('}').count());
        while inline.last().is_some_and(|(_, opened, _)| depth <= *opened) {
            inline.pop();
        }
    }
    out
}

/// A line with its string and char literals emptied, so braces and paths inside them do not count.
fn strip_strings(code: &str) -> String {
    let code = code
        .replace("'\"'", "''")
        .replace("'{'", "''")
        .replace("'}'", "''");
    let mut out = String::new();
    let mut in_string = false;
    let mut escaped = false;
    for c in code.chars() {
        match (in_string, c) {
            (true, _) if escaped => escaped = false,
            (true, '\\') => escaped = true,
            (true | false, '"') => {
                in_string = !in_string;
                out.push('"');
            }
            (true, _) => {}
            (false, c) => out.push(c),
        }
    }
    out
}

/// The file graph: an edge from each library file to each other library file it names, leaving out
/// a module naming its own submodules (the tree, not a dependency).
fn import_graph() -> BTreeMap<String, BTreeSet<String>> {
    let modules = library_modules();
    // Test files (`tests.rs`, `*_tests.rs`) are leaves: nothing outside tests names them.
    let modules: BTreeMap<_, _> = modules
        .into_iter()
        .filter(|(_, file)| {
            let stem = file.file_stem().unwrap_or_default().to_string_lossy();
            !(stem == "tests" || stem.ends_with("_tests"))
        })
        .collect();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let name = |module: &[String]| {
        let file = modules[module].strip_prefix(root).expect("under the crate");
        file.display().to_string()
    };
    let mut graph = BTreeMap::new();
    for (module, file) in &modules {
        let text = fs::read_to_string(file).expect("readable source");
        let edges: &mut BTreeSet<String> = graph.entry(name(module)).or_default();
        for (here, path) in named_paths(module, &text) {
            let Some(target) = resolve(&modules, &here, &path) else {
                continue;
            };
            // `learn::input` is reached through `learn.rs`: naming it depends on both. A
            // module's own ancestors and submodules are its tree, not dependencies.
            for depth in 1..=target.len() {
                let through = &target[..depth];
                let tree = module.starts_with(through) || through.starts_with(module);
                if !tree && modules.contains_key(through) {
                    edges.insert(name(through));
                }
            }
        }
    }
    graph
}

/// The strongly connected groups of more than one file (Tarjan), each sorted, as circles.
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'g> {
        graph: &'g BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        found: Vec<Vec<String>>,
    }
    fn visit<'g>(walk: &mut Walk<'g>, node: &'g str) {
        let n = walk.index.len();
        walk.index.insert(node, n);
        walk.low.insert(node, n);
        walk.stack.push(node);
        for next in walk.graph.get(node).into_iter().flatten() {
            if !walk.index.contains_key(next.as_str()) {
                visit(walk, next);
                let low = walk.low[node].min(walk.low[next.as_str()]);
                walk.low.insert(node, low);
            } else if walk.stack.contains(&next.as_str()) {
                let low = walk.low[node].min(walk.index[next.as_str()]);
                walk.low.insert(node, low);
            }
        }
        if walk.low[node] == walk.index[node] {
            let at = walk
                .stack
                .iter()
                .rposition(|n| *n == node)
                .expect("on the stack");
            let mut group: Vec<String> = walk.stack.drain(at..).map(str::to_owned).collect();
            if group.len() > 1 {
                group.sort();
                walk.found.push(group);
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for node in graph.keys() {
        if !walk.index.contains_key(node.as_str()) {
            visit(&mut walk, node);
        }
    }
    walk.found
}

#[test]
fn no_two_files_import_each_other() {
    let graph = import_graph();
    assert!(graph.len() > 100, "found only {} files", graph.len());
    let found: Vec<String> = circles(&graph)
        .into_iter()
        .map(|group| group.join(" "))
        .collect();
    assert!(
        found.is_empty(),
        "import circles between files (each group imports itself round):\n{found:#?}"
    );
}

/// The files under `layer` (a top-level module) that name a file of one of the `above` layers.
fn names_above(
    graph: &BTreeMap<String, BTreeSet<String>>,
    layer: &str,
    above: &[&str],
) -> Vec<String> {
    let in_layer = |file: &str, layer: &str| {
        file == format!("src/{layer}.rs") || file.starts_with(&format!("src/{layer}/"))
    };
    graph
        .iter()
        .filter(|(file, _)| in_layer(file, layer))
        .flat_map(|(file, targets)| {
            targets
                .iter()
                .filter(|target| above.iter().any(|a| in_layer(target, a)))
                .map(move |target| format!("{file} names {target}"))
        })
        .collect()
}

/// Widgets draw what they are given: they name neither the program's state nor its screens.
#[test]
fn widgets_name_no_app_or_ui() {
    let offences = names_above(&import_graph(), "widgets", &["app", "ui"]);
    assert!(
        offences.is_empty(),
        "widgets reach up:\n{}",
        offences.join("\n")
    );
}

/// The domain is the bottom layer: outside its tests (which may build from the shipped data) it
/// names nothing above it.
#[test]
fn domain_names_nothing_above_it() {
    let above = [
        "app", "ui", "widgets", "cli", "content", "store", "lab", "detect",
    ];
    let offences = names_above(&import_graph(), "domain", &above);
    assert!(
        offences.is_empty(),
        "the domain reaches up:\n{}",
        offences.join("\n")
    );
}

/// Issue 21: one concept per file, about 400 lines at most (`foo.rs` + `foo/` when it grows).
/// Functions are held under 80 lines by clippy's `too_many_lines` (clippy.toml).
#[test]
fn no_source_file_runs_over_400_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(files.len() > 100, "found only {} files", files.len());
    let mut long: Vec<String> = files
        .iter()
        .filter_map(|file| {
            let lines = fs::read_to_string(file)
                .expect("readable source")
                .lines()
                .count();
            (lines > 400).then(|| format!("{} ({lines} lines)", file.display()))
        })
        .collect();
    long.sort();
    assert!(
        long.is_empty(),
        "split these files (foo.rs + foo/):\n{}",
        long.join("\n")
    );
}
