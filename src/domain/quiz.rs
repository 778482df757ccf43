//! The quiz: scored predictions drawn from the lessons' predict steps, fresh numbers per seed,
//! one result per student, and a class table from many results.
//!
//! - [`draw`]: which questions a seed gives (in order, each on its variant scenario).
//! - [`mark`]: scoring a response (the study mode's log-space score), skipping, calibration,
//!   the summary at the end.
//! - [`result`]: the result file a student hands in (JSON, versioned).
//! - [`class`]: a class's results as one table.
//!
//! Pure: time is passed in as RFC 3339 text and a duration (`core::time::Duration`, a value;
//! no clock is read here).

pub mod class;
pub mod draw;
pub mod mark;
pub mod result;
pub mod words;

pub use draw::{ClusterOrigin, DrawError, Question, QuestionAnswer, QuizSpec, draw, pool};
pub use mark::{Calibration, Confidence, Guess, Level, Mark, Response, Summary, mark, summarize};
pub use result::{QUIZ_FORMAT_VERSION, QuestionResult, QuizResult, Taker};
pub use words::{Reveal, reveal, scenario_words};
