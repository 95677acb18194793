//! Writing the site to disk: pages, static files, feeds, precompression.

use anyhow::{Context, Result};
use rayon::prelude::*;
use site_config::Config;
use site_frontend::{Bundle, Renderer};
use site_model::Site;
use site_schema::PageData;
use site_schema::route_files::{data_file, html_file};
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Static files, hashed assets, feeds, sitemap, the security policy and the search titles.
pub fn write_static(root: &Path, bundle: &Bundle, config: &Config, site: &Site, out: &Path) -> Result<()> {
    copy_tree(&root.join("static"), out)?;
    copy_tree(&bundle.client_dir.join("assets"), &out.join("assets"))?;
    write(out, Path::new("sitemap.xml"), site_model::feeds::sitemap(config, site).as_bytes())?;
    write(out, Path::new("blog/rss.xml"), site_model::feeds::rss(config, &site.feed).as_bytes())?;
    write(out, Path::new("blog/atom.xml"), site_model::feeds::atom(config, &site.feed).as_bytes())?;
    let template = std::fs::read_to_string(bundle.client_dir.join("index.html"))?;
    let csp = site_model::csp::policy(&template, &site.data);
    write(out, Path::new(".csp"), csp.as_bytes())?;
    // The same headers `serve` sends, for static hosts and CDNs that read `_headers`.
    let headers = site_server::static_host_headers(&csp, &site.data.base_url);
    write(out, Path::new("_headers"), headers.as_bytes())?;
    Ok(())
}

/// Page data and prerendered HTML of `pages`. Returns each route's page-data JSON. With
/// `compress`, every file is compressed as soon as it is written, on the other cores, while
/// Node renders the next pages.
pub fn write_pages(
    renderer: &mut Renderer,
    pages: &[&PageData],
    out: &Path,
    compress: bool,
) -> Result<HashMap<String, String>> {
    let json: Vec<String> = pages.iter().map(serde_json::to_string).collect::<Result<_, _>>()?;
    let failed = std::sync::Mutex::new(None);
    // In place: this thread reads from the renderer; the pool threads compress.
    rayon::in_place_scope(|s| -> Result<()> {
        let spawn_compress = |path: PathBuf, bytes: Vec<u8>| {
            if compress {
                let failed = &failed;
                s.spawn(move |_| {
                    if let Err(e) = compress_file(&path, &bytes) {
                        *failed.lock().unwrap() = Some(e);
                    }
                });
            }
        };
        for (p, j) in pages.iter().zip(&json) {
            let rel = data_file(&p.route);
            write(out, Path::new(&rel), j.as_bytes())?;
            spawn_compress(out.join(rel), j.clone().into_bytes());
        }
        renderer.render_each(json.iter().map(String::as_str), |i, html| {
            let rel = html_file(&pages[i].route);
            write(out, Path::new(&rel), html.as_bytes())?;
            spawn_compress(out.join(rel), html.into_bytes());
            Ok(())
        })
    })?;
    if let Some(e) = failed.into_inner().unwrap() {
        return Err(e);
    }
    Ok(pages.iter().map(|p| p.route.clone()).zip(json).collect())
}

pub fn write(out: &Path, rel: &Path, bytes: &[u8]) -> Result<()> {
    let path = out.join(rel);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
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
            std::fs::create_dir_all(p).with_context(|| format!("creating {}", p.display()))?;
        }
        std::fs::copy(src, &dst).with_context(|| format!("copying {} to {}", src.display(), dst.display()))?;
    }
    Ok(files.len())
}

fn compressible(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("html" | "js" | "mjs" | "css" | "json" | "xml" | "svg" | "txt" | "md" | "map" | "webmanifest")
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
    let write = |path: PathBuf, bytes: Vec<u8>| {
        std::fs::write(&path, bytes).with_context(|| format!("writing {}", path.display()))
    };
    if br.len() < data.len() {
        write(f.with_file_name(format!("{name}.br")), br)?;
    }
    if gz.len() < data.len() {
        write(f.with_file_name(format!("{name}.gz")), gz)?;
    }
    Ok(())
}
