//! Lines in, lines out: the plain mode's only contact with the terminal. Every line written has
//! its control characters escaped (lesson and model names come from files), so no escape
//! sequence reaches the output; a prompt is written without a newline, and what is typed after
//! it is written back when the input is not a terminal (a script, a pipe), so a transcript
//! reads as a session did.

use std::io::{self, BufRead, IsTerminal as _, Write};

use crate::content::terminal_text::escape_controls;

/// Whether a typed line is written back after its prompt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Echo {
    /// The terminal shows what is typed already.
    Terminal,
    /// A script or a pipe: the line is written back, so the output reads as a transcript.
    Written,
}

/// Where the plain mode reads and writes.
pub struct Console<R, W> {
    input: R,
    output: W,
    echo: Echo,
}

impl Console<io::StdinLock<'static>, io::Stdout> {
    /// The process's stdin and stdout.
    #[must_use]
    pub fn stdio() -> Self {
        let echo = if io::stdin().is_terminal() {
            Echo::Terminal
        } else {
            Echo::Written
        };
        Self::new(io::stdin().lock(), io::stdout(), echo)
    }
}

impl<R: BufRead, W: Write> Console<R, W> {
    /// A console over any reader and writer.
    pub const fn new(input: R, output: W, echo: Echo) -> Self {
        Self {
            input,
            output,
            echo,
        }
    }

    /// Writes one line.
    pub fn say(&mut self, text: &str) -> io::Result<()> {
        writeln!(self.output, "{}", escape_controls(text))
    }

    /// Writes each line.
    pub fn say_all<'a>(&mut self, lines: impl IntoIterator<Item = &'a String>) -> io::Result<()> {
        for line in lines {
            self.say(line)?;
        }
        Ok(())
    }

    /// Writes `prompt> ` and reads one line, trimmed; `None` at the end of the input.
    pub fn ask(&mut self, prompt: &str) -> io::Result<Option<String>> {
        write!(self.output, "{}> ", escape_controls(prompt))?;
        self.output.flush()?;
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            writeln!(self.output)?;
            return Ok(None);
        }
        let line = line.trim().to_owned();
        match self.echo {
            Echo::Written => writeln!(self.output, "{}", escape_controls(&line))?,
            Echo::Terminal => {}
        }
        Ok(Some(line))
    }

    /// The writer (tests read the transcript back).
    #[cfg(test)]
    pub fn into_output(self) -> W {
        self.output
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_script_reads_as_a_transcript_and_controls_are_escaped() {
        let mut console = Console::new(&b"0.2\n"[..], Vec::new(), Echo::Written);
        console.say("a \u{1b}[31m name").unwrap();
        assert_eq!(console.ask("guess").unwrap().as_deref(), Some("0.2"));
        assert_eq!(console.ask("next").unwrap(), None);
        let out = String::from_utf8(console.into_output()).unwrap();
        assert!(!out.contains('\u{1b}'), "{out:?}");
        assert!(out.ends_with("guess> 0.2\nnext> \n"), "{out:?}");
    }
}
