//! Incremental builds: after an edit, `build` re-renders only the pages the edit affects and
//! takes the rest from the cache (`.cache/docsite/`), and its output is byte for byte the output
//! of a cold build (empty cache) of the same inputs.

use site_pipeline::{Options, Report};
use site_testkit::{edit, fixture_copy};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn build(root: &Path, out: &Path) -> Report {
    let mut opts = Options::new(root);
    opts.frontend = site_testkit::frontend();
    opts.out = out.to_path_buf();
    site_pipeline::build(&opts).unwrap_or_else(|e| panic!("the fixture copy does not build: {e:#}"))
}

/// Every file under `dir` with its bytes, by relative path.
fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| (e.path().strip_prefix(dir).unwrap().display().to_string(), std::fs::read(e.path()).unwrap()))
        .collect()
}

fn assert_same_tree(incremental: &Path, cold: &Path) {
    let (a, b) = (tree(incremental), tree(cold));
    let names = |t: &BTreeMap<String, Vec<u8>>| t.keys().cloned().collect::<Vec<_>>();
    assert_eq!(names(&a), names(&b), "the same files");
    let differing: Vec<&String> = a.iter().filter(|(k, v)| b[*k] != **v).map(|(k, _)| k).collect();
    assert!(differing.is_empty(), "files that differ from the cold build: {differing:?}");
}

/// Builds `site` after `change`, then again from an empty cache, and compares the two.
fn incremental_equals_cold(site: &Path, change: impl FnOnce(&Path)) -> Report {
    let first = build(site, &site.join("build"));
    assert_eq!(first.rendered, first.pages, "a build with an empty cache renders every page");
    change(site);
    let incremental = build(site, &site.join("build"));
    std::fs::remove_dir_all(site.join(".cache")).unwrap();
    let cold = build(site, &site.join("cold"));
    assert_eq!(cold.rendered, cold.pages);
    assert_same_tree(&site.join("build"), &site.join("cold"));
    incremental
}

#[test]
fn a_body_edit_re_renders_its_page_and_matches_a_cold_build() {
    let site = fixture_copy();
    let r = incremental_equals_cold(site.path(), |root| {
        edit(root, "content/docs/guide/a.md", |t| format!("{t}\n增量构建加入的一段正文。\n"))
    });
    assert_eq!(r.rendered, 1, "only the edited page: {r:?}");
}

#[test]
fn a_sidebar_label_change_re_renders_the_pages_of_that_sidebar() {
    let site = fixture_copy();
    let sidebar_docs = site_pipeline::check(&Options::new(site.path()))
        .unwrap()
        .site
        .pages
        .iter()
        .filter(|p| matches!(&p.page, site_schema::Page::Doc(d) if d.sidebar.is_some()))
        .count();
    let r = incremental_equals_cold(site.path(), |root| {
        edit(root, "site.toml", |t| t.replacen("category = \"", "category = \"改名的", 1))
    });
    assert!(r.rendered >= sidebar_docs && r.rendered < r.pages, "{} of {} pages: {r:?}", r.rendered, r.pages);
}

#[test]
fn an_unchanged_build_renders_nothing() {
    let site = fixture_copy();
    build(site.path(), &site.path().join("build"));
    let again = build(site.path(), &site.path().join("build"));
    assert_eq!(again.rendered, 0, "{again:?}");
}

/// A page's Markdown twin is kept by the page's data: a later build prints only the twins of
/// pages that changed, and `llms-full.txt` reads the others from the cache.
#[test]
fn only_a_changed_page_s_twin_is_printed_again() {
    let site = fixture_copy();
    let (root, out) = (site.path(), site.path().join("build"));
    build(root, &out);
    // Mark every kept twin (a new file: the output's twin is a link to the old one); a twin
    // printed again has no mark.
    const MARK: &str = "\n<!-- kept -->\n";
    let twins = std::fs::read_dir(root.join(".cache/docsite/twins")).unwrap().map(|e| e.unwrap().path());
    let twins: Vec<_> = twins.collect();
    assert!(twins.len() >= 10, "a twin per doc and post: {}", twins.len());
    for path in twins {
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        std::fs::write(&path, text + MARK).unwrap();
    }
    edit(root, "content/docs/guide/a.md", |t| format!("{t}\n又一段正文。\n"));
    build(root, &out);
    let read = |f: &str| std::fs::read_to_string(out.join(f)).unwrap();
    assert!(!read("docs/guide/a.md").contains(MARK) && read("docs/guide/a.md").contains("又一段正文。"));
    for kept in ["docs/guide/b.md", "docs/intro.md", "blog/2021/01/01/post-1.md"] {
        assert!(read(kept).ends_with(MARK), "{kept} was printed again");
    }
    let full = read("llms-full.txt");
    assert!(full.contains("又一段正文。") && full.matches(MARK).count() >= 9, "llms-full.txt takes the kept twins");
}

/// The content cache keeps each page's body as JSON and reads it back without a parse
/// (`site_schema::Body`): a body that no longer parses (a damaged cache) stops the build with
/// the page and the remedy, not a panic, and the built site stays as it was.
#[test]
fn a_damaged_body_in_the_content_cache_is_an_error_naming_the_page() {
    let site = fixture_copy();
    let root = site.path();
    build(root, &root.join("build"));
    let before = tree(&root.join("build"));
    for entry in std::fs::read_dir(root.join(".cache/docsite/content")).unwrap() {
        let path = entry.unwrap().path();
        let mut kept: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        kept["doc"]["content"]["json"] = serde_json::json!([{ "t": "no-such-block" }]);
        std::fs::write(&path, kept.to_string()).unwrap();
    }
    let mut opts = Options::new(root);
    opts.frontend = site_testkit::frontend();
    let e = format!("{:#}", site_pipeline::build(&opts).expect_err("the damaged bodies are found"));
    assert!(e.contains("the page's body does not parse: the build cache is damaged, remove .cache/docsite"), "{e}");
    assert!(e.contains("/docs/") || e.contains("/blog/"), "names the page: {e}");
    assert_eq!(tree(&root.join("build")), before, "the built site is untouched");
    std::fs::remove_dir_all(root.join(".cache")).unwrap();
    build(root, &root.join("build"));
}

/// The HTML file of one page's entry in the cache of the site at `root`.
fn a_page_s_html_entry(root: &Path) -> PathBuf {
    let pages = std::fs::read_dir(root.join(".cache/docsite/pages")).unwrap();
    pages.map(|e| e.unwrap().path()).find(|p| p.extension().is_some_and(|x| x == "html")).expect("a page entry")
}

#[test]
fn a_page_entry_without_its_html_is_rendered_again() {
    // An entry is made whole or not at all, but a person or a tool can still delete a file in
    // `.cache/`: the page must then be rendered again, not published without its HTML.
    let site = fixture_copy();
    let r = incremental_equals_cold(site.path(), |root| {
        std::fs::remove_file(a_page_s_html_entry(root)).unwrap();
    });
    assert_eq!(r.rendered, 1, "only the page whose entry lost its HTML: {r:?}");
}

#[test]
fn a_page_entry_without_its_html_is_kept_anew_by_the_build_that_renders_it() {
    let site = fixture_copy();
    let out = site.path().join("build");
    build(site.path(), &out);
    std::fs::remove_file(a_page_s_html_entry(site.path())).unwrap();
    assert_eq!(build(site.path(), &out).rendered, 1);
    let again = build(site.path(), &out);
    assert_eq!(again.rendered, 0, "the page rendered again was kept: {again:?}");
}

/// Replaces every file in `dir` with a new file holding `bytes` (a new file: the output's copy is
/// a link to the entry, and must not change with it).
fn damage_every_entry(dir: &Path, bytes: &[u8]) -> usize {
    let entries: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    for path in &entries {
        std::fs::remove_file(path).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
    entries.len()
}

/// Entries are kept as links to the files a build writes; one already there is replaced, so a
/// damaged entry is made anew by the build that finds it damaged, not kept for ever.
#[test]
fn damaged_twin_and_index_entries_are_made_anew() {
    let site = fixture_copy();
    let (root, out) = (site.path(), site.path().join("build"));
    build(root, &out);
    let (twins, gzip) = (root.join(".cache/docsite/twins"), root.join(".cache/docsite/index/gzip"));
    assert!(damage_every_entry(&twins, &[0xff, 0xfe]) >= 10, "a twin per doc and post");
    assert!(damage_every_entry(&gzip, b"damaged") >= 2, "the index's gzipped files");
    // An edit, so that the index's shard is made again and looks its files up.
    edit(root, "content/docs/guide/a.md", |t| format!("{t}\n再一段正文。\n"));
    build(root, &out);
    for entry in std::fs::read_dir(&twins).unwrap().map(|e| e.unwrap().path()) {
        assert!(std::fs::read_to_string(&entry).is_ok(), "{} is still damaged", entry.display());
    }
    for entry in std::fs::read_dir(&gzip).unwrap().map(|e| e.unwrap().path()) {
        assert!(std::fs::read(&entry).unwrap().starts_with(&[0x1f, 0x8b]), "{} is still damaged", entry.display());
    }
    let read = |f: &str| std::fs::read_to_string(out.join(f)).unwrap();
    assert!(read("docs/guide/a.md").contains("再一段正文。") && read("docs/intro.md").starts_with("# "));
}
