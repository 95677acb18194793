//! Every fenced code block of the site's content, highlighted: each must give back its text,
//! and the run prints how long highlighting the whole site takes (build time matters here).
//!
//! `cargo test --release -p site-highlight --test site_code_blocks -- --ignored --nocapture`

use site_highlight::highlight;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

struct Block {
    file: PathBuf,
    line: usize,
    lang: String,
    code: String,
}

/// Fenced blocks of one Markdown file: an opening run of 3+ backticks or tildes with an info
/// string, closed by a run of the same character at least as long and nothing after it.
fn fenced_blocks(file: &Path, text: &str, out: &mut Vec<Block>) {
    let mut open: Option<(char, usize, usize, String, Vec<&str>)> = None;
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let fence_char = trimmed.chars().next().filter(|c| *c == '`' || *c == '~');
        let run = fence_char.map_or(0, |c| trimmed.chars().take_while(|x| *x == c).count());
        match open.as_mut() {
            Some((c, len, _, _, lines)) => {
                if fence_char == Some(*c) && run >= *len && trimmed[run..].trim().is_empty() {
                    let (_, _, start, lang, lines) = open.take().unwrap();
                    out.push(Block { file: file.to_owned(), line: start, lang, code: lines.join("\n") });
                } else {
                    lines.push(line);
                }
            }
            None if run >= 3 => {
                let info = trimmed[run..].trim();
                let lang = info.split(|c: char| c.is_whitespace() || c == '{').next().unwrap_or("").to_string();
                open = Some((fence_char.unwrap(), run, n + 1, lang, Vec::new()));
            }
            None => {}
        }
    }
}

fn site_blocks() -> Vec<Block> {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content");
    let mut files = Vec::new();
    let mut dirs = vec![content];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("content/ is readable") {
            let path = entry.expect("content/ entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md" || e == "mdx") {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut blocks = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("content file is UTF-8");
        fenced_blocks(&file, &text, &mut blocks);
    }
    blocks
}

/// CPU time of this thread, so the figure holds on a loaded machine; wall time elsewhere.
fn thread_time(wall: Instant) -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .map_or_else(|| wall.elapsed(), Duration::from_nanos)
}

#[test]
#[ignore = "timing over the whole content/ tree; run it in release"]
fn every_site_code_block_round_trips_and_is_timed() {
    let blocks = site_blocks();
    assert!(blocks.len() > 100, "found only {} code blocks under content/", blocks.len());
    // The first call builds each grammar's query; time it apart from the steady state.
    let wall = Instant::now();
    let start = thread_time(wall);
    for b in &blocks {
        highlight(&b.lang, &b.code);
    }
    let warm = thread_time(wall);
    let highlighted: Vec<_> = blocks.iter().map(|b| highlight(&b.lang, &b.code)).collect();
    let (first, steady) = (warm - start, thread_time(wall) - warm);
    for (b, lines) in blocks.iter().zip(&highlighted) {
        let text: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(text.join("\n"), b.code, "{}:{} ({})", b.file.display(), b.line, b.lang);
    }
    let bytes: usize = blocks.iter().map(|b| b.code.len()).sum();
    println!(
        "{} code blocks, {} KiB, CPU time: first pass (with query compilation) {:.1} ms, second pass {:.1} ms",
        blocks.len(),
        bytes / 1024,
        first.as_secs_f64() * 1e3,
        steady.as_secs_f64() * 1e3
    );
}
