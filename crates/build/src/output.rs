//! Writing the site to disk: file names for routes, static files, precompression.

use anyhow::{Context, Result};
use rayon::prelude::*;
use std::io::Write;
use std::path::{Path, PathBuf};

/// `build/` file of a route's HTML: `/` → `index.html`, `/docs/x` → `docs/x.html`.
pub fn html_path(route: &str) -> PathBuf {
    if route == "/" { PathBuf::from("index.html") } else { PathBuf::from(format!("{}.html", &route[1..])) }
}

/// `build/` file of a route's page data: `/` → `page-data/index.json`.
pub fn data_path(route: &str) -> PathBuf {
    if route == "/" { PathBuf::from("page-data/index.json") } else { PathBuf::from(format!("page-data{route}.json")) }
}

pub fn write(out: &Path, rel: &Path, bytes: &[u8]) -> Result<()> {
    let path = out.join(rel);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(&path, bytes).with_context(|| format!("writing {}", path.display()))
}

/// Every file under `dir`, as site paths (`/img/logo.svg`) and file paths.
pub fn files_under(dir: &Path) -> Vec<(String, PathBuf)> {
    if !dir.is_dir() {
        return Vec::new();
    }
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e.path().strip_prefix(dir).unwrap().to_string_lossy().replace('\\', "/");
            (format!("/{rel}"), e.into_path())
        })
        .collect()
}

/// Copies the tree `from` into `to`.
pub fn copy_tree(from: &Path, to: &Path) -> Result<usize> {
    let files = files_under(from);
    for (site_path, src) in &files {
        let dst = to.join(&site_path[1..]);
        if let Some(p) = dst.parent() {
            std::fs::create_dir_all(p)?;
        }
        std::fs::copy(src, &dst).with_context(|| format!("copying {} to {}", src.display(), dst.display()))?;
    }
    Ok(files.len())
}

fn compressible(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("html" | "js" | "mjs" | "css" | "json" | "xml" | "svg" | "txt" | "map" | "webmanifest")
    )
}

/// Writes `.br` and `.gz` next to every compressible file under `out` that has none yet (in
/// parallel), keeping only the ones smaller than the original. Returns how many it compressed.
pub fn precompress(out: &Path, skip: Option<&Path>) -> Result<usize> {
    let files: Vec<PathBuf> = walkdir::WalkDir::new(out)
        .into_iter()
        .filter_entry(|e| skip.is_none_or(|s| e.path() != s))
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file() && compressible(e.path()))
        .map(|e| e.into_path())
        .filter(|p| !p.with_file_name(format!("{}.gz", p.file_name().unwrap().to_string_lossy())).exists())
        .collect();
    files.par_iter().try_for_each(|f| compress_file(f, &std::fs::read(f)?))?;
    Ok(files.len())
}

/// Writes `path.br` and `path.gz` for `data` (the contents of `path`).
pub fn compress_file(f: &Path, data: &[u8]) -> Result<()> {
    if data.len() < 512 || !compressible(f) {
        return Ok(());
    }
    // Hashed assets are compressed once and cached for a year: spend the time on them.
    // Pages are many and change every build: a faster setting loses a few percent.
    let hashed = f.components().any(|c| c.as_os_str() == "assets");
    let quality = if hashed { 11 } else { 5 };
    let mut br = Vec::with_capacity(data.len() / 3);
    let params = brotli::enc::BrotliEncoderParams { quality, lgwin: 22, ..Default::default() };
    brotli::BrotliCompress(&mut &data[..], &mut br, &params)?;
    let level = flate2::Compression::new(if hashed { 9 } else { 6 });
    let mut gz = flate2::write::GzEncoder::new(Vec::with_capacity(data.len() / 3), level);
    gz.write_all(data)?;
    let gz = gz.finish()?;
    let name = f.file_name().unwrap().to_string_lossy().into_owned();
    if br.len() < data.len() {
        std::fs::write(f.with_file_name(format!("{name}.br")), br)?;
    }
    if gz.len() < data.len() {
        std::fs::write(f.with_file_name(format!("{name}.gz")), gz)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn route_files() {
        assert_eq!(html_path("/"), PathBuf::from("index.html"));
        assert_eq!(html_path("/docs/introduction/motivation"), PathBuf::from("docs/introduction/motivation.html"));
        assert_eq!(html_path("/404"), PathBuf::from("404.html"));
        assert_eq!(data_path("/"), PathBuf::from("page-data/index.json"));
        assert_eq!(data_path("/blog/page/2"), PathBuf::from("page-data/blog/page/2.json"));
    }
}
