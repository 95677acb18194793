//! The files a build is made from, as one list: what the bundle cache hashes, what the build
//! stamp fingerprints and what `dev` watches all come from here, so they cannot disagree.

use anyhow::{Context, Result};
use rayon::prelude::*;
use sha2::{Digest, Sha256};
use site_on_disk::OnDisk;
use std::collections::HashMap;
use std::io::Read;
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
        self.hash_kept(root, salt, &mut Digests::default())
    }

    /// [`Sources::hash`], reading only the files `kept` does not already hold the digest of;
    /// `kept` then holds those of the inputs listed now. The files are read side by side.
    pub fn hash_kept(&self, root: &Path, salt: &str, kept: &mut Digests) -> Result<String> {
        let files = self.list();
        let sums: Vec<(Option<OnDisk>, [u8; 32])> = files.par_iter().map(|f| kept.digest(f)).collect::<Result<_>>()?;
        let mut h = Sha256::new();
        h.update(salt.as_bytes());
        for (f, (_, sum)) in files.iter().zip(&sums) {
            h.update(f.strip_prefix(root).unwrap_or(f).to_string_lossy().as_bytes());
            h.update([0]);
            h.update(sum);
        }
        let settled = files.into_iter().zip(sums).filter_map(|(f, (on_disk, sum))| Some((f, (on_disk?, sum))));
        kept.0 = settled.collect();
        Ok(h.finalize().iter().map(|b| format!("{b:02x}")).collect())
    }
}

/// Input files' digests, kept by where each file is on disk. `dev` hashes every input after
/// each edit (the build stamp), and at 10 024 pages reading and hashing them all again was
/// about a tenth of an edit's CPU. Only a settled file's ([`OnDisk::settled`]) is kept: one
/// read in the clock tick it was written in could change again with its times unmoved.
#[derive(Debug, Default)]
pub struct Digests(HashMap<PathBuf, (OnDisk, [u8; 32])>);

impl Digests {
    /// The file's digest (of its length and bytes), and where it was on disk when settled.
    fn digest(&self, path: &Path) -> Result<(Option<OnDisk>, [u8; 32])> {
        let read = || -> std::io::Result<_> {
            // Asked of the path first: opening and closing ten thousand files took longer.
            if let Some(&(at, sum)) = self.0.get(path)
                && OnDisk::settled(&std::fs::metadata(path)?) == Some(at)
            {
                return Ok((Some(at), sum));
            }
            let mut file = std::fs::File::open(path)?;
            // Taken before reading: a write in between shows as a change the next time.
            let on_disk = OnDisk::settled(&file.metadata()?);
            let mut bytes = Vec::new();
            file.read_to_end(&mut bytes)?;
            let mut h = Sha256::new();
            h.update((bytes.len() as u64).to_le_bytes());
            h.update(&bytes);
            Ok((on_disk, h.finalize().into()))
        };
        read().with_context(|| format!("reading {}", path.display()))
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

    #[test]
    fn a_kept_digest_stands_for_a_settled_unchanged_file_and_no_other() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("src/a.ts"), dir.path().join("src/b.ts"));
        std::fs::create_dir_all(dir.path().join("src")).unwrap();
        std::fs::write(&a, "a").unwrap();
        std::fs::write(&b, "b").unwrap();
        let s = Sources { dirs: vec![dir.path().join("src")], files: vec![] };
        let mut kept = Digests::default();
        let fresh = s.hash(dir.path(), "").unwrap();
        assert_eq!(s.hash_kept(dir.path(), "", &mut kept).unwrap(), fresh, "the same hash, kept or not");
        assert!(kept.0.is_empty(), "files just written are not kept");

        std::thread::sleep(site_on_disk::SETTLE + std::time::Duration::from_millis(50));
        assert_eq!(s.hash_kept(dir.path(), "", &mut kept).unwrap(), fresh);
        assert_eq!(kept.0.len(), 2, "settled files are kept");
        // A kept digest is used as it is, without reading the file: a wrong one shows.
        kept.0.get_mut(&a).unwrap().1 = [0; 32];
        assert_ne!(s.hash_kept(dir.path(), "", &mut kept).unwrap(), fresh);

        // A change (of the same length) is read again; a removed file is forgotten.
        std::fs::write(&a, "c").unwrap();
        std::fs::remove_file(&b).unwrap();
        let changed = s.hash_kept(dir.path(), "", &mut kept).unwrap();
        assert_eq!(changed, s.hash(dir.path(), "").unwrap());
        assert_ne!(changed, fresh);
        assert!(kept.0.is_empty(), "a is unsettled again, b gone: {kept:?}");
    }
}
