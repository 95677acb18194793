//! Offline reading: which builds write the service worker, and what it is given.

use std::path::Path;

fn build(root: &Path, out: &Path, dev: bool) {
    let mut opts = site_pipeline::Options::new(root);
    opts.frontend = site_testkit::frontend();
    opts.out = out.to_path_buf();
    opts.dev = dev;
    site_pipeline::build(&opts).unwrap_or_else(|e| panic!("the fixture site does not build: {e:#}"));
}

/// The build id and the pre-cache list of `out/sw.js`, or none when there is no worker.
fn worker(out: &Path) -> Option<(String, Vec<String>)> {
    let text = std::fs::read_to_string(out.join("sw.js")).ok()?;
    let id = regex::Regex::new(r#"const BUILD = "([0-9a-f]{16})";"#).unwrap().captures(&text)?[1].to_string();
    let list = regex::Regex::new(r"const PRECACHE = (\[.*\]);").unwrap().captures(&text)?[1].to_string();
    Some((id, serde_json::from_str(&list).unwrap()))
}

// One test, builds in turn: they share the front end's bundle folder.
#[test]
fn production_builds_write_a_worker_named_by_the_build_and_dev_or_offline_off_do_not() {
    let site = site_testkit::fixture_copy();
    let out = tempfile::tempdir().unwrap();
    let build_dir = out.path().join("build");

    build(site.path(), &build_dir, false);
    let (id, precache) = worker(&build_dir).expect("a production build writes sw.js");
    let mut assets: Vec<String> = std::fs::read_dir(build_dir.join("assets"))
        .unwrap()
        .map(|e| format!("assets/{}", e.unwrap().file_name().to_string_lossy()))
        .filter(|f| f.ends_with(".js") || f.ends_with(".css"))
        .collect();
    assets.sort();
    assert_eq!(precache, assets, "the app shell is every hashed script and style");

    build(site.path(), &build_dir, false);
    assert_eq!(worker(&build_dir).unwrap().0, id, "the same inputs, the same build");
    site_testkit::edit(site.path(), "content/docs/intro.md", |t| t.replace("第一段介绍文字。", "改过的文字。"));
    build(site.path(), &build_dir, false);
    assert_ne!(worker(&build_dir).unwrap().0, id, "an edit is a new build, with caches of its own");

    build(site.path(), &build_dir, true);
    assert!(worker(&build_dir).is_none(), "dev writes no worker");

    site_testkit::edit(site.path(), "site.toml", |t| t.replacen("[site]\n", "[site]\noffline = false\n", 1));
    build(site.path(), &build_dir, false);
    assert!(worker(&build_dir).is_none(), "offline = false writes no worker");
}
