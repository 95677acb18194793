//! A `dev` session: one full build, then rebuilds that re-render only the pages that changed.

use crate::pages::{self, PagesOut};
use crate::{Kept, Loaded, Options, Report, load, load_config, output, site_json, stamp, with_source};
use anyhow::Result;
use site_frontend::Frontend;
use site_schema::PageData;
use site_schema::route_files::{data_file, html_file, markdown_file};
use std::collections::HashSet;

pub struct DevSession {
    opts: Options,
    frontend: Frontend,
    kept: Kept,
    bundle_hash: String,
}

/// What a rebuild changed.
pub struct Rebuilt {
    /// The routes whose pages changed, or `["*"]` when every page did (configuration or
    /// front-end code changed).
    pub routes: Vec<String>,
    pub warnings: Vec<String>,
}

impl DevSession {
    pub fn start(opts: Options) -> Result<(DevSession, Report)> {
        let opts = Options { dev: true, ..opts };
        let (report, kept) = crate::full_build(&opts)?;
        let frontend = Frontend::new(&opts.frontend);
        let base = load_config(&opts)?.site.base_url;
        let bundle_hash = frontend.source_hash(&base)?;
        Ok((DevSession { opts, frontend, kept, bundle_hash }, report))
    }

    /// Rebuilds after an edit.
    pub fn rebuild(&mut self) -> Result<Rebuilt> {
        let config = load_config(&self.opts)?;
        let base = config.site.base_url.clone();
        let Loaded { config, site, words, warnings } = load::load(&self.opts, config, None)?;
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
        output::write_static(&self.opts.root, &self.kept.bundle, &config, &site, &out)?;
        site_export::write(&site, &words, &out)?;
        let changed: Vec<&PageData> = site.pages.iter().filter(|p| everything || self.changed(p)).collect();
        let routes: Vec<String> = changed.iter().map(|p| p.route.clone()).collect();
        let to = PagesOut { dir: &out, compress: false, cache: None, keep_json: true };
        let start = |_| self.frontend.renderer(&self.kept.bundle, &self.kept.site_json, None, None);
        let fresh =
            pages::write_pages(&mut self.kept.renderer, start, &changed, &to).map_err(|e| with_source(e, &site))?.json;
        let live: HashSet<&str> = site.pages.iter().map(|p| p.route.as_str()).collect();
        for gone in self.kept.page_json.keys().filter(|r| !live.contains(r.as_str())) {
            let _ = std::fs::remove_file(out.join(html_file(gone)));
            let _ = std::fs::remove_file(out.join(data_file(gone)));
            let _ = std::fs::remove_file(out.join(markdown_file(gone)));
        }
        self.kept.page_json.retain(|r, _| live.contains(r.as_str()));
        self.kept.page_json.extend(fresh);
        stamp::write(&out, &stamp::current(&self.opts, stamp::Mode::Dev, &base)?)?;
        Ok(Rebuilt { routes: if everything { vec!["*".to_string()] } else { routes }, warnings })
    }

    /// Whether a page's data differs from what the browser has.
    fn changed(&self, page: &PageData) -> bool {
        self.kept.page_json.get(&page.route).is_none_or(|old| serde_json::to_string(page).ok().as_ref() != Some(old))
    }
}
