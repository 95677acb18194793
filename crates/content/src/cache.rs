//! Compiled files kept between builds: a file whose bytes, place and neighbours did not change
//! is read back instead of compiled (Markdown, and highlighting, which is most of the time:
//! tree-sitter's grammars and queries). Each entry is a JSON file named by a hash of
//! everything its compilation reads; entries this load did not use are removed after it.

use crate::resolve::LinkRecord;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use site_markdown::{Diagnostic, Document};
use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Mutex;

/// A folder of compiled files, and the salt of its keys (the engine's identity: another
/// engine compiles differently).
pub struct CompileCache {
    dir: PathBuf,
    salt: String,
    used: Mutex<HashSet<String>>,
}

/// The digest of the routes of all files, made once and put in every file's key: hashing the
/// list itself into each key made the keys grow with the square of the site (10 024 pages: a
/// megabyte of routes hashed for each of 9 363 files, 3 % of a cold build's CPU).
pub(crate) fn routes_digest(site_routes: &[u8]) -> [u8; 32] {
    Sha256::digest(site_routes).into()
}

/// What compiling one file gives.
#[derive(Serialize, Deserialize)]
pub(crate) struct Compiled {
    pub doc: Document,
    pub links: Vec<LinkRecord>,
    pub warnings: Vec<Diagnostic>,
}

impl CompileCache {
    /// The folder is made here, once, not asked for with every entry (failing that, entries
    /// are not kept: the cache only saves time).
    pub fn new(dir: PathBuf, salt: &str) -> CompileCache {
        let _ = std::fs::create_dir_all(&dir);
        CompileCache { dir, salt: salt.to_owned(), used: Mutex::default() }
    }

    /// The key of a file: the salt, everything about the file that its compilation reads
    /// (`about`: kind, path, route, id, date), the routes of all files (relative `.md` links
    /// resolve through them: `site_routes`, see [`routes_digest`]), and its bytes.
    pub(crate) fn key(&self, about: &str, site_routes: &[u8; 32], bytes: &[u8]) -> String {
        let mut h = Sha256::new();
        for part in [self.salt.as_bytes(), about.as_bytes(), site_routes, bytes] {
            h.update((part.len() as u64).to_le_bytes());
            h.update(part);
        }
        h.finalize().iter().map(|b| format!("{b:02x}")).collect()
    }

    pub(crate) fn get(&self, key: &str) -> Option<Compiled> {
        let bytes = std::fs::read(self.dir.join(format!("{key}.json"))).ok()?;
        let compiled: Compiled = serde_json::from_slice(&bytes).ok()?;
        self.used.lock().unwrap().insert(format!("{key}.json"));
        Some(compiled)
    }

    /// Keeps `compiled` under `key`. The cache is an optimisation: failing to keep it is not
    /// an error.
    pub(crate) fn put(&self, key: &str, compiled: &Compiled) {
        let name = format!("{key}.json");
        let partial = self.dir.join(format!("{key}.partial-{}", std::process::id()));
        let written = serde_json::to_vec(compiled).is_ok_and(|json| std::fs::write(&partial, json).is_ok())
            && std::fs::rename(&partial, self.dir.join(&name)).is_ok();
        if !written {
            let _ = std::fs::remove_file(&partial);
        }
        self.used.lock().unwrap().insert(name);
    }

    /// Removes the entries this load neither read nor wrote (files removed or changed since).
    pub(crate) fn prune(&self) {
        let used = self.used.lock().unwrap();
        for entry in std::fs::read_dir(&self.dir).into_iter().flatten().filter_map(Result::ok) {
            let name = entry.file_name().to_string_lossy().into_owned();
            if !used.contains(&name) && !name.contains(".partial-") {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}
