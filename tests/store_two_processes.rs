//! Two tutors (two processes) on one data directory answer different steps; every answer is
//! in the file afterwards. The test runs this test binary twice more as the two tutors (the
//! `tutor_process` test, which does nothing unless started so) and paces them through pipes:
//! both load before either saves, then they save in turn, then they race. No sleeps.

use std::io::{BufRead as _, BufReader, Lines, Write as _};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use roofline_tutor::domain::schedule::{Review, Timestamp};
use roofline_tutor::domain::session::{Grade, Guess, Progress, StepRecord};
use roofline_tutor::store::{Saved, Store};

const ROLE: &str = "ROOFLINE_TEST_TUTOR";
const DIR: &str = "ROOFLINE_TEST_DATA_DIR";
const LESSON: &str = "ridge-point";
const RACE_STEPS: u32 = 25;

/// One tutor's side: answers steps named after its role when told to, saving after each.
#[test]
fn tutor_process() {
    let (Ok(role), Ok(dir)) = (std::env::var(ROLE), std::env::var(DIR)) else {
        return; // an ordinary run of the suite: nothing to do
    };
    let mut store = Store::new(dir);
    let mut progress = store.load().progress;
    println!("@loaded");
    let mut answered = 0;
    for line in std::io::stdin().lines() {
        let line = line.unwrap();
        let count = match line.as_str() {
            "answer" => 1,
            "race" => RACE_STEPS,
            "quit" => break,
            other => panic!("unknown command {other}"),
        };
        for _ in 0..count {
            answered += 1;
            answer(&mut progress, &format!("{role}-{answered}"), answered);
            assert_eq!(store.save(&progress).expect("saved"), Saved::Written);
        }
        println!("@done {answered}");
    }
}

fn answer(progress: &mut Progress, step: &str, n: u32) {
    let lesson = progress.lessons.entry(LESSON.into()).or_default();
    lesson.steps.insert(
        step.into(),
        StepRecord::Revealed {
            guess: Guess::Number(f64::from(n)),
            score: Some(100),
            answer: None,
        },
    );
    lesson.resume_step = Some(step.into());
    progress.add_review(
        LESSON,
        step,
        Review {
            at: Timestamp(1_767_225_600 + i64::from(n)),
            grade: Grade::Good,
        },
    );
}

struct Tutor {
    child: Child,
    input: ChildStdin,
    output: Lines<BufReader<ChildStdout>>,
}

impl Tutor {
    fn start(role: &str, dir: &Path) -> Self {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "tutor_process",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(ROLE, role)
            .env(DIR, dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap()).lines();
        Self {
            child,
            input,
            output,
        }
    }

    fn send(&mut self, command: &str) {
        writeln!(self.input, "{command}").unwrap();
        self.input.flush().unwrap();
    }

    /// The next thing the tutor says, after an `@` (the rest is the test harness's; its
    /// "test tutor_process ... " may start the line).
    #[track_caller]
    fn expect(&mut self, said: &str) {
        for line in self.output.by_ref() {
            let line = line.unwrap();
            if let Some((_, line)) = line.split_once('@') {
                assert_eq!(line, said);
                return;
            }
        }
        panic!("the tutor ended before saying {said}");
    }

    fn quit(mut self) {
        self.send("quit");
        assert!(self.child.wait().unwrap().success());
    }
}

#[test]
fn two_tutors_on_one_data_dir_lose_no_answer() {
    let temp = tempfile::tempdir().unwrap();
    let mut a = Tutor::start("a", temp.path());
    let mut b = Tutor::start("b", temp.path());
    a.expect("loaded");
    b.expect("loaded");

    // In turn: b saves over a file it has not seen since a's save.
    a.send("answer");
    a.expect("done 1");
    b.send("answer");
    b.expect("done 1");

    // At once: the lock serialises the saves.
    a.send("race");
    b.send("race");
    a.expect(&format!("done {}", RACE_STEPS + 1));
    b.expect(&format!("done {}", RACE_STEPS + 1));
    a.quit();
    b.quit();

    let progress = Store::new(temp.path()).load().progress;
    let lesson = &progress.lessons[LESSON];
    for role in ["a", "b"] {
        for n in 1..=RACE_STEPS + 1 {
            let step = format!("{role}-{n}");
            assert!(lesson.steps.contains_key(&step), "{step} lost");
            assert_eq!(progress.history(LESSON, &step).len(), 1, "{step}'s review");
        }
    }
    assert_eq!(lesson.steps.len(), 2 * (RACE_STEPS as usize + 1));
}
