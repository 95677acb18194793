//! The built site held in memory: every file under `build/` with its precompressed variants.
//! Requests are answered by looking up a key in this map, so no request path ever reaches the
//! file system: traversal has nothing to traverse.

use axum::body::Bytes;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::Path;

pub struct File {
    pub body: Bytes,
    pub br: Option<Bytes>,
    pub gzip: Option<Bytes>,
    pub content_type: &'static str,
    pub etag: String,
    /// Hashed assets never change under the same name.
    pub immutable: bool,
}

#[derive(Default)]
pub struct SiteFiles {
    /// Keyed by path relative to the site root, `/`-separated: `docs/x.html`.
    files: HashMap<String, File>,
    pub csp: Option<String>,
}

pub fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "xml" => "application/xml; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "txt" => "text/plain; charset=utf-8",
        "wasm" => "application/wasm",
        "woff2" => "font/woff2",
        "webmanifest" => "application/manifest+json",
        _ => "application/octet-stream",
    }
}

/// Files whose names change with their contents: Vite's assets and Pagefind's index chunks.
pub fn is_hashed(name: &str) -> bool {
    name.starts_with("assets/")
        || ["pagefind/fragment/", "pagefind/index/", "pagefind/filter/"].iter().any(|p| name.starts_with(p))
        || (name.starts_with("pagefind/") && name.ends_with(".pf_meta"))
}

impl SiteFiles {
    /// Reads the whole build directory. Hidden files (`.build-stamp`, `.csp`) are not served.
    pub fn load(dir: &Path) -> anyhow::Result<SiteFiles> {
        let mut raw: HashMap<String, Vec<u8>> = HashMap::new();
        for e in walkdir::WalkDir::new(dir).into_iter().filter_map(Result::ok) {
            if !e.file_type().is_file() {
                continue;
            }
            let rel = e.path().strip_prefix(dir)?.to_string_lossy().replace('\\', "/");
            if rel.split('/').any(|seg| seg.starts_with('.')) {
                continue;
            }
            raw.insert(rel, std::fs::read(e.path())?);
        }
        let mut files = HashMap::new();
        let names: Vec<String> = raw.keys().filter(|k| !k.ends_with(".br") && !k.ends_with(".gz")).cloned().collect();
        for name in names {
            let body = raw.remove(&name).unwrap();
            let etag = {
                let h = Sha256::digest(&body);
                format!("\"{}\"", h[..12].iter().map(|b| format!("{b:02x}")).collect::<String>())
            };
            let file = File {
                br: raw.remove(&format!("{name}.br")).map(Bytes::from),
                gzip: raw.remove(&format!("{name}.gz")).map(Bytes::from),
                content_type: content_type(&name),
                immutable: is_hashed(&name),
                etag,
                body: Bytes::from(body),
            };
            files.insert(name, file);
        }
        // Leftover .br/.gz without an original are served as what they are.
        for (name, body) in raw {
            let etag = format!("\"{}\"", body.len());
            files.insert(
                name.clone(),
                File {
                    body: Bytes::from(body),
                    br: None,
                    gzip: None,
                    content_type: content_type(&name),
                    etag,
                    immutable: false,
                },
            );
        }
        let csp = std::fs::read_to_string(dir.join(".csp")).ok().map(|s| s.trim().to_string());
        Ok(SiteFiles { files, csp })
    }

    pub fn get(&self, key: &str) -> Option<&File> {
        self.files.get(key)
    }

    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }
}
