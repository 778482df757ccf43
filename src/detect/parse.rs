//! Parsers for the detection tools' outputs (pure; tested on saved outputs in
//! `tests/fixtures/detect/`, each with where it came from).

use super::Found;

/// `nvidia-smi --query-gpu=name,memory.total --format=csv,noheader`: one GPU a line,
/// `NVIDIA H100 80GB HBM3, 81559 MiB`. A header line (without `noheader`) is skipped.
#[must_use]
pub fn nvidia_smi_csv(text: &str) -> Vec<Found> {
    text.lines()
        .filter_map(|line| {
            let (name, memory) = line.rsplit_once(',')?;
            let name = name.trim();
            if name.is_empty() || name.eq_ignore_ascii_case("name") {
                return None;
            }
            Some(Found {
                name: name.to_owned(),
                memory_bytes: mib(memory),
            })
        })
        .collect()
}

fn mib(text: &str) -> Option<f64> {
    let number = text.trim().strip_suffix("MiB")?.trim();
    number.parse::<f64>().ok().map(|m| m * 1024.0 * 1024.0)
}

/// `rocm-smi --showproductname --showmeminfo vram`: lines `GPU[i] : Card series: NAME` (or
/// `Card Series`) and `GPU[i] : VRAM Total Memory (B): BYTES`, in any order. The series names
/// the product (newer ROCm: `AMD Instinct MI300X OAM`; older: `Arcturus GL-XL [AMD Instinct
/// MI100]`, whose bracket is kept as the name).
#[must_use]
pub fn rocm_smi(text: &str) -> Vec<Found> {
    let mut found: Vec<(u32, Found)> = Vec::new();
    for line in text.lines() {
        let Some((index, rest)) = gpu_line(line) else {
            continue;
        };
        let Some((key, value)) = rest.split_once(':') else {
            continue;
        };
        let (key, value) = (key.trim().to_ascii_lowercase(), value.trim());
        let slot = if let Some(at) = found.iter().position(|(i, _)| *i == index) {
            at
        } else {
            found.push((
                index,
                Found {
                    name: String::new(),
                    memory_bytes: None,
                },
            ));
            found.len() - 1
        };
        let gpu = &mut found[slot].1;
        match key.as_str() {
            "card series" => bracketed(value).clone_into(&mut gpu.name),
            "vram total memory (b)" => gpu.memory_bytes = value.parse().ok(),
            _ => {}
        }
    }
    found
        .into_iter()
        .map(|(_, gpu)| gpu)
        .filter(|gpu| !gpu.name.is_empty())
        .collect()
}

/// `GPU[3]   : rest` → (3, `rest`).
fn gpu_line(line: &str) -> Option<(u32, &str)> {
    let rest = line.trim_start().strip_prefix("GPU[")?;
    let (index, rest) = rest.split_once(']')?;
    let rest = rest.trim_start().strip_prefix(':')?;
    Some((index.parse().ok()?, rest))
}

/// `Arcturus GL-XL [AMD Instinct MI100]` → `AMD Instinct MI100`; anything else as it is.
fn bracketed(value: &str) -> &str {
    value
        .rsplit_once('[')
        .and_then(|(_, inner)| inner.strip_suffix(']'))
        .filter(|inner| !inner.is_empty())
        .unwrap_or(value)
}
