//! `check` (the content stage) on the fixture site: routes, sidebars, paging, tags, links and
//! errors. (The full build is pinned by the golden tests and exercised by the browser tests.)

use site_pipeline::{Loaded as Checked, Options, Problems};
use site_schema::{Page, PageData, SidebarItem};
use std::path::Path;

use site_testkit::{edit, fixture, fixture_copy as copy};

fn check(root: &Path) -> Result<Checked, Vec<String>> {
    site_pipeline::check(&Options::new(root)).map_err(|e| match e.downcast::<Problems>() {
        Ok(f) => f.errors,
        Err(e) => vec![e.to_string()],
    })
}

fn fails(root: &Path) -> Vec<String> {
    match check(root) {
        Ok(_) => panic!("the site should not pass the check"),
        Err(e) => e,
    }
}

fn ok() -> Checked {
    check(&fixture()).unwrap_or_else(|e| panic!("{e:#?}"))
}

fn page<'a>(c: &'a Checked, route: &str) -> &'a PageData {
    c.site.pages.iter().find(|p| p.route == route).unwrap_or_else(|| panic!("no page {route}"))
}

#[test]
fn every_route_type_exists() {
    let c = ok();
    let mut routes: Vec<&str> = c.site.pages.iter().map(|p| p.route.as_str()).collect();
    routes.sort();
    let want = [
        "/",
        "/404",
        "/about",
        "/blog",
        "/blog/2021/01/01/post-1",
        "/blog/2021/02/02/post-2",
        "/blog/2021/03/03/post-3",
        "/blog/2021/04/04/post-4",
        "/blog/2021/05/05/post-5",
        "/blog/2021/06/06/post-6",
        "/blog/2022/01/15/post-7",
        "/blog/archive",
        "/blog/page/2",
        "/blog/page/3",
        "/blog/tags",
        "/blog/tags/even",
        "/blog/tags/odd",
        "/blog/tags/odd/page/2",
        "/blog/tags/发布",
        "/blog/tags/发布/page/2",
        "/blog/tags/发布/page/3",
        "/docs",
        "/docs/guide/a",
        "/docs/guide/b",
        "/docs/intro",
        "/docs/nosidebar",
        "/docs/tags",
        "/docs/tags/入门",
        "/docs/tags/原子",
        "/search",
    ];
    assert_eq!(routes, want);
    assert!(matches!(&page(&c, "/docs").page, Page::Redirect { to } if to == "/docs/intro"));
    assert!(matches!(page(&c, "/404").page, Page::NotFound));
    assert!(page(&c, "/404").head.noindex);
}

#[test]
fn blog_is_paginated_newest_first() {
    let c = ok();
    let list = |route: &str| match &page(&c, route).page {
        Page::BlogList(l) => l.clone(),
        p => panic!("{p:?}"),
    };
    let first = list("/blog");
    assert_eq!(first.posts.iter().map(|p| p.title.as_str()).collect::<Vec<_>>(), ["文章 7", "文章 6", "文章 5"]);
    assert_eq!((first.page, first.total_pages, first.total_posts), (1, 3, 7));
    assert_eq!(first.newer_route, None);
    assert_eq!(first.older_route.as_deref(), Some("/blog/page/2"));
    let last = list("/blog/page/3");
    assert_eq!(last.posts.len(), 1);
    assert_eq!(last.newer_route.as_deref(), Some("/blog/page/2"));
    assert_eq!(last.older_route, None);
    assert!(first.posts[0].truncated);
    assert_eq!(first.posts[0].summary.blocks().unwrap().len(), 1);
    let tag = list("/blog/tags/odd");
    assert_eq!(tag.tag.as_deref(), Some("odd"));
    assert_eq!(tag.total_posts, 4);
    assert_eq!(page(&c, "/blog/page/2").head.title, "博客（第 2 页） | 测试站点");
}

#[test]
fn posts_link_to_their_neighbours_and_archive_groups_by_year() {
    let c = ok();
    match &page(&c, "/blog/2021/06/06/post-6").page {
        Page::BlogPost(p) => {
            assert_eq!(p.newer.as_ref().unwrap().route, "/blog/2022/01/15/post-7");
            assert_eq!(p.older.as_ref().unwrap().route, "/blog/2021/05/05/post-5");
            assert_eq!(p.date, "2021-06-06");
            assert_eq!(p.reading_minutes, 1);
            assert_eq!(p.tags[0].route, "/blog/tags/发布");
        }
        p => panic!("{p:?}"),
    }
    match &page(&c, "/blog/archive").page {
        Page::BlogArchive { years } => {
            assert_eq!(
                years.iter().map(|y| (y.year.as_str(), y.posts.len())).collect::<Vec<_>>(),
                [("2022", 1), ("2021", 6)]
            );
        }
        p => panic!("{p:?}"),
    }
}

#[test]
fn docs_have_sidebar_paging_toc_and_original_link() {
    let c = ok();
    let doc = |route: &str| match &page(&c, route).page {
        Page::Doc(d) => d.clone(),
        p => panic!("{p:?}"),
    };
    let a = doc("/docs/guide/a");
    assert_eq!(a.previous.as_ref().unwrap().route, "/docs/intro");
    assert_eq!(a.next.as_ref().unwrap().title, "指南 B");
    assert_eq!(
        a.breadcrumbs.iter().map(|b| (b.label.as_str(), b.route.as_deref())).collect::<Vec<_>>(),
        [("指南", Some("/docs/guide/a"))]
    );
    assert_eq!(a.toc.iter().map(|t| t.id.as_str()).collect::<Vec<_>>(), ["第一节", "第二节"]);
    assert_eq!(a.original_url.as_deref(), Some("https://original.example.com/docs/guide/a"));
    let sidebar = a.sidebar.unwrap();
    assert_eq!(sidebar.id, "main");
    assert!(
        matches!(&sidebar.items[1], SidebarItem::Category { label, items, .. } if label == "指南" && matches!(&items[0], SidebarItem::Doc { label, .. } if label == "A"))
    );
    let intro = doc("/docs/intro");
    assert!(intro.previous.is_none());
    let lone = doc("/docs/nosidebar");
    assert!(lone.sidebar.is_none() && lone.previous.is_none() && lone.next.is_none());
    assert_eq!(page(&c, "/docs/intro").head.canonical, "https://example.com/docs/intro");
    assert_eq!(page(&c, "/docs/intro").head.description, "从这里开始。");
}

#[test]
fn titles_are_unique() {
    let c = ok();
    let mut titles: Vec<&str> = c.site.pages.iter().map(|p| p.head.title.as_str()).collect();
    let n = titles.len();
    titles.sort();
    titles.dedup();
    assert_eq!(titles.len(), n, "{titles:?}");
}

#[test]
fn relative_markdown_links_become_routes() {
    let c = ok();
    let json = serde_json::to_string(&page(&c, "/docs/intro").page).unwrap();
    assert!(json.contains(r#""href":"/docs/guide/a","internal":true"#), "{json}");
}

#[test]
fn broken_site_link_fails_naming_file_line_and_target() {
    let d = copy();
    edit(d.path(), "content/docs/guide/b.md", |s| s + "\n[坏链接](/docs/nope)\n");
    let e = fails(d.path());
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].starts_with("content/docs/guide/b.md:10: broken link `/docs/nope`: no page at /docs/nope"), "{e:?}");
}

#[test]
fn broken_anchor_fails() {
    let d = copy();
    edit(d.path(), "content/docs/guide/a.md", |s| s.replace("#第二节", "#第三节"));
    let e = fails(d.path());
    assert!(e[0].contains("no heading with id `#第三节` on /docs/guide/a"), "{e:?}");
}

#[test]
fn broken_relative_markdown_link_is_a_warning() {
    let d = copy();
    edit(d.path(), "content/docs/intro.md", |s| s.replace("./guide/a.md", "./guide/missing.md"));
    let c = check(d.path()).unwrap();
    assert_eq!(c.warnings.len(), 1);
    assert!(
        c.warnings[0].contains("content/docs/intro.md") && c.warnings[0].contains("broken Markdown link"),
        "{:?}",
        c.warnings
    );
}

#[test]
fn sidebar_naming_a_missing_doc_is_docs_data_not_found() {
    let d = copy();
    edit(d.path(), "site.toml", |s| s.replace("\"guide/b\"]", "\"guide/c\"]"));
    let e = fails(d.path());
    assert_eq!(
        e[0],
        "site.toml:53: sidebars[0].items[1].items[1]: docs data not found: no doc with id `guide/c` (expected content/docs/guide/c.md)"
    );
}

#[test]
fn a_doc_listed_twice_in_sidebars_is_a_warning_at_the_second_entry() {
    let d = copy();
    edit(d.path(), "site.toml", |s| s.replace("\"guide/b\"]", "\"guide/b\", \"intro\"]"));
    let c = check(d.path()).unwrap();
    assert_eq!(
        c.warnings,
        [
            "site.toml:53: sidebars[0].items[1].items[2]: doc `intro` is already listed at sidebars[0].items[0]; its paging and breadcrumbs follow that first place only"
        ]
    );
}

#[test]
fn a_page_claiming_a_taken_route_names_both_sides() {
    let d = copy();
    // content/pages/docs/intro.md would be /docs/intro, the route of content/docs/intro.md.
    std::fs::create_dir_all(d.path().join("content/pages/docs")).unwrap();
    std::fs::write(
        d.path().join("content/pages/docs/intro.md"),
        "---\ntitle: 复本\ndescription: 与另一页同路由。\n---\n\n正文。\n",
    )
    .unwrap();
    let e = fails(d.path());
    assert!(
        e.iter().any(|m| m.contains("/docs/intro")
            && m.contains("content/docs/intro.md")
            && m.contains("content/pages/docs/intro.md")),
        "{e:?}"
    );
}

#[test]
fn unknown_navbar_item_type_is_an_error() {
    let d = copy();
    edit(d.path(), "site.toml", |s| s.replacen("type = \"link\"", "type = \"mega-menu\"", 1));
    let e = fails(d.path());
    assert!(e[0].starts_with("site.toml:"), "{e:?}");
    assert!(e[0].contains("navbar.items") && e[0].contains("unknown type `mega-menu`"), "{e:?}");
}

#[test]
fn config_link_to_missing_route_is_an_error() {
    let d = copy();
    edit(d.path(), "site.toml", |s| s.replace("to = \"/about\"", "to = \"/nowhere\""));
    let e = fails(d.path());
    assert_eq!(e[0], "site.toml:31: navbar.items[2].items[0].to: broken link `/nowhere`: no page at /nowhere");
}

#[test]
fn base_url_without_slashes_is_an_error() {
    let d = copy();
    edit(d.path(), "site.toml", |s| s.replace("base_url = \"/\"", "base_url = \"docs\""));
    let e = fails(d.path());
    assert!(
        e[0].starts_with("site.toml:") && e[0].contains("site.base_url: expected a path that starts and ends with `/`"),
        "{e:?}"
    );
}

#[test]
fn content_errors_name_file_and_line() {
    let d = copy();
    edit(d.path(), "content/docs/guide/b.md", |s| s + "\n<NotAComponent />\n\n:::nope\nx\n:::\n");
    let e = fails(d.path());
    assert!(
        e.iter().any(|m| m.starts_with("content/docs/guide/b.md:10: unknown component `<NotAComponent />`")),
        "{e:?}"
    );
    assert!(e.iter().any(|m| m.starts_with("content/docs/guide/b.md:12: unknown admonition `:::nope`")), "{e:?}");
}

#[test]
fn announcement_and_navbar_are_in_site_data() {
    let c = ok();
    let a = c.site.data.announcement.as_ref().unwrap();
    assert!(a.is_closeable);
    assert_eq!(a.id, "a1");
    assert_eq!(c.site.data.navbar.items.len(), 3);
    assert_eq!(c.site.data.toc.min, 2);
    assert_eq!(c.site.data.toc.max, 3);
    assert_eq!(c.site.sitemap.len(), c.site.pages.len() - 3);
    assert_eq!(c.site.feed.len(), 7);
}
