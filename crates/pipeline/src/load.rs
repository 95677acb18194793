//! The content stage: reads the configuration, the content and the theme's words, and
//! assembles the site model. Writes nothing; this is all `check` does.

use crate::Options;
use anyhow::{Result, anyhow};
use site_config::Config;
use site_content::CompileCache;
use site_model::{Inputs, Problems, Site, Words, relative};
use std::collections::HashSet;

/// The loaded site, ready to write.
pub struct Loaded {
    pub config: Config,
    pub site: Site,
    /// The theme's words (for what the engine prints itself: feeds, Markdown twins).
    pub words: Words,
    pub warnings: Vec<String>,
}

/// Files the build generates besides pages, which content may link to.
const GENERATED_FILES: &[&str] = &["/sitemap.xml", "/blog/rss.xml", "/blog/atom.xml"];

/// Reads the configuration file (with the base URL of the options, when set); errors name the
/// file relative to the root.
pub fn load_config(opts: &Options) -> Result<Config> {
    let file = opts.config_file();
    let mut config = Config::load(&file).map_err(|mut e| {
        e.file = relative(&opts.root, &file);
        anyhow!(Problems { errors: vec![e.to_string()], warnings: vec![] })
    })?;
    if let Some(base) = &opts.base_url {
        site_config::check_base_url(base).map_err(|m| anyhow!("--base-url: {m}"))?;
        config.site.base_url = base.clone();
    }
    Ok(config)
}

/// `check`: every validation the build makes, without writing anything.
pub fn check(opts: &Options) -> Result<Loaded> {
    load(opts, load_config(opts)?, None)
}

/// Content, routes, page data and links, for an already loaded configuration; files compiled
/// before come from `cache` when given.
pub(crate) fn load(opts: &Options, config: Config, cache: Option<&CompileCache>) -> Result<Loaded> {
    let mut problems = Problems::default();
    // The history is read by a git process while the content compiles.
    let (content, last_updated) = std::thread::scope(|s| {
        let history = s.spawn(|| crate::history::last_updated(&opts.root));
        let content = site_content::load_cached(&opts.root, &opts.root.join("content"), cache);
        (content, history.join().unwrap_or_default())
    });
    let content = content.map_err(|errors| {
        anyhow!(Problems { errors: errors.iter().map(|d| d.to_string()).collect(), warnings: vec![] })
    })?;
    problems.warnings.extend(content.warnings.iter().map(|d| d.to_string()));
    let words = Words::load(&opts.frontend.join("src/i18n/zh-hans.json")).map_err(|e| anyhow!(e))?;
    let mut files: HashSet<String> =
        crate::output::files_under(&opts.root.join("static")).into_iter().map(|(p, _)| p).collect();
    files.extend(GENERATED_FILES.iter().map(|f| f.to_string()));
    let config_file = relative(&opts.root, &opts.config_file());
    let inputs = Inputs {
        config: &config,
        config_file: &config_file,
        content: &content,
        words: &words,
        files: &files,
        last_updated: &last_updated,
    };
    let Some(site) = site_model::assemble(&inputs, &mut problems) else {
        return Err(anyhow!(problems));
    };
    Ok(Loaded { config, site, words, warnings: problems.warnings })
}

/// One route of the site, as `docsite routes --json` lists it for tests and tools.
#[derive(Debug, Clone, serde::Serialize)]
pub struct RouteEntry {
    pub route: String,
    /// The page kind (`doc`, `blogPost`, …), as in the page data.
    pub kind: String,
    /// The content file it comes from, when it comes from one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    pub title: String,
    /// Its files in the built site.
    pub html: String,
    pub data: String,
}

/// Every route of the loaded site, in build order.
pub fn routes(loaded: &Loaded) -> Vec<RouteEntry> {
    use site_model::Origin;
    use site_schema::route_files::{data_file, html_file};
    loaded
        .site
        .pages
        .iter()
        .map(|p| RouteEntry {
            route: p.route.clone(),
            kind: serde_json::to_value(&p.page)
                .ok()
                .and_then(|v| v["kind"].as_str().map(str::to_string))
                .unwrap_or_default(),
            source: match loaded.site.origins.get(&p.route) {
                Some(Origin::File(f)) => Some(f.to_string_lossy().replace('\\', "/")),
                _ => None,
            },
            title: p.head.title.clone(),
            html: html_file(&p.route),
            data: data_file(&p.route),
        })
        .collect()
}
