//! The files a build is made from, as one list: what the bundle cache hashes, what the build
//! stamp fingerprints and what `dev` watches all come from here, so they cannot disagree.

use anyhow::{Context, Result};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Default)]
pub struct Sources {
    /// Folders whose every file is an input.
    pub dirs: Vec<PathBuf>,
    /// Single files (a missing one counts as empty).
    pub files: Vec<PathBuf>,
}

impl Sources {
    pub fn extend(&mut self, other: Sources) {
        self.dirs.extend(other.dirs);
        self.files.extend(other.files);
    }

    /// Every input file that exists, sorted.
    pub fn list(&self) -> Vec<PathBuf> {
        let mut out: Vec<PathBuf> = self.files.iter().filter(|f| f.is_file()).cloned().collect();
        for dir in &self.dirs {
            let files = walkdir::WalkDir::new(dir).into_iter().filter_map(Result::ok);
            out.extend(files.filter(|e| e.file_type().is_file()).map(|e| e.into_path()));
        }
        out.sort();
        out.dedup();
        out
    }

    /// Whether `path` is one of the inputs (a file under one of the folders, or a listed file).
    pub fn contains(&self, path: &Path) -> bool {
        self.files.iter().any(|f| f == path) || self.dirs.iter().any(|d| path.starts_with(d))
    }

    /// A hash of the contents and names (relative to `root`) of every input, and of `salt`.
    pub fn hash(&self, root: &Path, salt: &str) -> Result<String> {
        let mut h = Sha256::new();
        h.update(salt.as_bytes());
        for f in self.list() {
            h.update(f.strip_prefix(root).unwrap_or(&f).to_string_lossy().as_bytes());
            h.update([0]);
            let bytes = std::fs::read(&f).with_context(|| format!("reading {}", f.display()))?;
            h.update((bytes.len() as u64).to_le_bytes());
            h.update(bytes);
        }
        Ok(h.finalize().iter().map(|b| format!("{b:02x}")).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_follows_contents_and_names_and_contains_follows_the_list() {
        let dir = std::env::temp_dir().join(format!("sources-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("src/a")).unwrap();
        std::fs::write(dir.join("src/a/x.ts"), "x").unwrap();
        std::fs::write(dir.join("index.html"), "<html>").unwrap();
        let s = Sources { dirs: vec![dir.join("src")], files: vec![dir.join("index.html"), dir.join("missing.json")] };
        let first = s.hash(&dir, "/").unwrap();
        assert_eq!(s.hash(&dir, "/").unwrap(), first);
        assert_ne!(s.hash(&dir, "/zh/").unwrap(), first);
        std::fs::write(dir.join("src/a/x.ts"), "y").unwrap();
        assert_ne!(s.hash(&dir, "/").unwrap(), first);
        assert!(s.contains(&dir.join("src/a/x.ts")) && s.contains(&dir.join("index.html")));
        assert!(!s.contains(&dir.join("other.html")));
        assert_eq!(s.list().len(), 2);
        let _ = std::fs::remove_dir_all(dir);
    }
}
