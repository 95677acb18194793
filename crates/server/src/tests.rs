use super::*;
use axum::http::{StatusCode, header};
use http_body_util::BodyExt;
use tower::ServiceExt;

fn site() -> tempfile::TempDir {
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
    w("assets/app-abc123.js", b"console.log(1)");
    w("page-data/docs/intro.json", b"{}");
    w("blog/tags/发布.html", b"tag");
    w(".build-stamp", b"secret");
    w(".csp", b"default-src 'self'");
    w("range.txt", b"0123456789");
    w("pagefind/fragment/zh-hans_abc.pf_fragment", b"frag");
    w("pagefind/pagefind.js", b"js");
    dir
}

async fn get(server: &Server, method: &str, path: &str, headers: &[(&str, &str)]) -> (StatusCode, HeaderMap, Vec<u8>) {
    let mut req = Request::builder().method(method).uri(path);
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let res = server.clone().router().oneshot(req.body(Body::empty()).unwrap()).await.unwrap();
    let status = res.status();
    let h = res.headers().clone();
    let body = res.into_body().collect().await.unwrap().to_bytes().to_vec();
    (status, h, body)
}

fn server(dir: &tempfile::TempDir, base: &str) -> Server {
    Server::new(dir.path(), base, None).unwrap()
}

#[tokio::test]
async fn pages_by_route_with_html_lookup() {
    let d = site();
    let s = server(&d, "/");
    let (st, h, body) = get(&s, "GET", "/", &[]).await;
    assert_eq!((st, body.as_slice()), (StatusCode::OK, &b"<h1>home</h1>"[..]));
    assert_eq!(h[header::CONTENT_TYPE], "text/html; charset=utf-8");
    assert_eq!(h[header::CACHE_CONTROL], "no-cache");
    let (st, _, body) = get(&s, "GET", "/docs/intro", &[]).await;
    assert_eq!((st, body.as_slice()), (StatusCode::OK, &b"<h1>intro</h1>"[..]));
    let (st, _, _) = get(&s, "GET", "/docs/intro.html", &[]).await;
    assert_eq!(st, StatusCode::OK);
    let (st, _, body) = get(&s, "GET", "/blog/tags/%E5%8F%91%E5%B8%83", &[]).await;
    assert_eq!((st, body.as_slice()), (StatusCode::OK, &b"tag"[..]));
    let (st, h, _) = get(&s, "GET", "/docs/intro/", &[]).await;
    assert_eq!(st, StatusCode::MOVED_PERMANENTLY);
    assert_eq!(h[header::LOCATION], "/docs/intro");
}

#[tokio::test]
async fn unknown_paths_get_the_404_page_with_status_404() {
    let d = site();
    let s = server(&d, "/");
    for p in ["/nope", "/docs/nope", "/page-data/nope.json", "/.build-stamp", "/.csp", "/docs/intro.html.br"] {
        let (st, h, body) = get(&s, "GET", p, &[]).await;
        assert_eq!(st, StatusCode::NOT_FOUND, "{p}");
        if p != "/docs/intro.html.br" {
            assert_eq!(body, b"<h1>not found</h1>", "{p}");
        }
        assert_eq!(h[header::CACHE_CONTROL], "no-cache");
    }
}

#[tokio::test]
async fn compression_negotiation() {
    let d = site();
    let s = server(&d, "/");
    let (_, h, body) = get(&s, "GET", "/docs/intro", &[("accept-encoding", "gzip, deflate, br")]).await;
    assert_eq!((h[header::CONTENT_ENCODING].to_str().unwrap(), body.as_slice()), ("br", &b"BROTLI"[..]));
    assert_eq!(h[header::VARY], "Accept-Encoding");
    let (_, h, body) = get(&s, "GET", "/docs/intro", &[("accept-encoding", "gzip")]).await;
    assert_eq!((h[header::CONTENT_ENCODING].to_str().unwrap(), body.as_slice()), ("gzip", &b"GZIP"[..]));
    let (_, h, body) = get(&s, "GET", "/docs/intro", &[("accept-encoding", "br;q=0, gzip;q=0")]).await;
    assert!(h.get(header::CONTENT_ENCODING).is_none());
    assert_eq!(body, b"<h1>intro</h1>");
    let (_, h, _) = get(&s, "GET", "/docs/intro", &[]).await;
    assert!(h.get(header::CONTENT_ENCODING).is_none());
}

#[tokio::test]
async fn cache_and_security_headers() {
    let d = site();
    let s = server(&d, "/");
    let (_, h, _) = get(&s, "GET", "/assets/app-abc123.js", &[]).await;
    assert_eq!(h[header::CACHE_CONTROL], "public, max-age=31536000, immutable");
    assert_eq!(h[header::CONTENT_TYPE], "text/javascript; charset=utf-8");
    let (_, h, _) = get(&s, "GET", "/page-data/docs/intro.json", &[]).await;
    assert_eq!(h[header::CACHE_CONTROL], "no-cache");
    let (_, h, _) = get(&s, "GET", "/pagefind/fragment/zh-hans_abc.pf_fragment", &[]).await;
    assert_eq!(h[header::CACHE_CONTROL], "public, max-age=31536000, immutable");
    let (_, h, _) = get(&s, "GET", "/pagefind/pagefind.js", &[]).await;
    assert_eq!(h[header::CACHE_CONTROL], "no-cache");
    assert_eq!(h["x-content-type-options"], "nosniff");
    assert_eq!(h["referrer-policy"], "strict-origin-when-cross-origin");
    assert_eq!(h["content-security-policy"], "default-src 'self'");
}

#[tokio::test]
async fn etag_revalidation() {
    let d = site();
    let s = server(&d, "/");
    let (_, h, _) = get(&s, "GET", "/docs/intro", &[]).await;
    let etag = h[header::ETAG].to_str().unwrap().to_string();
    let (st, _, body) = get(&s, "GET", "/docs/intro", &[("if-none-match", &etag)]).await;
    assert_eq!(st, StatusCode::NOT_MODIFIED);
    assert!(body.is_empty());
}

#[tokio::test]
async fn traversal_and_bad_paths_are_rejected() {
    let d = site();
    let s = server(&d, "/");
    for p in [
        "/../etc/passwd",
        "/docs/..%2f..%2fetc%2fpasswd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/docs/%2E%2E/secret",
        "/..%5c..%5cwindows",
        "/docs/%00.html",
        "/%ff%fe",
        "/a/./b",
    ] {
        let (st, _, body) = get(&s, "GET", p, &[]).await;
        assert!(st.is_client_error(), "{p} gave {st}");
        assert!(!String::from_utf8_lossy(&body).contains("root:"), "{p}");
    }
    // Double encoding decodes once to a literal `%2e%2e`: no such file.
    let (st, _, _) = get(&s, "GET", "/%252e%252e/%252e%252e/etc/passwd", &[]).await;
    assert_eq!(st, StatusCode::NOT_FOUND);
    let long = format!("/{}", "a".repeat(5000));
    let (st, _, _) = get(&s, "GET", &long, &[]).await;
    assert_eq!(st, StatusCode::URI_TOO_LONG);
    let big = "b".repeat(20_000);
    let (st, _, _) = get(&s, "GET", "/", &[("x-long", &big)]).await;
    assert_eq!(st, StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE);
}

#[tokio::test]
async fn methods_other_than_get_and_head() {
    let d = site();
    let s = server(&d, "/");
    for m in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"] {
        let (st, h, _) = get(&s, m, "/", &[]).await;
        assert_eq!(st, StatusCode::METHOD_NOT_ALLOWED, "{m}");
        assert_eq!(h[header::ALLOW], "GET, HEAD");
    }
    let (st, h, body) = get(&s, "HEAD", "/docs/intro", &[]).await;
    assert_eq!(st, StatusCode::OK);
    assert!(body.is_empty());
    assert_eq!(h[header::CONTENT_LENGTH], "14");
}

#[tokio::test]
async fn ranges() {
    let d = site();
    let s = server(&d, "/");
    let (st, h, body) = get(&s, "GET", "/range.txt", &[("range", "bytes=2-4")]).await;
    assert_eq!((st, body.as_slice()), (StatusCode::PARTIAL_CONTENT, &b"234"[..]));
    assert_eq!(h[header::CONTENT_RANGE], "bytes 2-4/10");
    let (_, _, body) = get(&s, "GET", "/range.txt", &[("range", "bytes=-3")]).await;
    assert_eq!(body, b"789");
    let (st, _, _) = get(&s, "GET", "/range.txt", &[("range", "bytes=50-60")]).await;
    assert_eq!(st, StatusCode::RANGE_NOT_SATISFIABLE);
    for bad in ["bytes=abc", "bytes=5-2", "chars=1-2", "bytes=1-2,4-5", "bytes=-", "bytes=99999999999999999999999-"] {
        let (st, _, body) = get(&s, "GET", "/range.txt", &[("range", bad)]).await;
        assert_eq!((st, body.as_slice()), (StatusCode::OK, &b"0123456789"[..]), "{bad}");
    }
}

#[tokio::test]
async fn base_url_is_honoured() {
    let d = site();
    let s = server(&d, "/zh/");
    let (st, _, body) = get(&s, "GET", "/zh/docs/intro", &[]).await;
    assert_eq!((st, body.as_slice()), (StatusCode::OK, &b"<h1>intro</h1>"[..]));
    let (st, _, body) = get(&s, "GET", "/zh/", &[]).await;
    assert_eq!((st, body.as_slice()), (StatusCode::OK, &b"<h1>home</h1>"[..]));
    let (st, h, _) = get(&s, "GET", "/zh", &[]).await;
    assert_eq!(st, StatusCode::MOVED_PERMANENTLY);
    assert_eq!(h[header::LOCATION], "/zh/");
    let (st, _, _) = get(&s, "GET", "/docs/intro", &[]).await;
    assert_eq!(st, StatusCode::NOT_FOUND);
}
