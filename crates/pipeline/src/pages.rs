//! Writing the pages: each page's data and prerendered HTML, with their compressed copies.
//! Pages the cache holds go into place at once; the rest stream through the prerender
//! processes, and each rendered page is written, compressed and cached on the other cores
//! while later pages render.

use crate::cache::Cache;
use crate::compress::compress_file;
use crate::output::write;
use anyhow::{Result, anyhow};
use rayon::prelude::*;
use site_frontend::{PageFailed, Renderer};
use site_schema::PageData;
use site_schema::route_files::{data_file, html_file};
use std::collections::HashMap;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Rendered pages waiting to be written and compressed, at most; beyond, the thread that
/// receives pages does the work itself, which slows the stream instead of filling memory.
const QUEUED: usize = 32;

/// Where and how pages are written.
pub struct PagesOut<'a> {
    pub dir: &'a Path,
    /// Write `.br` and `.gz` copies.
    pub compress: bool,
    pub cache: Option<&'a Cache>,
    /// Return each rendered page's JSON (for `dev`, which compares the next build's with it).
    pub keep_json: bool,
}

/// A page that failed to render: its route, and why.
#[derive(Debug)]
pub struct RouteFailed {
    pub route: String,
    pub message: String,
}

impl std::fmt::Display for RouteFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: prerender failed: {}", self.route, self.message)
    }
}

impl std::error::Error for RouteFailed {}

/// What [`write_pages`] did.
pub struct Written {
    /// How many pages were prerendered (the others came from the cache).
    pub rendered: usize,
    /// The JSON of the rendered pages by route, when asked for ([`PagesOut::keep_json`]).
    pub json: HashMap<String, String>,
}

/// Writes `pages`; the renderer starts (with `start(pages to render)`) only when a page is not
/// in the cache.
pub fn write_pages(
    renderer: &mut Option<Renderer>,
    start: impl FnOnce(usize) -> Result<Renderer>,
    pages: &[&PageData],
    to: &PagesOut,
) -> Result<Written> {
    let misses: Vec<(usize, Option<String>)> = match to.cache {
        Some(cache) => pages
            .par_iter()
            .enumerate()
            .filter_map(|(i, p)| restore(cache, p, to.dir).map(|key| key.map(|k| (i, Some(k)))).transpose())
            .collect::<Result<_>>()?,
        None => (0..pages.len()).map(|i| (i, None)).collect(),
    };
    if misses.is_empty() {
        return Ok(Written { rendered: 0, json: HashMap::new() });
    }
    if renderer.is_none() {
        *renderer = Some(start(misses.len())?);
    }
    let json = render(renderer.as_mut().unwrap(), pages, &misses, to)?;
    Ok(Written { rendered: misses.len(), json })
}

/// Puts a page's files in place from the cache; the page's key when the cache lacks it.
fn restore(cache: &Cache, page: &PageData, out: &Path) -> Result<Option<String>> {
    let key = cache.page_key(page)?;
    let (html, json) = (out.join(html_file(&page.route)), out.join(data_file(&page.route)));
    Ok(if cache.restore_page(&key, &html, &json)? { None } else { Some(key) })
}

/// Renders the pages `misses` names, writing each as it arrives.
fn render(
    renderer: &mut Renderer,
    pages: &[&PageData],
    misses: &[(usize, Option<String>)],
    to: &PagesOut,
) -> Result<HashMap<String, String>> {
    let in_flight: Mutex<HashMap<usize, String>> = Mutex::default();
    let kept: Mutex<HashMap<String, String>> = Mutex::default();
    let failed: Mutex<Option<anyhow::Error>> = Mutex::default();
    let queued = AtomicUsize::new(0);
    let jobs = misses.iter().enumerate().map(|(k, (i, _))| {
        // Page data always serializes (string keys only); the key was made from the same text.
        let json = serde_json::to_string(pages[*i]).expect("page data serializes to JSON");
        in_flight.lock().unwrap().insert(k, json.clone());
        json
    });
    let rendered = rayon::in_place_scope(|s| {
        renderer.render_each(jobs, |k, html| {
            let (i, key) = &misses[k];
            let json = in_flight.lock().unwrap().remove(&k).unwrap_or_default();
            if to.keep_json {
                kept.lock().unwrap().insert(pages[*i].route.clone(), json.clone());
            }
            let page = pages[*i];
            if queued.fetch_add(1, Ordering::SeqCst) >= QUEUED {
                queued.fetch_sub(1, Ordering::SeqCst);
                return finish(page, &json, &html, key.as_deref(), to);
            }
            let (failed, queued) = (&failed, &queued);
            s.spawn(move |_| {
                if let Err(e) = finish(page, &json, &html, key.as_deref(), to) {
                    failed.lock().unwrap().get_or_insert(e);
                }
                queued.fetch_sub(1, Ordering::SeqCst);
            });
            Ok(())
        })
    });
    rendered.map_err(|e| name_failed_route(e, pages, misses))?;
    if let Some(e) = failed.into_inner().unwrap() {
        return Err(e);
    }
    Ok(kept.into_inner().unwrap())
}

/// A page's failure names its route instead of its position.
fn name_failed_route(e: anyhow::Error, pages: &[&PageData], misses: &[(usize, Option<String>)]) -> anyhow::Error {
    match e.downcast::<PageFailed>() {
        Ok(f) => anyhow!(RouteFailed { route: pages[misses[f.index].0].route.clone(), message: f.message }),
        Err(e) => e,
    }
}

/// Writes one rendered page, compresses it and keeps it in the cache.
fn finish(page: &PageData, json: &str, html: &[u8], key: Option<&str>, to: &PagesOut) -> Result<()> {
    let (html_rel, json_rel) = (html_file(&page.route), data_file(&page.route));
    write(to.dir, Path::new(&html_rel), html)?;
    write(to.dir, Path::new(&json_rel), json.as_bytes())?;
    let (html_path, json_path) = (to.dir.join(html_rel), to.dir.join(json_rel));
    if to.compress {
        compress_file(&html_path, html, None)?;
        compress_file(&json_path, json.as_bytes(), None)?;
    }
    if let (Some(cache), Some(key)) = (to.cache, key) {
        cache.store_page(key, &html_path, &json_path);
    }
    Ok(())
}
