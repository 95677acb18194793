//! The built site held in memory: every file under `build/` with its precompressed variants,
//! each variant with its own strong ETag and its response headers worked out once, at load.
//! Requests are answered by looking up a key in these maps, so no request path ever reaches
//! the file system: traversal has nothing to traverse. Large bodies live in a sealed memory
//! file (`arena`), which connections send without copying.

use crate::arena::{self, Arena, Placed};
use crate::rules::{self, Rule};
use anyhow::{Context, Result, bail};
use bytes::Bytes;
use headers::ETag;
use http::header::{ACCEPT_RANGES, CONTENT_ENCODING, CONTENT_LENGTH, CONTENT_TYPE, ETAG, VARY};
use http::{HeaderMap, HeaderValue};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::Path;

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
    files: Vec<File>,
    /// Exact names relative to the site root, `/`-separated: `docs/x.html`.
    by_name: HashMap<Box<str>, usize>,
    /// Pretty URLs: `docs/x` for `docs/x.html`, else for `docs/x/index.html`.
    by_route: HashMap<Box<str>, usize>,
    /// The rule headers of responses that are no file (errors, redirects).
    pub plain: HeaderMap,
    /// Where the large bodies among `files` are.
    arena: Option<Arena>,
}

/// Files the static hosts read as configuration and never serve.
const HOST_CONFIG: [&str; 2] = ["_headers", "_redirects"];

impl SiteFiles {
    /// Reads the whole build directory. Hidden files (`.build-stamp`, `.csp`) are not served.
    pub fn load(dir: &Path) -> Result<SiteFiles> {
        if !dir.join("index.html").is_file() {
            bail!(
                "{} has no site in it: run `cargo run --release -- build` first, or `serve` without --no-build",
                dir.display()
            );
        }
        let (mut raw, arena) = read_tree(dir)?;
        let csp = std::fs::read_to_string(dir.join(".csp")).ok().map(|s| s.trim().to_string());
        let rules = rules::rules(csp.as_deref().unwrap_or(rules::DEFAULT_CSP));
        let mut names: Vec<String> = raw.keys().filter(|k| !is_twin(k, &raw)).cloned().collect();
        names.sort();
        let mut site = SiteFiles {
            files: Vec::with_capacity(names.len()),
            by_name: HashMap::with_capacity(names.len()),
            by_route: HashMap::new(),
            plain: plain_headers(&rules),
            arena,
        };
        for name in names {
            let body = raw.remove(&name).expect("listed above");
            let br = raw.remove(&format!("{name}.br"));
            let gzip = raw.remove(&format!("{name}.gz"));
            site.by_name.insert(name.as_str().into(), site.files.len());
            site.files.push(file(&rules, &name, body, br, gzip));
        }
        site.index_routes();
        Ok(site)
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

    /// The file stored under exactly this name.
    pub fn get(&self, name: &str) -> Option<&File> {
        self.by_name.get(name).map(|&i| &self.files[i])
    }

    /// The page for a pretty URL (`docs/x` → `docs/x.html`, else `docs/x/index.html`).
    pub fn route(&self, route: &str) -> Option<&File> {
        self.by_route.get(route).map(|&i| &self.files[i])
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
fn is_twin(name: &str, raw: &HashMap<String, Bytes>) -> bool {
    name.strip_suffix(".br").or_else(|| name.strip_suffix(".gz")).is_some_and(|orig| raw.contains_key(orig))
}

/// Every file to serve, by name: the large ones in the arena (see [`crate::arena`]), the
/// others on the heap.
fn read_tree(dir: &Path) -> Result<(HashMap<String, Bytes>, Option<Arena>)> {
    let mut builder = arena::Builder::new();
    let mut bodies = HashMap::new();
    let mut in_arena = Vec::new();
    for e in walkdir::WalkDir::new(dir) {
        let e = e.with_context(|| format!("reading {}", dir.display()))?;
        if !e.file_type().is_file() {
            continue;
        }
        let rel = e.path().strip_prefix(dir)?.to_string_lossy().replace('\\', "/");
        if rel.split('/').any(|seg| seg.starts_with('.')) || HOST_CONFIG.contains(&rel.as_str()) {
            continue;
        }
        match builder.place(e.path()).with_context(|| format!("reading {}", e.path().display()))? {
            Placed::Heap(body) => drop(bodies.insert(rel, body)),
            Placed::Arena(range) => in_arena.push((rel, range)),
        }
    }
    let arena = builder.seal().context("sealing the memory file of the large bodies")?;
    for (name, range) in in_arena {
        bodies.insert(name, arena.as_ref().expect("bodies went into it").body(range));
    }
    Ok((bodies, arena))
}

fn plain_headers(rules: &[Rule]) -> HeaderMap {
    let mut h = HeaderMap::new();
    for (name, value) in rules::headers_for(rules, "/") {
        h.insert(name, value);
    }
    h.insert(CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    h
}

fn file(rules: &[Rule], name: &str, body: Bytes, br: Option<Bytes>, gzip: Option<Bytes>) -> File {
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

fn variant(base: &HeaderMap, body: Bytes, encoding: Option<&'static str>) -> Variant {
    let hash = Sha256::digest(&body);
    let hex: String = hash[..12].iter().map(|b| format!("{b:02x}")).collect();
    let etag_text = format!("\"{hex}\"");
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
}
