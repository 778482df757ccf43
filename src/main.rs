//! The `roofline` binary: parses the command line and hands off to a command.

use std::process::ExitCode;

fn main() -> ExitCode {
    roofline_tutor::cli::main()
}
