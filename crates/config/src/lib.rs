//! The site configuration: one TOML file (`site.toml`), read into typed structs and checked.
//!
//! Everything that can be checked from the file alone is checked here; what needs the content
//! (a sidebar naming a doc that does not exist, a navbar link to a missing route) is checked by
//! the build, which reports it with the same [`ConfigError`] shape: file, line, field, what was
//! expected. [`Config::error`] gives such an error the line of its field.
//!
//! The doc comments of the types below are also the descriptions of `site.schema.json`, the JSON
//! Schema editors use for `site.toml` (see [`json_schema`]).

mod deserialize;
mod locate;
mod schema;
mod validate;

pub use locate::Locator;
pub use schema::json_schema;
/// Values that mean the same in `site.toml` and in the page data: one type for both.
pub use site_schema::{NavIcon, Position, ThemeName, VersionBanner};
pub use validate::check_base_url;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};

/// An error in the configuration file, naming the field and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ConfigError {
    pub file: PathBuf,
    /// Dotted path of the field: `navbar.items[3].type`.
    pub field: String,
    pub line: Option<usize>,
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        if !self.field.is_empty() {
            write!(f, ": {}", self.field)?;
        }
        write!(f, ": {}", self.message)
    }
}

/// The configuration of the documentation site (`site.toml`).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "site.toml")]
pub struct Config {
    /// The site's name, address and locale.
    pub site: Site,
    /// The bar at the top of every page.
    pub navbar: Navbar,
    /// The footer of every page.
    pub footer: Footer,
    /// A bar above the navbar on every page. Leave it out for none.
    #[serde(default)]
    pub announcement: Option<Announcement>,
    /// The light and dark themes.
    #[serde(default)]
    pub color_mode: ColorMode,
    /// Which heading levels the table of contents lists.
    #[serde(default)]
    pub toc: Toc,
    /// The docs section (`/docs`).
    pub docs: Docs,
    /// Doc sidebars. A doc listed in several sidebars belongs to the first.
    #[serde(default)]
    pub sidebars: Vec<SidebarConfig>,
    /// The blog (`/blog`).
    pub blog: Blog,
    /// The search backend.
    #[serde(default)]
    pub search: Search,
    /// An analytics script, if any.
    #[serde(default)]
    pub analytics: Analytics,
    /// Home page hero and feature sections.
    pub home: Home,
    /// Where each field is written, for errors found after loading.
    #[serde(skip)]
    locator: Locator,
}

/// The site's name, address and locale.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Site {
    /// The site's name: the home page title and the suffix of every other page title.
    pub title: String,
    /// One line under the title.
    pub tagline: String,
    /// Origin the site is deployed at, without a path or trailing slash: `https://example.com`.
    /// A path goes in `base_url`.
    #[schemars(pattern(r"^https?://[^/?#]+$"))]
    pub url: String,
    /// Path the site lives under; starts and ends with `/`: `/` or `/zh/`.
    #[schemars(pattern(r"^/(.*/)?$"))]
    pub base_url: String,
    /// The language of the pages; only `zh-hans`.
    #[schemars(extend("enum" = ["zh-hans"]))]
    pub locale: String,
    /// Site path of the favicon, a file under `static/`: `/img/favicon.svg` is `static/img/favicon.svg`.
    #[serde(default = "default_favicon")]
    #[schemars(pattern(r"^/[^/]"))]
    pub favicon: String,
    /// Where readers edit a page's source: a URL with `{path}` standing for the source file's
    /// path in the repository (`content/docs/x.md`), such as
    /// `https://github.com/owner/repo/edit/main/{path}`. Unset: no "编辑此页" link.
    #[serde(default)]
    pub edit_url: Option<String>,
    /// A service worker keeps the pages a reader has visited (and the app shell) readable offline.
    #[serde(default = "yes")]
    pub offline: bool,
    /// A 1200×630 social card (Open Graph image) for every page, made at build time.
    #[serde(default = "yes")]
    pub social_cards: bool,
}

fn default_favicon() -> String {
    "/img/favicon.svg".into()
}

fn yes() -> bool {
    true
}

/// The bar at the top of every page.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Navbar {
    /// Text beside the logo.
    pub title: String,
    /// The logo at the start of the bar.
    pub logo: Logo,
    /// Hide the bar while scrolling down.
    #[serde(default)]
    pub hide_on_scroll: bool,
    /// Links, doc links and menus, in order.
    #[serde(default)]
    pub items: Vec<NavItem>,
}

/// The navbar logo: site paths of files under `static/`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Logo {
    /// Alternative text.
    pub alt: String,
    /// Site path of the image: `/img/logo.svg` is `static/img/logo.svg`.
    #[schemars(pattern(r"^/[^/]"))]
    pub src: String,
    /// Site path of the image shown in the dark theme; `src` when left out.
    #[serde(default)]
    pub src_dark: Option<String>,
}

/// A navbar item. The `type` field picks the kind; an unknown type is an error.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum NavItem {
    /// A link to a route (`to`) or an external URL (`href`).
    Link {
        /// The link text.
        label: String,
        /// Which end of the navbar.
        #[serde(default)]
        position: Position,
        /// A route of this site, starting with `/`.
        #[serde(default)]
        to: Option<String>,
        /// An absolute URL (`https://…`).
        #[serde(default)]
        href: Option<String>,
        /// The item is highlighted on routes under this path.
        #[serde(default)]
        active_base_path: Option<String>,
        /// An icon shown before the label.
        #[serde(default)]
        icon: Option<NavIcon>,
    },
    /// A link to a doc by id; the build checks that the doc exists.
    Doc {
        /// The link text.
        label: String,
        /// Which end of the navbar.
        #[serde(default)]
        position: Position,
        /// The doc's id: its path under `content/docs/` without `.md`.
        doc_id: String,
        /// The item is highlighted on routes under this path; the doc's route when left out.
        #[serde(default)]
        active_base_path: Option<String>,
    },
    /// A menu of links.
    Dropdown {
        /// The menu's text.
        label: String,
        /// Which end of the navbar.
        #[serde(default)]
        position: Position,
        /// The menu's links.
        items: Vec<LinkItem>,
    },
}

/// A plain link: exactly one of `to` (a route of this site) and `href` (an external URL).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkItem {
    /// The link text.
    pub label: String,
    /// A route of this site, starting with `/`.
    #[serde(default)]
    pub to: Option<String>,
    /// An absolute URL (`https://…`).
    #[serde(default)]
    pub href: Option<String>,
}

/// The footer of every page.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Footer {
    /// Columns of links.
    #[serde(default)]
    pub groups: Vec<FooterGroup>,
    /// The line at the bottom.
    pub copyright: String,
}

/// A titled column of footer links.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FooterGroup {
    /// The column's heading.
    pub title: String,
    /// The column's links.
    pub items: Vec<LinkItem>,
}

/// A bar above the navbar on every page.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Announcement {
    /// Names this announcement; a reader who closes it does not see it again until the id changes.
    pub id: String,
    /// HTML: text, `<a href>`, `<b>`/`<strong>`, `<i>`/`<em>`, `<code>`.
    pub content: String,
    /// A CSS colour: `#20232a`, `white`, `rgb(…)`.
    pub background_color: String,
    /// A CSS colour: `#ffffff`, `white`, `rgb(…)`.
    pub text_color: String,
    /// Whether the reader can close the bar.
    pub is_closeable: bool,
}

/// The light and dark themes.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct ColorMode {
    /// The theme a first visit shows.
    #[serde(default)]
    pub default_mode: ThemeName,
    /// Hide the theme switch.
    #[serde(default)]
    pub disable_switch: bool,
    /// Follow the reader's system theme instead of `default_mode`.
    #[serde(default)]
    pub respect_prefers_color_scheme: bool,
}

/// Which heading levels the table of contents lists: 2 ≤ min ≤ max ≤ 6.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Toc {
    /// The highest level listed (2 is `##`).
    #[schemars(range(min = 2, max = 6))]
    pub min_heading_level: u8,
    /// The lowest level listed.
    #[schemars(range(min = 2, max = 6))]
    pub max_heading_level: u8,
}

impl Default for Toc {
    fn default() -> Self {
        Toc { min_heading_level: 2, max_heading_level: 3 }
    }
}

/// The docs section (`/docs`).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Docs {
    /// Each doc links to this origin + its route (the original site).
    #[serde(default)]
    pub original_site_url: Option<String>,
    /// Where `/docs` itself leads: a doc id.
    pub home_doc: String,
    /// The docs plugin's id, as Docusaurus names it.
    #[serde(default = "default_plugin_id")]
    pub plugin_id: String,
    /// Doc versions; the first is the one built.
    #[serde(default = "default_versions")]
    pub versions: Vec<DocsVersion>,
}

fn default_plugin_id() -> String {
    "default".into()
}

fn default_versions() -> Vec<DocsVersion> {
    vec![DocsVersion { name: "current".into(), label: "当前版本".into(), banner: None }]
}

/// A version of the docs.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DocsVersion {
    /// The version's name.
    pub name: String,
    /// How the version is shown.
    pub label: String,
    /// A banner on every doc of this version.
    #[serde(default)]
    pub banner: Option<VersionBanner>,
}

/// A doc sidebar.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SidebarConfig {
    /// The sidebar's name, unique.
    pub id: String,
    /// Its entries, in reading order.
    pub items: Vec<SidebarEntry>,
}

/// A sidebar entry: a doc id, a category, an explicitly labelled doc, or an external link.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(untagged, deny_unknown_fields)]
pub enum SidebarEntry {
    /// A doc id: its path under `content/docs/` without `.md`, such as `guides/testing`.
    Doc(String),
    /// A titled group of entries.
    Category {
        /// The category's label.
        category: String,
        /// Whether the category starts closed; closed when left out.
        #[serde(default)]
        collapsed: Option<bool>,
        /// The category's entries.
        items: Vec<SidebarEntry>,
    },
    /// A doc with a label of its own.
    LabelledDoc {
        /// The doc id.
        doc: String,
        /// The label shown instead of the doc's title.
        label: String,
    },
    /// A link to another site.
    Link {
        /// The link text.
        label: String,
        /// An absolute URL.
        href: String,
    },
}

/// The blog (`/blog`).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Blog {
    /// The blog's title.
    pub title: String,
    /// The blog's description (list pages and the feed).
    pub description: String,
    /// Posts on each list page.
    #[schemars(range(min = 1))]
    pub posts_per_page: u32,
    /// Show each post's reading time.
    pub show_reading_time: bool,
}

/// The search backend, picked by `backend`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "backend", rename_all = "lowercase", deny_unknown_fields)]
pub enum Search {
    /// Pagefind: an index built with the site, searched in the browser.
    Local {
        /// A site of more pages is indexed in shards of about this many, which the browser
        /// merges: an edit re-indexes one shard, shards index side by side, and memory stays
        /// bounded; smaller shards rank hits across shards less evenly (default 400).
        #[serde(default)]
        #[schemars(range(min = 1))]
        shard_pages: Option<usize>,
    },
    /// A hosted DocSearch (Algolia) index.
    Hosted {
        /// The Algolia application id.
        app_id: String,
        /// The index name.
        index_name: String,
        /// The public, search-only API key.
        api_key: String,
        /// Defaults to `https://{app_id}-dsn.algolia.net`.
        #[serde(default)]
        host: Option<String>,
        /// Filters every query adds.
        #[serde(default)]
        facet_filters: Vec<String>,
        /// Results whose URL matches this pattern open as external links.
        #[serde(default)]
        external_url_regex: Option<String>,
    },
}

impl Search {
    /// Whether the site has a local index. A hosted search service has its own: the browser
    /// never loads a local one, so the build writes none (at 10 000 pages, about 30 s of CPU
    /// and 90 MB of files nobody fetched).
    pub fn is_local(&self) -> bool {
        matches!(self, Search::Local { .. })
    }

    /// `shard_pages` of the local backend, when set.
    pub fn shard_pages(&self) -> Option<usize> {
        match self {
            Search::Local { shard_pages } => *shard_pages,
            Search::Hosted { .. } => None,
        }
    }
}

impl Default for Search {
    fn default() -> Search {
        Search::Local { shard_pages: None }
    }
}

/// An analytics script.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct Analytics {
    /// Loaded with `defer` on every page when set. Unset: the site calls no other host.
    #[serde(default)]
    pub script_url: Option<String>,
}

/// The home page: a hero and feature sections.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Home {
    /// The page title.
    pub title: String,
    /// The page description (search engines, link previews).
    pub description: String,
    /// The hero's heading.
    pub hero_title: String,
    /// The line under the hero's heading.
    pub hero_tagline: String,
    /// The hero button's text.
    pub action_label: String,
    /// The doc the hero button leads to, by id.
    pub action_doc: String,
    /// A second, quieter hero button's text (with `secondary_doc`).
    #[serde(default)]
    pub secondary_label: Option<String>,
    /// The doc the second hero button leads to, by id.
    #[serde(default)]
    pub secondary_doc: Option<String>,
    /// Feature sections, in order.
    pub features: Vec<HomeFeature>,
}

/// A feature section of the home page.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HomeFeature {
    /// The section's heading.
    pub title: String,
    /// The section's text.
    pub description: String,
    /// Site path of the illustration, a file under `static/`.
    #[schemars(pattern(r"^/[^/]"))]
    pub image: String,
    /// Site path of the illustration in the dark theme.
    #[schemars(pattern(r"^/[^/]"))]
    pub image_dark: String,
    /// Alternative text of the illustration.
    pub image_alt: String,
}

impl Config {
    /// Reads and checks the configuration file.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|e| ConfigError {
            file: path.to_path_buf(),
            field: String::new(),
            line: None,
            message: format!("cannot read the configuration file: {e}"),
        })?;
        Config::parse(path, &text)
    }

    /// Parses configuration text; `path` only names the file in errors.
    pub fn parse(path: &Path, text: &str) -> Result<Config, ConfigError> {
        let document = deserialize::document(path, text)?;
        let locator = Locator::new(text, &document);
        let mut config = deserialize::config(path, text, document, &locator)?;
        config.validate().map_err(|(field, message)| locator.error(path, field, message))?;
        config.locator = locator;
        Ok(config)
    }

    /// Where each field is written in the file.
    pub fn locator(&self) -> &Locator {
        &self.locator
    }

    /// The line of a field (`navbar.items[3].doc_id`), or of the nearest enclosing field the file
    /// writes. See [`Locator::line_of`].
    pub fn line_of(&self, field: &str) -> Option<usize> {
        self.locator.line_of(field)
    }

    /// An error at `field`, with its line, for problems found after loading (a doc id with no
    /// doc, a broken link). `file` names the configuration file as the reader should see it.
    pub fn error(&self, file: &Path, field: impl Into<String>, message: impl Into<String>) -> ConfigError {
        self.locator.error(file, field, message)
    }
}
