//! From configuration and compiled content to the typed site: the site data and one page data
//! per route. Nothing here touches the file system.

use crate::Problems;
use crate::sidebar::{self, Placement};
use site_config::{Config, ConfigError, LinkItem, NavItem as ConfNavItem, Search};
use site_content::{Content, Doc, Post};
use site_markdown::Document;
use site_schema::*;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// The assembled site: everything the output stage writes.
pub struct Site {
    pub data: SiteData,
    pub pages: Vec<PageData>,
    /// Heading and footnote ids of every route that has them, for anchor checks.
    pub anchors: HashMap<String, Vec<String>>,
    /// Routes listed in the sitemap (not the 404 page, not redirects, not search).
    pub sitemap: Vec<String>,
    pub feed: Vec<FeedItem>,
}

pub struct FeedItem {
    pub title: String,
    pub route: String,
    pub date: jiff::civil::Date,
    pub description: String,
    pub tags: Vec<String>,
}

pub fn assemble(config: &Config, config_file: &Path, content: &Content, problems: &mut Problems) -> Option<Site> {
    let docs: HashMap<&str, &Doc> = content.docs.iter().map(|d| (d.id.as_str(), d)).collect();
    let sidebars = match sidebar::resolve(config_file, &config.sidebars, &docs) {
        Ok(s) => s,
        Err(errors) => {
            problems.config_errors(errors);
            return None;
        }
    };
    let data = site_data(config, config_file, &docs, problems)?;
    let site_title = config.site.title.clone();
    let mut pages = Vec::new();
    let mut anchors = HashMap::new();
    let page = |route: String, title: String, description: String, page: Page| PageData {
        head: Head {
            title: if title == site_title { title } else { format!("{title} | {site_title}") },
            description,
            canonical: canonical(config, &route),
            og_type: if matches!(page, Page::BlogPost(_)) { "article".into() } else { "website".into() },
            noindex: matches!(page, Page::NotFound | Page::Redirect { .. }),
        },
        route,
        page,
    };

    // Home.
    let home = &config.home;
    let Some(action) = docs.get(home.action_doc.as_str()) else {
        problems.config_errors(vec![missing_doc(config_file, "home.action_doc", &home.action_doc)]);
        return None;
    };
    pages.push(page(
        "/".into(),
        home.title.clone(),
        home.description.clone(),
        Page::Home(HomePage {
            hero: Hero {
                title: home.hero_title.clone(),
                tagline: home.hero_tagline.clone(),
                action_label: home.action_label.clone(),
                action_route: action.route.clone(),
            },
            features: home
                .features
                .iter()
                .map(|f| Feature {
                    title: f.title.clone(),
                    description: f.description.clone(),
                    image: f.image.clone(),
                    image_dark: f.image_dark.clone(),
                    image_alt: f.image_alt.clone(),
                })
                .collect(),
            content: Vec::new(),
        }),
    ));

    // Docs.
    let toc_levels = (config.toc.min_heading_level, config.toc.max_heading_level);
    let mut doc_tags: BTreeMap<String, (String, Vec<DocSummary>)> = BTreeMap::new();
    for doc in &content.docs {
        let fm = &doc.doc.front_matter;
        let title = fm.title.clone().unwrap_or_default();
        let description = description_of(&doc.doc);
        let placement = sidebars.placements.get(&doc.id).cloned().unwrap_or_default();
        let Placement { sidebar, breadcrumbs, previous, next } = placement;
        let tags = tag_links("/docs/tags", &fm.tags);
        for (label, link) in fm.tags.iter().zip(&tags) {
            doc_tags.entry(link.route.clone()).or_insert_with(|| (label.clone(), Vec::new())).1.push(DocSummary {
                title: title.clone(),
                route: doc.route.clone(),
                description: description.clone(),
            });
        }
        anchors.insert(doc.route.clone(), doc.doc.anchor_ids().map(str::to_string).collect());
        pages.push(page(
            doc.route.clone(),
            title.clone(),
            description.clone(),
            Page::Doc(DocPage {
                id: doc.id.clone(),
                title,
                description,
                content: doc.doc.content.clone(),
                toc: toc(&doc.doc, toc_levels),
                hide_toc: fm.hide_table_of_contents,
                sidebar: sidebars.trees.get(&sidebar).cloned(),
                breadcrumbs,
                previous,
                next,
                tags,
                keywords: fm.keywords.clone(),
                original_url: config
                    .docs
                    .original_site_url
                    .as_ref()
                    .map(|u| format!("{}{}", u.trim_end_matches('/'), doc.route)),
                version: config.docs.versions[0].name.clone(),
            }),
        ));
    }
    let Some(docs_home) = docs.get(config.docs.home_doc.as_str()) else {
        problems.config_errors(vec![missing_doc(config_file, "docs.home_doc", &config.docs.home_doc)]);
        return None;
    };
    pages.push(page(
        "/docs".into(),
        "文档".into(),
        format!("{}文档。", config.site.title),
        Page::Redirect { to: docs_home.route.clone() },
    ));
    if !doc_tags.is_empty() {
        pages.push(page(
            "/docs/tags".into(),
            "文档标签".into(),
            "按标签浏览全部文档。".into(),
            Page::DocTags { tags: tag_counts(&doc_tags) },
        ));
    }
    for (route, (label, docs)) in doc_tags {
        pages.push(page(
            route,
            format!("标签：{label}"),
            format!("带有“{label}”标签的 {} 篇文档。", docs.len()),
            Page::DocTag { tag: label, docs, all_tags_route: "/docs/tags".into() },
        ));
    }

    // Blog.
    let blog = &config.blog;
    let summaries: Vec<BlogPostSummary> = content.posts.iter().map(post_summary).collect();
    paginate(&mut pages, &page, "/blog", &blog.title, &blog.description, None, &summaries, blog.posts_per_page);
    for (i, post) in content.posts.iter().enumerate() {
        let fm = &post.doc.front_matter;
        let title = fm.title.clone().unwrap_or_default();
        let description = description_of(&post.doc);
        let neighbour =
            |p: &Post| PageLink { title: p.doc.front_matter.title.clone().unwrap_or_default(), route: p.route.clone() };
        anchors.insert(post.route.clone(), post.doc.anchor_ids().map(str::to_string).collect());
        pages.push(page(
            post.route.clone(),
            title.clone(),
            description.clone(),
            Page::BlogPost(BlogPostPage {
                title,
                description,
                date: post.date.to_string(),
                reading_minutes: post.doc.reading_minutes(),
                authors: fm.authors.clone(),
                tags: tag_links("/blog/tags", &fm.tags),
                keywords: fm.keywords.clone(),
                content: post.doc.content.clone(),
                toc: toc(&post.doc, toc_levels),
                hide_toc: fm.hide_table_of_contents,
                newer: i.checked_sub(1).map(|j| neighbour(&content.posts[j])),
                older: content.posts.get(i + 1).map(neighbour),
            }),
        ));
    }
    let mut years: Vec<ArchiveYear> = Vec::new();
    for p in &content.posts {
        let year = p.date.year().to_string();
        if years.last().is_none_or(|y| y.year != year) {
            years.push(ArchiveYear { year: year.clone(), posts: Vec::new() });
        }
        years.last_mut().unwrap().posts.push(ArchivePost {
            title: p.doc.front_matter.title.clone().unwrap_or_default(),
            route: p.route.clone(),
            date: p.date.to_string(),
        });
    }
    pages.push(page(
        "/blog/archive".into(),
        "博客归档".into(),
        format!("按年份列出全部 {} 篇博客文章。", content.posts.len()),
        Page::BlogArchive { years },
    ));
    let mut blog_tags: BTreeMap<String, (String, Vec<BlogPostSummary>)> = BTreeMap::new();
    for (post, summary) in content.posts.iter().zip(&summaries) {
        for (label, link) in post.doc.front_matter.tags.iter().zip(&summary.tags) {
            blog_tags.entry(link.route.clone()).or_insert_with(|| (label.clone(), Vec::new())).1.push(summary.clone());
        }
    }
    if !blog_tags.is_empty() {
        pages.push(page(
            "/blog/tags".into(),
            "博客标签".into(),
            "按标签浏览全部博客文章。".into(),
            Page::BlogTags { tags: tag_counts(&blog_tags) },
        ));
    }
    for (route, (label, posts)) in &blog_tags {
        let title = format!("标签：{label}");
        let description = format!("带有“{label}”标签的 {} 篇博客文章。", posts.len());
        paginate(&mut pages, &page, route, &title, &description, Some(label), posts, blog.posts_per_page);
    }

    // Standalone pages, search, not found.
    for p in &content.pages {
        let fm = &p.doc.front_matter;
        let title = fm.title.clone().unwrap_or_default();
        let description = description_of(&p.doc);
        anchors.insert(p.route.clone(), p.doc.anchor_ids().map(str::to_string).collect());
        pages.push(page(
            p.route.clone(),
            title.clone(),
            description.clone(),
            Page::Markdown(MarkdownPage {
                title,
                description,
                content: p.doc.content.clone(),
                toc: toc(&p.doc, toc_levels),
                hide_toc: fm.hide_table_of_contents,
            }),
        ));
    }
    pages.push(page("/search".into(), "搜索".into(), format!("搜索{}。", config.site.title), Page::Search));
    pages.push(page("/404".into(), "找不到页面".into(), "找不到你要访问的页面。".into(), Page::NotFound));

    let mut seen = HashMap::new();
    for (i, p) in pages.iter().enumerate() {
        if let Some(j) = seen.insert(p.route.clone(), i) {
            problems.error(format!("two pages want the route {} (page {} and page {})", p.route, j, i));
        }
    }
    let sitemap = pages
        .iter()
        .filter(|p| !matches!(p.page, Page::NotFound | Page::Redirect { .. } | Page::Search))
        .map(|p| p.route.clone())
        .collect();
    let feed = content
        .posts
        .iter()
        .map(|p| FeedItem {
            title: p.doc.front_matter.title.clone().unwrap_or_default(),
            route: p.route.clone(),
            date: p.date,
            description: description_of(&p.doc),
            tags: p.doc.front_matter.tags.clone(),
        })
        .collect();
    Some(Site { data, pages, anchors, sitemap, feed })
}

fn missing_doc(file: &Path, field: &str, id: &str) -> ConfigError {
    ConfigError {
        file: file.to_path_buf(),
        field: field.into(),
        line: None,
        message: format!("docs data not found: no doc with id `{id}` (expected content/docs/{id}.md)"),
    }
}

/// The absolute URL of a route.
pub fn canonical(config: &Config, route: &str) -> String {
    let base = config.site.base_url.trim_end_matches('/');
    if route == "/" { format!("{}{}/", config.site.url, base) } else { format!("{}{}{}", config.site.url, base, route) }
}

/// The front matter description, or the start of the first paragraph.
fn description_of(doc: &Document) -> String {
    if let Some(d) = doc.front_matter.description.as_ref().filter(|d| !d.trim().is_empty()) {
        return d.trim().to_string();
    }
    let first = doc.content.iter().find_map(|b| match b {
        Block::Paragraph { children } => Some(plain(children)),
        _ => None,
    });
    let text = first.unwrap_or_else(|| doc.front_matter.title.clone().unwrap_or_default());
    let mut out: String = text.chars().take(120).collect();
    if text.chars().count() > 120 {
        out.push('…');
    }
    out
}

fn plain(inlines: &[Inline]) -> String {
    inlines
        .iter()
        .map(|i| match i {
            Inline::Text(t) => t.clone(),
            Inline::Node(InlineNode::Code { text }) => text.clone(),
            Inline::Node(
                InlineNode::Link { children, .. } | InlineNode::Em { children } | InlineNode::Strong { children },
            ) => plain(children),
            Inline::Node(_) => String::new(),
        })
        .collect()
}

fn toc(doc: &Document, (min, max): (u8, u8)) -> Vec<TocItem> {
    doc.headings
        .iter()
        .filter(|h| h.top_level && h.level >= min && h.level <= max)
        .map(|h| TocItem { id: h.id.clone(), level: h.level, children: strip_links(&h.children) })
        .collect()
}

/// TOC entries are links themselves; links inside headings become plain text there.
fn strip_links(inlines: &[Inline]) -> Vec<Inline> {
    inlines
        .iter()
        .flat_map(|i| match i {
            Inline::Node(InlineNode::Link { children, .. }) => strip_links(children),
            Inline::Node(InlineNode::FootnoteRef { .. }) => vec![],
            other => vec![other.clone()],
        })
        .collect()
}

/// The tag index: each tag (by route) with its label and how many pages carry it.
fn tag_counts<T>(tags: &BTreeMap<String, (String, Vec<T>)>) -> Vec<TagCount> {
    tags.iter()
        .map(|(route, (label, pages))| TagCount {
            label: label.clone(),
            route: route.clone(),
            count: pages.len() as u32,
        })
        .collect()
}

pub fn tag_slug(label: &str) -> String {
    let slug: String = label
        .trim()
        .to_lowercase()
        .chars()
        .map(|c| if c.is_alphanumeric() || c == '.' || c == '_' { c } else { '-' })
        .collect();
    slug.split('-').filter(|s| !s.is_empty()).collect::<Vec<_>>().join("-")
}

fn tag_links(prefix: &str, tags: &[String]) -> Vec<TagLink> {
    tags.iter().map(|t| TagLink { label: t.clone(), route: format!("{prefix}/{}", tag_slug(t)) }).collect()
}

fn post_summary(p: &Post) -> BlogPostSummary {
    let content = &p.doc.content;
    let (summary, truncated) = match p.doc.truncate_at {
        Some(n) => (content[..n.min(content.len())].to_vec(), true),
        None => (content.clone(), false),
    };
    BlogPostSummary {
        title: p.doc.front_matter.title.clone().unwrap_or_default(),
        route: p.route.clone(),
        date: p.date.to_string(),
        reading_minutes: p.doc.reading_minutes(),
        tags: tag_links("/blog/tags", &p.doc.front_matter.tags),
        summary,
        truncated,
    }
}

#[allow(clippy::too_many_arguments)]
fn paginate(
    pages: &mut Vec<PageData>,
    page: &impl Fn(String, String, String, Page) -> PageData,
    base: &str,
    title: &str,
    description: &str,
    tag: Option<&String>,
    posts: &[BlogPostSummary],
    per_page: u32,
) {
    let per_page = per_page as usize;
    let total_pages = posts.len().div_ceil(per_page).max(1);
    let route_of = |n: usize| if n == 1 { base.to_string() } else { format!("{base}/page/{n}") };
    for n in 1..=total_pages {
        let chunk = posts.iter().skip((n - 1) * per_page).take(per_page).cloned().collect();
        let t = if n == 1 { title.to_string() } else { format!("{title}（第 {n} 页）") };
        pages.push(page(
            route_of(n),
            t,
            description.to_string(),
            Page::BlogList(BlogListPage {
                tag: tag.cloned(),
                posts: chunk,
                page: n as u32,
                total_pages: total_pages as u32,
                total_posts: posts.len() as u32,
                newer_route: (n > 1).then(|| route_of(n - 1)),
                older_route: (n < total_pages).then(|| route_of(n + 1)),
            }),
        ));
    }
}

fn site_data(config: &Config, file: &Path, docs: &HashMap<&str, &Doc>, problems: &mut Problems) -> Option<SiteData> {
    let mut errors = Vec::new();
    let err = |field: String, message: String| ConfigError { file: file.to_path_buf(), field, line: None, message };
    let target = |l: &LinkItem| match (&l.to, &l.href) {
        (Some(to), _) => LinkTarget::Internal { to: to.clone() },
        (_, Some(href)) => LinkTarget::External { href: href.clone() },
        _ => unreachable!("validated by site-config"),
    };
    let position = |p: site_config::Position| match p {
        site_config::Position::Left => Position::Left,
        site_config::Position::Right => Position::Right,
    };
    let mut items = Vec::new();
    for (i, item) in config.navbar.items.iter().enumerate() {
        match item {
            ConfNavItem::Link { label, position: p, to, href, active_base_path, icon } => items.push(NavItem::Link {
                label: label.clone(),
                position: position(*p),
                target: target(&LinkItem { label: label.clone(), to: to.clone(), href: href.clone() }),
                active_base_path: active_base_path.clone().or_else(|| to.clone()),
                icon: icon.map(|i| match i {
                    site_config::NavIcon::Github => NavIcon::Github,
                    site_config::NavIcon::Language => NavIcon::Language,
                }),
            }),
            ConfNavItem::Doc { label, position: p, doc_id, active_base_path } => match docs.get(doc_id.as_str()) {
                Some(doc) => items.push(NavItem::Link {
                    label: label.clone(),
                    position: position(*p),
                    target: LinkTarget::Internal { to: doc.route.clone() },
                    active_base_path: active_base_path.clone().or_else(|| Some(doc.route.clone())),
                    icon: None,
                }),
                None => errors.push(err(
                    format!("navbar.items[{i}].doc_id"),
                    format!("docs data not found: no doc with id `{doc_id}` (expected content/docs/{doc_id}.md)"),
                )),
            },
            ConfNavItem::Dropdown { label, position: p, items: links } => items.push(NavItem::Dropdown {
                label: label.clone(),
                position: position(*p),
                items: links.iter().map(|l| DropdownItem { label: l.label.clone(), target: target(l) }).collect(),
            }),
        }
    }
    let announcement = match &config.announcement {
        None => None,
        Some(a) => match site_markdown::inline_html::parse(&a.content) {
            Ok(content) => Some(Announcement {
                id: a.id.clone(),
                content,
                background_color: a.background_color.clone(),
                text_color: a.text_color.clone(),
                is_closeable: a.is_closeable,
            }),
            Err(m) => {
                errors.push(err("announcement.content".into(), m));
                None
            }
        },
    };
    if !errors.is_empty() {
        problems.config_errors(errors);
        return None;
    }
    Some(SiteData {
        title: config.site.title.clone(),
        tagline: config.site.tagline.clone(),
        url: config.site.url.clone(),
        base_url: config.site.base_url.clone(),
        locale: config.site.locale.clone(),
        navbar: Navbar {
            title: config.navbar.title.clone(),
            logo: Logo {
                alt: config.navbar.logo.alt.clone(),
                src: config.navbar.logo.src.clone(),
                src_dark: config.navbar.logo.src_dark.clone(),
            },
            hide_on_scroll: config.navbar.hide_on_scroll,
            items,
        },
        footer: Footer {
            groups: config
                .footer
                .groups
                .iter()
                .map(|g| FooterGroup {
                    title: g.title.clone(),
                    items: g.items.iter().map(|l| DropdownItem { label: l.label.clone(), target: target(l) }).collect(),
                })
                .collect(),
            copyright: config.footer.copyright.clone(),
        },
        announcement,
        color_mode: ColorMode {
            default_mode: match config.color_mode.default_mode {
                site_config::Theme::Light => ThemeName::Light,
                site_config::Theme::Dark => ThemeName::Dark,
            },
            disable_switch: config.color_mode.disable_switch,
            respect_prefers_color_scheme: config.color_mode.respect_prefers_color_scheme,
        },
        toc: TocLevels { min: config.toc.min_heading_level, max: config.toc.max_heading_level },
        docs: DocsSettings {
            original_site_url: config.docs.original_site_url.clone(),
            plugin_id: config.docs.plugin_id.clone(),
            versions: config
                .docs
                .versions
                .iter()
                .map(|v| DocsVersion {
                    name: v.name.clone(),
                    label: v.label.clone(),
                    path: "/docs".into(),
                    banner: v.banner.map(|b| match b {
                        site_config::VersionBanner::Unreleased => VersionBanner::Unreleased,
                        site_config::VersionBanner::Unmaintained => VersionBanner::Unmaintained,
                    }),
                })
                .collect(),
        },
        blog: BlogSettings {
            title: config.blog.title.clone(),
            posts_per_page: config.blog.posts_per_page,
            show_reading_time: config.blog.show_reading_time,
        },
        search: match &config.search {
            Search::Local => SearchSettings::Local,
            Search::Hosted { app_id, index_name, api_key, host, facet_filters, external_url_regex } => {
                SearchSettings::Hosted {
                    app_id: app_id.clone(),
                    index_name: index_name.clone(),
                    api_key: api_key.clone(),
                    host: host.clone().unwrap_or_else(|| format!("https://{app_id}-dsn.algolia.net")),
                    facet_filters: facet_filters.clone(),
                    external_url_regex: external_url_regex.clone(),
                }
            }
        },
        analytics: config.analytics.script_url.clone().map(|script_url| Analytics { script_url }),
        dev: false,
    })
}
