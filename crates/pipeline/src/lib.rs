//! The pipeline: the inputs in, the built site out, as a list of timed stages.
//!
//! - **content**: configuration, Markdown, the site model, link checks (`load`).
//! - **bundle**: the Vite client and server bundles; runs alongside content, cached by a hash
//!   of the front end's sources.
//! - **prerender**: React's server renderer over every route the cache does not hold, Node
//!   processes (one per 400 pages, at most one per core) fed as a stream; each page is written,
//!   compressed and cached on the other cores as soon as it is rendered.
//! - **index**: the search index, in shards, from the end of the content stage (it reads only
//!   the site model) at the lowest priority, on one thread while the prerender runs and every
//!   core after; the stage's time is the wait for it after the prerender.
//! - **compress**: what the prerender's window did not (static HTML and JSON files) while the
//!   index is written, then the index's files.
//!
//! The site is written to a staging folder next to the output and swapped into place only when
//! every stage succeeded ([`publish`]). `dev` writes in place and keeps what it needs to rebuild
//! ([`dev`]).

pub mod cache;
mod cards;
pub mod compress;
pub mod dev;
mod history;
mod load;
pub mod output;
pub mod pages;
pub mod publish;
mod report;
mod service_worker;
pub mod stamp;

pub use load::{Loaded, RouteEntry, check, load_config, routes};
pub use report::Report;
pub use site_model::Problems;

use anyhow::{Context, Result, anyhow};
use cache::Cache;
use pages::{PagesOut, RouteFailed};
use report::Stages;
use site_frontend::{Bundle, Frontend, Renderer, Warm};
use site_model::Site;
use site_schema::PageData;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

#[derive(Debug, Clone)]
pub struct Options {
    /// The repository root: holds `site.toml`, `content/`, `static/`, `frontend/`.
    pub root: PathBuf,
    /// Where the site goes (default `root/build`).
    pub out: PathBuf,
    /// Rebuild the front-end bundle even when its sources did not change.
    pub fresh_bundle: bool,
    /// The `dev` loop: write in place, no search index rebuilds, no compression.
    pub dev: bool,
    /// The front-end project (default `root/frontend`).
    pub frontend: PathBuf,
    /// The configuration file (default `root/site.toml`).
    pub config: Option<PathBuf>,
    /// Build for this base URL instead of the configured one (a deployment under a sub-path).
    pub base_url: Option<String>,
}

impl Options {
    pub fn new(root: &Path) -> Options {
        Options {
            root: root.to_path_buf(),
            out: root.join("build"),
            fresh_bundle: false,
            dev: false,
            frontend: default_frontend(root),
            config: None,
            base_url: None,
        }
    }

    pub fn config_file(&self) -> PathBuf {
        self.config.clone().unwrap_or_else(|| self.root.join("site.toml"))
    }
}

/// `root/frontend`; a site without a theme of its own (such as `fixtures/site`) uses the one
/// this engine was built with.
fn default_frontend(root: &Path) -> PathBuf {
    let own = root.join("frontend");
    if own.is_dir() { own } else { Path::new(env!("CARGO_MANIFEST_DIR")).join("../../frontend") }
}

/// What a full build leaves for a `dev` session to rebuild from.
pub(crate) struct Kept {
    pub bundle: Bundle,
    /// None when every page came from the cache.
    pub renderer: Option<Renderer>,
    pub site_json: String,
    /// The data of each page as last rendered, by route (what the browser has).
    pub pages: HashMap<String, PageData>,
    /// The compiled content, held in memory.
    pub compiled: site_content::CompileCache,
    pub exported: dev::Exported,
    /// The inputs' digests, for the stamp.
    pub digests: site_frontend::Digests,
}

/// The full build into `opts.out`.
pub fn build(opts: &Options) -> Result<Report> {
    match full_build(opts) {
        Ok((report, _)) => Ok(report),
        Err(e) if !opts.dev => Err(publish::explain_write_fault(e, &opts.out)),
        Err(e) => Err(e),
    }
}

pub(crate) fn full_build(opts: &Options) -> Result<(Report, Kept)> {
    let start = Instant::now();
    let mut stages = Stages::default();
    let frontend = Frontend::new(&opts.frontend);
    let config = load_config(opts)?;
    // What the build is made from, read before it starts; it names the service worker's caches.
    let mode = if opts.dev { stamp::Mode::Dev } else { stamp::Mode::Production };
    let mut digests = site_frontend::Digests::default();
    let stamp = stamp::current(opts, mode, &config.site.base_url, &mut digests)?;
    // A prerender process is started early only when some input changed since the build in
    // place: with the same inputs every page is likely in the cache, and an unused Node start
    // took half the time of such a build (0.14 -> 0.28 s).
    let unchanged = stamp::read(&opts.out).as_ref() == Some(&stamp);
    let bundle_job = start_bundle(&frontend, opts.fresh_bundle, &config.site.base_url, !opts.dev && !unchanged)?;
    // Files compiled before are read back. `dev`'s rebuilds keep these and this export's files.
    let (compiled, exported) = (compile_cache(opts), dev::Exported::default());
    let loaded = stages.run("content", || load::load(opts, config, Some(&compiled)));
    let Loaded { config, mut site, words, warnings } = match loaded {
        Ok(loaded) => loaded,
        // A front end that does not compile is said first, as it breaks every page.
        Err(e) => return Err(join_bundle(bundle_job).err().unwrap_or(e)),
    };
    let drawing = start_cards(&mut stages, opts, &config, &mut site, &words, &frontend)?;
    let (staging, out) = output_dir(opts)?;
    let local_search = config.search.is_local();
    let shard_pages = config.search.shard_pages().unwrap_or(site_search::shards::DEFAULT_SHARD_PAGES);
    let index_cache = (!opts.dev).then(|| cache::index_cache(&opts.root));
    // The index reads only the site model: it starts now, beside the bundle's end (a cold
    // build's Vite) and everything after. It is the longest part of an edit's build.
    let ((renderer, written, bundle, site_json, cache), index_time) =
        alongside_index(local_search.then_some((&site, shard_pages)), &out, index_cache, || {
            let (bundle, bundle_time, warm) = join_bundle(bundle_job)?;
            // Only the part of the bundle stage that the content stage did not hide.
            stages.done("bundle", bundle_time.saturating_sub(stages.total()));
            let site_json = site_json(&site, opts.dev)?;
            let cache = open_cache(opts, &bundle, &site_json)?;
            stages.run("export", || match &cache {
                Some(cache) => site_export::write_with(&site, &words, &out, cache.as_ref()),
                None => site_export::write_with(&site, &words, &out, &exported),
            })?;
            let render = Prerender {
                opts,
                frontend: &frontend,
                bundle: &bundle,
                config: &config,
                site: &site,
                site_json: &site_json,
                warm: std::cell::Cell::new(warm),
            };
            let ((renderer, written), compressing) =
                stages.run("prerender", || render.run(&stamp.build_id(), &out, cache.as_ref()))?;
            // Only `dev` renders again: a build's Node processes (about 120 MB each) end now,
            // not after the index's tail.
            let renderer = renderer.filter(|_| opts.dev);
            if !opts.dev {
                // Not the index's folder: it is being written at this moment.
                stages.run("compress", || compress_rest(&out, compressing, cache.as_deref()))?;
            }
            Ok((renderer, written, bundle, site_json, cache))
        })?;
    // Only the part of the index stage that the prerender did not hide.
    stages.done("index", index_time);
    if !opts.dev && local_search {
        let index_dir = out.join(site_search::BUNDLE_DIR);
        stages.run("compress", || compress::precompress(&index_dir, None, cache.as_deref()))?;
    }
    finish_cards(&mut stages, drawing, &site, &opts.root, &out)?;
    publish(&out, &stamp, staging, cache.as_deref())?;
    let report = Report {
        pages: site.pages.len(),
        rendered: written.rendered,
        files: output::files_under(&opts.out).len(),
        warnings,
        stages: stages.into_list(),
        total: start.elapsed(),
        bundle_cached: bundle.cached,
    };
    let pages = (site.pages.into_iter()).filter(|p| written.json.contains_key(&p.route)).map(|p| (p.route.clone(), p));
    Ok((report, Kept { bundle, renderer, site_json, pages: pages.collect(), compiled, exported, digests }))
}

/// Cards are for link previews of the deployed site (`dev` does without): each page's card is
/// named now, and the missing ones are drawn at the lowest priority beside the stages that
/// follow (about 1.4 ms each; at 2 ms, a third of a second on a cold build's critical path before).
fn start_cards(
    stages: &mut Stages,
    opts: &Options,
    config: &site_config::Config,
    site: &mut Site,
    words: &site_model::Words,
    frontend: &Frontend,
) -> Result<Option<Drawing>> {
    if !config.site.social_cards || opts.dev {
        return Ok(None);
    }
    let drawing = stages.run("cards", || cards::add(site, config, words, &opts.root, &frontend.dir))?;
    Ok(Some(std::thread::spawn(move || {
        background();
        drawing.draw()
    })))
}

/// Waits for the cards' drawing ([`start_cards`]) and puts the pages' cards in the output.
fn finish_cards(stages: &mut Stages, drawing: Option<Drawing>, site: &Site, root: &Path, out: &Path) -> Result<()> {
    let Some(drawing) = drawing else { return Ok(()) };
    stages.run("cards", || {
        drawing.join().map_err(|_| anyhow!("the card thread panicked"))??;
        cards::copy(site, root, out)
    })
}

/// The cards being drawn, and how many.
type Drawing = std::thread::JoinHandle<Result<usize>>;

/// Stamps the finished output, swaps it in (a build; `dev` writes in place) and tidies the
/// cache.
fn publish(out: &Path, stamp: &stamp::Stamp, staging: Option<publish::Staging>, cache: Option<&Cache>) -> Result<()> {
    stamp::write(out, stamp)?;
    if let Some(staging) = staging {
        staging.publish()?;
    }
    if let Some(cache) = cache {
        // The site is in place: a cache that cannot be tidied only takes more room.
        let _ = cache.prune();
    }
    Ok(())
}

/// Where this build writes: a staging folder swapped in at the end, or `dev`'s output itself.
fn output_dir(opts: &Options) -> Result<(Option<publish::Staging>, PathBuf)> {
    if opts.dev {
        return Ok((None, dev_dir(&opts.out)?));
    }
    let staging = publish::Staging::create(&opts.out)?;
    let dir = staging.dir.clone();
    Ok((Some(staging), dir))
}

/// The compiled content kept between builds, and in memory too for `dev`, which loads the whole
/// site again after every edit (compiling does not depend on the mode).
fn compile_cache(opts: &Options) -> site_content::CompileCache {
    let cache = site_content::CompileCache::new(cache::content_dir(&opts.root), &stamp::engine());
    if opts.dev { cache.in_memory() } else { cache }
}

/// The build cache; `dev` keeps its pages in memory and writes in place: no cache.
fn open_cache(opts: &Options, bundle: &site_frontend::Bundle, site_json: &str) -> Result<Option<Arc<Cache>>> {
    if opts.dev {
        return Ok(None);
    }
    Ok(Some(Arc::new(Cache::open(&opts.root, &stamp::engine(), &bundle.hash, site_json)?)))
}

/// Lowers the calling thread's priority (nice 19), and that of the threads and pools it starts,
/// which inherit it. For work that starts long before it is needed (the index and the cards,
/// from the end of the content stage): it takes the cores that the critical path (Vite, then
/// Node's prerender and the pages it returns) leaves idle, instead of slowing it down. Not the
/// early compression: niced, its brotli 11 of the entry chunk became a cold build's last work
/// (cold builds of this site, 2 cores: 1.92-2.14 s niced, 1.86-1.89 s not).
fn background() {
    // Linux only: there `setpriority` applies to one thread; elsewhere to the whole process.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    let _ = rustix::process::setpriority_process(Some(rustix::thread::gettid()), 19);
}

/// Pages for which one more prerender process is worth its cost: a Node start, the bundle's
/// import and a JIT warm-up of its own, about 0.4 s of CPU. On this site's 158 pages, cold on 2
/// cores, one process built faster than two (2.09-2.13 s against 2.18-2.33 s).
const PAGES_PER_PRERENDER: usize = 400;

/// One prerender process per [`PAGES_PER_PRERENDER`] pages, at most one per core.
fn prerender_processes(pages: usize) -> usize {
    pages.div_ceil(PAGES_PER_PRERENDER).clamp(1, cores())
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The bundle does not depend on content: it starts first and runs alongside. With `warm`, a
/// prerender process starts as soon as the bundle is there, also alongside the content stage:
/// Node's start and the bundle's import are most of a one-page rebuild. It is killed unused
/// when every page comes from the cache.
fn start_bundle(frontend: &Frontend, fresh: bool, base_url: &str, warm: bool) -> Result<BundleJob> {
    // Installed before the thread starts, not in it: the cards read their fonts from
    // `node_modules` as soon as content is done, before the bundle is joined.
    frontend.ensure_packages()?;
    let frontend = frontend.clone();
    let base = base_url.to_string();
    Ok(std::thread::spawn(move || {
        let t = Instant::now();
        let b = frontend.bundle(fresh, &base)?;
        let elapsed = t.elapsed();
        // A process that cannot start is reported when the prerender starts its own.
        let warm = warm.then(|| frontend.warm_renderer(&b).ok()).flatten();
        Ok((b, elapsed, warm))
    }))
}

type BundleJob = std::thread::JoinHandle<Result<(Bundle, Duration, Option<Warm>)>>;

/// The bundle, how long it took, and a prerender process when one was started early.
fn join_bundle(job: BundleJob) -> Result<(Bundle, Duration, Option<Warm>)> {
    job.join().map_err(|_| anyhow!("the bundle thread panicked"))?
}

/// The site data every page carries, as JSON.
pub(crate) fn site_json(site: &Site, dev: bool) -> Result<String> {
    let mut data = site.data.clone();
    data.dev = dev;
    Ok(serde_json::to_string(&data)?)
}

/// `dev` writes into the output itself, emptied first.
fn dev_dir(out: &Path) -> Result<PathBuf> {
    if out.exists() {
        std::fs::remove_dir_all(out).with_context(|| format!("removing {}", out.display()))?;
    }
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    Ok(out.to_path_buf())
}

/// What the prerender stage reads.
struct Prerender<'a> {
    opts: &'a Options,
    frontend: &'a Frontend,
    bundle: &'a Bundle,
    config: &'a site_config::Config,
    site: &'a Site,
    site_json: &'a str,
    /// A prerender process started early ([`start_bundle`]), taken by the first start.
    warm: std::cell::Cell<Option<Warm>>,
}

/// The pages rendered (with the renderer `dev` keeps), and the compression of the files
/// written before them (hashed assets, the export), still running.
type Rendered = ((Option<Renderer>, pages::Written), Option<EarlyCompression>);

/// The early compression ([`Prerender::run`]), a thread writing into the output. Dropped
/// without [`EarlyCompression::finish`] (a page failed), it is stopped and waited for: a failed
/// build's staging folder is removed when dropped, and a file written into it during the
/// removal left it behind.
struct EarlyCompression {
    job: Option<std::thread::JoinHandle<Result<usize>>>,
    stop: Arc<AtomicBool>,
}

impl EarlyCompression {
    /// How many files it compressed.
    fn finish(mut self) -> Result<usize> {
        let job = self.job.take().expect("finished once");
        job.join().map_err(|_| anyhow!("the early compression panicked"))?
    }
}

impl Drop for EarlyCompression {
    fn drop(&mut self) {
        if let Some(job) = self.job.take() {
            self.stop.store(true, Ordering::Relaxed);
            let _ = job.join();
        }
    }
}

impl Prerender<'_> {
    /// Writes the static files and every page into `out`.
    fn run(&self, build_id: &str, out: &Path, cache: Option<&Arc<Cache>>) -> Result<Rendered> {
        let (opts, site) = (self.opts, self.site);
        output::write_static(&opts.root, self.bundle, self.config, site, out)?;
        // Offline reading; never in `dev`, whose files change under the reader.
        if site.data.offline && !opts.dev {
            service_worker::write(self.frontend, self.bundle, build_id, out)?;
        }
        let compressing = cache.map(|cache| {
            // While pages render: the hashed assets (slowly, at the highest setting) and what the
            // export wrote (Markdown twins, `llms-full.txt`, which grows with the site and was
            // most of the compress stage at 10 000 pages). Not pages (HTML and JSON, being
            // written now) nor the index (its own folder, also being written).
            let (out, cache) = (out.to_path_buf(), Arc::clone(cache));
            let stop = Arc::new(AtomicBool::new(false));
            let stopped = Arc::clone(&stop);
            let job = std::thread::spawn(move || {
                let written_before =
                    |f: &Path| !matches!(f.extension().and_then(|e| e.to_str()), Some("html" | "json"));
                let index = out.join(site_search::BUNDLE_DIR);
                // Threads of its own: in the global pool, the pages' cache lookup and writing
                // queued behind it, and the prerender's second process started only when the
                // assets' brotli 11 was done (1 s of a 2.5 s cold build).
                let pool = rayon::ThreadPoolBuilder::new().thread_name(|i| format!("compress-early-{i}")).build()?;
                pool.install(|| compress::precompress_where(&out, Some(&index), Some(&cache), written_before, &stopped))
            });
            EarlyCompression { job: Some(job), stop }
        });
        let pages: Vec<&PageData> = site.pages.iter().collect();
        let to = PagesOut { dir: out, compress: !opts.dev, cache: cache.map(Arc::as_ref), keep_json: opts.dev };
        let mut renderer = None;
        let start = |pages: usize| {
            let warm = self.warm.take();
            self.frontend.renderer(self.bundle, self.site_json, Some(prerender_processes(pages)), warm)
        };
        let written = pages::write_pages(&mut renderer, start, &pages, &to).map_err(|e| with_source(e, site))?;
        Ok(((renderer, written), compressing))
    }
}

/// Runs `work` (the prerender) while the search index is written on threads of its own: the
/// index reads only the site model, and a prerender waits on Node much of the time (a one-page
/// rebuild is mostly a Node start). Returns what `work` returned and the time spent waiting for
/// the index after it. No index (a hosted search backend): `work` alone.
fn alongside_index<T>(
    index_of: Option<(&Site, usize)>,
    out: &Path,
    cache: Option<(PathBuf, String)>,
    work: impl FnOnce() -> Result<T>,
) -> Result<(T, Duration)> {
    let Some((site, shard_pages)) = index_of else {
        return Ok((work()?, Duration::ZERO));
    };
    // The index takes one core while the prerender runs, all of them after.
    let busy = AtomicBool::new(true);
    std::thread::scope(|scope| {
        let indexed = scope.spawn(|| index(site, shard_pages, out, cache, &busy));
        let worked = work();
        busy.store(false, Ordering::Release);
        let waited = Instant::now();
        let indexed = indexed.join().map_err(|_| anyhow!("the index thread panicked"))?;
        // A page that failed names its source: say that first.
        let worked = worked?;
        indexed?;
        Ok((worked, waited.elapsed()))
    })
}

/// Compresses what is left besides the index, once the early compression (assets, the export)
/// is done: pages compressed as they rendered, this is mostly nothing.
fn compress_rest(out: &Path, compressing: Option<EarlyCompression>, cache: Option<&Cache>) -> Result<usize> {
    if let Some(job) = compressing {
        job.finish()?;
    }
    compress::precompress(out, Some(&out.join(site_search::BUNDLE_DIR)), cache)
}

/// A page that failed to render names what it was made from: its source file, or the engine's
/// list or page it is.
fn with_source(e: anyhow::Error, site: &Site) -> anyhow::Error {
    let Some(failed) = e.downcast_ref::<RouteFailed>() else { return e };
    match site.origins.get(&failed.route) {
        Some(origin) => anyhow!("{origin}: {failed}"),
        None => e,
    }
}

/// The search index of the site's pages, in shards of `shard_pages`.
fn index(
    site: &Site,
    shard_pages: usize,
    out: &Path,
    cache: Option<(PathBuf, String)>,
    busy: &AtomicBool,
) -> Result<()> {
    background();
    let cache = cache.as_ref().map(|(dir, salt)| (dir.as_path(), salt.as_str()));
    let (pages, titles, locale) = (&site.pages, &site.search_titles, &site.data.locale);
    site_search::write_index_cached(pages, titles, locale, shard_pages, out, cache, Some(busy))?;
    Ok(())
}
