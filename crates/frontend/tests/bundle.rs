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

#[test]
fn a_syntax_error_is_reported_once_without_the_bundlers_stack() {
    let real = site_testkit::frontend();
    assert!(real.join("node_modules/vite").exists(), "run npm ci in {} first", real.display());
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("frontend");
    copy_tree(&real, &copy);
    std::os::unix::fs::symlink(real.join("node_modules"), copy.join("node_modules")).unwrap();
    let footer = copy.join("src/theme/Footer.tsx");
    let text = std::fs::read_to_string(&footer).unwrap();
    std::fs::write(&footer, text.replacen("return (", "return ((", 1)).unwrap();

    let error = site_frontend::Frontend::new(&copy).bundle(true, "/").unwrap_err();
    let message = format!("{error:#}");
    assert_eq!(message.matches("src/theme/Footer.tsx:").count(), 1, "{message}");
    assert!(message.starts_with("the front end does not compile:"), "{message}");
    assert!(!message.contains("node_modules") && !message.contains('\u{1b}'), "{message}");
}
