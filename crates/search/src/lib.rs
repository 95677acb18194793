//! The local search index, written from the page data with Pagefind's library (its `extended`
//! build segments Chinese). Each doc and blog post is given to Pagefind as it would read it from
//! a small HTML document, made from its document tree (see [`document`]), in shards of pages
//! hashed by route (see [`shards`]) that the browser merges: the first shard's bundle (Pagefind's browser runtime and
//! its index) goes to `pagefind/`, the others' indexes to `pagefind/shard-N/`, and the site's own
//! [`SearchManifest`] beside them lists the shards.
//!
//! ```no_run
//! # fn f(pages: &[site_schema::PageData], titles: &[site_schema::SearchTitle]) -> anyhow::Result<()> {
//! let stats = site_search::write_index(pages, titles, "zh-hans", std::path::Path::new("build"))?;
//! println!("{} pages indexed into {} files", stats.pages, stats.files);
//! # Ok(()) }
//! ```

pub mod document;
mod kept;
mod reuse;
pub mod shards;
mod words;

use anyhow::{Context, Result, bail};
use document::SearchRecord;
use pagefind::api::{FossickedData, PagefindIndex, SyntheticFile};
use pagefind::options::PagefindServiceConfig;
use rayon::prelude::*;
use reuse::Reuse;
use site_schema::{PageData, SearchManifest, SearchTitle};
use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
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
    write_index_cached(pages, titles, language, shards::DEFAULT_SHARD_PAGES, out_dir, None, None)
}

/// [`write_index`] in shards of about `shard_pages` pages (see [`shards`]), keeping each shard's
/// files in the folder `cache.0` under a hash of the salt `cache.1` (the caller's version) and
/// what every document Pagefind is given for that shard is made from: a shard whose pages did
/// not change gets the same files again without indexing. Within a shard that did change, each
/// page's reading and each compressed file are kept too (see [`reuse`]). The cache holds the
/// latest index's only.
///
/// While `busy` is set (the caller's other work holds the cores), shards are indexed one at a
/// time: Pagefind holds about half a megabyte a page while it indexes a shard, so two at once
/// cost about 400 MB more at 5 000 pages, and were no faster on two cores beside the prerender.
pub fn write_index_cached(
    pages: &[PageData],
    titles: &[SearchTitle],
    language: &str,
    shard_pages: usize,
    out_dir: &Path,
    cache: Option<(&Path, &str)>,
    busy: Option<&AtomicBool>,
) -> Result<IndexStats> {
    let by_route: HashMap<&str, &SearchTitle> = titles.iter().map(|t| (t.route.as_str(), t)).collect();
    let records: Vec<SearchRecord> =
        pages.iter().filter_map(|p| by_route.get(p.route.as_str()).and_then(|t| SearchRecord::of(p, t))).collect();
    let routes: Vec<&str> = records.iter().map(|r| r.title.route.as_str()).collect();
    let dir = out_dir.join(BUNDLE_DIR);
    let plan = shards::plan(&routes, shard_pages);
    let mut page_shards = vec![0; records.len()];
    for (n, positions) in plan.iter().enumerate() {
        positions.iter().for_each(|&p| page_shards[p] = n);
    }
    // A shard's documents are made when its turn comes and handed to Pagefind, not copied:
    // every shard's at once took about 100 MB at 2 000 pages.
    let reuse = Reuse::new(cache.map(|c| c.0), cache.map_or("", |c| c.1));
    let shards: Vec<Shard> = plan
        .iter()
        .enumerate()
        .map(|(n, positions)| Shard { n, records: &records, positions, language, dir: &dir, cache, reuse: &reuse })
        .collect();
    let mut stats = IndexStats { pages: records.len(), files: 0, bytes: 0 };
    let mut probes = BTreeSet::new();
    let mut entries = HashSet::new();
    for built in build_all(&shards, busy)? {
        stats.files += built.stats.files;
        stats.bytes += built.stats.bytes;
        probes.extend(built.probes.split(' ').filter(|p| !p.is_empty()).map(str::to_owned));
        entries.extend(built.entry);
    }
    if let Some((cache_dir, _)) = cache {
        prune(cache_dir, &entries);
        reuse.prune();
    }
    let folders = (1..shards.len()).map(shards::folder).collect();
    drop(shards);
    let manifest = SearchManifest {
        pagefind_version: PAGEFIND_VERSION.to_owned(),
        pages: records.into_iter().map(|r| r.title).collect(),
        probes: probes.into_iter().collect::<Vec<_>>().join(" "),
        shards: folders,
        page_shards,
    };
    let json = serde_json::to_vec(&manifest)?;
    write_file(&dir.join(MANIFEST_FILE), &json)?;
    stats.files += 1;
    stats.bytes += json.len() as u64;
    Ok(stats)
}

/// One shard of the index: the records at `positions`, indexed into `dir`'s shard folder.
struct Shard<'a> {
    n: usize,
    records: &'a [SearchRecord<'a>],
    positions: &'a [usize],
    language: &'a str,
    dir: &'a Path,
    cache: Option<(&'a Path, &'a str)>,
    reuse: &'a Reuse,
}

/// Where a cache entry keeps the shard's probes (not part of the site).
const PROBES_FILE: &str = ".probes";

/// Where a cache entry lists the kept readings and compressed files it was made from
/// ([`Reuse::keep_listed`]), so they outlive builds that take the shard whole from the cache.
const REUSED_FILE: &str = ".reused";

/// Where a cache entry lists its files with their lengths and hashes: the site's files are hard
/// links to the entry's, so a tool that rewrites one in place under `build/` rewrites the entry
/// too, and a damaged entry must be rebuilt, not deployed.
const SUMS_FILE: &str = ".sums";

/// What building one shard wrote, its probes, and the cache entry that holds it.
struct Built {
    stats: IndexStats,
    probes: String,
    entry: Option<PathBuf>,
}

impl Shard<'_> {
    /// Puts the shard's files in place (from the cache, or indexed now).
    fn build(&self) -> Result<Built> {
        // Its parallel steps, and Pagefind's, get threads of their own: in the global pool they
        // would wait behind whatever the caller runs there meanwhile (the build compresses pages
        // in it), and an edit's build waits for the index. One pool for each thread building
        // shards, kept for its next shard (a pool a shard cost about 1 % of a 10 000-page
        // build's CPU in starting and ending threads), never shared by two shards at once: a
        // thread waiting inside one shard's Tokio runtime would take up the other's work and
        // start a runtime within a runtime (it panicked).
        thread_local! {
            static POOL: RefCell<Option<rayon::ThreadPool>> = const { RefCell::new(None) };
        }
        POOL.with_borrow_mut(|pool| {
            if pool.is_none() {
                *pool = Some(rayon::ThreadPoolBuilder::new().thread_name(|i| format!("search-index-{i}")).build()?);
            }
            let pool = pool.as_ref().expect("made above");
            pool.install(|| self.build_here())
        })
    }

    fn build_here(&self) -> Result<Built> {
        let dir = self.dir.join(shards::folder(self.n));
        // What each page's document is made from, hashed: the documents themselves are made only
        // for the pages Pagefind reads again.
        let documents: Vec<Document> = self
            .positions
            .par_iter()
            .map(|&position| {
                let source = self.records[position].source(self.language, position, self.n);
                Document { shard: self, position, source }
            })
            .collect();
        let entry = self.cache.map(|(cache, salt)| cache.join(documents_key(salt, self.n == 0, &documents)));
        if let Some(entry) = entry.as_deref().filter(|e| e.is_dir()) {
            match std::fs::read_to_string(entry.join(PROBES_FILE)).ok().zip(intact(entry)) {
                Some((probes, files)) => {
                    self.reuse.keep_listed(&std::fs::read_to_string(entry.join(REUSED_FILE)).unwrap_or_default());
                    let stats = restore(entry, &files, &dir)?;
                    return Ok(Built { stats, probes, entry: Some(entry.to_path_buf()) });
                }
                // Damaged (or written before entries had sums): indexed again below, and kept
                // anew in its place. Another build may be removing it too: not an error.
                None => {
                    let _ = std::fs::remove_dir_all(entry);
                }
            }
        }
        let pages = documents.len();
        let (files, probes, mut reused) = pagefind_bundle(documents, self.reuse)?;
        runtime_version(&files)?;
        let mut stats = IndexStats { pages, files: 0, bytes: 0 };
        // The first shard carries the runtime; the others only their index.
        let written: Vec<&Path> = files
            .iter()
            .filter(|f| if self.n == 0 { is_used(&f.filename) } else { is_index(&f.filename) })
            .map(|file| {
                let (len, line) = self.reuse.write(file, &dir.join(&file.filename))?;
                stats.files += 1;
                stats.bytes += len;
                reused.extend(line);
                Ok(file.filename.as_path())
            })
            .collect::<Result<_>>()?;
        if let Some(entry) = &entry {
            keep(&dir, &written, entry, &probes, &reused.join("\n"));
        }
        Ok(Built { stats, probes, entry })
    }
}

/// Builds every shard (see [`in_turn`]), in shard order.
fn build_all(shards: &[Shard], busy: Option<&AtomicBool>) -> Result<Vec<Built>> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    in_turn(shards.len(), cores, busy, |n| shards[n].build())
        .into_iter()
        .map(|r| r.unwrap_or_else(|| bail!("an index thread panicked")))
        .collect()
}

/// Runs `job(0..count)` on up to `threads` threads, taking jobs in order; all but the first
/// thread wait while `busy` is set. Each job's result in job order; None for a job whose thread
/// panicked.
fn in_turn<T: Send>(
    count: usize,
    threads: usize,
    busy: Option<&AtomicBool>,
    job: impl Fn(usize) -> T + Sync,
) -> Vec<Option<T>> {
    let next = AtomicUsize::new(0);
    let done: Vec<Vec<(usize, T)>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.min(count))
            .map(|thread| {
                let (next, job) = (&next, &job);
                scope.spawn(move || {
                    let mut built = Vec::new();
                    loop {
                        while thread > 0 && busy.is_some_and(|b| b.load(Ordering::Acquire)) {
                            if next.load(Ordering::Relaxed) >= count {
                                return built;
                            }
                            std::thread::sleep(std::time::Duration::from_millis(10));
                        }
                        let n = next.fetch_add(1, Ordering::Relaxed);
                        if n >= count {
                            return built;
                        }
                        built.push((n, job(n)));
                    }
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap_or_default()).collect()
    });
    let mut results: Vec<Option<T>> = (0..count).map(|_| None).collect();
    for (n, r) in done.into_iter().flatten() {
        results[n] = Some(r);
    }
    results
}

/// A page of a shard as Pagefind is given it: its route, the hash of what its document is made
/// from ([`SearchRecord::source`]), and the document, made when Pagefind reads the page again.
struct Document<'a> {
    shard: &'a Shard<'a>,
    position: usize,
    source: String,
}

impl Document<'_> {
    fn record(&self) -> &SearchRecord<'_> {
        &self.shard.records[self.position]
    }

    fn route(&self) -> &str {
        &self.record().title.route
    }

    fn reading(&self) -> Result<pagefind::api::DomParserResult> {
        let (language, n) = (self.shard.language, self.shard.n);
        self.record().reading(language, self.position, n).with_context(|| self.route().to_owned())
    }
}

/// A hash of the salt, the Pagefind version, whether the shard carries the runtime, and every
/// document given to it (by its route and sources).
fn documents_key(salt: &str, primary: bool, documents: &[Document]) -> String {
    let head = [salt.as_bytes(), &[u8::from(primary)], PAGEFIND_VERSION.as_bytes()];
    let pages = documents.iter().flat_map(|d| [d.route().as_bytes(), d.source.as_bytes()]);
    key(head.into_iter().chain(pages))
}

/// The key of a cache entry: a SHA-256 of the parts, each with its length (so text moved
/// between parts changes it), in hex.
pub(crate) fn key<'a>(parts: impl IntoIterator<Item = &'a [u8]>) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    for part in parts {
        h.update((part.len() as u64).to_le_bytes());
        h.update(part);
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// The site's files in the cache entry (or the shard folder) `dir`, relative to it.
fn site_files(dir: &Path) -> Vec<PathBuf> {
    let meta = [PROBES_FILE, REUSED_FILE, SUMS_FILE];
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file() && !meta.iter().any(|m| e.file_name() == *m))
        .filter_map(|e| e.path().strip_prefix(dir).ok().map(Path::to_path_buf))
        .collect();
    files.sort();
    files
}

/// The [`SUMS_FILE`] of `files` under `dir`: a line `<sha256> <length> <path>` for each (read
/// side by side: a warm build checks every shard, about 90 MB at 10 000 pages).
fn sums(dir: &Path, files: &[PathBuf]) -> std::io::Result<String> {
    let lines = files
        .par_iter()
        .map(|f| {
            let bytes = std::fs::read(dir.join(f))?;
            Ok(format!("{} {} {}\n", key([bytes.as_slice()]), bytes.len(), f.display()))
        })
        .collect::<std::io::Result<Vec<String>>>()?;
    Ok(lines.concat())
}

/// The site's files in the cache entry, when it holds exactly the files its [`SUMS_FILE`]
/// lists, with their bytes.
fn intact(entry: &Path) -> Option<Vec<PathBuf>> {
    let listed = std::fs::read_to_string(entry.join(SUMS_FILE)).ok()?;
    let files = site_files(entry);
    sums(entry, &files).is_ok_and(|now| now == listed).then_some(files)
}

/// Puts the `files` of the cached shard `entry` at `dir`.
fn restore(entry: &Path, files: &[PathBuf], dir: &Path) -> Result<IndexStats> {
    let mut stats = IndexStats { pages: 0, files: 0, bytes: 0 };
    for file in files {
        let from = entry.join(file);
        link_or_copy(&from, &dir.join(file)).with_context(|| format!("copying {}", from.display()))?;
        stats.files += 1;
        stats.bytes += from.metadata()?.len();
    }
    Ok(stats)
}

/// Keeps the `files` of the shard just written at `dir` as the cache entry `entry`, with its
/// probes and the list of what it reused. The cache is an optimisation: failing to keep it is
/// not an error.
fn keep(dir: &Path, files: &[&Path], entry: &Path, probes: &str, reused: &str) {
    let partial = entry.with_extension(format!("partial-{}", std::process::id()));
    let kept = files.iter().all(|f| link_or_copy(&dir.join(f), &partial.join(f)).is_ok())
        && sums(&partial, &site_files(&partial)).is_ok_and(|s| std::fs::write(partial.join(SUMS_FILE), s).is_ok())
        && std::fs::write(partial.join(PROBES_FILE), probes).is_ok()
        && std::fs::write(partial.join(REUSED_FILE), reused).is_ok();
    if !kept || std::fs::rename(&partial, entry).is_err() {
        let _ = std::fs::remove_dir_all(&partial);
    }
}

/// `to` as a hard link to `from` (a copy across devices), its folder made when the link says it
/// is missing (not asked first: a call into the file system per file).
fn link_or_copy(from: &Path, to: &Path) -> std::io::Result<()> {
    match std::fs::hard_link(from, to) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && from.exists() => {
            if let Some(parent) = to.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::hard_link(from, to).or_else(|_| std::fs::copy(from, to).map(|_| ()))
        }
        Err(_) => std::fs::copy(from, to).map(|_| ()),
    }
}

/// Removes the shard entries no shard of this index uses ([`Reuse::prune`] does its folders).
fn prune(cache: &Path, used: &HashSet<PathBuf>) {
    for e in std::fs::read_dir(cache).into_iter().flatten().filter_map(Result::ok) {
        let reused = [reuse::PAGES, reuse::GZIP].iter().any(|f| e.file_name() == *f);
        if !reused && !used.contains(&e.path()) {
            let _ = std::fs::remove_dir_all(e.path());
        }
    }
}

/// Runs Pagefind over the documents (in the caller's thread pool): the files of
/// its bundle (to write with [`Reuse::write`]), the prefixes query of the words it indexed, and
/// the kept readings used.
fn pagefind_bundle(documents: Vec<Document>, reuse: &Reuse) -> Result<(Vec<SyntheticFile>, String, Vec<String>)> {
    let config = PagefindServiceConfig::builder().build();
    let mut index = PagefindIndex::new(Some(config)).context("configuring Pagefind")?;
    // Each page is read (or its reading loaded) on its own, side by side.
    let (reads, reused): (Vec<FossickedData>, Vec<String>) = documents
        .into_par_iter()
        .map(|d| reuse.read(&index, d.route(), &d.source, || d.reading()))
        .collect::<Result<Vec<_>>>()?
        .into_iter()
        .unzip();
    let runtime = tokio::runtime::Builder::new_current_thread().build().context("starting the index's runtime")?;
    runtime.block_on(async move {
        // The index's own words, as Pagefind normalized them: the probes reach each of them.
        let mut prefixes = Prefixes::default();
        for read in reads {
            read.word_data.keys().chain(read.meta_word_data.keys()).for_each(|w| prefixes.add_word(w));
            index.add_fossicked(read).await;
        }
        let files = index.get_files_deferring_gzip().await.context("writing the search index")?;
        Ok((files, prefixes.query(), reused))
    })
}

/// The version `pagefind-entry.json` (the file the browser runtime reads first) reports.
fn runtime_version(files: &[SyntheticFile]) -> Result<String> {
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

/// The files of an index without the runtime: what a merged shard needs.
fn is_index(file: &Path) -> bool {
    let name = file.to_string_lossy();
    name == "pagefind-entry.json"
        || name.ends_with(".pf_meta")
        || ["index/", "fragment/", "filter/"].iter().any(|folder| name.starts_with(folder))
}

fn write_file(path: &PathBuf, bytes: &[u8]) -> Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    std::fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// Runs 8 jobs of 20 ms on 4 threads, `busy` cleared after `clear_after`; the most jobs
    /// that ran at once, and the results.
    fn run(clear_after: Option<Duration>) -> (usize, Vec<Option<usize>>) {
        let (busy, running, most) = (AtomicBool::new(true), AtomicUsize::new(0), AtomicUsize::new(0));
        let results = std::thread::scope(|s| {
            if let Some(after) = clear_after {
                let busy = &busy;
                s.spawn(move || {
                    std::thread::sleep(after);
                    busy.store(false, Ordering::Release);
                });
            }
            in_turn(8, 4, Some(&busy), |n| {
                most.fetch_max(running.fetch_add(1, Ordering::SeqCst) + 1, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(20));
                running.fetch_sub(1, Ordering::SeqCst);
                n * 10
            })
        });
        (most.into_inner(), results)
    }

    #[test]
    fn while_busy_jobs_run_one_at_a_time_and_all_in_order() {
        let (most, results) = run(None);
        assert_eq!(most, 1);
        assert_eq!(results, (0..8).map(|n| Some(n * 10)).collect::<Vec<_>>());
    }

    #[test]
    fn once_no_longer_busy_the_other_threads_join_in() {
        let (most, results) = run(Some(Duration::from_millis(30)));
        assert!(most > 1, "at most {most} at once");
        assert_eq!(results, (0..8).map(|n| Some(n * 10)).collect::<Vec<_>>());
    }
}
