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
    write_index_cached(pages, titles, language, out_dir, None)
}

/// [`write_index`], keeping the index's files in the folder `cache.0` under a hash of the salt
/// `cache.1` (the caller's version) and everything Pagefind is given: a site whose searchable text did not change gets the same files again
/// without indexing. The cache holds the latest index only.
pub fn write_index_cached(
    pages: &[PageData],
    titles: &[SearchTitle],
    language: &str,
    out_dir: &Path,
    cache: Option<(&Path, &str)>,
) -> Result<IndexStats> {
    let by_route: std::collections::HashMap<&str, &SearchTitle> =
        titles.iter().map(|t| (t.route.as_str(), t)).collect();
    let records: Vec<SearchRecord> =
        pages.iter().filter_map(|p| by_route.get(p.route.as_str()).and_then(|t| SearchRecord::of(p, t))).collect();
    let (documents, plain): (Vec<(String, String)>, Vec<String>) = records
        .iter()
        .enumerate()
        .map(|(position, record)| {
            let (html, plain) = record.html(language, position);
            ((record.title.route.clone(), html), plain)
        })
        .unzip();
    let dir = out_dir.join(BUNDLE_DIR);
    let entry = cache.map(|(dir, salt)| dir.join(documents_key(salt, &documents, &records)));
    if let Some(entry) = entry.as_deref().filter(|e| e.is_dir()) {
        return restore(entry, &dir);
    }
    // The words of every title and text, for the manifest's probes.
    let mut prefixes = Prefixes::default();
    for (record, plain) in records.iter().zip(&plain) {
        prefixes.add_text(&record.title.title);
        prefixes.add_text(plain);
    }
    drop(plain);
    let mut stats = IndexStats { pages: records.len(), files: 0, bytes: 0 };
    let files = pagefind_bundle(documents)?;
    let version = runtime_version(&files)?;
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
    if let Some(entry) = &entry {
        keep(&dir, entry);
    }
    Ok(stats)
}

/// A hash of the salt, the Pagefind version, every document given to it and the manifest's title list.
fn documents_key(salt: &str, documents: &[(String, String)], records: &[SearchRecord]) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    h.update(salt.as_bytes());
    h.update([0]);
    h.update(PAGEFIND_VERSION.as_bytes());
    let titles: Vec<&SearchTitle> = records.iter().map(|r| &r.title).collect();
    h.update(serde_json::to_vec(&titles).unwrap_or_default());
    for (url, html) in documents {
        for part in [url, html] {
            h.update((part.len() as u64).to_le_bytes());
            h.update(part.as_bytes());
        }
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// Puts the cached index `entry` (Pagefind's files and the manifest) at `dir`.
fn restore(entry: &Path, dir: &Path) -> Result<IndexStats> {
    let mut stats = IndexStats { pages: 0, files: 0, bytes: 0 };
    for e in walkdir::WalkDir::new(entry).into_iter().filter_map(Result::ok).filter(|e| e.file_type().is_file()) {
        let target = dir.join(e.path().strip_prefix(entry)?);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)?;
        }
        if std::fs::hard_link(e.path(), &target).is_err() {
            std::fs::copy(e.path(), &target).with_context(|| format!("copying {}", e.path().display()))?;
        }
        stats.files += 1;
        stats.bytes += e.metadata()?.len();
    }
    let manifest = std::fs::read(dir.join(MANIFEST_FILE)).context("the cached index has no manifest")?;
    stats.pages = serde_json::from_slice::<SearchManifest>(&manifest)?.pages.len();
    Ok(stats)
}

/// Keeps the index just written at `dir` as the cache's only entry, `entry`. The cache is an
/// optimisation: failing to keep it is not an error.
fn keep(dir: &Path, entry: &Path) {
    let Some(cache) = entry.parent() else { return };
    if let Ok(old) = std::fs::read_dir(cache) {
        for e in old.filter_map(Result::ok) {
            let _ = std::fs::remove_dir_all(e.path());
        }
    }
    let partial = entry.with_extension(format!("partial-{}", std::process::id()));
    let linked =
        walkdir::WalkDir::new(dir).into_iter().filter_map(Result::ok).filter(|e| e.file_type().is_file()).all(|e| {
            let target = partial.join(e.path().strip_prefix(dir).unwrap());
            target.parent().is_some_and(|p| std::fs::create_dir_all(p).is_ok())
                && (std::fs::hard_link(e.path(), &target).is_ok() || std::fs::copy(e.path(), &target).is_ok())
        });
    if !linked || std::fs::rename(&partial, entry).is_err() {
        let _ = std::fs::remove_dir_all(&partial);
    }
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
