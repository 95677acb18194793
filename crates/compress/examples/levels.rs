//! What each gzip level and brotli quality costs and gives on real files (a measurement, not a
//! test): reads file paths on standard input, one a line, and prints for each setting the best
//! time of a few runs over all of them and the bytes out. The brotli qualities are the
//! arguments (default 4 5 11); gzip levels 1–6 always.
//!
//!   find build/docs -name '*.html' | head -300 | cargo run -p site-compress --release --example levels -- 5 10 11
use std::io::BufRead;
use std::time::Instant;

fn best_of(runs: usize, mut work: impl FnMut() -> usize) -> (f64, usize) {
    let mut best = f64::MAX;
    let mut size = 0;
    for _ in 0..runs {
        let t = Instant::now();
        size = work();
        best = best.min(t.elapsed().as_secs_f64());
    }
    (best * 1000.0, size)
}

fn main() {
    let files: Vec<Vec<u8>> = std::io::stdin()
        .lock()
        .lines()
        .map(|l| {
            let path = l.expect("a line of standard input");
            std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
        })
        .collect();
    let raw: usize = files.iter().map(Vec::len).sum();
    println!("{} files, {raw} bytes", files.len());
    for level in 1..=6 {
        let (ms, size) = best_of(5, || files.iter().map(|f| site_compress::gzip(f, level).unwrap().len()).sum());
        println!("gzip {level}: {ms:.0} ms, {size} bytes");
    }
    let mut qualities: Vec<u32> = std::env::args().skip(1).map(|a| a.parse().expect("a brotli quality")).collect();
    if qualities.is_empty() {
        qualities = vec![4, 5, 11];
    }
    for q in qualities {
        let (ms, size) = best_of(3, || files.iter().map(|f| site_compress::brotli(f, q).unwrap().len()).sum());
        println!("brotli {q}: {ms:.0} ms, {size} bytes");
    }
}
