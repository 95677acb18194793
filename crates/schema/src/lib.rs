//! The one contract between the Rust engine and the React front end.
//!
//! The engine writes these types as JSON (the site data once, page data per route); the front end
//! reads them through TypeScript types generated from this file (`frontend/src/schema.ts`, kept
//! current by the `generated_types_are_current` test). Field names are camelCase on the wire.

pub mod body;
mod code_line;
mod export;
pub mod route_files;
mod tag_first;
mod untagged;
pub use body::{Body, Damaged};
pub use code_line::{CodeLine, LineWriter, Run, Token};
pub use export::typescript_declarations;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use tag_first::tag_first;
use ts_rs::TS;

// ---------------------------------------------------------------------------------------------
// Document tree: what Markdown compiles to. React renders one component per node type.

tag_first! { mirror BlockVariants of "Block";
/// A block-level node. On the wire an object whose `"t"` (first) names the variant in camelCase,
/// its fields camelCase beside it (`tag_first.rs` defines it so, and reads it back).
#[derive(Debug, Clone, PartialEq, TS)]
pub enum Block {
    Heading {
        level: u8,
        id: String,
        children: Vec<Inline>,
    },
    Paragraph {
        children: Vec<Inline>,
    },
    Code(CodeBlock),
    List {
        ordered: bool,
        /// Tight lists render their items' first paragraph without `<p>`.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        tight: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        start: Option<u32>,
        items: Vec<ListItem>,
    },
    Quote {
        children: Vec<Block>,
    },
    Admonition {
        kind: AdmonitionKind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        title: Option<Vec<Inline>>,
        children: Vec<Block>,
    },
    Tabs {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group_id: Option<String>,
        items: Vec<TabItem>,
    },
    Details {
        /// Empty when the author wrote none: the theme shows its default word.
        summary: Vec<Inline>,
        children: Vec<Block>,
    },
    Table {
        align: Vec<Align>,
        head: Vec<Vec<Inline>>,
        rows: Vec<Vec<Vec<Inline>>>,
    },
    Rule,
    Component(Component),
    Footnotes {
        items: Vec<Footnote>,
    },
}
}

/// An inline node. Plain text is a bare JSON string, which keeps page data small. Read back by
/// `untagged.rs`.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(untagged)]
pub enum Inline {
    Text(String),
    Node(InlineNode),
}

tag_first! { mirror InlineNodeVariants of "InlineNode";
/// An inline node other than text: an object tagged by `"t"`, as [`Block`].
#[derive(Debug, Clone, PartialEq, TS)]
pub enum InlineNode {
    Code {
        text: String,
    },
    Em {
        children: Vec<Inline>,
    },
    Strong {
        children: Vec<Inline>,
    },
    Del {
        children: Vec<Inline>,
    },
    /// `internal` links are site routes (no base URL); the front end adds the base and
    /// navigates client-side.
    Link {
        href: String,
        internal: bool,
        children: Vec<Inline>,
    },
    Image {
        src: String,
        alt: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        title: Option<String>,
    },
    Break,
    Kbd {
        children: Vec<Inline>,
    },
    Sup {
        children: Vec<Inline>,
    },
    Sub {
        children: Vec<Inline>,
    },
    FootnoteRef {
        id: String,
        number: u32,
    },
}
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ListItem {
    /// `Some` for task-list items.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checked: Option<bool>,
    pub children: Vec<Block>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Footnote {
    pub id: String,
    pub number: u32,
    pub children: Vec<Block>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum AdmonitionKind {
    Note,
    Tip,
    Info,
    Caution,
    Danger,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum Align {
    None,
    Left,
    Center,
    Right,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TabItem {
    pub value: String,
    pub label: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub default: bool,
    pub children: Vec<Block>,
}

/// A highlighted code block: its lines, each its text and the runs of that text with a highlight
/// class (see [`CodeLine`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CodeBlock {
    pub lang: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[ts(as = "Vec<code_line::CodeLineWire>")]
    pub lines: Vec<CodeLine>,
    /// 1-based numbers of highlighted lines.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub highlight: Vec<u32>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub line_numbers: bool,
}

/// Highlight classes; the CSS has a light and a dark colour for each (`tok-<name>`, the names
/// below). On the wire a class is its number (see [`TokenClass::ALL`]), so it is never read back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, TS)]
pub enum TokenClass {
    /// keyword
    #[serde(rename = "k")]
    Keyword,
    /// string
    #[serde(rename = "s")]
    String,
    /// comment
    #[serde(rename = "c")]
    Comment,
    /// number, constant
    #[serde(rename = "n")]
    Constant,
    /// function name
    #[serde(rename = "f")]
    Function,
    /// type, class
    #[serde(rename = "t")]
    Type,
    /// property, field, attribute
    #[serde(rename = "p")]
    Property,
    /// tag name (JSX, HTML)
    #[serde(rename = "g")]
    Tag,
    /// operator
    #[serde(rename = "o")]
    Operator,
    /// punctuation
    #[serde(rename = "u")]
    Punctuation,
    /// builtin variable (this, console), shell command
    #[serde(rename = "b")]
    Builtin,
    /// inserted line (diff)
    #[serde(rename = "i")]
    Inserted,
    /// deleted line (diff)
    #[serde(rename = "d")]
    Deleted,
    /// variable, parameter
    #[serde(rename = "v")]
    Variable,
}

impl TokenClass {
    /// Every class, in declaration order: a class's number on the wire (in code lines) is its
    /// place here, and the front end's `TOKEN_CLASSES` is this list by name.
    pub const ALL: [TokenClass; 14] = [
        TokenClass::Keyword,
        TokenClass::String,
        TokenClass::Comment,
        TokenClass::Constant,
        TokenClass::Function,
        TokenClass::Type,
        TokenClass::Property,
        TokenClass::Tag,
        TokenClass::Operator,
        TokenClass::Punctuation,
        TokenClass::Builtin,
        TokenClass::Inserted,
        TokenClass::Deleted,
        TokenClass::Variable,
    ];

    /// The class's number on the wire.
    pub fn number(self) -> u8 {
        self as u8
    }
}

/// The registry of React components a page may embed. Adding one here makes the TypeScript
/// registry fail to type-check until the component exists.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "name", rename_all_fields = "camelCase", deny_unknown_fields)]
pub enum Component {
    /// The character counter built on the getting-started page.
    CharacterCounterDemo,
    /// The todo list of the basic tutorial, at the given stage.
    TodoListDemo { stage: TodoStage },
    /// A prominent link styled as a button.
    LinkButton { href: String, label: String },
    /// A coloured inline label, used on the content-format reference page.
    Highlight { color: String, text: String },
}

impl Component {
    /// The registry name (`<Name />` in Markdown, `name` in JSON).
    pub fn name(&self) -> &'static str {
        match self {
            Component::CharacterCounterDemo => "CharacterCounterDemo",
            Component::TodoListDemo { .. } => "TodoListDemo",
            Component::LinkButton { .. } => "LinkButton",
            Component::Highlight { .. } => "Highlight",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum TodoStage {
    Atoms,
    Selectors,
}

/// One entry of a page's table of contents (h2–h3 by default; levels come from config).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TocItem {
    pub id: String,
    pub level: u8,
    pub children: Vec<Inline>,
}

// ---------------------------------------------------------------------------------------------
// Site data: the same on every page; inlined into every HTML file for hydration.

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SiteData {
    pub title: String,
    pub tagline: String,
    /// Origin of the deployed site, no trailing slash: `https://recoil.example.cn`.
    pub url: String,
    /// Always starts and ends with `/`.
    pub base_url: String,
    pub locale: String,
    /// Site path of the favicon (`/img/favicon.svg`).
    pub favicon: String,
    /// Pages register the service worker that keeps visited pages readable offline.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub offline: bool,
    pub navbar: Navbar,
    pub footer: Footer,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub announcement: Option<Announcement>,
    pub color_mode: ColorMode,
    pub toc: TocLevels,
    pub docs: DocsSettings,
    pub blog: BlogSettings,
    pub search: SearchSettings,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub analytics: Option<Analytics>,
    /// Set by `dev`: the page listens for rebuilds and refreshes itself.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dev: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Navbar {
    pub title: String,
    pub logo: Logo,
    pub hide_on_scroll: bool,
    pub items: Vec<NavItem>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Logo {
    pub alt: String,
    pub src: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub src_dark: Option<String>,
}

/// Which end of the navbar an item sits at (also the `site.toml` value: one type for both).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Position {
    #[default]
    Left,
    Right,
}

/// A navbar item after validation: every `to` is an existing route.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum NavItem {
    Link {
        label: String,
        position: Position,
        #[serde(flatten)]
        target: LinkTarget,
        /// Marks the item active for every route under this path.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        active_base_path: Option<String>,
        /// An icon instead of the label text (the label stays as accessible name).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        icon: Option<NavIcon>,
    },
    Dropdown {
        label: String,
        position: Position,
        items: Vec<DropdownItem>,
    },
}

/// An icon for a navbar link.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum NavIcon {
    Github,
    Language,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DropdownItem {
    pub label: String,
    #[serde(flatten)]
    pub target: LinkTarget,
}

/// Either an internal route (`to`) or an external URL (`href`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(untagged)]
pub enum LinkTarget {
    Internal { to: String },
    External { href: String },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Footer {
    pub groups: Vec<FooterGroup>,
    pub copyright: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FooterGroup {
    pub title: String,
    pub items: Vec<DropdownItem>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Announcement {
    pub id: String,
    /// Parsed from the configured HTML (text and links only).
    pub content: Vec<Inline>,
    pub background_color: String,
    pub text_color: String,
    pub is_closeable: bool,
}

/// A colour theme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ThemeName {
    #[default]
    Light,
    Dark,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ColorMode {
    pub default_mode: ThemeName,
    pub disable_switch: bool,
    pub respect_prefers_color_scheme: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TocLevels {
    pub min: u8,
    pub max: u8,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DocsSettings {
    /// Each doc page links to `original_site_url` + its route (the English original).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub original_site_url: Option<String>,
    /// The docs plugin id; the preferred version is stored per plugin.
    pub plugin_id: String,
    pub versions: Vec<DocsVersion>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DocsVersion {
    pub name: String,
    pub label: String,
    /// Route of the version's docs root.
    pub path: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub banner: Option<VersionBanner>,
}

/// The banner on the docs of a version that is not the latest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum VersionBanner {
    Unreleased,
    Unmaintained,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BlogSettings {
    pub title: String,
    pub posts_per_page: u32,
    pub show_reading_time: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "backend", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum SearchSettings {
    /// Pagefind index under `{baseUrl}pagefind/`.
    Local,
    /// A hosted search service (Algolia-compatible query API).
    Hosted {
        app_id: String,
        index_name: String,
        /// Public, search-only key.
        api_key: String,
        /// Query endpoint origin, e.g. `https://{appId}-dsn.algolia.net`.
        host: String,
        facet_filters: Vec<String>,
        /// Hits whose URL matches this pattern open with a full page load.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        external_url_regex: Option<String>,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Analytics {
    pub script_url: String,
}

// ---------------------------------------------------------------------------------------------
// Page data: one JSON file per route, fetched on client-side navigation.

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PageData {
    /// The route, without the base URL: `/docs/introduction/motivation`.
    pub route: String,
    pub head: Head,
    pub page: Page,
    /// The components the page embeds (in its content or its posts' summaries): their code
    /// loads before the page renders, so hydration matches the server's HTML.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(type = "Array<Component['name']>")]
    pub components: Vec<String>,
}

/// What goes into `<head>`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Head {
    /// The full `<title>`.
    pub title: String,
    pub description: String,
    /// Absolute canonical URL.
    pub canonical: String,
    pub og_type: String,
    /// Not-found pages are not indexed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub noindex: bool,
    /// The page's social card: the absolute URL of a 1200×630 PNG.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<String>,
    /// Structured data for search engines (schema.org JSON-LD), as JSON text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub json_ld: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Page {
    Doc(DocPage),
    DocTags {
        tags: Vec<TagCount>,
    },
    DocTag {
        tag: String,
        docs: Vec<DocSummary>,
        all_tags_route: String,
    },
    BlogList(BlogListPage),
    BlogPost(BlogPostPage),
    BlogArchive {
        years: Vec<ArchiveYear>,
    },
    BlogTags {
        tags: Vec<TagCount>,
    },
    Home(HomePage),
    Standalone(StandalonePage),
    Search,
    NotFound,
    /// A route that only leads elsewhere (`/docs` → the first doc).
    Redirect {
        to: String,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DocPage {
    pub id: String,
    pub title: String,
    pub description: String,
    #[ts(as = "Vec<Block>")]
    pub content: Body,
    pub toc: Vec<TocItem>,
    pub hide_toc: bool,
    // Shared by every doc of the sidebar, as bodies are, not copied into each.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sidebar: Option<std::sync::Arc<Sidebar>>,
    /// The categories above this doc, outermost first.
    pub breadcrumbs: Vec<Breadcrumb>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub previous: Option<PageLink>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<PageLink>,
    pub tags: Vec<TagLink>,
    /// Words a reader may search for that the page does not use (front matter `keywords`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<String>,
    /// The same page on the original (English) site.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub original_url: Option<String>,
    pub version: String,
    #[serde(flatten)]
    pub source: SourceInfo,
}

/// A category above a doc: its label, and the route of its first page (none when it holds
/// only external links).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Breadcrumb {
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub route: Option<String>,
}

/// Where a page's text is kept: the link to edit it and when it last changed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SourceInfo {
    /// Where to edit the page's source (from `site.edit_url`); none when not configured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edit_url: Option<String>,
    /// The date (`2023-03-01`) of the last commit that changed the source file; none outside a
    /// git checkout.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_updated: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Sidebar {
    pub id: String,
    pub items: Vec<SidebarItem>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum SidebarItem {
    Doc { label: String, route: String },
    Category { label: String, collapsed: bool, items: Vec<SidebarItem> },
    Link { label: String, href: String },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PageLink {
    pub title: String,
    pub route: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TagLink {
    pub label: String,
    pub route: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TagCount {
    pub label: String,
    pub route: String,
    pub count: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DocSummary {
    pub title: String,
    pub route: String,
    pub description: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BlogListPage {
    /// Set on a tag's post list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tag: Option<String>,
    pub posts: Vec<BlogPostSummary>,
    /// 1-based page number and count.
    pub page: u32,
    pub total_pages: u32,
    pub total_posts: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub newer_route: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub older_route: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BlogPostSummary {
    pub title: String,
    pub route: String,
    /// ISO date, `2022-10-11`.
    pub date: String,
    pub reading_minutes: u32,
    pub tags: Vec<TagLink>,
    #[ts(as = "Vec<Block>")]
    pub summary: Body,
    /// The post continues after the summary (a "read more" link is shown).
    pub truncated: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BlogPostPage {
    pub title: String,
    pub description: String,
    pub date: String,
    pub reading_minutes: u32,
    pub authors: Vec<String>,
    pub tags: Vec<TagLink>,
    /// Words a reader may search for that the post does not use (front matter `keywords`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<String>,
    #[ts(as = "Vec<Block>")]
    pub content: Body,
    pub toc: Vec<TocItem>,
    pub hide_toc: bool,
    /// The newer and older neighbours in date order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub newer: Option<PageLink>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub older: Option<PageLink>,
    #[serde(flatten)]
    pub source: SourceInfo,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ArchiveYear {
    pub year: String,
    pub posts: Vec<ArchivePost>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ArchivePost {
    pub title: String,
    pub route: String,
    pub date: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct HomePage {
    pub hero: Hero,
    pub features: Vec<Feature>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Hero {
    pub title: String,
    pub tagline: String,
    pub action_label: String,
    pub action_route: String,
    /// A second, quieter button.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secondary: Option<PageLink>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Feature {
    pub title: String,
    pub description: String,
    pub image: String,
    pub image_dark: String,
    pub image_alt: String,
}

/// A standalone Markdown page (`content/pages/*.md`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct StandalonePage {
    pub title: String,
    pub description: String,
    #[ts(as = "Vec<Block>")]
    pub content: Body,
    pub toc: Vec<TocItem>,
    pub hide_toc: bool,
}

// ---------------------------------------------------------------------------------------------
// Search: the titles of every searchable page, loaded with the search runtime, so a query that
// names a page shows it at once, before the full-text results arrive, and hits show by title
// before their text is fetched.

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SearchTitle {
    pub route: String,
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    pub kind: SearchKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum SearchKind {
    Docs,
    Blog,
}

/// What the search interface knows before it loads any of the local index
/// (`pagefind/search-manifest.json`, written with the index).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SearchManifest {
    /// The version of the Pagefind runtime in the bundle (`pagefind.js`, the WebAssembly).
    pub pagefind_version: String,
    /// Every indexed page, in the order of the index's `position` sort: a search with no term
    /// sorted by it lists the pages' result ids in this order, which maps result ids to pages.
    pub pages: Vec<SearchTitle>,
    /// One query made of short prefixes that together reach every word of the index: preloading
    /// it loads the whole index while the reader reads the first results.
    pub probes: String,
    /// The index's other shards, as folders under `pagefind/` (`shard-1/`), each merged into the
    /// first (Pagefind's `mergeIndex`) in this order.
    #[serde(default)]
    pub shards: Vec<String>,
    /// Each page's shard, in `pages` order: 0 for the first (`pagefind/` itself), n for
    /// `shards[n - 1]`.
    #[serde(default)]
    pub page_shards: Vec<usize>,
}
