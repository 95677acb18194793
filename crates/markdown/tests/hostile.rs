//! The hostile-content corpus (`tests/hostile/`): files that once crashed or hung the engine,
//! or that sit at or past a limit. Before the limits (measured on a 2 MiB thread, release
//! build): `quotes-15000`, `admonitions-5000`, `details-5000` and `emphasis-20000` aborted the
//! process with a stack overflow; `highlight-range-huge` asked for 16 GB; `url-close-parens`
//! took 16 s, `highlight-ranges-repeated` 6 s, `urls-many` 1.8 s; `lists-5000`,
//! `strong-runs-10000` and `kbd-1000` compiled to page data that serde_json cannot read back;
//! `bash-brace-plane-16` killed the process (SIGSEGV in the Bash grammar's scanner). Each
//! `NAME.md` has a `NAME.expected` beside it, one line
//! each: `ok`, or `error LINE: START` / `warning LINE: START` for a diagnostic that must be
//! reported on that line, its message starting with START. With an `error` line the file must
//! fail. Every file is compiled on a 2 MiB thread (a rayon worker's stack) within
//! `TIME_LIMIT`, and a file that compiles must obey the limits.

mod common;

use common::{block_depth, inline_depth, page_data_round_trip};
use site_markdown::limits::{MAX_BLOCK_NESTING, MAX_INLINE_NESTING};
use site_markdown::{Diagnostic, KeepLinks, SourceKind, compile, source_text};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The most one corpus file may take. The largest is a few hundred KB; optimised, each takes
/// milliseconds; this leaves room for an unoptimised build on a busy machine.
const TIME_LIMIT: Duration = Duration::from_secs(5);

#[derive(Debug, PartialEq)]
enum Expected {
    Ok,
    Diagnostic { error: bool, line: usize, start: String },
}

fn expectations(path: &Path) -> Vec<Expected> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            if l.trim() == "ok" {
                return Expected::Ok;
            }
            let (kind, rest) = l.split_once(' ').unwrap_or_else(|| panic!("{}: bad line `{l}`", path.display()));
            let (line, start) = rest.split_once(": ").unwrap_or_else(|| panic!("{}: bad line `{l}`", path.display()));
            let error = match kind {
                "error" => true,
                "warning" => false,
                _ => panic!("{}: `{kind}` is neither error nor warning", path.display()),
            };
            Expected::Diagnostic { error, line: line.parse().expect("a line number"), start: start.to_string() }
        })
        .collect()
}

struct Outcome {
    errors: Vec<Diagnostic>,
    warnings: Vec<Diagnostic>,
    took: Duration,
}

/// Compiles one corpus file as `site-content` would, on a 2 MiB thread.
fn run(path: PathBuf) -> Outcome {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let bytes = std::fs::read(&path).unwrap();
            let start = Instant::now();
            let name = Path::new(path.file_name().unwrap());
            let mut warnings = Vec::new();
            let errors = match source_text(name, &bytes) {
                Err(d) => vec![d],
                Ok(text) => match compile(name, text, SourceKind::BlogPost, &mut KeepLinks, &mut warnings) {
                    Err(errors) => errors,
                    Ok(doc) => {
                        assert!(block_depth(&doc.content.blocks().unwrap()) <= MAX_BLOCK_NESTING, "{}", path.display());
                        assert!(
                            inline_depth(&doc.content.blocks().unwrap()) <= MAX_INLINE_NESTING,
                            "{}",
                            path.display()
                        );
                        page_data_round_trip(&doc.content.blocks().unwrap())
                            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                        vec![]
                    }
                },
            };
            Outcome { errors, warnings, took: start.elapsed() }
        })
        .unwrap()
        .join()
        .expect("compiling a corpus file panicked")
}

/// Checks one file against its expectations; returns how long it took.
fn check_file(md: &Path) -> Result<Duration, String> {
    let expected = expectations(&md.with_extension("expected"));
    let outcome = run(md.to_path_buf());
    let shown = |list: &[Diagnostic]| list.iter().map(|d| format!("\n  {d}")).collect::<String>();
    if outcome.took > TIME_LIMIT {
        return Err(format!("took {:?}", outcome.took));
    }
    if expected == [Expected::Ok] {
        return match outcome.errors.is_empty() {
            true => Ok(outcome.took),
            false => Err(format!("expected ok, got:{}", shown(&outcome.errors))),
        };
    }
    if expected.iter().any(|e| matches!(e, Expected::Diagnostic { error: true, .. })) && outcome.errors.is_empty() {
        return Err("expected errors, got none".into());
    }
    for e in &expected {
        let Expected::Diagnostic { error, line, start } = e else {
            return Err("`ok` must be the only line".into());
        };
        let list = if *error { &outcome.errors } else { &outcome.warnings };
        if !list.iter().any(|d| d.line == Some(*line) && d.message.starts_with(start.as_str())) {
            return Err(format!("no {e:?} in:{}{}", shown(&outcome.errors), shown(&outcome.warnings)));
        }
    }
    Ok(outcome.took)
}

#[test]
fn hostile_corpus() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "the corpus is {} files", files.len());
    let mut failures = Vec::new();
    let mut slowest = (Duration::ZERO, String::new());
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        match check_file(f) {
            Ok(took) => slowest = slowest.max((took, name)),
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    println!("hostile corpus: {} files, slowest {} in {} ms", files.len(), slowest.1, slowest.0.as_millis());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
