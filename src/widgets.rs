//! Widgets with no ratatui equivalent: the log-log roofline plot, the batch slider and the
//! readouts line beneath them.
//!
//! The screen builds plain-data inputs from the engine on every event and renders them:
//!
//! ```ignore
//! let evaluation = scenario.evaluate(&catalog)?;
//! let look = Appearance::new(glyphs, ColorMode::from_no_color(no_color.as_deref()));
//! let plot = PlotModel::from_evaluation(&scenario, &evaluation, look)
//!     .with_overlay(overlay_gpu.and_then(|gpu| Roof::for_gpu(gpu, scenario.precision)));
//! frame.render_widget(RooflinePlot::new(&plot), plot_area);
//! let slider = BatchSlider::from_evaluation(&scenario, &evaluation, look);
//! frame.render_widget(&slider, slider_area);
//! frame.render_widget(ReadoutsLine::new(&evaluation, look, &Withheld::none()), readouts_area);
//! // Mouse: the same geometry the render used.
//! if let Some(track) = slider.track(slider_area) {
//!     let batch = track.batch_at_column(mouse.column);
//! }
//! ```

// A new variant of one of the project's enums must be handled wherever it is matched: no
// `_ =>` arm takes it in silence (a restriction lint, turned on per module, as in `domain`).
#![warn(clippy::wildcard_enum_match_arm)]

pub mod batch_slider;
pub mod curve_plot;
pub mod dotted_line;
pub mod guess_strip;
pub mod label_placer;
pub mod measured_overlay;
pub mod palette;
pub mod plot_axes;
pub mod plot_layout;
pub mod plot_legend;
pub mod plot_model;
pub mod qr_code;
pub mod readouts;
pub mod roofline_plot;
pub mod theme;

pub use batch_slider::{BatchSlider, SLIDER_MAX_BATCH, SLIDER_MIN_BATCH, SliderTrack};
pub use curve_plot::{CurveModel, CurvePlot};
pub use guess_strip::GuessStrip;
pub use measured_overlay::{MeasuredOverlay, MeasuredPoint, PointLabel, Share};
pub use palette::Palette;
pub use plot_model::{DecodeDot, INTENSITY_AXIS, PlotModel, Roof, RoofSource};
pub use readouts::{Readout, ReadoutsLine, readouts};
pub use roofline_plot::RooflinePlot;
pub use theme::{Appearance, ColorMode, Element, GlyphSet};
