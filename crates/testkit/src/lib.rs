//! Test helpers shared by every crate's tests and the CLI tests: where the repository and the
//! fixture site are, and throwaway copies of the fixture to break in one place.

use std::path::{Path, PathBuf};

/// The repository root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("the repository root exists")
}

/// The fixture site (`fixtures/site`): every route type, a dropdown, a closeable announcement.
pub fn fixture() -> PathBuf {
    repo_root().join("fixtures/site")
}

/// The front-end project the engine builds with.
pub fn frontend() -> PathBuf {
    repo_root().join("frontend")
}

/// A copy of the fixture site in a temporary folder (removed when dropped).
pub fn fixture_copy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    copy_tree(&fixture(), dir.path());
    dir
}

/// Copies the tree `from` into `to`, without what builds leave in it (`.cache`, `build`): tests
/// that build the fixture in place write their cache there while other tests copy it, and a
/// copy starts from the sources alone.
pub fn copy_tree(from: &Path, to: &Path) {
    let built = |e: &walkdir::DirEntry| e.depth() == 1 && matches!(e.file_name().to_str(), Some(".cache" | "build"));
    for e in walkdir::WalkDir::new(from).into_iter().filter_entry(|e| !built(e)).filter_map(Result::ok) {
        let target = to.join(e.path().strip_prefix(from).unwrap());
        if e.file_type().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
        } else {
            std::fs::copy(e.path(), &target).unwrap();
        }
    }
}

/// Rewrites the file `rel` under `root` with `f`.
pub fn edit(root: &Path, rel: &str, f: impl FnOnce(String) -> String) {
    let path = root.join(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    std::fs::write(&path, f(text)).unwrap();
}
