//! What the index keeps between builds below the shard: Pagefind's reading of each document
//! (in the layout of [`crate::kept`], compressed with LZ4) and the gzipped bytes of each index file,
//! both keyed by a hash of what they are made from. When one page of a shard changes, the shard is indexed
//! again (Pagefind has no incremental mode), but only that page is read and only the files that
//! changed are compressed. On this site, an edit's index went from about 560 ms of CPU (all of
//! it Pagefind reading and compressing the shard's 104 pages) to about 250 (Pagefind building
//! the index itself, which it cannot do in part). The patched Pagefind
//! (vendor/pagefind/PATCHED.md) makes both possible.

use anyhow::{Context, Result};
use pagefind::api::{DomParserResult, FossickedData, PagefindIndex, SyntheticFile};
use std::borrow::Cow;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The folders of the cache, inside the index's cache folder.
pub(crate) const PAGES: &str = "pages";
pub(crate) const GZIP: &str = "gzip";

/// The kept readings and compressed files, and which of them this index used (the rest is
/// removed at the end: [`Reuse::prune`]).
pub(crate) struct Reuse {
    dir: Option<PathBuf>,
    salt: String,
    used: Mutex<HashSet<PathBuf>>,
}

impl Reuse {
    /// Kept under `dir` (nothing kept when None), for the caller's version `salt`. Its folders
    /// are made here, once, not asked for with every entry (failing that, entries are not kept).
    pub fn new(dir: Option<&Path>, salt: &str) -> Reuse {
        if let Some(dir) = dir {
            for folder in [PAGES, GZIP] {
                let _ = std::fs::create_dir_all(dir.join(folder));
            }
        }
        Reuse { dir: dir.map(Path::to_path_buf), salt: salt.to_owned(), used: Mutex::default() }
    }

    fn entry(&self, folder: &str, key: &str) -> Option<PathBuf> {
        let path = self.dir.as_ref()?.join(folder).join(key);
        self.used.lock().expect("no thread panics holding it").insert(path.clone());
        Some(path)
    }

    /// Marks the entries `listing` names (lines such as `pages/<key>`, as [`Reuse::read`] and
    /// [`Reuse::write`] return them) as used: a shard that comes whole from the cache keeps
    /// its pages' entries this way, for the next edit of one of them.
    pub fn keep_listed(&self, listing: &str) {
        let Some(dir) = &self.dir else { return };
        let mut used = self.used.lock().expect("no thread panics holding it");
        used.extend(listing.lines().filter(|l| !l.is_empty()).map(|l| dir.join(l)));
    }

    /// The document at `url` as read for the index (kept, or read now from what `reading`
    /// makes), and the line that names its entry (see [`Reuse::keep_listed`]). `source` is the
    /// hash of what the document is made from ([`crate::document::SearchRecord::source`]).
    pub fn read(
        &self,
        index: &PagefindIndex,
        url: &str,
        source: &str,
        reading: impl FnOnce() -> Result<DomParserResult>,
    ) -> Result<(FossickedData, String)> {
        let key =
            crate::key([self.salt.as_bytes(), crate::PAGEFIND_VERSION.as_bytes(), url.as_bytes(), source.as_bytes()]);
        let line = format!("{PAGES}/{key}");
        let entry = self.entry(PAGES, &key);
        let unpacked = |b: Vec<u8>| lz4_flex::decompress_size_prepended(&b).ok();
        if let Some(read) = entry
            .as_deref()
            .and_then(|e| std::fs::read(e).ok())
            .and_then(unpacked)
            .and_then(|b| crate::kept::decode(&b))
        {
            return Ok((read, line));
        }
        let read = index.fossick_parsed(url.to_owned(), reading()?).with_context(|| format!("indexing {url}"))?;
        if let Some(entry) = entry {
            keep(&entry, &lz4_flex::compress_prepend_size(&crate::kept::encode(&read)));
        }
        Ok((read, line))
    }

    /// Writes `file` at `to`, gzipped when Pagefind asks for it:
    /// a link to the kept copy when the same bytes were compressed before. Its length, and the
    /// line that names its entry when it has one (see [`Reuse::keep_listed`]).
    pub fn write(&self, file: &SyntheticFile, to: &Path) -> Result<(u64, Option<String>)> {
        // The engine is in the key, as in every cache entry: another compressor, other bytes.
        let key = file.gzip.then(|| crate::key([self.salt.as_bytes(), &file.contents]));
        let line = key.as_ref().map(|k| format!("{GZIP}/{k}"));
        let entry = key.and_then(|k| self.entry(GZIP, &k));
        // Checked before use: the site's file is a link to the entry, so an edit in place of
        // one under build/ would otherwise come back in every later build.
        if let Some(entry) = &entry
            && let Ok(gz) = std::fs::read(entry)
            && site_compress::is_gzip_of(&gz, &file.contents)
            && crate::link_or_copy(entry, to).is_ok()
        {
            return Ok((gz.len() as u64, line));
        }
        let bytes: Cow<[u8]> =
            if file.gzip { Cow::Owned(gzip(&file.contents)?) } else { Cow::Borrowed(&file.contents) };
        write_making_folder(to, &bytes).with_context(|| format!("writing {}", to.display()))?;
        // Then kept as a link to the file just written (the index writes into a new folder):
        // a link appears whole, so the entry needs no partial name and rename.
        if let Some(entry) = &entry {
            keep_file(to, entry, &bytes);
        }
        Ok((bytes.len() as u64, line))
    }

    /// Removes what this index did not use.
    pub fn prune(&self) {
        let Some(dir) = &self.dir else { return };
        let used = self.used.lock().expect("no thread panics holding it");
        for folder in [PAGES, GZIP] {
            for e in std::fs::read_dir(dir.join(folder)).into_iter().flatten().filter_map(Result::ok) {
                if !used.contains(&e.path()) {
                    let _ = std::fs::remove_file(e.path());
                }
            }
        }
    }
}

/// Writes a kept entry whole (a partial name, then renamed); whether it was kept. The cache is
/// an optimisation: failing to keep one is not an error.
fn keep(entry: &Path, bytes: &[u8]) -> bool {
    let partial = entry.with_extension(format!("partial-{}", std::process::id()));
    let written = std::fs::write(&partial, bytes).is_ok() && std::fs::rename(&partial, entry).is_ok();
    if !written {
        let _ = std::fs::remove_file(&partial);
    }
    written
}

/// Pagefind gzips its files at zlib's best. libdeflate's level 6 takes a third of the time for
/// 0.7 % more bytes (this site's index: 136 ms against 45 ms, 1 063 287 against 1 070 307
/// bytes); at 10 000 pages these files were most of the index's last seconds. Level 5 takes a
/// fifth less again for 0.9 % more (400 files of a 10 024-page index: 86 ms against 110 ms,
/// 3 060 910 against 3 034 460 bytes; level 4 was 8 % larger on the word files).
fn gzip(bytes: &[u8]) -> Result<Vec<u8>> {
    site_compress::gzip(bytes, 5)
}

/// Makes `entry` the file `file`, written whole just before with `bytes`: a hard link,
/// replacing an entry that failed its check; where links cannot be made, written as [`keep`]
/// does. An entry another build made meanwhile has the same bytes (its key says so).
fn keep_file(file: &Path, entry: &Path, bytes: &[u8]) -> bool {
    let linked = || std::fs::hard_link(file, entry);
    match linked() {
        Ok(()) => true,
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            std::fs::remove_file(entry).is_ok() && linked().is_ok()
        }
        Err(_) => keep(entry, bytes),
    }
}

/// Writes `bytes` at `to`, making its folder only when the write says it is missing (most
/// files go into folders that exist: asking first was a call into the file system per file).
fn write_making_folder(to: &Path, bytes: &[u8]) -> std::io::Result<()> {
    match std::fs::write(to, bytes) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if let Some(parent) = to.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::write(to, bytes)
        }
        written => written,
    }
}
