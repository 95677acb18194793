//! Faults of the prerender stage on the fixture site, with a stand-in front end whose server
//! bundle fails on one page: a page whose render throws fails the build naming the page's
//! source file and the message; a prerender process killed mid-build fails the build instead of
//! hanging it; a failed build leaves no staging folder behind, though files were being
//! compressed into it when the page failed.

use sha2::{Digest, Sha256};
use site_frontend::Frontend;
use site_testkit::{edit, fixture_copy};
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

/// A front end whose cached bundle is a stand-in: `renderDocument` runs `on_bad_page` for the
/// route `/docs/guide/a` and renders every other page as a line of text. Its client has
/// `assets` hashed files to compress.
fn stand_in_frontend(dir: &Path, on_bad_page: &str, base_url: &str, assets: usize) {
    let real = site_testkit::frontend();
    for sub in ["src/i18n", "scripts", "node_modules"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    std::fs::copy(real.join("src/i18n/zh-hans.json"), dir.join("src/i18n/zh-hans.json")).unwrap();
    std::fs::copy(real.join("scripts/prerender.mjs"), dir.join("scripts/prerender.mjs")).unwrap();
    std::fs::write(dir.join("package-lock.json"), "{}").unwrap();
    // The bundle's folder is named for the hash of the sources written above.
    let bundle = dir.join("dist").join(Frontend::new(dir).source_hash(base_url).unwrap());
    for sub in ["client/.vite", "client/assets", "server"] {
        std::fs::create_dir_all(bundle.join(sub)).unwrap();
    }
    let lock_hash: String = Sha256::digest(b"{}").iter().map(|b| format!("{b:02x}")).collect();
    std::fs::write(dir.join("node_modules/.docsite-lock-sha256"), lock_hash).unwrap();
    std::fs::write(bundle.join("client/index.html"), "<html lang=\"zh-hans\"><!--app-html--></html>").unwrap();
    std::fs::write(bundle.join("client/.vite/manifest.json"), "{}").unwrap();
    for i in 0..assets {
        let text: String = (0..120).map(|j| format!("{} ", (i * 7919 + j * 104_729) % 100_003)).collect();
        std::fs::write(bundle.join(format!("client/assets/chunk-{i}.js")), text).unwrap();
    }
    let entry = format!(
        "export async function prepare() {{}}\n\
         export function renderDocument(site, page) {{\n\
           if (page.route === '/docs/guide/a') {{ {on_bad_page} }}\n\
           return `<html>${{page.route}}</html>`;\n\
         }}\n"
    );
    std::fs::write(bundle.join("server/entry-server.js"), entry).unwrap();
}

/// Builds a copy of the fixture with the stand-in front end; the build's error, within a minute.
fn build_error(on_bad_page: &str) -> String {
    build_failure(on_bad_page, 0).0
}

/// [`build_error`] with `assets` files to compress; and whether the build left its staging
/// folder behind.
fn build_failure(on_bad_page: &str, assets: usize) -> (String, bool) {
    let site = fixture_copy();
    // The cards need the real front end's fonts and the service worker its template; neither is
    // what is tested here.
    edit(site.path(), "site.toml", |t| t.replacen("[site]\n", "[site]\nsocial_cards = false\noffline = false\n", 1));
    let frontend = tempfile::tempdir().unwrap();
    stand_in_frontend(frontend.path(), on_bad_page, "/", assets);
    let mut opts = site_pipeline::Options::new(site.path());
    opts.frontend = frontend.path().to_path_buf();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let built = site_pipeline::build(&opts).map(|r| r.pages);
        let _ = tx.send((built, site.path().join("build.partial").exists()));
        drop((site, frontend));
    });
    match rx.recv_timeout(Duration::from_secs(120)).expect("the build ended instead of hanging") {
        (Ok(pages), _) => panic!("the build succeeded ({pages} pages) though a page cannot render"),
        (Err(e), left) => (format!("{e:#}"), left),
    }
}

#[test]
fn a_page_whose_render_throws_names_its_source_file_and_the_message() {
    let e = build_error("throw new TypeError('Cannot read properties of undefined (reading \\'demo\\')');");
    assert!(
        e.starts_with("content/docs/guide/a.md: /docs/guide/a: prerender failed: Cannot read properties of undefined"),
        "{e}"
    );
}

#[test]
fn a_prerender_process_killed_mid_build_fails_the_build() {
    let e = build_error("process.kill(process.pid, 'SIGKILL');");
    assert!(e.starts_with("content/docs/guide/a.md: /docs/guide/a: prerender failed: the prerender process"), "{e}");
    assert!(e.contains("stopped while rendering this page") && e.contains("SIGKILL"), "{e}");
}

#[test]
fn a_failed_build_leaves_no_staging_folder_though_files_were_being_compressed_into_it() {
    // The hashed assets are compressed beside the prerender; the bad page fails while that is
    // still writing. The staging folder is removed only once nothing writes into it any more.
    let (e, left) = build_failure("throw new Error('bad page');", 5000);
    assert!(e.contains("prerender failed: bad page"), "{e}");
    assert!(!left, "the failed build left build.partial behind");
}
