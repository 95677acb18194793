//! The local search index is written only for the local backend: with a hosted search service
//! the browser never loads it, and at 10 000 pages it was about 30 s of a build's CPU.

use std::path::Path;

fn build(root: &Path, out: &Path) {
    let mut opts = site_pipeline::Options::new(root);
    opts.frontend = site_testkit::frontend();
    opts.out = out.to_path_buf();
    site_pipeline::build(&opts).unwrap_or_else(|e| panic!("the fixture site does not build: {e:#}"));
}

// One test, builds in turn: they share the front end's bundle folder.
#[test]
fn a_hosted_backend_builds_no_local_index_and_the_local_one_does() {
    let site = site_testkit::fixture_copy();
    let out = tempfile::tempdir().unwrap();
    let build_dir = out.path().join("build");

    build(site.path(), &build_dir);
    assert!(build_dir.join("pagefind/pagefind.js").is_file(), "the local backend's runtime");
    assert!(build_dir.join("pagefind/search-manifest.json").is_file(), "and its manifest");

    let hosted = std::fs::read_to_string(site_testkit::repo_root().join("tests/search/hosted-search.toml")).unwrap();
    site_testkit::edit(site.path(), "site.toml", |t| format!("{t}\n{hosted}"));
    build(site.path(), &build_dir);
    assert!(!build_dir.join("pagefind").exists(), "no local index beside a hosted one");
    let page = std::fs::read_to_string(build_dir.join("search.html")).unwrap();
    assert!(page.contains(r#""backend":"hosted""#), "the search page is built for the hosted service");
    assert!(build_dir.join("docs/intro.html").is_file(), "and the pages are built as before");
}
