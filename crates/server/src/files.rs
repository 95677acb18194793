//! The built site held in memory: every file under `build/` with its precompressed variants,
//! each variant with its own strong ETag and its response headers worked out once, at load.
//! Requests are answered by looking up a key in these maps, so no request path ever reaches
//! the file system: traversal has nothing to traverse. Large bodies live in a sealed memory
//! file (`arena`), which connections send without copying.

use crate::arena::{self, Arena, Placed};
use crate::rules::{self, Rule};
use anyhow::{Context, Result, anyhow};
use bytes::Bytes;
use headers::ETag;
use http::header::{ACCEPT_RANGES, CONTENT_ENCODING, CONTENT_LENGTH, CONTENT_TYPE, ETAG, VARY};
use http::{HeaderMap, HeaderValue};
use sha2::{Digest, Sha256};
use site_on_disk::OnDisk;
use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::Arc;

/// One representation of a file: the original bytes, or its brotli or gzip twin.
pub struct Variant {
    pub body: Bytes,
    pub etag: ETag,
    /// Everything a 200 carries: rule headers, type, ETag, encoding, length.
    pub headers: HeaderMap,
}

pub struct File {
    pub identity: Variant,
    pub br: Option<Variant>,
    pub gzip: Option<Variant>,
}

pub struct SiteFiles {
    /// Shared with the next [`SiteFiles::reload`] when unchanged on disk.
    files: Vec<Arc<File>>,
    /// Exact names relative to the site root, `/`-separated: `docs/x.html`.
    by_name: HashMap<Box<str>, usize>,
    /// Pretty URLs: `docs/x` for `docs/x.html`, else for `docs/x/index.html`.
    by_route: HashMap<Box<str>, usize>,
    /// The rule headers of responses that are no file (errors, redirects).
    pub plain: HeaderMap,
    /// The build's content security policy (`.csp`), which the files' headers carry.
    csp: Option<String>,
    /// Where the large bodies among `files` are.
    arena: Option<Arena>,
    /// Where each file read was on disk, by its name there (`x.html.br` too), for the next
    /// [`SiteFiles::reload`]; its bytes and ETag are those of its variant in `files`. `dev`
    /// rewrites a changed page in place; a build swaps in a new folder.
    on_disk: HashMap<Box<str>, OnDisk>,
}

/// A file read for a load: its bytes, the ETag already worked out for them (a file unchanged
/// since the previous load), and where it was on disk before it was read.
struct Read {
    body: Bytes,
    etag: Option<HeaderValue>,
    on_disk: Option<OnDisk>,
}

/// Files the static hosts read as configuration and never serve.
const HOST_CONFIG: [&str; 2] = ["_headers", "_redirects"];

impl SiteFiles {
    /// Reads the whole build directory. Hidden files (`.build-stamp`, `.csp`) are not served.
    pub fn load(dir: &Path) -> Result<SiteFiles> {
        SiteFiles::load_from(dir, None)
    }

    /// [`SiteFiles::load`], taking the bytes and ETag of every file unchanged on disk since
    /// `self` was loaded from `self` (see [`OnDisk`]): `dev` rewrites the pages an edit changed,
    /// and reading and hashing all of a 10 000-page site again took seconds after every edit.
    /// Such bodies stay in `self`'s memory file while they are served, but are sent from memory
    /// rather than with `sendfile` (only the served load's own file is sent so).
    pub fn reload(&self, dir: &Path) -> Result<SiteFiles> {
        SiteFiles::load_from(dir, Some(self))
    }

    /// [`SiteFiles::reload`] when only the files named in `changed` (relative to `dir`,
    /// `/`-separated: `docs/x.html`, `docs/x.html.br`, `.csp`) can have been written, made or
    /// removed since `self` was loaded: the others are taken from `self` without asking the file
    /// system. `dev` knows what each rebuild wrote; walking and statting the 40 000 files of a
    /// 10 024-page site's `dev` build was most of the reload that followed each edit.
    pub fn reload_changed(&self, dir: &Path, changed: &[String]) -> Result<SiteFiles> {
        if changed.iter().any(|n| n == "index.html") && !dir.join("index.html").is_file() {
            return Err(no_site(dir));
        }
        let csp = read_csp(dir);
        if csp != self.csp {
            // Another policy changes every file's headers.
            return self.reload(dir);
        }
        // A file is read again with all its variants, and a variant with its file.
        let mut again: HashSet<String> = HashSet::new();
        for name in changed {
            let stem = name.strip_suffix(".br").or_else(|| name.strip_suffix(".gz"));
            for base in [Some(name.as_str()), stem].into_iter().flatten() {
                let names = [base.to_string(), format!("{base}.br"), format!("{base}.gz")];
                again.extend(names.into_iter().filter(|n| served(n)));
            }
        }
        let mut reads = Reads::new(Some(self));
        for name in &again {
            let path = dir.join(name);
            // Not followed, as the walk of a whole load does not follow links.
            let Ok(metadata) = std::fs::symlink_metadata(&path) else { continue };
            if metadata.is_file() {
                reads.read(name.clone(), &path, OnDisk::of(&metadata))?;
            }
        }
        let (raw, arena) = reads.seal()?;
        let mut site = SiteFiles::assemble(raw, arena, csp, Some(self));
        for (name, &i) in &self.by_name {
            if !again.contains(&**name) {
                site.by_name.insert(name.clone(), site.files.len());
                site.files.push(Arc::clone(&self.files[i]));
            }
        }
        let kept = self.on_disk.iter().filter(|(name, _)| !again.contains(&***name));
        site.on_disk.extend(kept.map(|(name, at)| (name.clone(), *at)));
        site.index_routes();
        Ok(site)
    }

    fn load_from(dir: &Path, previous: Option<&SiteFiles>) -> Result<SiteFiles> {
        if !dir.join("index.html").is_file() {
            return Err(no_site(dir));
        }
        let (raw, arena) = read_tree(dir, previous)?;
        let mut site = SiteFiles::assemble(raw, arena, read_csp(dir), previous);
        site.index_routes();
        Ok(site)
    }

    /// The files read (`raw`, variants beside their files), with the previous load's file for
    /// each that is unchanged; routes are not indexed yet.
    fn assemble(
        mut raw: HashMap<String, Read>,
        arena: Option<Arena>,
        csp: Option<String>,
        previous: Option<&SiteFiles>,
    ) -> SiteFiles {
        let rules = rules::rules(csp.as_deref().unwrap_or(rules::DEFAULT_CSP));
        let mut names: Vec<String> = raw.keys().filter(|k| !is_twin(k, &raw)).cloned().collect();
        names.sort();
        let mut site = SiteFiles {
            files: Vec::with_capacity(names.len()),
            by_name: HashMap::with_capacity(names.len()),
            by_route: HashMap::new(),
            plain: plain_headers(&rules),
            arena,
            on_disk: HashMap::with_capacity(raw.len()),
            csp,
        };
        // Headers depend on the file's name, its variants and the policy: with all of them as
        // before, the previous load's file is this one's (working out 30 000 files' headers again
        // was about half of a reload at 10 024 pages).
        let previous = previous.filter(|p| p.csp == site.csp);
        for name in names {
            let body = raw.remove(&name).expect("listed above");
            let (br_name, gzip_name) = (format!("{name}.br"), format!("{name}.gz"));
            let (br, gzip) = (raw.remove(&br_name), raw.remove(&gzip_name));
            for (n, read) in [(&name, Some(&body)), (&br_name, br.as_ref()), (&gzip_name, gzip.as_ref())] {
                if let Some(on_disk) = read.and_then(|r| r.on_disk) {
                    site.on_disk.insert(n.as_str().into(), on_disk);
                }
            }
            let unchanged = |f: &&Arc<File>| {
                // A read with its ETag is one unchanged on disk since `previous` ([`read_tree`]);
                // a variant must be there now exactly when it was before.
                let same = |read: Option<&Read>, was: Option<&Variant>| match read {
                    Some(read) => read.etag.is_some() && was.is_some(),
                    None => was.is_none(),
                };
                body.etag.is_some() && same(br.as_ref(), f.br.as_ref()) && same(gzip.as_ref(), f.gzip.as_ref())
            };
            let file = match previous.and_then(|p| p.shared(&name)).filter(unchanged) {
                Some(kept) => Arc::clone(kept),
                None => Arc::new(file(&rules, &name, body, br, gzip)),
            };
            site.by_name.insert(name.as_str().into(), site.files.len());
            site.files.push(file);
        }
        site
    }

    fn index_routes(&mut self) {
        for (name, &i) in &self.by_name {
            if let Some(dir) = name.strip_suffix("/index.html") {
                self.by_route.entry(dir.into()).or_insert(i);
            }
        }
        // `x.html` wins over `x/index.html`.
        for (name, &i) in &self.by_name {
            if let Some(route) = name.strip_suffix(".html") {
                self.by_route.insert(route.into(), i);
            }
        }
    }

    /// The variant read from the file named `name` on disk: a file's own bytes, or its `.br`
    /// or `.gz` twin's.
    fn variant(&self, name: &str) -> Option<&Variant> {
        if let Some(f) = self.get(name) {
            return Some(&f.identity);
        }
        match name.rsplit_once('.') {
            Some((stem, "br")) => self.get(stem)?.br.as_ref(),
            Some((stem, "gz")) => self.get(stem)?.gzip.as_ref(),
            _ => None,
        }
    }

    /// The file stored under exactly this name.
    pub fn get(&self, name: &str) -> Option<&File> {
        self.shared(name).map(|f| &**f)
    }

    fn shared(&self, name: &str) -> Option<&Arc<File>> {
        self.by_name.get(name).map(|&i| &self.files[i])
    }

    /// The page for a pretty URL (`docs/x` → `docs/x.html`, else `docs/x/index.html`).
    pub fn route(&self, route: &str) -> Option<&File> {
        self.by_route.get(route).map(|&i| &*self.files[i])
    }

    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The memory file holding the large bodies, if any.
    pub(crate) fn arena(&self) -> Option<&Arena> {
        self.arena.as_ref()
    }
}

/// `x.br` / `x.gz` next to an `x`: served as `x`'s variant, not on their own.
fn is_twin<T>(name: &str, raw: &HashMap<String, T>) -> bool {
    name.strip_suffix(".br").or_else(|| name.strip_suffix(".gz")).is_some_and(|orig| raw.contains_key(orig))
}

/// Every file to serve, by name: the large ones in the arena (see [`crate::arena`]), the
/// others on the heap, and those unchanged since `previous` was loaded as they are there.
fn read_tree(dir: &Path, previous: Option<&SiteFiles>) -> Result<(HashMap<String, Read>, Option<Arena>)> {
    let mut reads = Reads::new(previous);
    for e in walkdir::WalkDir::new(dir) {
        let e = e.with_context(|| format!("reading {}", dir.display()))?;
        if !e.file_type().is_file() {
            continue;
        }
        let rel = e.path().strip_prefix(dir)?.to_string_lossy().replace('\\', "/");
        if !served(&rel) {
            continue;
        }
        let on_disk = e.metadata().ok().and_then(|m| OnDisk::of(&m));
        reads.read(rel, e.path(), on_disk)?;
    }
    reads.seal()
}

/// Whether a file under the site's folder is served: hidden ones (`.build-stamp`, `.csp`) and
/// the static hosts' configuration are not.
fn served(rel: &str) -> bool {
    !rel.split('/').any(|seg| seg.starts_with('.')) && !HOST_CONFIG.contains(&rel)
}

fn read_csp(dir: &Path) -> Option<String> {
    std::fs::read_to_string(dir.join(".csp")).ok().map(|s| s.trim().to_string())
}

/// The error for a folder without a built site: what to run.
fn no_site(dir: &Path) -> anyhow::Error {
    anyhow!(
        "{} has no site in it: run `cargo run --release -- build` first, or `serve` without --no-build",
        dir.display()
    )
}

/// The files of one load as they are read: small bodies on the heap, large ones placed in the
/// arena being built, and those unchanged since `previous` taken from it.
struct Reads<'a> {
    previous: Option<&'a SiteFiles>,
    builder: arena::Builder,
    bodies: HashMap<String, Read>,
    in_arena: Vec<(String, std::ops::Range<usize>, Option<OnDisk>)>,
}

impl<'a> Reads<'a> {
    fn new(previous: Option<&'a SiteFiles>) -> Reads<'a> {
        Reads { previous, builder: arena::Builder::new(), bodies: HashMap::new(), in_arena: Vec::new() }
    }

    /// Reads the file `rel` at `path`, or takes it from the previous load when it is unchanged
    /// on disk since. `on_disk` is asked before the file is read: a file rewritten in between is
    /// read again next time.
    fn read(&mut self, rel: String, path: &Path, on_disk: Option<OnDisk>) -> Result<()> {
        let kept = self.previous.filter(|p| on_disk.is_some() && p.on_disk.get(rel.as_str()) == on_disk.as_ref());
        if let Some(v) = kept.and_then(|p| p.variant(&rel)) {
            self.bodies.insert(rel, Read { body: v.body.clone(), etag: Some(v.headers[ETAG].clone()), on_disk });
            return Ok(());
        }
        match self.builder.place(path).with_context(|| format!("reading {}", path.display()))? {
            Placed::Heap(body) => drop(self.bodies.insert(rel, Read { body, etag: None, on_disk })),
            Placed::Arena(range) => self.in_arena.push((rel, range, on_disk)),
        }
        Ok(())
    }

    /// The bodies read, those placed in the arena among them, once it is sealed.
    fn seal(self) -> Result<(HashMap<String, Read>, Option<Arena>)> {
        let Reads { builder, mut bodies, in_arena, .. } = self;
        let arena = builder.seal().context("sealing the memory file of the large bodies")?;
        for (name, range, on_disk) in in_arena {
            let body = arena.as_ref().expect("bodies went into it").body(range);
            bodies.insert(name, Read { body, etag: None, on_disk });
        }
        Ok((bodies, arena))
    }
}

fn plain_headers(rules: &[Rule]) -> HeaderMap {
    let mut h = HeaderMap::new();
    for (name, value) in rules::headers_for(rules, "/") {
        h.insert(name, value);
    }
    h.insert(CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    h
}

fn file(rules: &[Rule], name: &str, body: Read, br: Option<Read>, gzip: Option<Read>) -> File {
    let mut base = HeaderMap::new();
    for (n, v) in rules::headers_for(rules, &format!("/{name}")) {
        base.insert(n, v);
    }
    base.insert(CONTENT_TYPE, rules::content_type(name));
    if br.is_some() || gzip.is_some() {
        base.insert(VARY, HeaderValue::from_static("Accept-Encoding"));
    }
    let mut identity = variant(&base, body, None);
    identity.headers.insert(ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    File {
        identity,
        br: br.map(|b| variant(&base, b, Some("br"))),
        gzip: gzip.map(|b| variant(&base, b, Some("gzip"))),
    }
}

fn variant(base: &HeaderMap, read: Read, encoding: Option<&'static str>) -> Variant {
    let Read { body, etag, .. } = read;
    let etag_text = match etag.as_ref().and_then(|e| e.to_str().ok()) {
        Some(etag) => etag.to_owned(),
        None => {
            let hash = Sha256::digest(&body);
            let hex: String = hash[..12].iter().map(|b| format!("{b:02x}")).collect();
            format!("\"{hex}\"")
        }
    };
    let mut headers = base.clone();
    headers.insert(ETAG, HeaderValue::from_str(&etag_text).expect("hex is a valid header value"));
    if let Some(e) = encoding {
        headers.insert(CONTENT_ENCODING, HeaderValue::from_static(e));
    }
    headers.insert(CONTENT_LENGTH, HeaderValue::from(body.len()));
    Variant { etag: etag_text.parse().expect("a quoted hex string is an entity tag"), body, headers }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, rel: &str, body: &[u8]) {
        let p = dir.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, body).unwrap();
    }

    #[test]
    fn a_directory_without_a_site_says_what_to_run() {
        let d = tempfile::tempdir().unwrap();
        let missing = d.path().join("build");
        let err = SiteFiles::load(&missing).err().unwrap().to_string();
        assert!(err.contains("build has no site in it: run `cargo run --release -- build` first"), "{err}");
        std::fs::create_dir(&missing).unwrap();
        write(&missing, "docs/a.html", b"a");
        let err = SiteFiles::load(&missing).err().unwrap().to_string();
        assert!(err.contains("or `serve` without --no-build"), "{err}");
    }

    #[test]
    fn every_encoding_has_its_own_strong_etag() {
        let d = tempfile::tempdir().unwrap();
        write(d.path(), "index.html", b"<h1>home</h1>");
        write(d.path(), "index.html.br", b"BR");
        write(d.path(), "index.html.gz", b"GZ");
        let site = SiteFiles::load(d.path()).unwrap();
        let f = site.get("index.html").unwrap();
        let tags = [&f.identity.etag, &f.br.as_ref().unwrap().etag, &f.gzip.as_ref().unwrap().etag];
        assert!(tags[0] != tags[1] && tags[1] != tags[2] && tags[0] != tags[2]);
        assert!(f.identity.headers[ETAG].to_str().unwrap().starts_with('"'), "strong, not W/");
        assert_eq!(f.br.as_ref().unwrap().headers[CONTENT_ENCODING], "br");
        assert_eq!(f.identity.headers[CONTENT_LENGTH], "13");
        assert_eq!(site.len(), 1, "the twins are variants, not files");
    }

    #[test]
    fn pretty_urls_prefer_the_html_file() {
        let d = tempfile::tempdir().unwrap();
        write(d.path(), "index.html", b"home");
        write(d.path(), "docs.html", b"docs page");
        write(d.path(), "docs/index.html", b"docs index");
        write(d.path(), "blog/index.html", b"blog index");
        write(d.path(), "_headers", b"/*\n  X: y\n");
        let site = SiteFiles::load(d.path()).unwrap();
        assert_eq!(site.route("docs").unwrap().identity.body, "docs page");
        assert_eq!(site.route("blog").unwrap().identity.body, "blog index");
        assert!(site.get("_headers").is_none());
    }

    #[test]
    fn a_reload_reads_again_only_the_files_that_changed_on_disk() {
        let d = tempfile::tempdir().unwrap();
        let large: Vec<u8> = (0..100_000u32).map(|i| (i % 251) as u8).collect();
        write(d.path(), "index.html", b"home");
        write(d.path(), "a.html", b"page A");
        write(d.path(), "a.html.br", b"BR of A");
        write(d.path(), "b.html", b"page B");
        write(d.path(), "gone.html", b"soon gone");
        write(d.path(), "large.js", &large);
        write(d.path(), "c.html", b"page C");
        write(d.path(), "c.html.gz", b"GZ of C");
        let before = SiteFiles::load(d.path()).unwrap();
        // Rewritten in place with bytes of the same length (only its times tell), one removed,
        // one added; the rest untouched. Later than the first write by more than a clock tick
        // (some file systems' times move every few milliseconds), as `dev`'s rebuilds are.
        std::thread::sleep(std::time::Duration::from_millis(20));
        write(d.path(), "a.html", b"page Z");
        std::fs::remove_file(d.path().join("gone.html")).unwrap();
        write(d.path(), "new.html", b"new page");
        // A variant gone: the file's headers change (no `Vary`), though its own bytes did not.
        std::fs::remove_file(d.path().join("c.html.gz")).unwrap();
        let after = before.reload(d.path()).unwrap();
        assert!(std::ptr::eq(before.get("b.html").unwrap(), after.get("b.html").unwrap()), "shared whole");
        let c = after.get("c.html").unwrap();
        assert!(c.gzip.is_none() && !c.identity.headers.contains_key(VARY));

        let a = after.get("a.html").unwrap();
        assert_eq!(a.identity.body, "page Z");
        assert_ne!(a.identity.etag, before.get("a.html").unwrap().identity.etag);
        let same = |name: &str| {
            let (old, new) = (&before.get(name).unwrap().identity, &after.get(name).unwrap().identity);
            assert_eq!((&new.body, &new.etag, &new.headers), (&old.body, &old.etag, &old.headers), "{name}");
            new.body.as_ptr() == old.body.as_ptr()
        };
        assert!(same("b.html") && same("large.js") && same("index.html"), "not read again");
        let br = |s: &SiteFiles| s.get("a.html").unwrap().br.as_ref().unwrap().body.as_ptr();
        assert_eq!(br(&after), br(&before), "an unchanged variant of a changed file is kept too");
        assert!(after.get("gone.html").is_none());
        assert_eq!(after.get("new.html").unwrap().identity.body, "new page");
        // The kept large body is the previous load's memory file's, not this one's.
        let body = &after.get("large.js").unwrap().identity.body;
        assert_eq!(&body[..], &large[..]);
        if let (Some(old), new) = (before.arena(), after.arena()) {
            assert!(old.locate(body).is_some() && new.is_none_or(|n| n.locate(body).is_none()));
        }
        // A fresh load gives the same answers.
        let fresh = SiteFiles::load(d.path()).unwrap();
        for name in ["index.html", "a.html", "b.html", "large.js", "new.html", "c.html"] {
            let (f, r) = (&fresh.get(name).unwrap().identity, &after.get(name).unwrap().identity);
            assert_eq!((&f.body, &f.etag, &f.headers), (&r.body, &r.etag, &r.headers), "{name}");
        }
        // Another content security policy: every file's headers are worked out again.
        write(d.path(), ".csp", b"default-src 'none'");
        let strict = after.reload(d.path()).unwrap();
        let policy = |s: &SiteFiles| s.get("b.html").unwrap().identity.headers.get("content-security-policy").cloned();
        assert_eq!(policy(&strict), policy(&SiteFiles::load(d.path()).unwrap()));
        assert_ne!(policy(&strict), policy(&after));
    }

    /// Every file, variant and route of `a` is `b`'s, bytes, tags and headers alike.
    fn assert_same_site(a: &SiteFiles, b: &SiteFiles) {
        fn names(s: &SiteFiles) -> Vec<&str> {
            let mut n: Vec<&str> = s.by_name.keys().map(|k| &**k).collect();
            n.sort();
            n
        }
        assert_eq!(names(a), names(b));
        let variant = |v: Option<&Variant>| v.map(|v| (v.body.clone(), v.etag.clone(), v.headers.clone()));
        for name in names(a) {
            let (x, y) = (a.get(name).unwrap(), b.get(name).unwrap());
            assert!(variant(Some(&x.identity)) == variant(Some(&y.identity)), "{name}");
            assert!(variant(x.br.as_ref()) == variant(y.br.as_ref()), "{name}.br");
            assert!(variant(x.gzip.as_ref()) == variant(y.gzip.as_ref()), "{name}.gz");
        }
        let routes = |s: &SiteFiles| {
            let mut r: Vec<(String, String)> = s
                .by_route
                .keys()
                .map(|k| (k.to_string(), format!("{:?}", s.route(k).unwrap().identity.etag)))
                .collect();
            r.sort();
            r
        };
        assert_eq!(routes(a), routes(b));
        assert_eq!(a.on_disk, b.on_disk, "where each file was on disk");
    }

    #[test]
    fn a_reload_of_the_files_named_as_changed_equals_a_whole_load() {
        let d = tempfile::tempdir().unwrap();
        let large: Vec<u8> = (0..100_000u32).map(|i| (i % 251) as u8).collect();
        for (name, body) in [
            ("index.html", &b"home"[..]),
            ("a.html", b"page A"),
            ("b.html", b"page B"),
            ("b/index.html", b"B's folder"),
            ("gone.html", b"soon gone"),
            ("c.html", b"page C"),
            ("c.html.gz", b"GZ of C"),
            ("d.html", b"page D"),
            ("lone.txt.br", b"a file of its own"),
            ("large.js", &large),
            ("_headers", b"/*\n  X: y\n"),
        ] {
            write(d.path(), name, body);
        }
        let before = SiteFiles::load(d.path()).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        write(d.path(), "a.html", b"page Z");
        std::fs::remove_file(d.path().join("gone.html")).unwrap();
        write(d.path(), "new/index.html", b"new page");
        std::fs::remove_file(d.path().join("c.html.gz")).unwrap();
        write(d.path(), "d.html.br", b"BR of D");
        write(d.path(), "lone.txt", b"now the file of that variant");
        write(d.path(), "large.js", &large[1..]);
        write(d.path(), "_headers", b"/*\n  X: z\n");
        let changed =
            ["a.html", "gone.html", "new/index.html", "c.html.gz", "d.html.br", "lone.txt", "large.js", "_headers"];
        let changed: Vec<String> = changed.iter().map(|n| n.to_string()).collect();
        let after = before.reload_changed(d.path(), &changed).unwrap();
        assert_same_site(&after, &SiteFiles::load(d.path()).unwrap());
        assert!(std::ptr::eq(before.get("b.html").unwrap(), after.get("b.html").unwrap()), "not named: shared whole");
        assert_eq!(after.get("lone.txt").unwrap().br.as_ref().unwrap().body, "a file of its own");

        // A file not named is not looked at: `dev` names every file it writes.
        write(d.path(), "b.html", b"page Y");
        let unnamed = after.reload_changed(d.path(), &[]).unwrap();
        assert_eq!(unnamed.get("b.html").unwrap().identity.body, "page B");
        assert_same_site(
            &unnamed.reload_changed(d.path(), &["b.html".into()]).unwrap(),
            &SiteFiles::load(d.path()).unwrap(),
        );

        // Another content security policy: every file is loaded again.
        write(d.path(), ".csp", b"default-src 'none'");
        let strict = after.reload_changed(d.path(), &[".csp".into()]).unwrap();
        assert_same_site(&strict, &SiteFiles::load(d.path()).unwrap());
    }
}
