//! Widgets with no ratatui equivalent: the log-log roofline plot and the batch slider.
