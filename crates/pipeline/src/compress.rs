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

/// Writes `.gz` (and `.br`, see [`setting`]) next to every compressible file under `out` that has
/// none yet (in parallel), keeping only the ones smaller than the original. Returns how many it compressed.
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
    files.par_iter().try_for_each(|(len, f)| {
        if stop.load(Ordering::Relaxed) {
            return Ok(());
        }
        if streamed(f, *len) {
            return compress_streamed(f, *len, cache);
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

/// How a file is compressed: brotli at a quality (none: no `.br`) and gzip at a level (libdeflate's
/// 1–12).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Setting {
    brotli: Option<u32>,
    gzip: u32,
}

/// Brotli is spent where a reader waits for the file: the hashed assets (every first load, kept
/// by browsers for a year: the highest settings; libdeflate's 12 is about 3 % smaller than
/// zlib's 9 and within 0.3 % of Zopfli, in a fiftieth of the time) and the pages' HTML (first
/// paint: brotli 5, 13 % smaller than gzip 6 on this site's docs, in 4.4 times the time). The
/// rest is fetched after first paint or ahead of a click (page data), or read by tools
/// (Markdown twins, `llms*.txt`, feeds): gzip 6 only. Brotli 5 was 7–9 % smaller there, at
/// 3.5–3.8 times gzip's time, about 12 s of CPU in a 10 000-page build.
fn setting(f: &Path) -> Setting {
    if f.components().any(|c| c.as_os_str() == "assets") {
        Setting { brotli: Some(11), gzip: GZIP_HIGHEST }
    } else if f.extension().is_some_and(|e| e == "html") {
        Setting { brotli: Some(5), gzip: 6 }
    } else {
        Setting { brotli: None, gzip: 6 }
    }
}

/// Writes `path.br` (when its setting has brotli) and `path.gz` for `data` (the contents of
/// `path`), or puts the cache's copies for the same contents there.
pub fn compress_file(f: &Path, data: &[u8], cache: Option<&Cache>) -> Result<()> {
    if data.len() < 512 || !compressible(f) {
        return Ok(());
    }
    let setting = setting(f);
    let name = match setting.brotli {
        Some(quality) => format!("br{quality}-gz{}", setting.gzip),
        None => format!("gz{}", setting.gzip),
    };
    let key = cache.map(|c| c.compressed_key(data, &name));
    let wanted = setting.brotli.map(|q| ("br", q)).into_iter().chain([("gz", setting.gzip)]);
    for (ext, level) in wanted {
        let target = sibling(f, ext);
        if from_cache(cache, key.as_deref(), ext, &target)? {
            continue;
        }
        let packed = if ext == "br" { brotli(data, level)? } else { gzip(data, level)? };
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

/// Puts the cache's copy `ext` for `key` at `target`; whether the cache settled it (a copy
/// placed, or known not to be worth one).
fn from_cache(cache: Option<&Cache>, key: Option<&str>, ext: &str, target: &Path) -> Result<bool> {
    let (Some(cache), Some(key)) = (cache, key) else { return Ok(false) };
    match cache.compressed(key, ext) {
        Some(Some(copy)) => crate::cache::place(&copy, target).map(|()| true),
        Some(None) => Ok(true),
        None => Ok(false),
    }
}

/// Files from this size on are compressed as a stream when their setting has no brotli (only
/// `llms-full.txt` of a large site): read whole, such a file and a buffer for its compressed
/// copy were held at once beside the prerender (91 MB each at 10 000 pages, and growing with the
/// site); as a stream, a megabyte.
const STREAMED: u64 = 16 << 20;

fn streamed(f: &Path, len: u64) -> bool {
    len >= STREAMED && setting(f).brotli.is_none()
}

/// [`compress_file`] for a large file, read a piece at a time: `path.gz` by zlib-rs at the
/// file's gzip level (libdeflate takes only whole buffers), or the cache's copy for the same
/// contents. Its own setting name in the key: other bytes than libdeflate's.
fn compress_streamed(f: &Path, len: u64, cache: Option<&Cache>) -> Result<()> {
    let level = setting(f).gzip.min(9);
    let name = format!("gz{level}-stream");
    let open = || std::fs::File::open(f).with_context(|| format!("reading {}", f.display()));
    let key = match cache {
        Some(c) => {
            Some(c.compressed_key_reading(&mut open()?, &name).with_context(|| format!("reading {}", f.display()))?)
        }
        None => None,
    };
    let target = sibling(f, "gz");
    if from_cache(cache, key.as_deref(), "gz", &target)? {
        return Ok(());
    }
    let to = std::fs::File::create(&target).with_context(|| format!("writing {}", target.display()))?;
    site_compress::gzip_stream(&mut open()?, std::io::BufWriter::new(to), level)
        .with_context(|| format!("compressing {}", f.display()))?;
    let kept = std::fs::metadata(&target)?.len() < len;
    if !kept {
        std::fs::remove_file(&target)?;
    }
    if let (Some(cache), Some(key)) = (cache, &key) {
        cache.store_compressed(key, "gz", kept.then_some(target.as_path()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brotli_goes_to_hashed_assets_and_pages_html_only() {
        let of = |p: &str| setting(Path::new(p));
        assert_eq!(of("build/assets/index-abc.js"), Setting { brotli: Some(11), gzip: GZIP_HIGHEST });
        assert_eq!(of("build/docs/x.html"), Setting { brotli: Some(5), gzip: 6 });
        for gzip_only in ["build/page-data/docs/x.json", "build/docs/x.md", "build/llms-full.txt", "build/sitemap.xml"]
        {
            assert_eq!(of(gzip_only), Setting { brotli: None, gzip: 6 }, "{gzip_only}");
        }
    }

    #[test]
    fn only_large_files_without_brotli_are_streamed() {
        let big = STREAMED;
        assert!(streamed(Path::new("build/llms-full.txt"), big));
        assert!(!streamed(Path::new("build/llms-full.txt"), big - 1));
        assert!(!streamed(Path::new("build/docs/x.html"), big), "pages keep their brotli copy");
    }

    #[test]
    fn a_streamed_file_is_gzipped_whole_and_kept_by_its_contents() {
        let (site, root) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let cache = Cache::open(root.path(), "engine", "bundle", "{}").unwrap();
        let text = "# 标题\n\n一段足够长、值得压缩的文字。\n".repeat(20_000);
        let (a, b) = (site.path().join("a.txt"), site.path().join("b.txt"));
        for f in [&a, &b] {
            std::fs::write(f, &text).unwrap();
            compress_streamed(f, text.len() as u64, Some(&cache)).unwrap();
        }
        let gz = std::fs::read(sibling(&a, "gz")).unwrap();
        assert!(site_compress::is_gzip_of(&gz, text.as_bytes()));
        assert!(gz.len() < text.len() / 5, "{} bytes", gz.len());
        // The second file's copy came from the cache: the same bytes, and a link to the entry
        // the first one made (the first copy, the entry and the second: three names).
        assert_eq!(std::fs::read(sibling(&b, "gz")).unwrap(), gz);
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            assert_eq!(std::fs::metadata(sibling(&b, "gz")).unwrap().nlink(), 3);
        }
        let kept = std::fs::read_dir(root.path().join(".cache/docsite/compressed")).unwrap().count();
        assert_eq!(kept, 1, "one entry for both");
        // Its key is not the whole-buffer one: libdeflate's bytes differ.
        assert_ne!(
            cache.compressed_key_reading(&mut text.as_bytes(), "gz6-stream").unwrap(),
            cache.compressed_key(text.as_bytes(), "gz6")
        );
        assert_eq!(
            cache.compressed_key_reading(&mut text.as_bytes(), "gz6").unwrap(),
            cache.compressed_key(text.as_bytes(), "gz6"),
            "read a piece at a time, the same key"
        );
    }

    #[test]
    fn a_gzip_only_file_gets_no_brotli_copy() {
        let dir = tempfile::tempdir().unwrap();
        let (html, json) = (dir.path().join("x.html"), dir.path().join("x.json"));
        let text = "一段足够长、值得压缩的文字。".repeat(100);
        for f in [&html, &json] {
            compress_file(f, text.as_bytes(), None).unwrap();
        }
        assert!(sibling(&html, "br").exists() && sibling(&html, "gz").exists());
        assert!(!sibling(&json, "br").exists() && sibling(&json, "gz").exists());
    }
}
