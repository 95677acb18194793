//! Golden tests between the stages: what the engine writes for one fixture page of every kind
//! (its page data and its prerendered HTML) and for the site-wide files (feeds, sitemap, the
//! search title list, the security policy), pinned as snapshots in `tests/snapshots/`. Any
//! change to the output shows up here in review. After an intended change, accept the new
//! output with `INSTA_UPDATE=always cargo test -p site-pipeline --test golden` and review the diff.

use std::path::Path;

/// One route of each page kind the engine produces.
const PAGES: &[(&str, &str)] = &[
    ("home", "/"),
    ("doc", "/docs/guide/a"),
    ("doc_with_code", "/docs/intro"),
    ("doc_without_sidebar", "/docs/nosidebar"),
    ("docs_redirect", "/docs"),
    ("doc_tags", "/docs/tags"),
    ("doc_tag", "/docs/tags/入门"),
    ("blog_list", "/blog"),
    ("blog_list_page", "/blog/page/2"),
    ("blog_tag_list", "/blog/tags/odd"),
    ("blog_post", "/blog/2022/01/15/post-7"),
    ("blog_archive", "/blog/archive"),
    ("blog_tags", "/blog/tags"),
    ("standalone", "/about"),
    ("search", "/search"),
    ("not_found", "/404"),
];

/// Site-wide files, by their path in the output.
const FILES: &[(&str, &str)] = &[
    ("sitemap", "sitemap.xml"),
    ("rss", "blog/rss.xml"),
    ("atom", "blog/atom.xml"),
    ("search_manifest", "pagefind/search-manifest.json"),
    ("csp", ".csp"),
];

fn read(out: &Path, rel: &str) -> String {
    std::fs::read_to_string(out.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// One tag per line, so a change reads as a small diff. Hashed asset names lose their hash, and
/// the preloads Vite writes into the template for the entry's own chunks (`crossorigin` links)
/// go: how the bundler splits the entry is not the engine's output.
fn reviewable_html(html: &str) -> String {
    let hashed = regex::Regex::new(r"assets/([A-Za-z0-9_.]+(?:-[A-Za-z0-9_.]+)*?)-[A-Za-z0-9_-]{8}\.(js|css)").unwrap();
    let html = html.replace("><", ">\n<");
    let lines: Vec<&str> =
        html.lines().filter(|l| !l.trim_start().starts_with("<link rel=\"modulepreload\" crossorigin")).collect();
    hashed.replace_all(&lines.join("\n"), "assets/$1-[hash].$2").into_owned()
}

fn pretty_json(text: &str) -> String {
    let value: serde_json::Value = serde_json::from_str(text).expect("valid JSON");
    serde_json::to_string_pretty(&value).unwrap()
}

fn route_file(route: &str, dir: &str, ext: &str) -> String {
    let name = if route == "/" { "index" } else { &route[1..] };
    format!("{dir}{name}.{ext}")
}

/// The date a file last changed comes from git: committing an edit to the fixture changes it,
/// so the snapshots do not pin it.
fn without_history_dates(text: &str) -> String {
    let dates = regex::Regex::new(r#"("(?:lastUpdated|dateModified)"\s*:\s*)"\d{4}-\d{2}-\d{2}""#).unwrap();
    let escaped = regex::Regex::new(r#"(\\"(?:lastUpdated|dateModified)\\":)\\"\d{4}-\d{2}-\d{2}\\""#).unwrap();
    let lastmod = regex::Regex::new(r"<lastmod>\d{4}-\d{2}-\d{2}</lastmod>").unwrap();
    // The footer's "最后更新于 <date>", as the page shows it.
    let shown = regex::Regex::new(
        r#"(class="page-source__updated">[^<]*(?:<!-- -->)? ?<time dateTime=")\d{4}-\d{2}-\d{2}(">)\d{4}年\d{1,2}月\d{1,2}日"#,
    )
    .unwrap();
    let text = dates.replace_all(text, "$1\"[date]\"");
    let text = shown.replace_all(&text, "$1[date]$2[date]");
    let text = escaped.replace_all(&text, "$1\\\"[date]\\\"");
    lastmod.replace_all(&text, "<lastmod>[date]</lastmod>").into_owned()
}

#[test]
fn every_page_kind_and_site_file_is_as_pinned() {
    let out = tempfile::tempdir().unwrap();
    let mut opts = site_pipeline::Options::new(&site_testkit::fixture());
    opts.frontend = site_testkit::frontend();
    opts.out = out.path().join("build");
    site_pipeline::build(&opts).unwrap_or_else(|e| panic!("the fixture site does not build: {e:#}"));
    let built = &opts.out;
    for (name, route) in PAGES {
        let data = read(built, &route_file(route, "page-data/", "json"));
        insta::assert_snapshot!(format!("{name}.data"), without_history_dates(&pretty_json(&data)));
        let html = read(built, &route_file(route, "", "html"));
        insta::assert_snapshot!(format!("{name}.html"), without_history_dates(&reviewable_html(&html)));
    }
    for (name, rel) in FILES {
        let text = read(built, rel);
        let text = if rel.ends_with(".json") { pretty_json(&text) } else { text };
        insta::assert_snapshot!(*name, without_history_dates(&text));
    }
}
