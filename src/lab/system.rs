//! What the system says about itself: the processor's name and the installed memory
//! (Linux `/proc`; elsewhere unknown, which the report says).

/// The processor's model name, or `unknown CPU`.
#[must_use]
pub fn cpu_name() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| parse_cpu_name(&text))
        .unwrap_or_else(|| "unknown CPU".to_owned())
}

/// Installed memory in bytes, when the system says.
#[must_use]
pub fn memory_bytes() -> Option<f64> {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| parse_mem_total(&text))
}

fn parse_cpu_name(cpuinfo: &str) -> Option<String> {
    cpuinfo
        .lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split_once(':'))
        .map(|(_, name)| name.trim().to_owned())
        .filter(|name| !name.is_empty())
}

fn parse_mem_total(meminfo: &str) -> Option<f64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_proc_files() {
        let cpuinfo = "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7B13\n";
        assert_eq!(parse_cpu_name(cpuinfo).as_deref(), Some("AMD EPYC 7B13"));
        assert_eq!(parse_cpu_name("processor : 0\n"), None);
        let meminfo = "MemTotal:       24554040 kB\nMemFree:        20000000 kB\n";
        assert_eq!(parse_mem_total(meminfo), Some(24_554_040.0 * 1024.0));
        assert_eq!(parse_mem_total("MemFree: 1 kB\n"), None);
    }
}
