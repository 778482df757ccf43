//! One line of a worked example, as the pane shows it: indented under the title, wrapped to
//! the pane; a line written `""` is a blank line between groups (lessons/README.md), not an
//! empty bullet.

use ratatui::style::Style;
use ratatui::text::Line;

use crate::ui::prose;

/// The pane's lines for one filled example line `text`, at `width` columns.
pub(super) fn lines(text: &str, width: u16) -> Vec<Line<'static>> {
    if text.trim().is_empty() {
        return vec![Line::default()];
    }
    prose::wrap(&format!("- {text}"), width, Style::new(), " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(lines: &[Line<'_>]) -> Vec<String> {
        lines.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_blank_line_stays_blank() {
        assert_eq!(shown(&lines("", 40)), vec![String::new()]);
    }

    #[test]
    fn a_line_is_indented_under_the_title() {
        assert_eq!(
            shown(&lines("Mean TTFT (ms):  248.63", 40)),
            vec!["  Mean TTFT (ms):  248.63".to_owned()]
        );
    }
}
