//! The site configuration: one TOML file (`site.toml`), read into typed structs and checked.
//!
//! Everything that can be checked from the file alone is checked here; what needs the content
//! (a sidebar naming a doc that does not exist, a navbar link to a missing route) is checked by
//! the build, which reports it with the same [`ConfigError`] shape: file, field, what was expected.

use serde::Deserialize;
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

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    pub site: Site,
    pub navbar: Navbar,
    pub footer: Footer,
    #[serde(default)]
    pub announcement: Option<Announcement>,
    #[serde(default)]
    pub color_mode: ColorMode,
    #[serde(default)]
    pub toc: Toc,
    pub docs: Docs,
    #[serde(default)]
    pub sidebars: Vec<SidebarConfig>,
    pub blog: Blog,
    #[serde(default)]
    pub search: Search,
    #[serde(default)]
    pub analytics: Analytics,
    /// Home page hero and feature sections.
    pub home: Home,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Site {
    pub title: String,
    pub tagline: String,
    /// Origin the site is deployed at, without a path: `https://example.com`.
    pub url: String,
    /// Path the site lives under; starts and ends with `/`.
    pub base_url: String,
    pub locale: String,
    /// Shown in the browser tab for pages without a title of their own and as og:site_name.
    #[serde(default)]
    pub favicon: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Navbar {
    pub title: String,
    pub logo: Logo,
    #[serde(default)]
    pub hide_on_scroll: bool,
    #[serde(default)]
    pub items: Vec<NavItem>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Logo {
    pub alt: String,
    pub src: String,
    #[serde(default)]
    pub src_dark: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Position {
    #[default]
    Left,
    Right,
}

/// A navbar item. The `type` field picks the kind; an unknown type is an error.
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum NavItem {
    /// A link to a route (`to`) or an external URL (`href`).
    Link {
        label: String,
        #[serde(default)]
        position: Position,
        #[serde(default)]
        to: Option<String>,
        #[serde(default)]
        href: Option<String>,
        #[serde(default)]
        active_base_path: Option<String>,
        #[serde(default)]
        icon: Option<NavIcon>,
    },
    /// A link to a doc by id; the build checks that the doc exists.
    Doc {
        label: String,
        #[serde(default)]
        position: Position,
        doc_id: String,
        #[serde(default)]
        active_base_path: Option<String>,
    },
    /// A menu of links.
    Dropdown {
        label: String,
        #[serde(default)]
        position: Position,
        items: Vec<LinkItem>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum NavIcon {
    Github,
    Language,
}

/// A plain link: exactly one of `to` (a route of this site) and `href` (an external URL).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkItem {
    pub label: String,
    #[serde(default)]
    pub to: Option<String>,
    #[serde(default)]
    pub href: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Footer {
    #[serde(default)]
    pub groups: Vec<FooterGroup>,
    pub copyright: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FooterGroup {
    pub title: String,
    pub items: Vec<LinkItem>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Announcement {
    pub id: String,
    /// HTML: text, `<a href>`, `<b>`/`<strong>`, `<i>`/`<em>`, `<code>`.
    pub content: String,
    pub background_color: String,
    pub text_color: String,
    pub is_closeable: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    #[default]
    Light,
    Dark,
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct ColorMode {
    #[serde(default)]
    pub default_mode: Theme,
    #[serde(default)]
    pub disable_switch: bool,
    #[serde(default)]
    pub respect_prefers_color_scheme: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Toc {
    pub min_heading_level: u8,
    pub max_heading_level: u8,
}

impl Default for Toc {
    fn default() -> Self {
        Toc { min_heading_level: 2, max_heading_level: 3 }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Docs {
    /// Each doc links to this origin + its route (the original site).
    #[serde(default)]
    pub original_site_url: Option<String>,
    /// Where `/docs` itself leads.
    pub home_doc: String,
    #[serde(default = "default_plugin_id")]
    pub plugin_id: String,
    #[serde(default = "default_versions")]
    pub versions: Vec<DocsVersion>,
}

fn default_plugin_id() -> String {
    "default".into()
}

fn default_versions() -> Vec<DocsVersion> {
    vec![DocsVersion { name: "current".into(), label: "当前版本".into(), banner: None }]
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DocsVersion {
    pub name: String,
    pub label: String,
    #[serde(default)]
    pub banner: Option<VersionBanner>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum VersionBanner {
    Unreleased,
    Unmaintained,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SidebarConfig {
    pub id: String,
    pub items: Vec<SidebarEntry>,
}

/// A sidebar entry: a doc id, a category, an explicitly labelled doc, or an external link.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum SidebarEntry {
    Doc(String),
    Category {
        category: String,
        #[serde(default)]
        collapsed: Option<bool>,
        items: Vec<SidebarEntry>,
    },
    LabelledDoc {
        doc: String,
        label: String,
    },
    Link {
        label: String,
        href: String,
    },
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Blog {
    pub title: String,
    pub description: String,
    pub posts_per_page: u32,
    pub show_reading_time: bool,
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(tag = "backend", rename_all = "lowercase", deny_unknown_fields)]
pub enum Search {
    #[default]
    Local,
    Hosted {
        app_id: String,
        index_name: String,
        api_key: String,
        /// Defaults to `https://{app_id}-dsn.algolia.net`.
        #[serde(default)]
        host: Option<String>,
        #[serde(default)]
        facet_filters: Vec<String>,
        #[serde(default)]
        external_url_regex: Option<String>,
    },
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Analytics {
    /// Loaded with `defer` on every page when set. Unset: the site calls no other host.
    #[serde(default)]
    pub script_url: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Home {
    pub title: String,
    pub description: String,
    pub hero_title: String,
    pub hero_tagline: String,
    pub action_label: String,
    pub action_doc: String,
    pub features: Vec<HomeFeature>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HomeFeature {
    pub title: String,
    pub description: String,
    pub image: String,
    pub image_dark: String,
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
        let error = |field: String, span: Option<std::ops::Range<usize>>, message: String| ConfigError {
            file: path.to_path_buf(),
            field,
            line: span.map(|s| line_of(text, s.start)),
            message,
        };
        let de = toml::de::Deserializer::parse(text)
            .map_err(|e| error(String::new(), e.span(), e.message().trim().to_string()))?;
        let config: Config = serde_path_to_error::deserialize(de).map_err(|e| {
            let field = e.path().to_string();
            let inner = e.into_inner();
            let message = explain(inner.message().trim());
            error(if field == "." { String::new() } else { field }, inner.span(), message)
        })?;
        config.validate().map_err(|(field, message)| {
            let line = find_field_line(text, &field);
            ConfigError { file: path.to_path_buf(), field, line, message }
        })?;
        Ok(config)
    }

    /// Checks that need only the file. Returns the field and what was expected.
    fn validate(&self) -> Result<(), (String, String)> {
        check_base_url(&self.site.base_url).map_err(|m| ("site.base_url".to_string(), m))?;
        if self.site.locale != "zh-hans" {
            return Err((
                "site.locale".into(),
                format!("expected `zh-hans` (the only locale this site has), found `{}`", self.site.locale),
            ));
        }
        let url = &self.site.url;
        if !(url.starts_with("https://") || url.starts_with("http://")) || url.ends_with('/') {
            return Err((
                "site.url".into(),
                format!("expected an origin such as `https://example.com` (no trailing slash), found `{url}`"),
            ));
        }
        let toc = &self.toc;
        if !(2..=6).contains(&toc.min_heading_level)
            || !(2..=6).contains(&toc.max_heading_level)
            || toc.min_heading_level > toc.max_heading_level
        {
            return Err((
                "toc".into(),
                format!(
                    "expected 2 <= min_heading_level <= max_heading_level <= 6, found {} and {}",
                    toc.min_heading_level, toc.max_heading_level
                ),
            ));
        }
        if self.blog.posts_per_page == 0 {
            return Err(("blog.posts_per_page".into(), "expected a number of posts above 0".into()));
        }
        for (i, item) in self.navbar.items.iter().enumerate() {
            match item {
                NavItem::Link { to, href, .. } => check_target(&format!("navbar.items[{i}]"), to, href)?,
                NavItem::Dropdown { items, .. } => {
                    for (j, l) in items.iter().enumerate() {
                        check_target(&format!("navbar.items[{i}].items[{j}]"), &l.to, &l.href)?;
                    }
                }
                NavItem::Doc { .. } => {}
            }
        }
        for (i, g) in self.footer.groups.iter().enumerate() {
            for (j, l) in g.items.iter().enumerate() {
                check_target(&format!("footer.groups[{i}].items[{j}]"), &l.to, &l.href)?;
            }
        }
        if let Some(a) = &self.announcement {
            for (field, colour) in [("background_color", &a.background_color), ("text_color", &a.text_color)] {
                if !is_css_colour(colour) {
                    return Err((
                        format!("announcement.{field}"),
                        format!("expected a CSS colour such as `#20232a` or `white`, found `{colour}`"),
                    ));
                }
            }
        }
        let mut seen = std::collections::HashSet::new();
        for (i, s) in self.sidebars.iter().enumerate() {
            if !seen.insert(&s.id) {
                return Err((format!("sidebars[{i}].id"), format!("expected a unique id, `{}` is used twice", s.id)));
            }
        }
        if self.docs.versions.is_empty() {
            return Err(("docs.versions".into(), "expected at least one version".into()));
        }
        if let Search::Hosted { external_url_regex: Some(re), .. } = &self.search
            && re.is_empty()
        {
            return Err(("search.external_url_regex".into(), "expected a pattern, found an empty string".into()));
        }
        Ok(())
    }
}

/// A base URL is a path that starts and ends with `/`.
pub fn check_base_url(base: &str) -> Result<(), String> {
    if base.starts_with('/') && base.ends_with('/') && !base.contains("//") {
        Ok(())
    } else {
        Err(format!("expected a path that starts and ends with `/` (such as `/` or `/zh/`), found `{base}`"))
    }
}

fn check_target(field: &str, to: &Option<String>, href: &Option<String>) -> Result<(), (String, String)> {
    match (to, href) {
        (Some(to), None) if to.starts_with('/') => Ok(()),
        (Some(to), None) => Err((format!("{field}.to"), format!("expected a route starting with `/`, found `{to}`"))),
        (None, Some(h)) if h.starts_with("https://") || h.starts_with("http://") || h.starts_with("mailto:") => Ok(()),
        (None, Some(h)) => Err((format!("{field}.href"), format!("expected an absolute URL, found `{h}`"))),
        _ => Err((field.to_string(), "expected exactly one of `to` (a route) and `href` (a URL)".into())),
    }
}

fn is_css_colour(s: &str) -> bool {
    let hex = s
        .strip_prefix('#')
        .is_some_and(|h| matches!(h.len(), 3 | 4 | 6 | 8) && h.chars().all(|c| c.is_ascii_hexdigit()));
    let named = !s.is_empty() && s.chars().all(|c| c.is_ascii_alphabetic());
    let func = ["rgb(", "rgba(", "hsl(", "hsla("].iter().any(|p| s.starts_with(p)) && s.ends_with(')');
    hex || named || func
}

/// serde's messages for tagged enums say "variant"; readers of a config file think in types.
fn explain(message: &str) -> String {
    if let Some(rest) = message.strip_prefix("unknown variant ") {
        return format!("unknown type {rest}");
    }
    if message.starts_with("data did not match any variant of untagged enum SidebarEntry") {
        return "expected a doc id (\"guides/testing\"), a category ({ category = \"…\", items = […] }), \
                a labelled doc ({ doc = \"…\", label = \"…\" }) or a link ({ label = \"…\", href = \"…\" })"
            .into();
    }
    message.to_string()
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// Best-effort line of a dotted field for semantic errors: the last key's first assignment.
fn find_field_line(text: &str, field: &str) -> Option<usize> {
    let key = field.rsplit('.').next()?.split('[').next()?;
    text.lines()
        .position(|l| {
            let l = l.trim_start();
            l.starts_with(key) && l[key.len()..].trim_start().starts_with('=')
        })
        .map(|i| i + 1)
}

pub fn is_external(href: &str) -> bool {
    href.starts_with("http://") || href.starts_with("https://") || href.starts_with("mailto:")
}

#[cfg(test)]
mod tests;
