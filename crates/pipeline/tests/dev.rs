//! `dev`'s rebuilds: an edit renders and writes again what it changed, and only that.

use site_pipeline::dev::{DevSession, Rebuilt};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::SystemTime;

/// Every file under `dir` with its bytes, by its name relative to `dir`.
fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let files = walkdir::WalkDir::new(dir).into_iter().map(Result::unwrap).filter(|e| e.file_type().is_file());
    let named =
        files.map(|e| (e.path().strip_prefix(dir).unwrap().to_string_lossy().replace('\\', "/"), e.path().to_owned()));
    named.map(|(name, path)| (name, std::fs::read(path).unwrap())).collect()
}

/// A rebuild, checking that it names every file it wrote, made or removed (the server reads
/// only those again), unless it says every page changed.
fn rebuild(dev: &mut DevSession, out: &Path) -> Rebuilt {
    let before = tree(out);
    let rebuilt = dev.rebuild().unwrap();
    let after = tree(out);
    let differ: BTreeSet<&String> =
        before.keys().chain(after.keys()).filter(|name| before.get(*name) != after.get(*name)).collect();
    match &rebuilt.written {
        Some(written) => {
            let named: BTreeSet<&String> = written.iter().collect();
            let unnamed: Vec<&&String> = differ.difference(&named).collect();
            assert!(unnamed.is_empty(), "changed on disk, not named: {unnamed:?}");
        }
        None => assert_eq!(rebuilt.routes, ["*"], "only a rebuild of every page names no files"),
    }
    rebuilt
}

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

    assert!(rebuild(&mut dev, &build).routes.is_empty(), "nothing changed, nothing rendered");
    let untouched = ["docs/guide/a.md", "docs/guide/a.html", "page-data/docs/guide/a.json"];
    let times: Vec<SystemTime> = untouched.iter().map(|f| written(f)).collect();

    edit("第一段介绍文字。", "改过的文字。");
    assert_eq!(rebuild(&mut dev, &build).routes, ["/docs/intro"]);
    for file in ["docs/intro.md", "docs/intro.html", "page-data/docs/intro.json", "llms-full.txt"] {
        assert!(read(file).contains("改过的文字。"), "{file}");
    }
    let now: Vec<SystemTime> = untouched.iter().map(|f| written(f)).collect();
    assert_eq!(now, times, "the other pages' files are not written again");

    // Back as it was: the page's twin is printed again, not kept from before the edit.
    edit("改过的文字。", "第一段介绍文字。");
    assert_eq!(rebuild(&mut dev, &build).routes, ["/docs/intro"]);
    assert!(read("docs/intro.md").contains("第一段介绍文字。") && !read("llms-full.txt").contains("改过的文字。"));

    // A page removed takes its files with it.
    assert!(build.join("docs/nosidebar.html").exists());
    std::fs::remove_file(site.path().join("content/docs/nosidebar.md")).unwrap();
    rebuild(&mut dev, &build);
    for file in ["docs/nosidebar.html", "page-data/docs/nosidebar.json", "docs/nosidebar.md"] {
        assert!(!Path::new(&build.join(file)).exists(), "{file}");
    }
    assert!(!read("llms-full.txt").is_empty());

    // A page added, and a static file changed.
    std::fs::write(
        site.path().join("content/docs/later.md"),
        "---\ntitle: 后来的页面\ndescription: 后来加入的页面。\n---\n\n后来加入的一页。\n",
    )
    .unwrap();
    std::fs::write(site.path().join("static/img/extra.svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\"/>").unwrap();
    let added = rebuild(&mut dev, &build);
    assert!(added.routes.contains(&"/docs/later".to_string()), "{:?}", added.routes);
    assert!(read("docs/later.html").contains("后来加入的一页。") && build.join("img/extra.svg").exists());
}
