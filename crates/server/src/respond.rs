//! One request in, one response out: path rules, lookup, negotiation, headers.

use crate::files::{File, SiteFiles};
use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, Method, Response, StatusCode, Uri, header};
use percent_encoding::percent_decode_str;

const MAX_PATH: usize = 2048;
/// Browsers send a few KB of headers; far more is an attack or a bug.
const MAX_HEADERS: usize = 16 * 1024;

/// The default policy: exactly what the site uses. The build writes a precise one (with the
/// hashes of the inline scripts) to `build/.csp`, which takes precedence.
pub const DEFAULT_CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

fn plain(status: StatusCode, text: &str) -> Response<Body> {
    let mut r = Response::new(Body::from(format!("{text}\n")));
    *r.status_mut() = status;
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    security(r.headers_mut(), None);
    r
}

fn security(h: &mut HeaderMap, csp: Option<&str>) {
    h.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
    h.insert("referrer-policy", HeaderValue::from_static("strict-origin-when-cross-origin"));
    h.insert("x-frame-options", HeaderValue::from_static("DENY"));
    let csp =
        HeaderValue::from_str(csp.unwrap_or(DEFAULT_CSP)).unwrap_or_else(|_| HeaderValue::from_static(DEFAULT_CSP));
    h.insert("content-security-policy", csp);
}

/// Decodes and checks a request path below the base URL. `Err` is the status to answer.
fn site_path(raw: &str) -> Result<String, StatusCode> {
    if raw.contains('\\') || raw.to_ascii_lowercase().contains("%5c") {
        return Err(StatusCode::BAD_REQUEST);
    }
    let decoded = percent_decode_str(raw).decode_utf8().map_err(|_| StatusCode::BAD_REQUEST)?;
    if decoded.contains('\0') || decoded.contains('\\') {
        return Err(StatusCode::BAD_REQUEST);
    }
    if decoded.split('/').any(|seg| seg == ".." || seg == ".") {
        return Err(StatusCode::BAD_REQUEST);
    }
    Ok(decoded.into_owned())
}

/// The file for a site path: exact file, then `path.html`, then `path/index.html`.
fn lookup<'a>(files: &'a SiteFiles, rel: &str) -> Option<(&'a File, bool)> {
    if rel.is_empty() {
        return files.get("index.html").map(|f| (f, true));
    }
    if let Some(f) = files.get(rel) {
        return Some((f, rel.ends_with(".html")));
    }
    let trimmed = rel.trim_end_matches('/');
    files.get(&format!("{trimmed}.html")).or_else(|| files.get(&format!("{trimmed}/index.html"))).map(|f| (f, true))
}

#[derive(Clone, Copy, PartialEq)]
enum Encoding {
    Identity,
    Gzip,
    Brotli,
}

/// Picks brotli or gzip when the client accepts it (q=0 refuses).
fn negotiate(headers: &HeaderMap, file: &File) -> Encoding {
    let accept = headers.get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()).unwrap_or("");
    let accepts = |name: &str| {
        accept.split(',').any(|part| {
            let mut it = part.split(';');
            let token = it.next().unwrap_or("").trim();
            let q =
                it.find_map(|p| p.trim().strip_prefix("q=")).and_then(|q| q.trim().parse::<f32>().ok()).unwrap_or(1.0);
            (token.eq_ignore_ascii_case(name) || token == "*") && q > 0.0
        })
    };
    if file.br.is_some() && accepts("br") {
        Encoding::Brotli
    } else if file.gzip.is_some() && accepts("gzip") {
        Encoding::Gzip
    } else {
        Encoding::Identity
    }
}

/// A single `bytes=` range within `len`: `Ok(None)` when there is no usable Range header
/// (malformed ones are ignored, as HTTP allows), `Err(())` when it cannot be satisfied.
fn range(headers: &HeaderMap, len: usize) -> Result<Option<(usize, usize)>, ()> {
    let Some(v) = headers.get(header::RANGE).and_then(|v| v.to_str().ok()) else { return Ok(None) };
    let Some(spec) = v.trim().strip_prefix("bytes=") else { return Ok(None) };
    if spec.contains(',') {
        return Ok(None);
    }
    let Some((a, b)) = spec.split_once('-') else { return Ok(None) };
    let (a, b) = (a.trim(), b.trim());
    let parsed = match (a.is_empty(), b.is_empty()) {
        (false, _) => {
            let Ok(start) = a.parse::<usize>() else { return Ok(None) };
            let end = if b.is_empty() {
                len.saturating_sub(1)
            } else {
                match b.parse::<usize>() {
                    Ok(e) => e.min(len.saturating_sub(1)),
                    Err(_) => return Ok(None),
                }
            };
            if !b.is_empty() && b.parse::<usize>().is_ok_and(|e| e < start) {
                return Ok(None);
            }
            (start, end)
        }
        (true, false) => {
            let Ok(n) = b.parse::<usize>() else { return Ok(None) };
            if n == 0 {
                return Err(());
            }
            (len.saturating_sub(n), len.saturating_sub(1))
        }
        (true, true) => return Ok(None),
    };
    if len == 0 || parsed.0 >= len { Err(()) } else { Ok(Some(parsed)) }
}

pub fn respond(files: &SiteFiles, base: &str, method: &Method, uri: &Uri, headers: &HeaderMap) -> Response<Body> {
    if method != Method::GET && method != Method::HEAD {
        let mut r = plain(StatusCode::METHOD_NOT_ALLOWED, "method not allowed");
        r.headers_mut().insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return r;
    }
    let header_bytes: usize = headers.iter().map(|(k, v)| k.as_str().len() + v.len() + 4).sum();
    if header_bytes > MAX_HEADERS {
        return plain(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE, "request headers too large");
    }
    let raw = uri.path();
    if raw.len() > MAX_PATH {
        return plain(StatusCode::URI_TOO_LONG, "path too long");
    }
    let base_no_slash = base.trim_end_matches('/');
    if !base_no_slash.is_empty() && raw == base_no_slash {
        let mut r = plain(StatusCode::MOVED_PERMANENTLY, "moved");
        r.headers_mut().insert(header::LOCATION, HeaderValue::from_str(base).unwrap_or(HeaderValue::from_static("/")));
        return r;
    }
    let path = match site_path(raw) {
        Ok(p) => p,
        Err(status) => return plain(status, "bad request path"),
    };
    let found = path.strip_prefix(base).or_else(|| (path == base_no_slash).then_some("")).and_then(|rel| {
        // `/docs/x/` is `/docs/x`: send the reader to the canonical URL.
        if rel.ends_with('/') && !rel.is_empty() && files.get(rel).is_none() && lookup(files, rel).is_some() {
            return Some(Err(format!("{base}{}", rel.trim_end_matches('/'))));
        }
        lookup(files, rel).map(Ok)
    });
    let (file, status) = match found {
        Some(Ok((f, _))) => (f, StatusCode::OK),
        Some(Err(location)) => {
            let mut r = plain(StatusCode::MOVED_PERMANENTLY, "moved");
            let q = uri.query().map(|q| format!("?{q}")).unwrap_or_default();
            if let Ok(v) = HeaderValue::from_str(
                &percent_encoding::utf8_percent_encode(&format!("{location}{q}"), percent_encoding::CONTROLS)
                    .to_string(),
            ) {
                r.headers_mut().insert(header::LOCATION, v);
            }
            return r;
        }
        None => match files.get("404.html") {
            Some(f) => (f, StatusCode::NOT_FOUND),
            None => return plain(StatusCode::NOT_FOUND, "not found"),
        },
    };

    let mut r = Response::new(Body::empty());
    *r.status_mut() = status;
    let h = r.headers_mut();
    security(h, files.csp.as_deref());
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(file.content_type));
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(if file.immutable && status == StatusCode::OK {
            "public, max-age=31536000, immutable"
        } else {
            "no-cache"
        }),
    );
    if let Ok(v) = HeaderValue::from_str(&file.etag) {
        h.insert(header::ETAG, v);
    }
    if file.br.is_some() || file.gzip.is_some() {
        h.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    }
    if status == StatusCode::OK
        && headers
            .get(header::IF_NONE_MATCH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.split(',').any(|t| t.trim() == file.etag || t.trim() == "*"))
    {
        *r.status_mut() = StatusCode::NOT_MODIFIED;
        return r;
    }
    let encoding = negotiate(headers, file);
    let body = match encoding {
        Encoding::Brotli => {
            h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("br"));
            file.br.clone().unwrap()
        }
        Encoding::Gzip => {
            h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            file.gzip.clone().unwrap()
        }
        Encoding::Identity => file.body.clone(),
    };
    let mut bytes = body.clone();
    let mut partial = None;
    if status == StatusCode::OK && encoding == Encoding::Identity {
        h.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
        match range(headers, body.len()) {
            Ok(Some((start, end))) => {
                partial = Some(format!("bytes {start}-{end}/{}", body.len()));
                bytes = body.slice(start..=end);
            }
            Ok(None) => {}
            Err(()) => {
                let mut r = plain(StatusCode::RANGE_NOT_SATISFIABLE, "range not satisfiable");
                if let Ok(v) = HeaderValue::from_str(&format!("bytes */{}", body.len())) {
                    r.headers_mut().insert(header::CONTENT_RANGE, v);
                }
                return r;
            }
        }
    }
    if let Some(cr) = partial {
        *r.status_mut() = StatusCode::PARTIAL_CONTENT;
        if let Ok(v) = HeaderValue::from_str(&cr) {
            r.headers_mut().insert(header::CONTENT_RANGE, v);
        }
    }
    r.headers_mut().insert(header::CONTENT_LENGTH, HeaderValue::from(bytes.len()));
    if method != Method::HEAD {
        *r.body_mut() = Body::from(bytes);
    }
    r
}
