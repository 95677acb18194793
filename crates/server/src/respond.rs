//! One request in, one response out: method, path rules, lookup, then the representation
//! (`negotiate`), the conditional and partial answers (`conditional`). The headers of each
//! representation were worked out at load (`files`, from the `rules` table).

use crate::body::ResponseBody;
use crate::conditional::{self, Part};
use crate::files::{File, SiteFiles, Variant};
use crate::negotiate::{self, Encoding};
use bytes::Bytes;
use headers::{ContentRange, HeaderMapExt};
use http::header::{ACCEPT_RANGES, ALLOW, CONTENT_LENGTH, LOCATION};
use http::{HeaderMap, HeaderValue, Method, Response, StatusCode, Uri};
use percent_encoding::{CONTROLS, percent_decode_str, utf8_percent_encode};
use std::borrow::Cow;

const MAX_PATH: usize = 2048;
/// Browsers send a few KB of headers; far more is an attack or a bug. (Checked here, once the
/// head is read, rather than by hyper while reading: a connection closed with the rest of a
/// head unread is reset, and the client never sees the 431.)
const MAX_HEADERS: usize = 16 * 1024;

pub fn respond(
    files: &SiteFiles,
    base: &str,
    method: &Method,
    uri: &Uri,
    headers: &HeaderMap,
) -> Response<ResponseBody> {
    if method != Method::GET && method != Method::HEAD {
        let mut r = plain(files, StatusCode::METHOD_NOT_ALLOWED, "method not allowed");
        r.headers_mut().insert(ALLOW, HeaderValue::from_static("GET, HEAD"));
        return r;
    }
    if headers.iter().map(|(k, v)| k.as_str().len() + v.len() + 4).sum::<usize>() > MAX_HEADERS {
        return plain(files, StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE, "request headers too large");
    }
    let (file, status) = match target(files, base, uri) {
        Target::File(f) => (f, StatusCode::OK),
        Target::Missing => match files.get("404.html") {
            Some(f) => (f, StatusCode::NOT_FOUND),
            None => return plain(files, StatusCode::NOT_FOUND, "not found"),
        },
        Target::Redirect(location) => return redirect(files, &location),
        Target::Bad(status, why) => return plain(files, status, why),
    };
    let (variant, encoding) = negotiate::choose(headers, file);
    let head = method == Method::HEAD;
    if status == StatusCode::NOT_FOUND {
        let mut r = send(status, variant.headers.clone(), &variant.body, head);
        r.headers_mut().remove(ACCEPT_RANGES);
        return r;
    }
    if conditional::not_modified(headers, variant) {
        let mut h = variant.headers.clone();
        h.remove(CONTENT_LENGTH);
        return send(StatusCode::NOT_MODIFIED, h, &Bytes::new(), true);
    }
    if encoding != Encoding::Identity {
        return send(status, variant.headers.clone(), &variant.body, head);
    }
    partial(files, variant, headers, head)
}

/// An identity response: the whole file, the byte range asked for, or 416.
fn partial(files: &SiteFiles, variant: &Variant, headers: &HeaderMap, head: bool) -> Response<ResponseBody> {
    let len = variant.body.len() as u64;
    match conditional::part(headers, variant) {
        Part::Whole => send(StatusCode::OK, variant.headers.clone(), &variant.body, head),
        Part::Bytes(start, end) => {
            let mut h = variant.headers.clone();
            h.typed_insert(ContentRange::bytes(start..=end, len).expect("start <= end < len"));
            h.insert(CONTENT_LENGTH, HeaderValue::from(end - start + 1));
            let piece = variant.body.slice(start as usize..=end as usize);
            send(StatusCode::PARTIAL_CONTENT, h, &piece, head)
        }
        Part::Unsatisfiable => {
            let mut r = plain(files, StatusCode::RANGE_NOT_SATISFIABLE, "range not satisfiable");
            r.headers_mut().typed_insert(ContentRange::unsatisfied_bytes(len));
            r
        }
    }
}

fn send(status: StatusCode, headers: HeaderMap, body: &Bytes, head: bool) -> Response<ResponseBody> {
    let body = if head { ResponseBody::empty() } else { ResponseBody::full(body.clone()) };
    let mut r = Response::new(body);
    *r.status_mut() = status;
    *r.headers_mut() = headers;
    r
}

/// A short text answer with the site-wide rule headers.
pub fn plain(files: &SiteFiles, status: StatusCode, text: &str) -> Response<ResponseBody> {
    let mut h = files.plain.clone();
    let body = Bytes::from(format!("{text}\n"));
    h.insert(CONTENT_LENGTH, HeaderValue::from(body.len()));
    send(status, h, &body, false)
}

fn redirect(files: &SiteFiles, location: &str) -> Response<ResponseBody> {
    let mut r = plain(files, StatusCode::MOVED_PERMANENTLY, "moved");
    if let Ok(v) = HeaderValue::from_str(&utf8_percent_encode(location, CONTROLS).to_string()) {
        r.headers_mut().insert(LOCATION, v);
    }
    r
}

enum Target<'a> {
    File(&'a File),
    Missing,
    Redirect(String),
    Bad(StatusCode, &'static str),
}

/// Where a request path leads, below the base URL.
fn target<'a>(files: &'a SiteFiles, base: &str, uri: &Uri) -> Target<'a> {
    let raw = uri.path();
    if raw.len() > MAX_PATH {
        return Target::Bad(StatusCode::URI_TOO_LONG, "path too long");
    }
    let base_no_slash = base.trim_end_matches('/');
    if !base_no_slash.is_empty() && raw == base_no_slash {
        return Target::Redirect(base.to_string());
    }
    let path = match site_path(raw) {
        Ok(p) => p,
        Err(status) => return Target::Bad(status, "bad request path"),
    };
    match path.strip_prefix(base).or_else(|| (path == base_no_slash).then_some("")) {
        Some(rel) => lookup(files, rel, base, uri.query()),
        None => Target::Missing,
    }
}

/// Decodes and checks a request path. `Err` is the status to answer.
fn site_path(raw: &str) -> Result<Cow<'_, str>, StatusCode> {
    if raw.contains('\\') {
        return Err(StatusCode::BAD_REQUEST);
    }
    let decoded = percent_decode_str(raw).decode_utf8().map_err(|_| StatusCode::BAD_REQUEST)?;
    // `%5c` decodes to a backslash, `%2e%2e` to a `..` segment: both refused here.
    if decoded.contains('\0') || decoded.contains('\\') || decoded.split('/').any(|seg| seg == ".." || seg == ".") {
        return Err(StatusCode::BAD_REQUEST);
    }
    Ok(decoded)
}

/// The file for a site path: exact file, then the page of a pretty URL. `/docs/x/` is
/// `/docs/x`: the reader is sent to the canonical URL.
fn lookup<'a>(files: &'a SiteFiles, rel: &str, base: &str, query: Option<&str>) -> Target<'a> {
    if rel.is_empty() {
        return files.get("index.html").map_or(Target::Missing, Target::File);
    }
    if let Some(f) = files.get(rel) {
        return Target::File(f);
    }
    let trimmed = rel.trim_end_matches('/');
    match files.route(trimmed) {
        Some(_) if trimmed.len() < rel.len() => {
            let q = query.map(|q| format!("?{q}")).unwrap_or_default();
            Target::Redirect(format!("{base}{trimmed}{q}"))
        }
        Some(f) => Target::File(f),
        None => Target::Missing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site() -> (tempfile::TempDir, SiteFiles) {
        let dir = tempfile::tempdir().unwrap();
        let w = |rel: &str, body: &[u8]| {
            let p = dir.path().join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, body).unwrap();
        };
        w("index.html", b"<h1>home</h1>");
        w("docs/intro.html", b"<h1>intro</h1>");
        w("docs/intro.html.br", b"BROTLI");
        w("docs/intro.html.gz", b"GZIP");
        w("404.html", b"<h1>not found</h1>");
        w("blog/tags/\u{53d1}\u{5e03}.html", b"tag");
        w(".build-stamp", b"secret");
        w("range.txt", b"0123456789");
        let files = SiteFiles::load(dir.path()).unwrap();
        (dir, files)
    }

    fn get(files: &SiteFiles, base: &str, path: &str, headers: &[(&'static str, &str)]) -> Response<ResponseBody> {
        let mut h = HeaderMap::new();
        for (k, v) in headers {
            h.insert(*k, HeaderValue::from_str(v).unwrap());
        }
        respond(files, base, &Method::GET, &path.parse().unwrap(), &h)
    }

    fn status_and(r: &Response<ResponseBody>, name: impl http::header::AsHeaderName) -> (StatusCode, &str) {
        (r.status(), r.headers().get(name).map_or("", |v| v.to_str().unwrap()))
    }

    #[test]
    fn path_rules() {
        let (_d, f) = site();
        assert_eq!(get(&f, "/", "/", &[]).status(), StatusCode::OK);
        assert_eq!(get(&f, "/", "/docs/intro", &[]).status(), StatusCode::OK);
        assert_eq!(get(&f, "/", "/docs/intro.html", &[]).status(), StatusCode::OK);
        assert_eq!(get(&f, "/", "/blog/tags/%E5%8F%91%E5%B8%83", &[]).status(), StatusCode::OK);
        let r = get(&f, "/", "/docs/intro/?a=1", &[]);
        assert_eq!(status_and(&r, LOCATION), (StatusCode::MOVED_PERMANENTLY, "/docs/intro?a=1"));
        for bad in ["/a/../b", "/%2e%2e/x", "/a%5cb", "/a%00", "/%ff", "/a/./b"] {
            assert_eq!(get(&f, "/", bad, &[]).status(), StatusCode::BAD_REQUEST, "{bad}");
        }
        let long = format!("/{}", "a".repeat(3000));
        assert_eq!(get(&f, "/", &long, &[]).status(), StatusCode::URI_TOO_LONG);
    }

    #[test]
    fn missing_files_get_the_404_page() {
        let (_d, f) = site();
        for p in ["/nope", "/.build-stamp", "/docs/intro.html.br", "/docs/intro/x/"] {
            let r = get(&f, "/", p, &[("range", "bytes=0-1")]);
            assert_eq!(r.status(), StatusCode::NOT_FOUND, "{p}");
            assert!(r.headers().get(ACCEPT_RANGES).is_none());
        }
    }

    #[test]
    fn the_chosen_encoding_has_its_etag_and_a_304_keeps_it() {
        let (_d, f) = site();
        let r = get(&f, "/", "/docs/intro", &[("accept-encoding", "br;q=0.1, gzip")]);
        assert_eq!(r.headers()["content-encoding"], "gzip");
        let gzip_tag = r.headers()["etag"].to_str().unwrap().to_string();
        let r = get(&f, "/", "/docs/intro", &[("accept-encoding", "br")]);
        let br_tag = r.headers()["etag"].to_str().unwrap().to_string();
        assert_ne!(gzip_tag, br_tag);
        let weak = format!("W/{gzip_tag}");
        let r = get(&f, "/", "/docs/intro", &[("accept-encoding", "gzip"), ("if-none-match", &weak)]);
        assert_eq!(r.status(), StatusCode::NOT_MODIFIED);
        assert_eq!(r.headers()["etag"], gzip_tag.as_str());
        assert_eq!(r.headers()["vary"], "Accept-Encoding");
        assert!(r.headers().get(CONTENT_LENGTH).is_none());
        let r = get(&f, "/", "/docs/intro", &[("accept-encoding", "br"), ("if-none-match", &gzip_tag)]);
        assert_eq!(r.status(), StatusCode::OK, "the brotli body is another representation");
    }

    #[test]
    fn ranges_with_if_range() {
        let (_d, f) = site();
        let r = get(&f, "/", "/range.txt", &[("range", "bytes=2-4")]);
        assert_eq!(status_and(&r, "content-range"), (StatusCode::PARTIAL_CONTENT, "bytes 2-4/10"));
        assert_eq!(r.headers()[CONTENT_LENGTH], "3");
        let tag = r.headers()["etag"].to_str().unwrap().to_string();
        let r = get(&f, "/", "/range.txt", &[("range", "bytes=2-4"), ("if-range", &tag)]);
        assert_eq!(r.status(), StatusCode::PARTIAL_CONTENT);
        let r = get(&f, "/", "/range.txt", &[("range", "bytes=2-4"), ("if-range", "\"stale\"")]);
        assert_eq!(status_and(&r, CONTENT_LENGTH), (StatusCode::OK, "10"));
        let r = get(&f, "/", "/range.txt", &[("range", "bytes=50-")]);
        assert_eq!(status_and(&r, "content-range"), (StatusCode::RANGE_NOT_SATISFIABLE, "bytes */10"));
    }

    #[test]
    fn base_url() {
        let (_d, f) = site();
        assert_eq!(get(&f, "/zh/", "/zh/docs/intro", &[]).status(), StatusCode::OK);
        assert_eq!(get(&f, "/zh/", "/zh/", &[]).status(), StatusCode::OK);
        let r = get(&f, "/zh/", "/zh", &[]);
        assert_eq!(status_and(&r, LOCATION), (StatusCode::MOVED_PERMANENTLY, "/zh/"));
        assert_eq!(get(&f, "/zh/", "/docs/intro", &[]).status(), StatusCode::NOT_FOUND);
    }

    #[test]
    fn other_methods_are_refused() {
        let (_d, f) = site();
        let r = respond(&f, "/", &Method::POST, &"/".parse().unwrap(), &HeaderMap::new());
        assert_eq!(status_and(&r, ALLOW), (StatusCode::METHOD_NOT_ALLOWED, "GET, HEAD"));
    }
}
