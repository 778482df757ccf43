use std::hint::black_box;
use std::time::Instant;
use clap::Parser;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::widgets::Paragraph;
use roofline_tutor::app::{App, AppInit};
use roofline_tutor::cli::args::Cli;
use roofline_tutor::domain::scenario::Scenario;
use roofline_tutor::domain::session::Progress;
use roofline_tutor::widgets::Appearance;
#[derive(Debug, Parser)]
struct Bare { #[arg(long)] ascii: bool }
fn bare() { let a = Bare::try_parse_from(["bare"]).unwrap(); let mut t = Terminal::new(TestBackend::new(120,40)).unwrap(); t.draw(|f| f.render_widget(Paragraph::new(format!("hello {}", a.ascii)), f.area())).unwrap(); black_box(t); }
fn time(name: &str, f: &dyn Fn()) -> f64 { let mut v = vec![]; for _ in 0..41 { let s = Instant::now(); for _ in 0..20 { f(); bare(); } v.push(s.elapsed().as_secs_f64()/20.0); } v.sort_by(f64::total_cmp); let m = v[20]; println!("{name:30} {:8.1} us (incl. bare)", m*1e6); m }
fn main() {
    if std::env::args().any(|a| a == "draw") { let cli = Cli::try_parse_from(["roofline"]).unwrap(); let catalog = roofline_tutor::cli::catalog(&cli.global).unwrap(); let lessons = roofline_tutor::cli::lessons(&cli.global, &catalog).unwrap(); let app = App::new(AppInit { catalog, lessons, cluster: Scenario::default_cluster(), progress: Progress::default(), warning: None, appearance: Appearance::default(), viewport: ratatui::layout::Size::new(120,40), measure: roofline_tutor::ui::MEASURE }); let mut t = Terminal::new(TestBackend::new(120,40)).unwrap(); for _ in 0..200000 { t.draw(|f| f.render_widget(&app, f.area())).unwrap(); } return; }
    let cli = Cli::try_parse_from(["roofline"]).unwrap();
    let catalog = roofline_tutor::cli::catalog(&cli.global).unwrap();
    let lessons = roofline_tutor::cli::lessons(&cli.global, &catalog).unwrap();
    let mk = || App::new(AppInit { catalog: catalog.clone(), lessons: lessons.clone(), cluster: Scenario::default_cluster(), progress: Progress::default(), warning: None, appearance: Appearance::default(), viewport: ratatui::layout::Size::new(120,40), measure: roofline_tutor::ui::MEASURE });
    let app = mk();
    let b = time("nothing", &|| {});
    let r = |n: &str, f: &dyn Fn()| println!("  -> {n}: {:.1} us", (time(n, f) - b)*1e6);
    r("bare again", &|| bare());
    r("args", &|| { black_box(Cli::try_parse_from(["roofline"]).unwrap()); });
    r("catalog", &|| { black_box(roofline_tutor::cli::catalog(&cli.global).unwrap()); });
    r("clone cat+lessons", &|| { black_box((catalog.clone(), lessons.clone())); });
    r("app new", &|| { black_box(mk()); });
    r("terminal new", &|| { black_box(Terminal::new(TestBackend::new(120,40)).unwrap()); });
    r("draw only", &|| { let mut t = Terminal::new(TestBackend::new(120,40)).unwrap(); t.draw(|f| f.render_widget(&app, f.area())).unwrap(); black_box(t); });
    r("keymap", &|| { black_box(roofline_tutor::app::Keymap::default()); });
}
#[allow(dead_code)]
pub fn drawloop() {}
