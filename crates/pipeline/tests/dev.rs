//! `dev`'s rebuilds: an edit renders and writes again what it changed, and only that.

use site_pipeline::dev::DevSession;
use std::path::Path;
use std::time::SystemTime;

#[test]
fn a_rebuild_renders_and_writes_again_only_what_an_edit_changed() {
    let site = site_testkit::fixture_copy();
    let out = tempfile::tempdir().unwrap();
    let mut opts = site_pipeline::Options::new(site.path());
    opts.frontend = site_testkit::frontend();
    opts.out = out.path().join("build");
    let build = opts.out.clone();
    let (mut dev, _) = DevSession::start(opts).unwrap_or_else(|e| panic!("the fixture site does not build: {e:#}"));
    let read = |rel: &str| std::fs::read_to_string(build.join(rel)).unwrap();
    let written = |rel: &str| -> SystemTime { std::fs::metadata(build.join(rel)).unwrap().modified().unwrap() };
    let edit = |from: &str, to: &str| site_testkit::edit(site.path(), "content/docs/intro.md", |t| t.replace(from, to));

    assert!(dev.rebuild().unwrap().routes.is_empty(), "nothing changed, nothing rendered");
    let untouched = ["docs/guide/a.md", "docs/guide/a.html", "page-data/docs/guide/a.json"];
    let times: Vec<SystemTime> = untouched.iter().map(|f| written(f)).collect();

    edit("第一段介绍文字。", "改过的文字。");
    assert_eq!(dev.rebuild().unwrap().routes, ["/docs/intro"]);
    for file in ["docs/intro.md", "docs/intro.html", "page-data/docs/intro.json", "llms-full.txt"] {
        assert!(read(file).contains("改过的文字。"), "{file}");
    }
    let now: Vec<SystemTime> = untouched.iter().map(|f| written(f)).collect();
    assert_eq!(now, times, "the other pages' files are not written again");

    // Back as it was: the page's twin is printed again, not kept from before the edit.
    edit("改过的文字。", "第一段介绍文字。");
    assert_eq!(dev.rebuild().unwrap().routes, ["/docs/intro"]);
    assert!(read("docs/intro.md").contains("第一段介绍文字。") && !read("llms-full.txt").contains("改过的文字。"));

    // A page removed takes its files with it.
    assert!(build.join("docs/nosidebar.html").exists());
    std::fs::remove_file(site.path().join("content/docs/nosidebar.md")).unwrap();
    dev.rebuild().unwrap();
    for file in ["docs/nosidebar.html", "page-data/docs/nosidebar.json", "docs/nosidebar.md"] {
        assert!(!Path::new(&build.join(file)).exists(), "{file}");
    }
    assert!(!read("llms-full.txt").is_empty());
}
