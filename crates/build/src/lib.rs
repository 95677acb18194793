//! The build: configuration and content in, the complete static site out.
//!
//! Stages, each timed and reported: **content** (config, Markdown, routes, page data, link
//! check), **bundle** (Vite; runs in parallel with content, cached by source hash),
//! **prerender** (React's server renderer over every route; each page is compressed on the
//! other cores as soon as it is rendered), **index** (Pagefind, from the page data, while
//! the remaining files compress) and **compress** (the index's own files). The site is
//! written to `build.partial/` and moved to `build/` only when every stage succeeded.

pub mod assemble;
mod csp;
mod feeds;
mod links;
pub mod output;
mod sidebar;
pub mod stamp;

use anyhow::{Context, Result, anyhow};
use assemble::Site;
use site_config::{Config, ConfigError};
use site_frontend::Frontend;
use site_frontend::Renderer;
use site_schema::PageData;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Errors and warnings collected across a build, already formatted `file:line: message`.
#[derive(Debug, Default)]
pub struct Problems {
    pub errors: Vec<String>,
    pub warnings: Vec<String>,
}

impl Problems {
    pub fn error(&mut self, m: String) {
        self.errors.push(m);
    }
    pub fn config_errors(&mut self, errors: Vec<ConfigError>) {
        self.errors.extend(errors.into_iter().map(|e| e.to_string()));
    }
}

/// A failed build: every error found, not only the first.
#[derive(Debug)]
pub struct BuildFailed {
    pub problems: Problems,
}

impl std::fmt::Display for BuildFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for e in &self.problems.errors {
            writeln!(f, "error: {e}")?;
        }
        write!(f, "{} error(s)", self.problems.errors.len())
    }
}

impl std::error::Error for BuildFailed {}

#[derive(Debug, Clone)]
pub struct Options {
    /// The repository root: holds `site.toml`, `content/`, `static/`, `frontend/`.
    pub root: PathBuf,
    /// Where the site goes (default `root/build`).
    pub out: PathBuf,
    /// Print stage progress.
    pub verbose: bool,
    /// Rebuild the front-end bundle even when its sources did not change.
    pub fresh_bundle: bool,
    /// Skip the search index and compression (the `dev` loop).
    pub dev: bool,
    /// The front-end project (default `root/frontend`).
    pub frontend: PathBuf,
    /// The configuration file (default `root/site.toml`).
    pub config: Option<PathBuf>,
}

impl Options {
    pub fn new(root: &Path) -> Options {
        Options {
            root: root.to_path_buf(),
            out: root.join("build"),
            verbose: true,
            fresh_bundle: false,
            dev: false,
            frontend: root.join("frontend"),
            config: None,
        }
    }
    pub fn config_file(&self) -> PathBuf {
        self.config.clone().unwrap_or_else(|| self.root.join("site.toml"))
    }
}

/// What a build did.
#[derive(Debug, Default, Clone)]
pub struct Report {
    pub pages: usize,
    pub files: usize,
    pub warnings: Vec<String>,
    pub stages: Vec<(&'static str, Duration)>,
    pub total: Duration,
    pub bundle_cached: bool,
}

/// Everything `check` validates, and the in-memory site it produced.
pub struct Checked {
    pub config: Config,
    pub site: Site,
    pub warnings: Vec<String>,
}

/// Reads the configuration file; errors name the file relative to the root.
pub fn load_config(opts: &Options) -> Result<Config> {
    let config_file = opts.config_file();
    let rel = config_file.strip_prefix(&opts.root).unwrap_or(&config_file).to_path_buf();
    Config::load(&config_file).map_err(|mut e| {
        e.file = rel;
        anyhow!(BuildFailed { problems: Problems { errors: vec![e.to_string()], warnings: vec![] } })
    })
}

/// Stage 1: content, routes, page data, links, for an already loaded configuration.
/// Writes nothing.
pub fn load_site(opts: &Options, config: Config) -> Result<Checked> {
    let mut problems = Problems::default();
    let config_file = opts.config_file();
    let rel_config = config_file.strip_prefix(&opts.root).unwrap_or(&config_file).to_path_buf();
    let content = match site_content::load(&opts.root, &opts.root.join("content")) {
        Ok(c) => c,
        Err(errors) => {
            problems.errors.extend(errors.iter().map(|d| d.to_string()));
            return Err(anyhow!(BuildFailed { problems }));
        }
    };
    problems.warnings.extend(content.warnings.iter().map(|d| d.to_string()));
    let Some(site) = assemble::assemble(&config, &rel_config, &content, &mut problems) else {
        return Err(anyhow!(BuildFailed { problems }));
    };
    let mut files: HashSet<String> =
        output::files_under(&opts.root.join("static")).into_iter().map(|(p, _)| p).collect();
    for generated in ["/sitemap.xml", "/blog/rss.xml", "/blog/atom.xml"] {
        files.insert(generated.to_string());
    }
    let targets = links::Targets::new(&site, &files);
    links::check_content(&targets, &content.links, &mut problems);
    links::check_config(&targets, &site, &rel_config, &mut problems);
    if !problems.errors.is_empty() {
        return Err(anyhow!(BuildFailed { problems }));
    }
    Ok(Checked { config, site, warnings: problems.warnings })
}

/// `check`: every validation the build makes, without writing anything.
pub fn check(opts: &Options) -> Result<Checked> {
    load_site(opts, load_config(opts)?)
}

struct Timer {
    stages: Vec<(&'static str, Duration)>,
    verbose: bool,
}

impl Timer {
    fn run<T>(&mut self, name: &'static str, f: impl FnOnce() -> Result<T>) -> Result<T> {
        let t = Instant::now();
        let r = f()?;
        self.done(name, t.elapsed());
        Ok(r)
    }
    fn done(&mut self, name: &'static str, d: Duration) {
        if self.verbose {
            eprintln!("  {name:<10} {:>7.0} ms", d.as_secs_f64() * 1000.0);
        }
        self.stages.push((name, d));
    }
}

/// The outputs of a full build that a `dev` session keeps for its rebuilds.
pub struct Built {
    pub report: Report,
    pub bundle: site_frontend::Bundle,
    pub renderer: Renderer,
    pub site_json: String,
    pub page_json: HashMap<String, String>,
}

/// The full build into `opts.out`.
pub fn build(opts: &Options) -> Result<Report> {
    Ok(build_keeping(opts)?.report)
}

/// The full build, returning what a `dev` session needs to rebuild incrementally.
pub fn build_keeping(opts: &Options) -> Result<Built> {
    let start = Instant::now();
    let mut timer = Timer { stages: Vec::new(), verbose: opts.verbose };
    let frontend = Frontend::new(&opts.frontend);
    let config = load_config(opts)?;

    // The bundle does not depend on content: start it first and let it run alongside.
    let bundle_job = {
        let frontend = frontend.clone();
        let fresh = opts.fresh_bundle;
        let base = config.site.base_url.clone();
        std::thread::spawn(move || -> Result<(site_frontend::Bundle, Duration)> {
            let t = Instant::now();
            frontend.ensure_packages()?;
            let b = frontend.bundle(fresh, &base)?;
            Ok((b, t.elapsed()))
        })
    };

    let checked = timer.run("content", || load_site(opts, config));
    let (bundle, bundle_time) = bundle_job.join().map_err(|_| anyhow!("the bundle thread panicked"))??;
    let Checked { config, site, warnings } = checked?;
    // Only the part of the bundle stage that the content stage did not hide.
    timer.done("bundle", bundle_time.saturating_sub(timer.stages[0].1));

    let partial = opts.out.with_extension("partial");
    let out = if opts.dev { opts.out.clone() } else { partial.clone() };
    if out.exists() {
        std::fs::remove_dir_all(&out).with_context(|| format!("removing {}", out.display()))?;
    }
    std::fs::create_dir_all(&out)?;

    let mut data = site.data.clone();
    data.dev = opts.dev;
    let site_json = serde_json::to_string(&data)?;
    let mut assets_compressed = None;
    let (renderer, page_json) = timer.run("prerender", || {
        let mut renderer = frontend.renderer(&bundle, &site_json)?;
        write_static(opts, &bundle, &config, &site, &out)?;
        if !opts.dev {
            // The hashed assets compress (slowly, at the highest setting) while pages render.
            let assets = out.join("assets");
            assets_compressed = Some(std::thread::spawn(move || output::precompress(&assets, None)));
        }
        let pages: Vec<&PageData> = site.pages.iter().collect();
        let page_json = write_pages(&mut renderer, &pages, &out, !opts.dev)?;
        Ok((renderer, page_json))
    })?;
    if !opts.dev {
        // The index (Pagefind, from the page data) and the compression of what is left
        // (assets, static files, feeds) use different cores: side by side, then the index's
        // own files. The index gets a plain thread: a rayon worker must never block on work
        // that itself needs the (two-thread) pool.
        let t = Instant::now();
        let (indexed, compressed) = std::thread::scope(|scope| {
            let index = scope.spawn(|| (site_search::write_index(&site.pages, &site.data.locale, &out), t.elapsed()));
            let compressed = (|| -> Result<usize> {
                if let Some(job) = assets_compressed {
                    job.join().map_err(|_| anyhow!("asset compression panicked"))??;
                }
                // Not the index folder: Pagefind is writing it at this moment.
                output::precompress(&out, Some(&out.join("pagefind")))
            })();
            (index.join(), compressed)
        });
        let (indexed, index_time) = indexed.map_err(|_| anyhow!("the index thread panicked"))?;
        indexed?;
        compressed?;
        timer.done("index", index_time);
        timer.run("compress", || output::precompress(&out.join("pagefind"), None))?;
    } else {
        // `dev` indexes once at start; its rebuilds keep that index.
        timer.run("index", || site_search::write_index(&site.pages, &site.data.locale, &out))?;
    }
    stamp::write(&opts.root, &out)?;
    if !opts.dev {
        if opts.out.exists() {
            std::fs::remove_dir_all(&opts.out).with_context(|| format!("removing {}", opts.out.display()))?;
        }
        std::fs::rename(&partial, &opts.out)?;
    }
    let files = output::files_under(&opts.out).len();
    let report = Report {
        pages: site.pages.len(),
        files,
        warnings,
        stages: timer.stages,
        total: start.elapsed(),
        bundle_cached: bundle.cached,
    };
    Ok(Built { report, bundle, renderer, site_json, page_json })
}

/// Static files, hashed assets, feeds, sitemap and the security policy.
fn write_static(
    opts: &Options,
    bundle: &site_frontend::Bundle,
    config: &Config,
    site: &Site,
    out: &Path,
) -> Result<()> {
    output::copy_tree(&opts.root.join("static"), out)?;
    output::copy_tree(&bundle.client_dir.join("assets"), &out.join("assets"))?;
    output::write(out, Path::new("sitemap.xml"), feeds::sitemap(config, site).as_bytes())?;
    output::write(out, Path::new("blog/rss.xml"), feeds::rss(config, &site.feed).as_bytes())?;
    output::write(out, Path::new("blog/atom.xml"), feeds::atom(config, &site.feed).as_bytes())?;
    let template = std::fs::read_to_string(bundle.client_dir.join("index.html"))?;
    output::write(out, Path::new(".csp"), csp::policy(&template, &site.data).as_bytes())?;
    Ok(())
}

/// Page data and prerendered HTML of `pages`. Returns each route's page-data JSON. With
/// `compress`, every file is compressed as soon as it is written, on the other cores, while
/// Node renders the next pages.
fn write_pages(
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
                    if let Err(e) = output::compress_file(&path, &bytes) {
                        *failed.lock().unwrap() = Some(e);
                    }
                });
            }
        };
        for (p, j) in pages.iter().zip(&json) {
            let rel = output::data_path(&p.route);
            output::write(out, &rel, j.as_bytes())?;
            spawn_compress(out.join(rel), j.clone().into_bytes());
        }
        renderer.render_each(json.iter().map(String::as_str), |i, html| {
            let rel = output::html_path(&pages[i].route);
            output::write(out, &rel, html.as_bytes())?;
            spawn_compress(out.join(rel), html.into_bytes());
            Ok(())
        })
    })?;
    if let Some(e) = failed.into_inner().unwrap() {
        return Err(e);
    }
    Ok(pages.iter().map(|p| p.route.clone()).zip(json).collect())
}

/// A `dev` session: the first build, then rebuilds that re-render only what changed.
pub struct DevSession {
    opts: Options,
    frontend: Frontend,
    built: Built,
    bundle_hash: String,
}

impl DevSession {
    pub fn start(opts: Options) -> Result<(DevSession, Report)> {
        let opts = Options { dev: true, ..opts };
        let built = build_keeping(&opts)?;
        let frontend = Frontend::new(&opts.frontend);
        let base = load_config(&opts)?.site.base_url;
        let bundle_hash = frontend.source_hash(&base)?;
        let report = Report {
            pages: built.report.pages,
            files: built.report.files,
            warnings: built.report.warnings.clone(),
            stages: built.report.stages.clone(),
            total: built.report.total,
            bundle_cached: built.report.bundle_cached,
        };
        Ok((DevSession { opts, frontend, built, bundle_hash }, report))
    }

    /// Rebuilds after an edit. Returns the routes whose pages changed, or `["*"]` when every
    /// page did (configuration or front-end code changed).
    pub fn rebuild(&mut self) -> Result<(Vec<String>, Vec<String>)> {
        let config = load_config(&self.opts)?;
        let base = config.site.base_url.clone();
        let Checked { config, site, warnings } = load_site(&self.opts, config)?;
        let out = self.opts.out.clone();
        let mut everything = false;
        let hash = self.frontend.source_hash(&base)?;
        if hash != self.bundle_hash {
            self.built.bundle = self.frontend.bundle(false, &base)?;
            self.bundle_hash = hash;
            everything = true;
        }
        let mut data = site.data.clone();
        data.dev = true;
        let site_json = serde_json::to_string(&data)?;
        if everything || site_json != self.built.site_json {
            self.built.renderer = self.frontend.renderer(&self.built.bundle, &site_json)?;
            self.built.site_json = site_json;
            everything = true;
        }
        write_static(&self.opts, &self.built.bundle, &config, &site, &out)?;
        let changed: Vec<&PageData> = site
            .pages
            .iter()
            .filter(|p| {
                everything
                    || self
                        .built
                        .page_json
                        .get(&p.route)
                        .is_none_or(|old| serde_json::to_string(p).ok().as_ref() != Some(old))
            })
            .collect();
        let routes: Vec<String> = changed.iter().map(|p| p.route.clone()).collect();
        let fresh = write_pages(&mut self.built.renderer, &changed, &out, false)?;
        let live: HashSet<&str> = site.pages.iter().map(|p| p.route.as_str()).collect();
        for gone in self.built.page_json.keys().filter(|r| !live.contains(r.as_str())) {
            let _ = std::fs::remove_file(out.join(output::html_path(gone)));
            let _ = std::fs::remove_file(out.join(output::data_path(gone)));
        }
        self.built.page_json.retain(|r, _| live.contains(r.as_str()));
        self.built.page_json.extend(fresh);
        stamp::write(&self.opts.root, &out)?;
        Ok((if everything { vec!["*".to_string()] } else { routes }, warnings))
    }
}
