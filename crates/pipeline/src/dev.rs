//! A `dev` session: one full build, then rebuilds that re-render only the pages that changed.

use crate::pages::{self, PagesOut};
use crate::{Kept, Loaded, Options, Report, load, load_config, output, site_json, stamp, with_source};
use anyhow::{Context, Result};
use rayon::prelude::*;
use site_frontend::Frontend;
use site_schema::PageData;
use site_schema::route_files::{data_file, html_file, markdown_file};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

pub struct DevSession {
    opts: Options,
    frontend: Frontend,
    kept: Kept,
    bundle_hash: String,
    /// The base URL of the last rebuild (the stamp's).
    base: String,
}

/// What a rebuild changed.
pub struct Rebuilt {
    /// The routes whose pages changed, or `["*"]` when every page did (configuration or
    /// front-end code changed).
    pub routes: Vec<String>,
    pub warnings: Vec<String>,
    /// Every file the rebuild wrote or removed, relative to the output folder and
    /// `/`-separated (for the server's [`site_server::SiteFiles::reload_changed`]); `None`
    /// when every page changed.
    pub written: Option<Vec<String>>,
}

impl DevSession {
    pub fn start(opts: Options) -> Result<(DevSession, Report)> {
        let opts = Options { dev: true, ..opts };
        let (report, kept) = crate::full_build(&opts)?;
        // The first build's files are all new to the server anyway.
        kept.exported.take_written(&opts.out);
        let frontend = Frontend::new(&opts.frontend);
        let base = load_config(&opts)?.site.base_url;
        let bundle_hash = frontend.source_hash(&base)?;
        Ok((DevSession { opts, frontend, kept, bundle_hash, base }, report))
    }

    /// Stamps the output as a `dev` build of the current inputs. Apart from [`DevSession::rebuild`]
    /// so that the open pages hear of a rebuild first: hashing every input took 0.3 s at 10 024
    /// pages, and only a later `build`, `dev` or `serve` reads the stamp. Only the inputs not
    /// settled and unchanged since the last stamp are read again.
    pub fn stamp(&mut self) -> Result<()> {
        let stamp = stamp::current(&self.opts, stamp::Mode::Dev, &self.base, &mut self.kept.digests)?;
        stamp::write(&self.opts.out, &stamp)
    }

    /// Rebuilds after an edit. The output's stamp is not updated: [`DevSession::stamp`] does it.
    pub fn rebuild(&mut self) -> Result<Rebuilt> {
        self.rebuild_with(load_config(&self.opts)?)
    }

    /// [`DevSession::rebuild`] with the configuration as it is now, already loaded (by `dev`,
    /// which checks the base URL first: at 10 024 pages, reading `site.toml` twice was 5 % of
    /// an edit's CPU).
    pub fn rebuild_with(&mut self, config: site_config::Config) -> Result<Rebuilt> {
        let base = config.site.base_url.clone();
        let Loaded { config, site, words, warnings } = load::load(&self.opts, config, Some(&self.kept.compiled))?;
        let out = self.opts.out.clone();
        let mut everything = false;
        let hash = self.frontend.source_hash(&base)?;
        if hash != self.bundle_hash {
            self.kept.bundle = self.frontend.bundle(false, &base)?;
            self.bundle_hash = hash;
            everything = true;
        }
        let site_json = site_json(&site, true)?;
        if everything || site_json != self.kept.site_json {
            self.kept.renderer = Some(self.frontend.renderer(&self.kept.bundle, &site_json, None, None)?);
            self.kept.site_json = site_json;
            everything = true;
        }
        let mut written = output::write_static(&self.opts.root, &self.kept.bundle, &config, &site, &out)?;
        // Compared as data, not as JSON: serializing every page for it took longer than the
        // pages that changed take to render, at 10 024 pages.
        let is_changed: Vec<bool> =
            site.pages.par_iter().map(|p| everything || self.kept.pages.get(&p.route) != Some(p)).collect();
        let changed: Vec<&PageData> = site.pages.iter().zip(is_changed).filter_map(|(p, c)| c.then_some(p)).collect();
        if everything {
            // The words or the site's address may have changed: no twin is kept.
            self.kept.exported.twins.lock().unwrap().clear();
        }
        site_export::write_with(&site, &words, &out, &self.kept.exported)?;
        written.extend(self.kept.exported.take_written(&out));
        let routes: Vec<String> = changed.iter().map(|p| p.route.clone()).collect();
        let to = PagesOut { dir: &out, compress: false, cache: None, keep_json: true };
        let start = |_| self.frontend.renderer(&self.kept.bundle, &self.kept.site_json, None, None);
        let fresh =
            pages::write_pages(&mut self.kept.renderer, start, &changed, &to).map_err(|e| with_source(e, &site))?.json;
        let live: HashSet<&str> = site.pages.iter().map(|p| p.route.as_str()).collect();
        // Written when rendered (`fresh`); a page that failed to render failed the rebuild.
        written.extend(changed.iter().flat_map(|p| [html_file(&p.route), data_file(&p.route)]));
        for gone in self.kept.pages.keys().filter(|r| !live.contains(r.as_str())) {
            for file in [html_file(gone), data_file(gone), markdown_file(gone)] {
                let _ = std::fs::remove_file(out.join(&file));
                written.push(file);
            }
        }
        self.kept.pages.retain(|r, _| live.contains(r.as_str()));
        self.kept.exported.twins.lock().unwrap().retain(|r, _| live.contains(r.as_str()));
        // What the browser now has: the pages rendered (all of them, unless one failed).
        self.kept
            .pages
            .extend(changed.iter().filter(|p| fresh.contains_key(&p.route)).map(|&p| (p.route.clone(), p.clone())));
        self.base = base;
        let (routes, written) = if everything { (vec!["*".to_string()], None) } else { (routes, Some(written)) };
        Ok(Rebuilt { routes, warnings, written })
    }
}

/// What `dev` keeps of the export between rebuilds. Every edit exports the whole site again (a
/// twin can change with another page's title, `llms-full.txt` with any page), and printing and
/// writing ten thousand unchanged twins was about half of an edit's rebuild at 10 024 pages.
/// A file whose bytes are those this session last wrote there is left alone, and a page whose
/// data is what its twin was printed from keeps that twin.
#[derive(Default)]
pub(crate) struct Exported {
    /// What this session last wrote at each path.
    written: Mutex<HashMap<PathBuf, Sum>>,
    /// The paths written since [`Exported::take_written`] last asked.
    wrote: Mutex<Vec<PathBuf>>,
    /// Each page's twin, by route.
    twins: Mutex<HashMap<String, Arc<Twin>>>,
}

/// A page's twin, with the page data it was printed from.
struct Twin {
    page: PageData,
    text: String,
    sum: Sum,
}

/// Bytes told apart by a hash and their length. Not the standard SipHash: `llms-full.txt` is
/// 91 MB at 10 024 pages, hashed after every edit.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Sum(u64, usize);

impl Sum {
    fn of(bytes: &[u8]) -> Sum {
        use std::hash::BuildHasher;
        Sum(foldhash::quality::FixedState::with_seed(0).hash_one(bytes), bytes.len())
    }
}

impl site_export::Files for Exported {
    fn put(&self, path: &Path, bytes: &[u8]) -> Result<()> {
        self.put_summed(path, bytes, Sum::of(bytes))
    }

    fn twin(&self, page: &PageData, path: &Path, print: &dyn Fn() -> Result<String>) -> Result<String> {
        // Compared outside the lock: the export's threads ask at once.
        let kept = self.twins.lock().unwrap().get(&page.route).cloned();
        let (text, sum) = match kept.filter(|k| k.page == *page) {
            Some(kept) => (kept.text.clone(), kept.sum),
            None => {
                let text = print()?;
                let sum = Sum::of(text.as_bytes());
                let kept = Arc::new(Twin { page: page.clone(), text: text.clone(), sum });
                self.twins.lock().unwrap().insert(page.route.clone(), kept);
                (text, sum)
            }
        };
        self.put_summed(path, text.as_bytes(), sum)?;
        Ok(text)
    }
}

impl Exported {
    /// Writes `bytes`, whose sum is `sum`, unless they are what this session last wrote there.
    fn put_summed(&self, path: &Path, bytes: &[u8], sum: Sum) -> Result<()> {
        let same = self.written.lock().unwrap().get(path) == Some(&sum);
        // Still there (not removed since; a file rewritten by hand to the same length goes unseen).
        if same && std::fs::metadata(path).is_ok_and(|m| m.len() == bytes.len() as u64) {
            return Ok(());
        }
        std::fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))?;
        self.written.lock().unwrap().insert(path.to_path_buf(), sum);
        self.wrote.lock().unwrap().push(path.to_path_buf());
        Ok(())
    }

    /// The files written since the last call, relative to `out` and `/`-separated.
    fn take_written(&self, out: &Path) -> Vec<String> {
        let wrote = std::mem::take(&mut *self.wrote.lock().unwrap());
        let relative = wrote.iter().filter_map(|p| p.strip_prefix(out).ok());
        relative.map(|p| p.to_string_lossy().replace('\\', "/")).collect()
    }
}
