//! Times what `dev`'s server does after each rebuild, reloading the files of a built site
//! (a benchmark, not a test):
//!
//!   cargo run --release -p site-server --example reload -- bench/output/scale-10000/build 5 404.html
//!
//! loads the folder once, then reloads it N times with nothing changed, then N times after
//! rewriting one page (`404.html` unless named) with its own bytes, the whole folder looked at (`SiteFiles::reload`,
//! as `serve` and `dev` after a full rebuild do) and only the page named as changed
//! (`SiteFiles::reload_changed`, as `dev` after an edit does), and prints each reload's time.

use site_server::SiteFiles;
use std::path::Path;
use std::time::Instant;

/// The engine's allocator (src/alloc.rs): the reload's allocations are not glibc's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let dir = args.next().unwrap_or_else(|| "build".into());
    let rounds: usize = args.next().map(|n| n.parse()).transpose()?.unwrap_or(5);
    let name = args.next().unwrap_or_else(|| "404.html".into());
    let dir = Path::new(&dir);
    let t = Instant::now();
    let mut files = SiteFiles::load(dir)?;
    println!("load: {} files in {} ms", files.len(), t.elapsed().as_millis());
    let page = dir.join(&name);
    let bytes = std::fs::read(&page)?;
    let named = [name];
    for (edit, only_named) in [(false, false), (true, false), (true, true)] {
        let mut times = Vec::new();
        for _ in 0..rounds {
            if edit {
                std::fs::write(&page, &bytes)?;
            }
            let t = Instant::now();
            let next = if only_named { files.reload_changed(dir, &named)? } else { files.reload(dir)? };
            // The previous load is dropped in the reload's time, as the server drops it.
            files = next;
            times.push(t.elapsed().as_millis());
        }
        let what = match (edit, only_named) {
            (false, _) => "nothing changed, the folder walked",
            (true, false) => "one page rewritten, the folder walked",
            (true, true) => "one page rewritten and named",
        };
        println!("{what}: {times:?} ms");
    }
    Ok(())
}
