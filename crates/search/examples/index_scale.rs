//! Times the index stage on a built site's page data, and on copies of it to see how the
//! stage grows with the page count (a benchmark, not a test):
//!
//!   cargo run --release -p site-search --example index_scale -- build 1 8 32
//!
//! reads `build/page-data/**/*.json`, then for each factor N indexes N copies of every page
//! (routes suffixed `-2`, `-3`, …) into a temporary folder and prints pages, files and time.

use site_schema::{PageData, SearchTitle};
use std::path::Path;
use std::time::Instant;

/// The engine's allocator (src/alloc.rs): the index's allocation costs are not glibc's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let site = args.next().unwrap_or_else(|| "build".into());
    let factors: Vec<usize> = args.map(|a| a.parse()).collect::<Result<_, _>>()?;
    let pages = read_pages(&Path::new(&site).join("page-data"))?;
    for factor in if factors.is_empty() { vec![1] } else { factors } {
        let copies = copies(&pages, factor);
        let out = tempfile::tempdir()?;
        let start = Instant::now();
        let stats = site_search::write_index(&copies, &titles(&copies), "zh-hans", out.path())?;
        let ms = start.elapsed().as_millis();
        println!(
            "{:>6} pages in, {:>6} indexed, {:>5} files, {:>8} KB: {ms:>6} ms",
            copies.len(),
            stats.pages,
            stats.files,
            stats.bytes / 1024
        );
    }
    Ok(())
}

fn read_pages(dir: &Path) -> anyhow::Result<Vec<PageData>> {
    let mut pages = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d)? {
            let path = e?.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == "json") {
                pages.push(serde_json::from_slice(&std::fs::read(&path)?)?);
            }
        }
    }
    pages.sort_by(|a: &PageData, b| a.route.cmp(&b.route));
    Ok(pages)
}

fn copies(pages: &[PageData], factor: usize) -> Vec<PageData> {
    (1..=factor)
        .flat_map(|n| {
            pages.iter().map(move |p| {
                let mut p = p.clone();
                if n > 1 {
                    p.route = format!("{}-{n}", p.route);
                }
                p
            })
        })
        .collect()
}

/// The title entries the site model gives these pages.
fn titles(pages: &[PageData]) -> Vec<SearchTitle> {
    let words = site_model::Words::load(&site_testkit::frontend().join("src/i18n/zh-hans.json")).unwrap();
    site_model::search_titles(pages, &words)
}
