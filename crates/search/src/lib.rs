//! The local search index: Pagefind's extended build (it segments Chinese) run over the
//! prerendered HTML. Pages mark what to index themselves (`data-pagefind-body` on the main
//! content of docs and blog posts, `data-pagefind-meta` and `data-pagefind-filter`), so this
//! crate finds the binary, runs it, and lists the index's chunks for the browser.

use anyhow::{Context, Result, bail};
use site_schema::SearchIndexInfo;
use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The `pagefind_extended` binary shipped in the front end's npm packages
/// (`@pagefind/<platform>`).
pub fn binary(frontend_dir: &Path) -> Result<PathBuf> {
    let scope = frontend_dir.join("node_modules/@pagefind");
    let entries = std::fs::read_dir(&scope)
        .with_context(|| format!("{} is missing; the front-end packages are not installed", scope.display()))?;
    for e in entries.flatten() {
        for name in ["pagefind_extended", "pagefind_extended.exe"] {
            let p = e.path().join("bin").join(name);
            if p.is_file() {
                return Ok(p);
            }
        }
    }
    bail!("no pagefind_extended binary under {}; run `npm ci` in frontend/", scope.display())
}

/// Indexes the site in `site_dir` into `site_dir/pagefind/`, keeping only what the site's
/// search interface loads.
pub fn build(frontend_dir: &Path, site_dir: &Path) -> Result<()> {
    index(frontend_dir, site_dir)?;
    prune(site_dir)?;
    write_index_info(site_dir)
}

/// Runs Pagefind over the site in `site_dir`, writing `site_dir/pagefind/`.
pub fn index(frontend_dir: &Path, site_dir: &Path) -> Result<()> {
    let bin = binary(frontend_dir)?;
    let out = Command::new(&bin)
        .arg("--site")
        .arg(site_dir)
        .args(["--output-subdir", "pagefind", "--silent"])
        .output()
        .with_context(|| format!("could not run {}", bin.display()))?;
    if !out.status.success() {
        bail!("Pagefind failed: {}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    }
    Ok(())
}

/// Removes the parts of the Pagefind bundle this site does not use (its prebuilt UIs: the
/// site has its own search interface), so they are neither compressed nor deployed.
pub fn prune(site_dir: &Path) -> Result<()> {
    let dir = site_dir.join("pagefind");
    for e in std::fs::read_dir(&dir)?.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let unused = ["pagefind-ui.", "pagefind-component-ui.", "pagefind-modular-ui.", "pagefind-highlight."]
            .iter()
            .any(|p| name.starts_with(p));
        if unused {
            std::fs::remove_file(e.path())?;
        }
    }
    Ok(())
}

/// Writes `pagefind/index-info.json` (see [`SearchIndexInfo`]): a query per index chunk,
/// and the route of each page by result id. Pagefind loads a chunk (about 30 KB) only when
/// a query needs it and a page's fragment (its URL, title and text) only to show the hit;
/// with this file the interface loads every chunk while the reader reads the first results
/// and shows hits by their titles before their excerpts arrive, so later keystrokes are
/// answered without a request.
pub fn write_index_info(site_dir: &Path) -> Result<()> {
    let dir = site_dir.join("pagefind");
    let meta = std::fs::read_dir(&dir)?
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "pf_meta"))
        .with_context(|| format!("no .pf_meta file in {}", dir.display()))?;
    let chunks = chunk_ranges(&std::fs::read(&meta)?).with_context(|| format!("reading {}", meta.display()))?;
    let mut routes = BTreeMap::new();
    for e in std::fs::read_dir(dir.join("fragment"))?.flatten() {
        let path = e.path();
        let Some(id) = path.file_name().and_then(|n| n.to_str()).and_then(|n| n.strip_suffix(".pf_fragment")) else {
            continue;
        };
        let url = fragment_url(&std::fs::read(&path)?).with_context(|| format!("reading {}", path.display()))?;
        routes.insert(id.to_owned(), route_of(&url));
    }
    let info = SearchIndexInfo { probes: chunks.iter().map(|(from, to)| probe(from, to)).collect(), routes };
    std::fs::write(dir.join("index-info.json"), serde_json::to_string(&info)?)?;
    Ok(())
}

/// The page URL a (gzipped) Pagefind fragment holds.
fn fragment_url(gzipped: &[u8]) -> Result<String> {
    #[derive(serde::Deserialize)]
    struct Fragment {
        url: String,
    }
    let raw = gunzip(gzipped)?;
    let body = raw.strip_prefix(b"pagefind_dcd".as_slice()).context("not a Pagefind fragment")?;
    Ok(serde_json::from_slice::<Fragment>(body)?.url)
}

/// `/docs/x.html` → `/docs/x`; `/index.html` → `/` (how the build names route files).
fn route_of(url: &str) -> String {
    let path = url.split('#').next().unwrap_or_default();
    let path = path.strip_suffix(".html").unwrap_or(path);
    let path = path.strip_suffix("/index").unwrap_or(path);
    if path.is_empty() { "/".to_owned() } else { path.to_owned() }
}

fn gunzip(gzipped: &[u8]) -> Result<Vec<u8>> {
    let mut raw = Vec::new();
    flate2::read::GzDecoder::new(gzipped).read_to_end(&mut raw).context("not gzip")?;
    Ok(raw)
}

/// A query that makes Pagefind load the chunk holding the terms `from..=to`. The browser
/// splits a Chinese query into words its own way (`选择器` may become `选择` + `器`, both in
/// other chunks), so a Chinese probe is one character: the one after `from`'s first, which
/// sorts after `from` itself; or, when that is past `to`, the first character, whose prefix
/// search reaches every chunk with words starting with it.
pub fn probe(from: &str, to: &str) -> String {
    let mut chars = from.chars();
    let Some(first) = chars.next() else { return from.to_owned() };
    if chars.next().is_none() || from.chars().all(|c| c.is_ascii_alphanumeric()) {
        return from.to_owned();
    }
    let next = (u32::from(first) + 1..).find_map(char::from_u32).map(String::from);
    match next {
        Some(n) if n.as_str() <= to => n,
        _ => first.to_string(),
    }
}

/// The term range (`from`, `to`) of every index chunk in a (gzipped) Pagefind metadata file.
pub fn chunk_ranges(gzipped: &[u8]) -> Result<Vec<(String, String)>> {
    let raw = gunzip(gzipped)?;
    let body = raw.strip_prefix(b"pagefind_dcd".as_slice()).context("not a Pagefind metadata file")?;
    // [version, pages, index chunks [[from, to, hash], …], filters, sorts, …]
    let mut cbor = Cbor { bytes: body, at: 0 };
    let fields = cbor.array()?;
    if fields < 3 {
        bail!("metadata has {fields} fields, expected at least 3");
    }
    cbor.skip()?;
    cbor.skip()?;
    let chunks = cbor.array()?;
    let mut ranges = Vec::with_capacity(chunks);
    for _ in 0..chunks {
        let n = cbor.array()?;
        if n < 2 {
            bail!("an index chunk entry has {n} fields, expected from, to and hash");
        }
        ranges.push((cbor.text()?, cbor.text()?));
        for _ in 2..n {
            cbor.skip()?;
        }
    }
    Ok(ranges)
}

/// Just enough of a CBOR reader (RFC 8949, definite lengths) for Pagefind's metadata.
struct Cbor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Cbor<'_> {
    fn byte(&mut self) -> Result<u8> {
        let b = *self.bytes.get(self.at).context("metadata ends early")?;
        self.at += 1;
        Ok(b)
    }

    /// Major type and argument of the next item.
    fn head(&mut self) -> Result<(u8, u64)> {
        let b = self.byte()?;
        let (major, info) = (b >> 5, b & 0x1f);
        let arg = match info {
            0..=23 => u64::from(info),
            24..=27 => {
                let mut v = 0u64;
                for _ in 0..1usize << (info - 24) {
                    v = v << 8 | u64::from(self.byte()?);
                }
                v
            }
            _ => bail!("unsupported CBOR item {b:#x} at byte {}", self.at - 1),
        };
        Ok((major, arg))
    }

    fn array(&mut self) -> Result<usize> {
        match self.head()? {
            (4, n) => Ok(n as usize),
            (m, _) => bail!("expected an array, found major type {m}"),
        }
    }

    /// The next `n` bytes, moving past them.
    fn take(&mut self, n: u64) -> Result<&[u8]> {
        let start = self.at;
        let end = usize::try_from(n)
            .ok()
            .and_then(|n| start.checked_add(n))
            .filter(|&e| e <= self.bytes.len())
            .context("metadata ends early")?;
        self.at = end;
        Ok(&self.bytes[start..end])
    }

    fn text(&mut self) -> Result<String> {
        match self.head()? {
            (3, n) => Ok(std::str::from_utf8(self.take(n)?)?.to_owned()),
            (m, _) => bail!("expected a string, found major type {m}"),
        }
    }

    fn skip(&mut self) -> Result<()> {
        let (major, arg) = self.head()?;
        match major {
            0 | 1 | 7 => {}
            2 | 3 => {
                self.take(arg)?;
            }
            4 => (0..arg).try_for_each(|_| self.skip())?,
            5 => (0..arg * 2).try_for_each(|_| self.skip())?,
            6 => self.skip()?,
            _ => unreachable!(),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn gzip(b: &[u8]) -> Vec<u8> {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        e.write_all(b).unwrap();
        e.finish().unwrap()
    }

    #[test]
    fn reads_the_term_range_of_each_chunk() {
        // ["1.5.2", [["p1", 300]], [["a", "key", "h1"], ["keyc", "原子", "h2"]], [], []]
        let mut m = b"pagefind_dcd".to_vec();
        m.extend([0x85, 0x65]);
        m.extend(b"1.5.2");
        m.extend([0x81, 0x82, 0x62]);
        m.extend(b"p1");
        m.extend([0x19, 0x01, 0x2c]);
        m.extend([0x82, 0x83, 0x61, b'a', 0x63]);
        m.extend(b"key");
        m.extend([0x62]);
        m.extend(b"h1");
        m.extend([0x83, 0x64]);
        m.extend(b"keyc");
        m.push(0x66);
        m.extend("原子".as_bytes());
        m.push(0x62);
        m.extend(b"h2");
        m.extend([0x80, 0x80]);
        let ranges = chunk_ranges(&gzip(&m)).unwrap();
        assert_eq!(ranges, vec![("a".into(), "key".into()), ("keyc".into(), "原子".into())]);
    }

    #[test]
    fn a_broken_file_is_an_error_not_a_panic() {
        assert!(chunk_ranges(b"not gzip").is_err());
        assert!(chunk_ranges(&gzip(b"pagefind_dcd\x85")).is_err());
        assert!(chunk_ranges(&gzip(b"something else")).is_err());
        assert!(chunk_ranges(&gzip(b"pagefind_dcd\x83\x61a\x80\x81\x83\x7f")).is_err());
    }

    #[test]
    fn fragments_give_routes() {
        let f = gzip(br#"pagefind_dcd{"url":"/docs/recoil-sync/introduction.html","content":"x","meta":{}}"#);
        assert_eq!(route_of(&fragment_url(&f).unwrap()), "/docs/recoil-sync/introduction");
        assert_eq!(route_of("/index.html"), "/");
        assert_eq!(route_of("/blog/2020/05/30/0.0.8-released.html"), "/blog/2020/05/30/0.0.8-released");
        assert!(fragment_url(&gzip(b"pagefind_dcd{}")).is_err());
    }

    #[test]
    fn probes_fall_inside_their_chunk() {
        assert_eq!(probe("definitelyt", "key"), "definitelyt");
        assert_eq!(probe("0", "definitely"), "0");
        assert_eq!(probe("的", "选择"), "的");
        // 选择器 would be split into 选择 + 器; 逊 (U+900A) sorts right after 选 (U+9009).
        assert_eq!(probe("选择器", "😀"), "逊");
        assert!("选择器" < "逊" && "逊" <= "😀");
        // Every word of the chunk starts with 数: the prefix 数 reaches it.
        assert_eq!(probe("数组", "数量"), "数");
    }
}
