//! The site model: configuration and compiled content in, the typed site out: the site data,
//! one page data per route, the anchors of every page, the sitemap and the feed, with every
//! link checked. Nothing here touches the file system; the pipeline (crates/pipeline) reads the
//! inputs and writes the output.

mod blog;
mod components;
pub mod csp;
mod docs;
pub mod feeds;
mod links;
mod pages;
mod search_titles;
mod sidebar;
mod site_data;
mod structured;
mod tags;
mod text;
mod words;

pub use pages::{Origin, canonical};
pub use search_titles::titles as search_titles;
pub use words::{Words, fill};

use site_config::{Config, ConfigError};
use site_content::Content;
use site_schema::{PageData, SiteData};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// Errors and warnings collected across the model, already formatted `file:line: message`.
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

impl std::fmt::Display for Problems {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for e in &self.errors {
            writeln!(f, "error: {e}")?;
        }
        write!(f, "{} error(s)", self.errors.len())
    }
}

impl std::error::Error for Problems {}

/// What the model is made from.
pub struct Inputs<'a> {
    pub config: &'a Config,
    /// The configuration file as messages name it (`site.toml`).
    pub config_file: &'a Path,
    pub content: &'a Content,
    pub words: &'a Words,
    /// Site paths of the files the site serves besides its pages (`/img/logo.svg`,
    /// `/blog/rss.xml`), for link checks.
    pub files: &'a HashSet<String>,
    /// The date (`2023-03-01`) each content file last changed, by its path as `Content` names it
    /// (from the repository's history; empty outside a git checkout).
    pub last_updated: &'a HashMap<PathBuf, String>,
}

/// The assembled site: everything the output stage writes.
pub struct Site {
    pub data: SiteData,
    pub pages: Vec<PageData>,
    /// What made each route: a content file, or the engine itself.
    pub origins: HashMap<String, Origin>,
    /// Heading and footnote ids of every route that has them, for anchor checks.
    pub anchors: HashMap<String, Vec<String>>,
    /// Routes listed in the sitemap (not the 404 page, not redirects, not search).
    pub sitemap: Vec<String>,
    pub feed: Vec<FeedItem>,
    /// Every sidebar, in the order of the configuration.
    pub sidebars: Vec<std::sync::Arc<site_schema::Sidebar>>,
    /// The titles the search interface loads first.
    pub search_titles: Vec<site_schema::SearchTitle>,
}

pub struct FeedItem {
    pub title: String,
    pub route: String,
    pub date: jiff::civil::Date,
    pub description: String,
    pub tags: Vec<String>,
}

/// Assembles the site and checks its links. Every problem found goes to `problems`; `None`
/// when there was an error.
pub fn assemble(inputs: &Inputs, problems: &mut Problems) -> Option<Site> {
    let docs = docs::by_id(inputs.content);
    let sidebars = match sidebar::resolve(inputs.config, inputs.config_file, &docs) {
        Ok(s) => {
            problems.warnings.extend(s.warnings.iter().map(|w| w.to_string()));
            s
        }
        Err(errors) => {
            problems.config_errors(errors);
            return None;
        }
    };
    let data = site_data::site_data(inputs.config, inputs.config_file, &docs, problems)?;
    let mut pages = pages::Pages::new(inputs);
    pages::home(&mut pages, &docs, problems)?;
    docs::doc_pages(&mut pages, &sidebars);
    docs::docs_redirect(&mut pages, &docs, problems)?;
    docs::tag_pages(&mut pages);
    blog::blog_pages(&mut pages);
    pages::standalone_pages(&mut pages);
    pages::search_and_not_found(&mut pages);
    let mut site = pages.finish(data, problems);
    structured::add(&mut site.pages, inputs.config);
    site.sidebars = inputs.config.sidebars.iter().filter_map(|s| sidebars.trees.get(&s.id).cloned()).collect();
    links::check(inputs, &site, problems);
    problems.errors.is_empty().then_some(site)
}

/// The message for a configuration field naming a doc that does not exist.
pub fn missing_doc(config: &Config, file: &Path, field: &str, id: &str) -> ConfigError {
    config.error(file, field, format!("docs data not found: no doc with id `{id}` (expected content/docs/{id}.md)"))
}

/// A path as messages show it: relative to `root` when below it.
pub fn relative(root: &Path, path: &Path) -> PathBuf {
    path.strip_prefix(root).unwrap_or(path).to_path_buf()
}
