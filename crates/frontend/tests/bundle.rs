//! A front end that does not compile fails the bundle stage with the bundler's message once:
//! file, line and caret, without colour codes or the bundler's own stack.

use std::path::Path;

fn copy_tree(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from)
        .into_iter()
        .filter_entry(|e| !matches!(e.file_name().to_str(), Some("node_modules" | "dist")))
    {
        let entry = entry.unwrap();
        let target = to.join(entry.path().strip_prefix(from).unwrap());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A copy of the front end's sources (in the returned folder, kept while it lives) sharing the
/// real `node_modules`, and the copy's path.
fn frontend_copy() -> (tempfile::TempDir, std::path::PathBuf) {
    let real = site_testkit::frontend();
    assert!(real.join("node_modules/vite").exists(), "run npm ci in {} first", real.display());
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("frontend");
    copy_tree(&real, &copy);
    std::os::unix::fs::symlink(real.join("node_modules"), copy.join("node_modules")).unwrap();
    (dir, copy)
}

#[test]
fn a_syntax_error_is_reported_once_without_the_bundlers_stack() {
    let (_dir, copy) = frontend_copy();
    let footer = copy.join("src/theme/Footer.tsx");
    let text = std::fs::read_to_string(&footer).unwrap();
    std::fs::write(&footer, text.replacen("return (", "return ((", 1)).unwrap();

    let error = site_frontend::Frontend::new(&copy).bundle(true, "/").unwrap_err();
    let message = format!("{error:#}");
    assert_eq!(message.matches("src/theme/Footer.tsx:").count(), 1, "{message}");
    assert!(message.starts_with("the front end does not compile:"), "{message}");
    assert!(!message.contains("node_modules") && !message.contains('\u{1b}'), "{message}");
}

/// Builds running side by side (the tests, or a build killed midway while its Vite processes
/// go on writing) share `dist/`: each bundle is built once, whole, in a folder of its own.
#[test]
fn builds_side_by_side_share_the_bundles_without_writing_under_each_other() {
    let (_dir, copy) = frontend_copy();
    let frontend = site_frontend::Frontend::new(&copy);
    // What a build killed midway leaves: a partial folder. What an older engine left: one
    // bundle built in place.
    let left = copy.join("dist/.partial-1-1/client/assets");
    std::fs::create_dir_all(&left).unwrap();
    std::fs::write(left.join("index-stale.js"), "half").unwrap();
    std::fs::create_dir_all(copy.join("dist/client/assets")).unwrap();
    std::fs::write(copy.join("dist/.source-hash"), "old").unwrap();

    let bundles: Vec<_> = std::thread::scope(|s| {
        let jobs: Vec<_> =
            ["/", "/", "/zh/"].into_iter().map(|base| s.spawn(|| frontend.bundle(false, base).unwrap())).collect();
        jobs.into_iter().map(|j| j.join().unwrap()).collect()
    });
    assert_eq!(bundles[0].server_entry, bundles[1].server_entry);
    assert_eq!(bundles[..2].iter().filter(|b| b.cached).count(), 1, "the same bundle is built once");
    assert_ne!(bundles[0].client_dir, bundles[2].client_dir, "each base URL has its own bundle");
    for b in &bundles {
        assert!(b.server_entry.is_file() && b.client_dir.join("index.html").is_file(), "{b:?}");
        let html = std::fs::read_to_string(b.client_dir.join("index.html")).unwrap();
        let base = if b.client_dir == bundles[2].client_dir { "/zh/assets/" } else { "\"/assets/" };
        assert!(html.contains(base), "{html}");
    }
    let names: Vec<String> = std::fs::read_dir(copy.join("dist"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.ends_with(".lock"))
        .collect();
    assert_eq!(names.len(), 2, "two bundles, nothing partial, nothing of the old layout: {names:?}");
}
