//! A small SVG writer: elements appended to a string, every text escaped, every number
//! finite (an element whose coordinates are not is left out rather than written as `NaN`).

use std::borrow::Cow;
use std::fmt::Write as _;

/// Escapes text for XML content and attribute values (`&`, `<`, `>`, `"`, `'`), and drops
/// the control characters XML 1.0 does not allow.
#[must_use]
pub fn escape(text: &str) -> Cow<'_, str> {
    let needs = |c: char| matches!(c, '&' | '<' | '>' | '"' | '\'') || is_forbidden(c);
    if !text.chars().any(needs) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if is_forbidden(c) => {}
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// Control characters other than tab and newline: not allowed in XML 1.0.
fn is_forbidden(c: char) -> bool {
    c.is_control() && c != '\t' && c != '\n'
}

/// Where a text's anchor point is along its line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// The text starts at the point.
    Start,
    /// The text is centred on the point.
    Middle,
    /// The text ends at the point.
    End,
}

impl Anchor {
    const fn name(self) -> &'static str {
        match self {
            Self::Start => "start",
            Self::Middle => "middle",
            Self::End => "end",
        }
    }
}

/// An SVG document being written: `Svg::new(w, h, style)`, elements, then [`Svg::finish`].
#[derive(Debug, Clone)]
pub struct Svg {
    out: String,
}

/// A number as SVG writes it: one decimal, `-0` as `0`.
fn num(v: f64) -> String {
    let text = format!("{v:.1}");
    match text.as_str() {
        "-0.0" => "0.0".to_owned(),
        _ => text,
    }
}

fn all_finite(values: &[f64]) -> bool {
    values.iter().all(|v| v.is_finite())
}

impl Svg {
    /// A document `width` × `height` pixels with this style sheet (CSS, written as is: it is
    /// the program's own text) and a title for screen readers.
    #[must_use]
    pub fn new(width: u32, height: u32, title: &str, style: &str) -> Self {
        let mut out = String::with_capacity(16 * 1024);
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" role=\"img\" font-family=\"sans-serif\">\n\
             <title>{}</title>\n<style>\n{style}\n</style>\n\
             <rect class=\"background\" x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\"/>\n",
            escape(title)
        );
        Self { out }
    }

    /// A straight line.
    pub fn line(&mut self, class: &str, from: (f64, f64), to: (f64, f64)) {
        let attributes = [("x1", from.0), ("y1", from.1), ("x2", to.0), ("y2", to.1)];
        self.shape("line", class, &attributes);
    }

    /// A line through several points.
    pub fn polyline(&mut self, class: &str, points: &[(f64, f64)]) {
        self.through("polyline", class, points);
    }

    /// A circle.
    pub fn circle(&mut self, class: &str, centre: (f64, f64), radius: f64) {
        self.shape(
            "circle",
            class,
            &[("cx", centre.0), ("cy", centre.1), ("r", radius)],
        );
    }

    /// A closed shape through several points (a diamond, a triangle).
    pub fn polygon(&mut self, class: &str, points: &[(f64, f64)]) {
        self.through("polygon", class, points);
    }

    /// A `<polyline>` or `<polygon>` through `points`; nothing when any point is not finite.
    fn through(&mut self, tag: &str, class: &str, points: &[(f64, f64)]) {
        if !points.iter().all(|p| all_finite(&[p.0, p.1])) {
            return;
        }
        let list: Vec<String> = points
            .iter()
            .map(|p| format!("{},{}", num(p.0), num(p.1)))
            .collect();
        let _ = writeln!(
            self.out,
            "<{tag} class=\"{class}\" points=\"{}\"/>",
            list.join(" ")
        );
    }

    /// A rectangle from its top-left corner.
    pub fn rect(&mut self, class: &str, corner: (f64, f64), size: (f64, f64)) {
        // Checked before the clamp, which would turn a NaN size into 0.
        if all_finite(&[size.0, size.1]) {
            let attributes = [
                ("x", corner.0),
                ("y", corner.1),
                ("width", size.0.max(0.0)),
                ("height", size.1.max(0.0)),
            ];
            self.shape("rect", class, &attributes);
        }
    }

    /// An empty element `<tag class="…" name="value" …/>`; nothing when any value is not
    /// finite.
    fn shape(&mut self, tag: &str, class: &str, attributes: &[(&str, f64)]) {
        if attributes.iter().all(|(_, value)| value.is_finite()) {
            let _ = write!(self.out, "<{tag} class=\"{class}\"");
            for (name, value) in attributes {
                let _ = write!(self.out, " {name}=\"{}\"", num(*value));
            }
            self.out.push_str("/>\n");
        }
    }

    /// One line of text, escaped.
    pub fn text(&mut self, class: &str, at: (f64, f64), anchor: Anchor, text: &str) {
        if all_finite(&[at.0, at.1]) {
            let _ = writeln!(
                self.out,
                "<text class=\"{class}\" x=\"{}\" y=\"{}\" text-anchor=\"{}\">{}</text>",
                num(at.0),
                num(at.1),
                anchor.name(),
                escape(text)
            );
        }
    }

    /// One line of text turned a quarter anticlockwise about its anchor (a vertical axis's
    /// title).
    pub fn text_up(&mut self, class: &str, at: (f64, f64), text: &str) {
        if all_finite(&[at.0, at.1]) {
            let (x, y) = (num(at.0), num(at.1));
            let _ = writeln!(
                self.out,
                "<text class=\"{class}\" x=\"{x}\" y=\"{y}\" text-anchor=\"middle\" \
                 transform=\"rotate(-90 {x} {y})\">{}</text>",
                escape(text)
            );
        }
    }

    /// The document.
    #[must_use]
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::plain("ridge 295", "ridge 295")]
    #[case::markup("<b>&\"'", "&lt;b&gt;&amp;&quot;&#39;")]
    #[case::control("a\u{1b}[31mb\u{7}", "a[31mb")]
    fn escapes_text(#[case] text: &str, #[case] escaped: &str) {
        assert_eq!(escape(text), escaped);
    }

    #[test]
    fn leaves_out_what_is_not_finite() {
        let mut svg = Svg::new(10, 10, "t", "");
        svg.line("a", (0.0, f64::NAN), (1.0, 1.0));
        svg.circle("b", (f64::INFINITY, 0.0), 1.0);
        svg.text("c", (1.0, f64::NAN), Anchor::Start, "x");
        svg.polyline("d", &[(0.0, 0.0), (f64::NAN, 1.0)]);
        svg.circle("e", (-0.01, 2.0), 3.0);
        let out = svg.finish();
        assert!(!out.contains("NaN") && !out.contains("inf"), "{out}");
        assert!(!out.contains("class=\"a\"") && !out.contains("class=\"d\""));
        assert!(out.contains("<circle class=\"e\" cx=\"0.0\" cy=\"2.0\" r=\"3.0\"/>"));
        assert!(out.ends_with("</svg>\n"));
    }

    #[test]
    fn the_title_is_escaped() {
        let out = Svg::new(10, 10, "a<b", "").finish();
        assert!(out.contains("<title>a&lt;b</title>"), "{out}");
    }
}
