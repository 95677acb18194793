//! The local search index, written from the page data with Pagefind's library (its `extended`
//! build segments Chinese). Each doc and blog post is fed to Pagefind as a small HTML document
//! made from its document tree (see [`document`]); the bundle Pagefind returns (its browser
//! runtime and the index) goes to `pagefind/`, with the site's own [`SearchManifest`] beside it.
//!
//! ```no_run
//! # fn f(pages: &[site_schema::PageData], titles: &[site_schema::SearchTitle]) -> anyhow::Result<()> {
//! let stats = site_search::write_index(pages, titles, "zh-hans", std::path::Path::new("build"))?;
//! println!("{} pages indexed into {} files", stats.pages, stats.files);
//! # Ok(()) }
//! ```

pub mod document;
mod words;

use anyhow::{Context, Result, bail};
use document::SearchRecord;
use pagefind::api::PagefindIndex;
use pagefind::options::PagefindServiceConfig;
use site_schema::{PageData, SearchManifest, SearchTitle};
use std::path::{Path, PathBuf};
use words::Prefixes;

/// The Pagefind version this crate is pinned to (Cargo.toml). The browser code is written for
/// this runtime: `PAGEFIND_VERSION` in `frontend/src/search/pagefind.ts` must be the same, and
/// the build refuses an index whose runtime reports another version.
pub const PAGEFIND_VERSION: &str = "1.6.0";

/// Where the search bundle goes, under the site's output folder.
pub const BUNDLE_DIR: &str = "pagefind";

/// The manifest's file name inside [`BUNDLE_DIR`].
pub const MANIFEST_FILE: &str = "search-manifest.json";

/// What [`write_index`] wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IndexStats {
    pub pages: usize,
    pub files: usize,
    pub bytes: u64,
}

/// Indexes the docs and blog posts among `pages` (other pages are not searched) into
/// `out_dir/pagefind/`: Pagefind's runtime and index, and `search-manifest.json`. `language`
/// is the site's locale (`zh-hans`): Pagefind segments Chinese words by it.
pub fn write_index(pages: &[PageData], titles: &[SearchTitle], language: &str, out_dir: &Path) -> Result<IndexStats> {
    let by_route: std::collections::HashMap<&str, &SearchTitle> =
        titles.iter().map(|t| (t.route.as_str(), t)).collect();
    let records: Vec<SearchRecord> =
        pages.iter().filter_map(|p| by_route.get(p.route.as_str()).and_then(|t| SearchRecord::of(p, t))).collect();
    let mut prefixes = Prefixes::default();
    let mut documents = Vec::with_capacity(records.len());
    for (position, record) in records.iter().enumerate() {
        let (html, plain) = record.html(language, position);
        prefixes.add_text(&record.title.title);
        prefixes.add_text(&plain);
        documents.push((record.title.route.clone(), html));
    }
    let files = pagefind_bundle(documents)?;
    let version = runtime_version(&files)?;
    let dir = out_dir.join(BUNDLE_DIR);
    let mut stats = IndexStats { pages: records.len(), files: 0, bytes: 0 };
    for file in files.iter().filter(|f| is_used(&f.filename)) {
        write_file(&dir.join(&file.filename), &file.contents)?;
        stats.files += 1;
        stats.bytes += file.contents.len() as u64;
    }
    let manifest = SearchManifest {
        pagefind_version: version,
        pages: records.into_iter().map(|r| r.title).collect(),
        probes: prefixes.query(),
    };
    let json = serde_json::to_vec(&manifest)?;
    write_file(&dir.join(MANIFEST_FILE), &json)?;
    stats.files += 1;
    stats.bytes += json.len() as u64;
    Ok(stats)
}

/// Runs Pagefind over `(url, html)` documents and returns the files of its bundle.
fn pagefind_bundle(documents: Vec<(String, String)>) -> Result<Vec<pagefind::api::SyntheticFile>> {
    // Pagefind's parallel steps get their own threads: in the global pool they would wait
    // behind whatever the caller runs there meanwhile (the build compresses pages in it).
    let pool = rayon::ThreadPoolBuilder::new().thread_name(|i| format!("search-index-{i}")).build()?;
    pool.install(|| pagefind_bundle_here(documents))
}

fn pagefind_bundle_here(documents: Vec<(String, String)>) -> Result<Vec<pagefind::api::SyntheticFile>> {
    let runtime = tokio::runtime::Builder::new_current_thread().build().context("starting the index's runtime")?;
    runtime.block_on(async move {
        let config = PagefindServiceConfig::builder().build();
        let mut index = PagefindIndex::new(Some(config)).context("configuring Pagefind")?;
        for (url, html) in documents {
            index.add_html_file(None, Some(url.clone()), html).await.with_context(|| format!("indexing {url}"))?;
        }
        index.get_files().await.context("writing the search index")
    })
}

/// The version `pagefind-entry.json` (the file the browser runtime reads first) reports.
fn runtime_version(files: &[pagefind::api::SyntheticFile]) -> Result<String> {
    #[derive(serde::Deserialize)]
    struct Entry {
        version: String,
    }
    let entry = files
        .iter()
        .find(|f| f.filename == Path::new("pagefind-entry.json"))
        .context("Pagefind wrote no pagefind-entry.json")?;
    let version = serde_json::from_slice::<Entry>(&entry.contents).context("reading pagefind-entry.json")?.version;
    if version != PAGEFIND_VERSION {
        bail!(
            "the search runtime is Pagefind {version}, but the site is written for {PAGEFIND_VERSION}: \
             pin `pagefind = \"={PAGEFIND_VERSION}\"` in crates/search/Cargo.toml, or update PAGEFIND_VERSION \
             in crates/search/src/lib.rs and frontend/src/search/pagefind.ts after checking the front end \
             against the new runtime"
        );
    }
    Ok(version)
}

/// The site has its own search interface: Pagefind's prebuilt UIs (and its playground) are
/// neither written nor deployed.
fn is_used(file: &Path) -> bool {
    let name = file.to_string_lossy();
    let unused =
        ["pagefind-ui.", "pagefind-component-ui.", "pagefind-modular-ui.", "pagefind-highlight.", "playground"];
    !unused.iter().any(|u| name.starts_with(u))
}

fn write_file(path: &PathBuf, bytes: &[u8]) -> Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    std::fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))
}
