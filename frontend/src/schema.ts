// Generated from crates/schema by `UPDATE_TYPES=1 cargo test -p site-schema`. Do not edit.

export type Block = { "t": "heading", level: number, id: string, children: Array<Inline>, } | { "t": "paragraph", children: Array<Inline>, } | { "t": "code" } & CodeBlock | { "t": "list", ordered: boolean, 
/**
 * Tight lists render their items' first paragraph without `<p>`.
 */
tight?: boolean, start?: number | null, items: Array<ListItem>, } | { "t": "quote", children: Array<Block>, } | { "t": "admonition", kind: AdmonitionKind, title?: Array<Inline> | null, children: Array<Block>, } | { "t": "tabs", groupId?: string | null, items: Array<TabItem>, } | { "t": "details", 
/**
 * Empty when the author wrote none: the theme shows its default word.
 */
summary: Array<Inline>, children: Array<Block>, } | { "t": "table", align: Array<Align>, head: Array<Array<Inline>>, rows: Array<Array<Array<Inline>>>, } | { "t": "rule" } | { "t": "component" } & Component | { "t": "footnotes", items: Array<Footnote>, };

export type Inline = string | InlineNode;

export type InlineNode = { "t": "code", text: string, } | { "t": "em", children: Array<Inline>, } | { "t": "strong", children: Array<Inline>, } | { "t": "del", children: Array<Inline>, } | { "t": "link", href: string, internal: boolean, children: Array<Inline>, } | { "t": "image", src: string, alt: string, title?: string | null, } | { "t": "break" } | { "t": "kbd", children: Array<Inline>, } | { "t": "sup", children: Array<Inline>, } | { "t": "sub", children: Array<Inline>, } | { "t": "footnoteRef", id: string, number: number, };

export type ListItem = { 
/**
 * `Some` for task-list items.
 */
checked?: boolean | null, children: Array<Block>, };

export type Footnote = { id: string, number: number, children: Array<Block>, };

export type AdmonitionKind = "note" | "tip" | "info" | "caution" | "danger";

export type Align = "none" | "left" | "center" | "right";

export type TabItem = { value: string, label: string, default?: boolean, children: Array<Block>, };

export type CodeBlock = { lang: string, title?: string | null, lines: Array<CodeLine>, 
/**
 * 1-based numbers of highlighted lines.
 */
highlight?: Array<number>, lineNumbers?: boolean, };

export type CodeLine = string | Array<Piece>;

export type Piece = string | number;

export type TokenClass = "k" | "s" | "c" | "n" | "f" | "t" | "p" | "g" | "o" | "u" | "b" | "i" | "d" | "v";

export type Component = { "name": "CharacterCounterDemo" } | { "name": "TodoListDemo", stage: TodoStage, } | { "name": "LinkButton", href: string, label: string, } | { "name": "Highlight", color: string, text: string, };

export type TodoStage = "atoms" | "selectors";

export type TocItem = { id: string, level: number, children: Array<Inline>, };

export type SiteData = { title: string, tagline: string, 
/**
 * Origin of the deployed site, no trailing slash: `https://recoil.example.cn`.
 */
url: string, 
/**
 * Always starts and ends with `/`.
 */
baseUrl: string, locale: string, 
/**
 * Site path of the favicon (`/img/favicon.svg`).
 */
favicon: string, 
/**
 * Pages register the service worker that keeps visited pages readable offline.
 */
offline?: boolean, navbar: Navbar, footer: Footer, announcement?: Announcement | null, colorMode: ColorMode, toc: TocLevels, docs: DocsSettings, blog: BlogSettings, search: SearchSettings, analytics?: Analytics | null, 
/**
 * Set by `dev`: the page listens for rebuilds and refreshes itself.
 */
dev?: boolean, };

export type Navbar = { title: string, logo: Logo, hideOnScroll: boolean, items: Array<NavItem>, };

export type Logo = { alt: string, src: string, srcDark?: string | null, };

export type Position = "left" | "right";

export type NavItem = { "type": "link", label: string, position: Position, 
/**
 * Marks the item active for every route under this path.
 */
activeBasePath?: string | null, 
/**
 * An icon instead of the label text (the label stays as accessible name).
 */
icon?: NavIcon | null, } & ({ to: string, } | { href: string, }) | { "type": "dropdown", label: string, position: Position, items: Array<DropdownItem>, };

export type NavIcon = "github" | "language";

export type DropdownItem = { label: string, } & ({ to: string, } | { href: string, });

export type LinkTarget = { to: string, } | { href: string, };

export type Footer = { groups: Array<FooterGroup>, copyright: string, };

export type FooterGroup = { title: string, items: Array<DropdownItem>, };

export type Announcement = { id: string, 
/**
 * Parsed from the configured HTML (text and links only).
 */
content: Array<Inline>, backgroundColor: string, textColor: string, isCloseable: boolean, };

export type ThemeName = "light" | "dark";

export type ColorMode = { defaultMode: ThemeName, disableSwitch: boolean, respectPrefersColorScheme: boolean, };

export type TocLevels = { min: number, max: number, };

export type DocsSettings = { 
/**
 * Each doc page links to `original_site_url` + its route (the English original).
 */
originalSiteUrl?: string | null, 
/**
 * The docs plugin id; the preferred version is stored per plugin.
 */
pluginId: string, versions: Array<DocsVersion>, };

export type DocsVersion = { name: string, label: string, 
/**
 * Route of the version's docs root.
 */
path: string, banner?: VersionBanner | null, };

export type VersionBanner = "unreleased" | "unmaintained";

export type BlogSettings = { title: string, postsPerPage: number, showReadingTime: boolean, };

export type SearchSettings = { "backend": "local" } | { "backend": "hosted", appId: string, indexName: string, 
/**
 * Public, search-only key.
 */
apiKey: string, 
/**
 * Query endpoint origin, e.g. `https://{appId}-dsn.algolia.net`.
 */
host: string, facetFilters: Array<string>, 
/**
 * Hits whose URL matches this pattern open with a full page load.
 */
externalUrlRegex?: string | null, };

export type Analytics = { scriptUrl: string, };

export type PageData = { 
/**
 * The route, without the base URL: `/docs/introduction/motivation`.
 */
route: string, head: Head, page: Page, 
/**
 * The components the page embeds (in its content or its posts' summaries): their code
 * loads before the page renders, so hydration matches the server's HTML.
 */
components?: Array<Component['name']>, };

export type Head = { 
/**
 * The full `<title>`.
 */
title: string, description: string, 
/**
 * Absolute canonical URL.
 */
canonical: string, ogType: string, 
/**
 * Not-found pages are not indexed.
 */
noindex?: boolean, 
/**
 * The page's social card: the absolute URL of a 1200×630 PNG.
 */
image?: string | null, 
/**
 * Structured data for search engines (schema.org JSON-LD), as JSON text.
 */
jsonLd?: string | null, };

export type Page = { "kind": "doc" } & DocPage | { "kind": "docTags", tags: Array<TagCount>, } | { "kind": "docTag", tag: string, docs: Array<DocSummary>, allTagsRoute: string, } | { "kind": "blogList" } & BlogListPage | { "kind": "blogPost" } & BlogPostPage | { "kind": "blogArchive", years: Array<ArchiveYear>, } | { "kind": "blogTags", tags: Array<TagCount>, } | { "kind": "home" } & HomePage | { "kind": "standalone" } & StandalonePage | { "kind": "search" } | { "kind": "notFound" } | { "kind": "redirect", to: string, };

export type DocPage = { id: string, title: string, description: string, content: Array<Block>, toc: Array<TocItem>, hideToc: boolean, sidebar?: Sidebar | null, 
/**
 * The categories above this doc, outermost first.
 */
breadcrumbs: Array<Breadcrumb>, previous?: PageLink | null, next?: PageLink | null, tags: Array<TagLink>, 
/**
 * Words a reader may search for that the page does not use (front matter `keywords`).
 */
keywords?: Array<string>, 
/**
 * The same page on the original (English) site.
 */
originalUrl?: string | null, version: string, 
/**
 * Where to edit the page's source (from `site.edit_url`); none when not configured.
 */
editUrl?: string | null, 
/**
 * The date (`2023-03-01`) of the last commit that changed the source file; none outside a
 * git checkout.
 */
lastUpdated?: string | null, };

export type Breadcrumb = { label: string, route?: string | null, };

export type SourceInfo = { 
/**
 * Where to edit the page's source (from `site.edit_url`); none when not configured.
 */
editUrl?: string | null, 
/**
 * The date (`2023-03-01`) of the last commit that changed the source file; none outside a
 * git checkout.
 */
lastUpdated?: string | null, };

export type Sidebar = { id: string, items: Array<SidebarItem>, };

export type SidebarItem = { "type": "doc", label: string, route: string, } | { "type": "category", label: string, collapsed: boolean, items: Array<SidebarItem>, } | { "type": "link", label: string, href: string, };

export type PageLink = { title: string, route: string, };

export type TagLink = { label: string, route: string, };

export type TagCount = { label: string, route: string, count: number, };

export type DocSummary = { title: string, route: string, description: string, };

export type BlogListPage = { 
/**
 * Set on a tag's post list.
 */
tag?: string | null, posts: Array<BlogPostSummary>, 
/**
 * 1-based page number and count.
 */
page: number, totalPages: number, totalPosts: number, newerRoute?: string | null, olderRoute?: string | null, };

export type BlogPostSummary = { title: string, route: string, 
/**
 * ISO date, `2022-10-11`.
 */
date: string, readingMinutes: number, tags: Array<TagLink>, summary: Array<Block>, 
/**
 * The post continues after the summary (a "read more" link is shown).
 */
truncated: boolean, };

export type BlogPostPage = { title: string, description: string, date: string, readingMinutes: number, authors: Array<string>, tags: Array<TagLink>, 
/**
 * Words a reader may search for that the post does not use (front matter `keywords`).
 */
keywords?: Array<string>, content: Array<Block>, toc: Array<TocItem>, hideToc: boolean, 
/**
 * The newer and older neighbours in date order.
 */
newer?: PageLink | null, older?: PageLink | null, 
/**
 * Where to edit the page's source (from `site.edit_url`); none when not configured.
 */
editUrl?: string | null, 
/**
 * The date (`2023-03-01`) of the last commit that changed the source file; none outside a
 * git checkout.
 */
lastUpdated?: string | null, };

export type ArchiveYear = { year: string, posts: Array<ArchivePost>, };

export type ArchivePost = { title: string, route: string, date: string, };

export type HomePage = { hero: Hero, features: Array<Feature>, };

export type Hero = { title: string, tagline: string, actionLabel: string, actionRoute: string, 
/**
 * A second, quieter button.
 */
secondary?: PageLink | null, };

export type Feature = { title: string, description: string, image: string, imageDark: string, imageAlt: string, };

export type StandalonePage = { title: string, description: string, content: Array<Block>, toc: Array<TocItem>, hideToc: boolean, };

export type SearchTitle = { route: string, title: string, section?: string | null, kind: SearchKind, };

export type SearchKind = "docs" | "blog";

export type SearchManifest = { 
/**
 * The version of the Pagefind runtime in the bundle (`pagefind.js`, the WebAssembly).
 */
pagefindVersion: string, 
/**
 * Every indexed page, in the order of the index's `position` sort: a search with no term
 * sorted by it lists the pages' result ids in this order, which maps result ids to pages.
 */
pages: Array<SearchTitle>, 
/**
 * One query made of short prefixes that together reach every word of the index: preloading
 * it loads the whole index while the reader reads the first results.
 */
probes: string, 
/**
 * The index's other shards, as folders under `pagefind/` (`shard-1/`), each merged into the
 * first (Pagefind's `mergeIndex`) in this order.
 */
shards: Array<string>, 
/**
 * Each page's shard, in `pages` order: 0 for the first (`pagefind/` itself), n for
 * `shards[n - 1]`.
 */
pageShards: Array<number>, };

/** Highlight classes by their number in a code line (`TokenClass::ALL`). */
export const TOKEN_CLASSES: TokenClass[] = ["k", "s", "c", "n", "f", "t", "p", "g", "o", "u", "b", "i", "d", "v"];
