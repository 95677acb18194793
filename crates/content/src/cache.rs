//! Compiled files kept between builds: a file whose bytes, place and neighbours did not change
//! is read back instead of compiled (Markdown, and highlighting, which is most of the time:
//! tree-sitter's grammars and queries). Each entry is a JSON file named by a hash of
//! everything its compilation reads; entries this load did not use are removed after it.

use crate::resolve::LinkRecord;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use site_markdown::{Diagnostic, Document};
use site_on_disk::OnDisk;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// A folder of compiled files, and the salt of its keys (the engine's identity: another
/// engine compiles differently).
pub struct CompileCache {
    dir: PathBuf,
    salt: String,
    /// The entries the current load read or wrote, by file name.
    used: Mutex<HashSet<String>>,
    /// Entries and keys held for the loads after ([`CompileCache::in_memory`]).
    memory: Option<Memory>,
}

#[derive(Default)]
struct Memory {
    /// Every entry, by key.
    compiled: Mutex<HashMap<String, Arc<Compiled>>>,
    /// Each file's key at the last load, by path, with what else it was made from.
    keys: Mutex<HashMap<PathBuf, Known>>,
}

/// A file's key, where the file was on disk when the key's bytes were read, and the rest of
/// the key's inputs: while all three hold, the file need not be read and hashed again.
struct Known {
    on_disk: OnDisk,
    about: String,
    site_routes: [u8; 32],
    key: String,
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
    /// about a third of an edit's rebuild at 10 024 pages. Each file's key is held too, for
    /// [`CompileCache::known_key`].
    pub fn in_memory(mut self) -> CompileCache {
        self.memory = Some(Memory::default());
        self
    }

    /// The key `path` had at the last load, when the file is unchanged on disk since and
    /// `about` and the routes are the same: reading and hashing every source for its key was
    /// most of what is left of a `dev` rebuild's load at 10 024 pages. In memory only.
    pub(crate) fn known_key(&self, path: &Path, about: &str, site_routes: &[u8; 32]) -> Option<String> {
        let memory = self.memory.as_ref()?;
        let on_disk = OnDisk::of(&std::fs::metadata(path).ok()?)?;
        let keys = memory.keys.lock().unwrap();
        let known = keys.get(path)?;
        (known.on_disk == on_disk && known.about == about && known.site_routes == *site_routes)
            .then(|| known.key.clone())
    }

    /// Holds `key` as `path`'s, for [`CompileCache::known_key`]; `on_disk` is where the file
    /// was before its bytes were read.
    pub(crate) fn remember(
        &self,
        path: &Path,
        on_disk: Option<OnDisk>,
        about: &str,
        site_routes: &[u8; 32],
        key: &str,
    ) {
        if let (Some(memory), Some(on_disk)) = (&self.memory, on_disk) {
            let known = Known { on_disk, about: about.to_owned(), site_routes: *site_routes, key: key.to_owned() };
            memory.keys.lock().unwrap().insert(path.to_path_buf(), known);
        }
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
        let held = self.memory.as_ref().and_then(|m| m.compiled.lock().unwrap().get(key).cloned());
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
            memory.compiled.lock().unwrap().insert(key.to_owned(), Arc::new(compiled.clone()));
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
            memory.compiled.lock().unwrap().retain(|key, _| used.contains(&format!("{key}.json")));
            memory.keys.lock().unwrap().retain(|_, known| used.contains(&format!("{}.json", known.key)));
        }
        used.clear();
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_known_while_the_file_its_inputs_and_the_memory_are_the_same() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.md");
        std::fs::write(&file, "一").unwrap();
        let on_disk = OnDisk::of(&std::fs::metadata(&file).unwrap());
        let routes = [1u8; 32];
        let cache = CompileCache::new(dir.path().join("cache"), "engine").in_memory();
        assert_eq!(cache.known_key(&file, "doc a", &routes), None, "nothing remembered yet");
        cache.remember(&file, on_disk, "doc a", &routes, "k1");
        assert_eq!(cache.known_key(&file, "doc a", &routes).as_deref(), Some("k1"));
        assert_eq!(cache.known_key(&file, "doc b", &routes), None, "another route or id");
        assert_eq!(cache.known_key(&file, "doc a", &[2u8; 32]), None, "other routes in the site");
        // Moved on disk (a new file in its place).
        let other = dir.path().join("a.md.new");
        std::fs::write(&other, "一").unwrap();
        std::fs::rename(&other, &file).unwrap();
        assert_eq!(cache.known_key(&file, "doc a", &routes), None);
        // Not settled: nothing to remember.
        cache.remember(&file, None, "doc a", &routes, "k2");
        assert_eq!(cache.known_key(&file, "doc a", &routes), None);
        // A cache on disk alone remembers no key.
        let on_disk_only = CompileCache::new(dir.path().join("cache2"), "engine");
        on_disk_only.remember(&file, OnDisk::of(&std::fs::metadata(&file).unwrap()), "doc a", &routes, "k3");
        assert_eq!(on_disk_only.known_key(&file, "doc a", &routes), None);
    }

    #[test]
    fn a_prune_forgets_the_keys_the_load_did_not_use() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.md");
        std::fs::write(&file, "一").unwrap();
        let on_disk = OnDisk::of(&std::fs::metadata(&file).unwrap());
        let cache = CompileCache::new(dir.path().join("cache"), "engine").in_memory();
        cache.remember(&file, on_disk, "doc a", &[0; 32], "k1");
        cache.prune();
        assert_eq!(cache.known_key(&file, "doc a", &[0; 32]), None);
    }
}
