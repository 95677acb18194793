//! Compiled files kept between builds: a file whose bytes, place and neighbours did not change
//! is read back instead of compiled (Markdown, and highlighting, which is most of the time:
//! tree-sitter's grammars and queries). Each entry is a JSON file named by a hash of
//! everything its compilation reads; entries this load did not use are removed after it.

use crate::resolve::LinkRecord;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use site_markdown::{Diagnostic, Document};
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// A folder of compiled files, and the salt of its keys (the engine's identity: another
/// engine compiles differently).
pub struct CompileCache {
    dir: PathBuf,
    salt: String,
    /// The entries the current load read or wrote, by file name.
    used: Mutex<HashSet<String>>,
    /// Every entry also held here, by key ([`CompileCache::in_memory`]).
    memory: Option<Mutex<HashMap<String, Arc<Compiled>>>>,
}

/// The digest of the routes of all files, made once and put in every file's key: hashing the
/// list itself into each key made the keys grow with the square of the site (10 024 pages: a
/// megabyte of routes hashed for each of 9 363 files, 3 % of a cold build's CPU).
pub(crate) fn routes_digest(site_routes: &[u8]) -> [u8; 32] {
    Sha256::digest(site_routes).into()
}

/// What compiling one file gives.
#[derive(Clone, Serialize, Deserialize)]
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
        CompileCache { dir, salt: salt.to_owned(), used: Mutex::default(), memory: None }
    }

    /// This cache, each entry also held in memory for the loads after: `dev` loads the whole
    /// site again after every edit, and reading ten thousand entries back from their JSON was
    /// about a third of an edit's rebuild at 10 024 pages.
    pub fn in_memory(mut self) -> CompileCache {
        self.memory = Some(Mutex::default());
        self
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
        let held = self.memory.as_ref().and_then(|m| m.lock().unwrap().get(key).cloned());
        let compiled = match held {
            // Copied outside the lock: the loads' threads ask at once.
            Some(held) => Compiled::clone(&held),
            None => {
                let bytes = std::fs::read(self.dir.join(format!("{key}.json"))).ok()?;
                let compiled: Compiled = serde_json::from_slice(&bytes).ok()?;
                self.hold(key, &compiled);
                compiled
            }
        };
        self.used.lock().unwrap().insert(format!("{key}.json"));
        Some(compiled)
    }

    fn hold(&self, key: &str, compiled: &Compiled) {
        if let Some(memory) = &self.memory {
            memory.lock().unwrap().insert(key.to_owned(), Arc::new(compiled.clone()));
        }
    }

    /// Keeps `compiled` under `key`. The cache is an optimisation: failing to keep it is not
    /// an error.
    pub(crate) fn put(&self, key: &str, compiled: &Compiled) {
        self.hold(key, compiled);
        let name = format!("{key}.json");
        let partial = self.dir.join(format!("{key}.partial-{}", std::process::id()));
        let written = serde_json::to_vec(compiled).is_ok_and(|json| std::fs::write(&partial, json).is_ok())
            && std::fs::rename(&partial, self.dir.join(&name)).is_ok();
        if !written {
            let _ = std::fs::remove_file(&partial);
        }
        self.used.lock().unwrap().insert(name);
    }

    /// Removes the entries this load neither read nor wrote (files removed or changed since),
    /// and starts the next load's count.
    pub(crate) fn prune(&self) {
        let mut used = self.used.lock().unwrap();
        for entry in std::fs::read_dir(&self.dir).into_iter().flatten().filter_map(Result::ok) {
            let name = entry.file_name().to_string_lossy().into_owned();
            if !used.contains(&name) && !name.contains(".partial-") {
                let _ = std::fs::remove_file(entry.path());
            }
        }
        if let Some(memory) = &self.memory {
            memory.lock().unwrap().retain(|key, _| used.contains(&format!("{key}.json")));
        }
        used.clear();
    }
}
