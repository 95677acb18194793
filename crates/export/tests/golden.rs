//! Golden tests: the Markdown twins of fixture pages (a doc in a sidebar, a doc in none, a blog
//! post), of a doc of the real site that uses every block kind (`/docs/mdx`, the content format
//! reference), and llms.txt and llms-full.txt of the fixture, pinned in `tests/snapshots/`.
//! After an intended change, accept the new output with
//! `INSTA_UPDATE=always cargo test -p site-export --test golden` and review the diff.

use site_export::Words;
use site_model::Site;
use site_pipeline::Options;
use std::path::Path;

fn site(root: &Path) -> Site {
    let loaded = site_pipeline::check(&Options::new(root)).unwrap_or_else(|e| panic!("{}: {e:#}", root.display()));
    loaded.site
}

fn words() -> Words {
    Words::load(&site_testkit::frontend().join("src/i18n/zh-hans.json")).unwrap_or_else(|e| panic!("{e}"))
}

fn twin(site: &Site, route: &str) -> String {
    let page = site.pages.iter().find(|p| p.route == route).unwrap_or_else(|| panic!("no page {route}"));
    site_export::page_markdown(page, &site.data, &words()).unwrap().unwrap_or_else(|| panic!("{route} has no twin"))
}

#[test]
fn fixture_twins_are_as_pinned() {
    let site = site(&site_testkit::fixture());
    for (name, route) in [
        ("doc", "/docs/guide/a"),
        ("doc_with_code", "/docs/intro"),
        ("doc_linking_home", "/docs/guide/b"),
        ("doc_without_sidebar", "/docs/nosidebar"),
        ("blog_post", "/blog/2022/01/15/post-7"),
    ] {
        insta::assert_snapshot!(name, twin(&site, route));
    }
}

#[test]
fn fixture_llms_files_are_as_pinned() {
    let site = site(&site_testkit::fixture());
    insta::assert_snapshot!("llms_txt", site_export::llms_txt(&site, &words()));
    insta::assert_snapshot!("llms_full_txt", site_export::llms_full_txt(&site, &words()).unwrap());
}

/// Tabs, admonitions, details, tables, footnotes, code, task lists, components, kbd.
#[test]
fn the_content_format_reference_is_as_pinned() {
    let site = site(&site_testkit::repo_root());
    insta::assert_snapshot!("real_mdx", twin(&site, "/docs/mdx"));
}

#[test]
fn pages_that_are_neither_docs_nor_posts_have_no_twin() {
    let site = site(&site_testkit::fixture());
    for route in ["/", "/blog", "/docs/tags", "/about", "/search", "/404"] {
        let page = site.pages.iter().find(|p| p.route == route).unwrap();
        assert_eq!(site_export::page_markdown(page, &site.data, &words()).unwrap(), None, "{route}");
    }
}
