//! Brotli and gzip copies of the site's text files, for servers that send them as they are.
//! With a cache, a file whose contents an earlier build compressed gets that build's copies.

use crate::cache::Cache;
use anyhow::{Context, Result};
use rayon::prelude::*;
use site_compress::{GZIP_HIGHEST, brotli, gzip};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

fn compressible(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("html" | "js" | "mjs" | "css" | "json" | "xml" | "svg" | "txt" | "md" | "map" | "webmanifest")
    )
}

/// Writes `.br` and `.gz` next to every compressible file under `out` that has none yet (in
/// parallel), keeping only the ones smaller than the original. Returns how many it compressed.
pub fn precompress(out: &Path, skip: Option<&Path>, cache: Option<&Cache>) -> Result<usize> {
    precompress_where(out, skip, cache, |_| true, &AtomicBool::new(false))
}

/// [`precompress`] for the files `wanted` accepts; the files not begun when `stop` is set are
/// left as they are.
pub fn precompress_where(
    out: &Path,
    skip: Option<&Path>,
    cache: Option<&Cache>,
    wanted: impl Fn(&Path) -> bool,
    stop: &AtomicBool,
) -> Result<usize> {
    let mut files: Vec<(u64, PathBuf)> = walkdir::WalkDir::new(out)
        .into_iter()
        .filter_entry(|e| skip.is_none_or(|s| e.path() != s))
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file() && compressible(e.path()) && wanted(e.path()))
        .filter(|e| !sibling(e.path(), "gz").exists())
        .map(|e| (e.metadata().map_or(0, |m| m.len()), e.into_path()))
        .collect();
    // The largest first: the entry chunk at brotli 11 takes a fifth of a second by itself, and
    // started last it was a cold build's last work, on one core.
    files.sort_unstable_by_key(|f| std::cmp::Reverse(f.0));
    files.par_iter().try_for_each(|(_, f)| {
        if stop.load(Ordering::Relaxed) {
            return Ok(());
        }
        compress_file(f, &std::fs::read(f)?, cache)
    })?;
    Ok(files.len())
}

/// `file.ext`.
fn sibling(f: &Path, ext: &str) -> PathBuf {
    let mut s = f.as_os_str().to_owned();
    s.push(".");
    s.push(ext);
    PathBuf::from(s)
}

/// The brotli quality and gzip level for a file (level 12: libdeflate's highest). Hashed assets
/// are cached by browsers for a year: spend the time on them. libdeflate's level 12 is about 3 %
/// smaller than zlib's 9, which every reader whose browser asks for gzip downloads, and within
/// 0.3 % of Zopfli, in a fiftieth of the time (the entry chunk: 20 ms against 1.2 s, most of a
/// cold build's critical path). Pages are many and change every build: a faster setting loses
/// a few percent.
fn setting(f: &Path) -> (u32, u32) {
    let hashed = f.components().any(|c| c.as_os_str() == "assets");
    if hashed { (11, GZIP_HIGHEST) } else { (5, 6) }
}

/// Writes `path.br` and `path.gz` for `data` (the contents of `path`), or puts the cache's
/// copies for the same contents there.
pub fn compress_file(f: &Path, data: &[u8], cache: Option<&Cache>) -> Result<()> {
    if data.len() < 512 || !compressible(f) {
        return Ok(());
    }
    let (quality, level) = setting(f);
    let key = cache.map(|c| c.compressed_key(data, &format!("br{quality}-gz{level}")));
    for ext in ["br", "gz"] {
        let target = sibling(f, ext);
        if let (Some(cache), Some(key)) = (cache, &key) {
            match cache.compressed(key, ext) {
                Some(Some(copy)) => {
                    crate::cache::place(&copy, &target)?;
                    continue;
                }
                Some(None) => continue,
                None => {}
            }
        }
        let packed = if ext == "br" { brotli(data, quality)? } else { gzip(data, level)? };
        let kept = packed.len() < data.len();
        if kept {
            std::fs::write(&target, packed).with_context(|| format!("writing {}", target.display()))?;
        }
        if let (Some(cache), Some(key)) = (cache, &key) {
            cache.store_compressed(key, ext, kept.then_some(target.as_path()));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_assets_get_the_highest_levels_and_pages_fast_ones() {
        assert_eq!(setting(Path::new("build/assets/index-abc.js")), (11, GZIP_HIGHEST));
        assert_eq!(setting(Path::new("build/docs/x.html")), (5, 6));
    }
}
