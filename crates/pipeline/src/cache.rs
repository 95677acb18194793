//! The build cache, `<root>/.cache/docsite/` (beside the social cards): what earlier builds
//! made, so a build renders and compresses only what changed. Every entry is named by a hash of
//! everything it was made from, so an entry is either right for the inputs or never looked up:
//!
//! - `pages/<key>.html`, `.html.br`, `.html.gz`, `.json`, `.json.gz`: a page's files as the
//!   build writes them; the key hashes the engine, the front-end bundle, the site data and the
//!   page's data: everything its prerender reads. Files side by side, not a folder per page: a
//!   folder was a `mkdir` and a `rename` more per page (20 000 calls at 10 000 pages).
//! - `compressed/<key>.br|.gz`: the compressed copies of any other file; the key hashes its
//!   contents and the compression setting.
//! - `twins/<key>.md`: a page's Markdown twin, under the page's key (its render reads all that
//!   the twin is printed from: the page's data, the bundle's words, the site's address).
//! - `files/<key>`: any other file the build writes whole (`llms.txt`, `llms-full.txt`); the
//!   key hashes its contents.
//! - `index/<key>/`: each shard of the search index (`site_search::write_index_cached`).
//! - `content/<key>.json`: each content file compiled (`site_content::CompileCache`); the key
//!   hashes the engine, the file's bytes and place, and every file's route.
//!
//! Entries go into the output as hard links (a copy where the cache is on another device), and
//! are made by linking the output's new files, so a cold build writes each file once. Entries no
//! build used since are removed after the build ([`Cache::prune`]).

use anyhow::{Context, Result};
use sha2::{Digest, Sha256};
use site_schema::PageData;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

pub struct Cache {
    dir: PathBuf,
    /// The engine's identity: every key includes it, so a rebuilt engine (another compressor,
    /// another index writer) finds none of an earlier engine's entries.
    engine: String,
    /// Hash state of what every page's render depends on besides its own data.
    render_salt: Sha256,
    /// Entries this build used or made, kept by [`Cache::prune`].
    used: Mutex<HashSet<String>>,
    /// Page keys made so far, by route: the export (for twins) and the prerender both look a
    /// page up, and a key serializes the page. A route's data does not
    /// change within a build, and a cache is opened for one build.
    page_keys: Mutex<HashMap<String, String>>,
    /// The names in `compressed/`, listed when the build first looks one up and added to as it
    /// keeps more: one listing instead of two look-ups a file (a cold build's every file
    /// missed both).
    compressed_names: Mutex<Option<HashSet<String>>>,
}

/// The file name suffixes of a page's entry, and the output files they stand for.
pub const PAGE_FILES: &[&str] = &["html", "html.br", "html.gz", "json", "json.gz"];

/// The build cache of the site at `root`; every kind of entry has a folder in it.
pub fn dir(root: &Path) -> PathBuf {
    root.join(".cache/docsite")
}

/// Where compiled content files are kept (see the module's list).
pub fn content_dir(root: &Path) -> PathBuf {
    dir(root).join("content")
}

/// Where the search index of the site at `root` keeps its latest files, and the salt of its
/// keys (`site_search::write_index_cached`). Not a [`Cache`] method: the index starts before the
/// bundle, whose hash the cache is opened with, is known.
pub fn index_cache(root: &Path) -> (PathBuf, String) {
    (dir(root).join("index"), crate::stamp::engine())
}

impl Cache {
    /// The cache of the site at `root`, for pages rendered by `engine` with the front-end
    /// bundle `bundle_hash` and the site data `site_json`.
    pub fn open(root: &Path, engine: &str, bundle_hash: &str, site_json: &str) -> Result<Cache> {
        let dir = dir(root);
        for sub in ["pages", "twins", "compressed", "files", "index"] {
            std::fs::create_dir_all(dir.join(sub)).with_context(|| format!("creating {}", dir.join(sub).display()))?;
        }
        let mut render_salt = Sha256::new();
        for part in [engine, bundle_hash, site_json] {
            render_salt.update((part.len() as u64).to_le_bytes());
            render_salt.update(part.as_bytes());
        }
        let engine = engine.to_string();
        Ok(Cache {
            dir,
            engine,
            render_salt,
            used: Mutex::default(),
            page_keys: Mutex::default(),
            compressed_names: Mutex::default(),
        })
    }

    /// The key of `page`'s entries: a hash of the render salt and the page's JSON, with its
    /// bodies as their fingerprints ([`site_schema::body::key_json`]).
    pub fn page_key(&self, page: &PageData) -> Result<String> {
        if let Some(key) = self.page_keys.lock().unwrap().get(&page.route) {
            return Ok(key.clone());
        }
        let mut h = self.render_salt.clone();
        h.update(site_schema::body::key_json(page)?);
        let key = hex(&h.finalize());
        self.page_keys.lock().unwrap().insert(page.route.clone(), key.clone());
        Ok(key)
    }

    /// Puts the cached files of page `key` at `html_out` + `.br`, …, `json_out` + …, making
    /// their folders when missing; false when the cache has no such page, or when its entry lost
    /// its HTML (a file deleted by hand: the page is rendered again, not published without it).
    /// Each file is linked straight away, without looking first: a restored page is five calls
    /// into the file system (one a file) instead of seventeen.
    pub fn restore_page(&self, key: &str, html_out: &Path, json_out: &Path) -> Result<bool> {
        for name in PAGE_FILES {
            // Every entry has its HTML, so the first link tells whether there is one.
            if !place_existing(&self.page_entry(key, name), &page_file(name, html_out, json_out))? && *name == "html" {
                return Ok(false);
            }
        }
        self.used.lock().unwrap().insert(format!("pages/{key}"));
        Ok(true)
    }

    /// Keeps the page files just written at `html_out` and `json_out` (and their compressed
    /// copies, where there are some) as the entry `key`. The cache only saves time: failing to
    /// keep an entry (a full disk, another build pruning) does not fail the build.
    pub fn store_page(&self, key: &str, html_out: &Path, json_out: &Path) {
        if self.try_store_page(key, html_out, json_out).is_ok() {
            self.used.lock().unwrap().insert(format!("pages/{key}"));
        }
    }

    fn try_store_page(&self, key: &str, html_out: &Path, json_out: &Path) -> Result<()> {
        // The HTML last: an entry counts only once it has its HTML, so a build killed meanwhile
        // leaves files no build looks up, which the next prune removes. The others replace what
        // is there (the rest of an entry that lost its HTML).
        for name in PAGE_FILES.iter().rev() {
            let (from, entry) = (page_file(name, html_out, json_out), self.page_entry(key, name));
            match std::fs::hard_link(&from, &entry) {
                Ok(()) => {}
                // A compressed copy not smaller than its page was not written.
                Err(e) if e.kind() == std::io::ErrorKind::NotFound && *name != "html" && !from.exists() => {}
                // Made by another build meanwhile: the same bytes (the key says so).
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && *name == "html" => {}
                Err(_) => place(&from, &entry)?,
            }
        }
        Ok(())
    }

    /// The file of page entry `key` standing for the output file `name` (one of [`PAGE_FILES`]).
    fn page_entry(&self, key: &str, name: &str) -> PathBuf {
        self.dir.join("pages").join(format!("{key}.{name}"))
    }

    /// Puts a file with `bytes` at `to`: a link to the entry for the same bytes, made first when
    /// there is none. Linking spares the file system an inode per file and build (on ext4,
    /// creating files next to ones just removed was a tenth of a one-edit build's time).
    pub fn place_bytes(&self, bytes: &[u8], to: &Path) -> Result<()> {
        let name = hex(&Sha256::digest(bytes));
        let entry = self.dir.join("files").join(&name);
        if entry.exists() {
            self.used.lock().unwrap().insert(format!("files/{name}"));
            return place(&entry, to);
        }
        std::fs::write(to, bytes).with_context(|| format!("writing {}", to.display()))?;
        // The cache only saves time: without the entry the file is still written.
        if keep_file(to, &entry).is_ok() {
            self.used.lock().unwrap().insert(format!("files/{name}"));
        }
        Ok(())
    }

    /// The key of `bytes` compressed with `setting` by this engine.
    pub fn compressed_key(&self, bytes: &[u8], setting: &str) -> String {
        let mut h = self.compressed_hasher(setting);
        h.update(bytes);
        hex(&h.finalize())
    }

    /// [`Cache::compressed_key`] of what `from` reads, a piece at a time.
    pub fn compressed_key_reading(&self, from: &mut impl std::io::Read, setting: &str) -> std::io::Result<String> {
        let mut h = self.compressed_hasher(setting);
        let mut piece = vec![0; 1 << 20];
        loop {
            match from.read(&mut piece) {
                Ok(0) => return Ok(hex(&h.finalize())),
                Ok(n) => h.update(&piece[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    fn compressed_hasher(&self, setting: &str) -> Sha256 {
        let mut h = Sha256::new();
        h.update(self.engine.as_bytes());
        h.update([0]);
        h.update(setting.as_bytes());
        h.update([0]);
        h
    }

    /// The cached compressed copy `ext` (`br`, `gz`) for `key`, if any: `Some(None)` when the
    /// cache knows it is not worth keeping (not smaller than the original).
    pub fn compressed(&self, key: &str, ext: &str) -> Option<Option<PathBuf>> {
        let dir = self.dir.join("compressed");
        let mut names = self.compressed_names.lock().unwrap();
        let names = names.get_or_insert_with(|| {
            let listing = std::fs::read_dir(&dir).into_iter().flatten().filter_map(Result::ok);
            listing.filter_map(|e| e.file_name().into_string().ok()).collect()
        });
        let name = format!("{key}.{ext}");
        if names.contains(&name) {
            self.used.lock().unwrap().insert(format!("compressed/{name}"));
            return Some(Some(dir.join(name)));
        }
        let none = format!("{name}.none");
        if names.contains(&none) {
            self.used.lock().unwrap().insert(format!("compressed/{none}"));
            return Some(None);
        }
        None
    }

    /// Keeps the compressed copy `ext` for `key`: the file `made`, or a note that none is kept.
    /// Like [`Cache::store_page`], a failure only loses the entry.
    pub fn store_compressed(&self, key: &str, ext: &str, made: Option<&Path>) {
        let _ = self.try_store_compressed(key, ext, made);
    }

    fn try_store_compressed(&self, key: &str, ext: &str, made: Option<&Path>) -> Result<()> {
        let name = match made {
            Some(_) => format!("{key}.{ext}"),
            None => format!("{key}.{ext}.none"),
        };
        let target = self.dir.join("compressed").join(&name);
        match made {
            Some(file) => keep_file(file, &target)?,
            // Empty: there is no partial content to see.
            None => std::fs::write(&target, b"")?,
        }
        if let Some(names) = self.compressed_names.lock().unwrap().as_mut() {
            names.insert(name.clone());
        }
        self.used.lock().unwrap().insert(format!("compressed/{name}"));
        Ok(())
    }

    /// Removes the entries this build neither used nor made (and what killed builds left).
    pub fn prune(&self) -> Result<usize> {
        let used = self.used.lock().unwrap();
        let mut removed = 0;
        for sub in ["pages", "twins", "compressed", "files"] {
            for entry in std::fs::read_dir(self.dir.join(sub))?.filter_map(Result::ok) {
                let name = format!("{sub}/{}", entry.file_name().to_string_lossy());
                if used.contains(entry_of(&name)) || another_build_is_writing(&name) {
                    continue;
                }
                let path = entry.path();
                let _ = if path.is_dir() { std::fs::remove_dir_all(&path) } else { std::fs::remove_file(&path) };
                removed += 1;
            }
        }
        Ok(removed)
    }
}

/// The entry the cache file `name` belongs to: a page's files are named by its key, then what
/// they stand for (`pages/<key>.html.br` is entry `pages/<key>`).
fn entry_of(name: &str) -> &str {
    match name.strip_prefix("pages/") {
        Some(file) => &name[..name.len() - file.len() + file.find('.').unwrap_or(file.len())],
        None => name,
    }
}

/// Whether `name` is an entry another build, still running, is making.
fn another_build_is_writing(name: &str) -> bool {
    let Some((_, pid)) = name.rsplit_once(".partial-") else { return false };
    pid.parse::<u32>().is_ok_and(|pid| pid != std::process::id() && Path::new(&format!("/proc/{pid}")).exists())
}

/// The output file a page entry's `name` stands for.
fn page_file(name: &str, html_out: &Path, json_out: &Path) -> PathBuf {
    let (base, rest) = match name.strip_prefix("html") {
        Some(rest) => (html_out, rest),
        None => (json_out, &name["json".len()..]),
    };
    let mut s = base.as_os_str().to_owned();
    s.push(rest);
    PathBuf::from(s)
}

/// Twins kept by page ([`Cache::page_key`]), so a build prints only the twins of pages that
/// changed (printing parses the page's body: 2 s of a warm 10 000-page build); other files by
/// their bytes ([`Cache::place_bytes`]).
impl site_export::Files for Cache {
    fn put(&self, path: &Path, bytes: &[u8]) -> Result<()> {
        self.place_bytes(bytes, path)
    }

    fn twin(&self, page: &PageData, path: &Path, print: &dyn Fn() -> Result<String>) -> Result<String> {
        let name = format!("{}.md", self.page_key(page)?);
        let entry = self.dir.join("twins").join(&name);
        // An entry that is not text (a damaged cache) is printed again.
        if let Ok(text) = std::fs::read_to_string(&entry) {
            self.used.lock().unwrap().insert(format!("twins/{name}"));
            place(&entry, path)?;
            return Ok(text);
        }
        let text = print()?;
        std::fs::write(path, &text).with_context(|| format!("writing {}", path.display()))?;
        if keep_file(path, &entry).is_ok() {
            self.used.lock().unwrap().insert(format!("twins/{name}"));
        }
        Ok(text)
    }
}

/// Makes the entry `entry` of the output file `file`, just written whole (the build writes into
/// a new folder, so the file is its own): a hard link, which appears whole, so no partial name
/// and rename as bytes with no file of their own need (a call less for each of the 30 000
/// entries of a cold 10 000-page build). An entry already there is replaced: one that failed
/// to read, or another build's for the same key (the same bytes). Where links cannot be made
/// (another device), a copy under a partial name, renamed: a build killed meanwhile leaves only
/// the `.partial` file, which prune removes.
fn keep_file(file: &Path, entry: &Path) -> std::io::Result<()> {
    match std::fs::hard_link(file, entry) {
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            std::fs::remove_file(entry)?;
            std::fs::hard_link(file, entry)
        }
        Err(_) => {
            let partial = entry.with_extension(format!("partial-{}", std::process::id()));
            let made = std::fs::copy(file, &partial).and_then(|_| std::fs::rename(&partial, entry));
            if made.is_err() {
                let _ = std::fs::remove_file(&partial);
            }
            made
        }
        linked => linked,
    }
}

/// [`place`] when `from` exists (false when not), making `to`'s folder when it is missing. It
/// links first and looks only when that fails: in a build, both are nearly always there.
fn place_existing(from: &Path, to: &Path) -> Result<bool> {
    match std::fs::hard_link(from, to) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if !from.exists() {
                return Ok(false);
            }
            if let Some(dir) = to.parent() {
                std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
            }
            place(from, to).map(|()| true)
        }
        Err(_) => place(from, to).map(|()| true),
    }
}

/// Puts the file `from` at `to` (replacing what is there): a hard link, or a copy where links
/// cannot be made (another device).
pub(crate) fn place(from: &Path, to: &Path) -> Result<()> {
    match std::fs::hard_link(from, to) {
        Ok(()) => return Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            std::fs::remove_file(to).with_context(|| format!("replacing {}", to.display()))?;
            if std::fs::hard_link(from, to).is_ok() {
                return Ok(());
            }
        }
        Err(_) => {}
    }
    std::fs::copy(from, to).with_context(|| format!("copying {} to {}", from.display(), to.display()))?;
    Ok(())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(title: &str) -> PageData {
        let head = serde_json::json!({"title": title, "description": "", "canonical": "https://x.dev/search", "ogType": "website"});
        serde_json::from_value(serde_json::json!({"route": "/search", "head": head, "page": {"kind": "search"}}))
            .unwrap()
    }

    #[test]
    fn a_page_key_hashes_the_salt_and_the_page_s_key_json_once_a_build() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::open(root.path(), "engine", "bundle", "{}").unwrap();
        let key = cache.page_key(&page("搜索")).unwrap();
        let mut h = cache.render_salt.clone();
        h.update(site_schema::body::key_json(&page("搜索")).unwrap());
        assert_eq!(key, hex(&h.finalize()));
        // Within a build a route's data is fixed: its key is made once.
        assert_eq!(cache.page_key(&page("另一个")).unwrap(), key);
        let next_build = Cache::open(root.path(), "engine", "bundle", "{}").unwrap();
        assert_ne!(next_build.page_key(&page("另一个")).unwrap(), key);
        let other_bundle = Cache::open(root.path(), "engine", "bundle2", "{}").unwrap();
        assert_ne!(other_bundle.page_key(&page("搜索")).unwrap(), key);
    }

    /// A page's entry is its files side by side; pruning keeps all of a used entry's files and
    /// removes the rest, and an entry that lost its HTML is a miss until it is kept again.
    #[test]
    fn a_page_entry_is_restored_whole_kept_anew_without_its_html_and_pruned_by_its_key() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("out");
        std::fs::create_dir_all(&out).unwrap();
        let (html, json) = (out.join("a.html"), out.join("a.json"));
        for (file, text) in [(&html, "<p>页</p>"), (&json, "{}")] {
            std::fs::write(file, text).unwrap();
        }
        std::fs::write(out.join("a.html.br"), "br").unwrap();
        let cache = Cache::open(root.path(), "engine", "bundle", "{}").unwrap();
        cache.store_page("k1", &html, &json);
        cache.store_page("k2", &html, &json);
        let mut kept: Vec<String> = std::fs::read_dir(cache.dir.join("pages"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        kept.sort();
        // No compressed copies of the data, and no .gz of the HTML, were written: none kept.
        assert_eq!(kept, ["k1.html", "k1.html.br", "k1.json", "k2.html", "k2.html.br", "k2.json"]);

        let back = root.path().join("back");
        let (html2, json2) = (back.join("x/a.html"), back.join("x/a.json"));
        let next = Cache::open(root.path(), "engine", "bundle", "{}").unwrap();
        assert!(next.restore_page("k1", &html2, &json2).unwrap());
        assert_eq!(std::fs::read_to_string(back.join("x/a.html.br")).unwrap(), "br");
        assert!(!next.restore_page("k3", &html2, &json2).unwrap());
        // Only k1 was used by this build.
        assert_eq!(next.prune().unwrap(), 3);
        assert!(!cache.dir.join("pages/k2.html").exists() && cache.dir.join("pages/k1.json").exists());

        std::fs::remove_file(cache.dir.join("pages/k1.html")).unwrap();
        let later = Cache::open(root.path(), "engine", "bundle", "{}").unwrap();
        assert!(!later.restore_page("k1", &html2, &json2).unwrap(), "no HTML, no entry");
        std::fs::write(&html, "<p>新</p>").unwrap();
        later.store_page("k1", &html, &json);
        assert!(later.restore_page("k1", &back.join("y/a.html"), &back.join("y/a.json")).unwrap());
        assert_eq!(std::fs::read_to_string(back.join("y/a.html")).unwrap(), "<p>新</p>");
    }
}
