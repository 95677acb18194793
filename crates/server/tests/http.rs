//! What a client sees over the wire: pages, 404s, negotiation with q-values, per-encoding
//! ETags, conditional and partial requests, HEAD, MIME types, base URL, oversized heads.

mod common;

use common::{Running, site, start};
use http::StatusCode;
use site_server::{Follow, Server};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn hv<'a>(h: &'a http::HeaderMap, name: &str) -> &'a str {
    h.get(name).map_or("", |v| v.to_str().unwrap())
}

fn serve(dir: &tempfile::TempDir, base: &str) -> Running {
    start(Server::new(dir.path(), base, None).unwrap(), Follow::Caller)
}

#[tokio::test]
async fn pages_by_route_and_the_404_page() {
    let d = site();
    let s = serve(&d, "/");
    let (st, h, body) = s.get("/", &[]).await;
    assert_eq!((st, &body[..]), (StatusCode::OK, &b"<h1>home</h1>"[..]));
    assert_eq!(h["content-type"], "text/html; charset=utf-8");
    let (st, _, body) = s.get("/docs/intro", &[]).await;
    assert_eq!((st, &body[..]), (StatusCode::OK, &b"<h1>intro</h1>"[..]));
    let (st, h, _) = s.get("/docs/intro/", &[]).await;
    assert_eq!((st, hv(&h, "location")), (StatusCode::MOVED_PERMANENTLY, "/docs/intro"));
    for p in ["/nope", "/.build-stamp", "/.csp", "/docs/intro.html.br"] {
        let (st, h, body) = s.get(p, &[]).await;
        assert_eq!((st, &body[..]), (StatusCode::NOT_FOUND, &b"<h1>not found</h1>"[..]), "{p}");
        assert_eq!(h["cache-control"], "no-cache");
    }
}

#[tokio::test]
async fn q_values_pick_the_encoding_and_each_has_its_etag() {
    let d = site();
    let s = serve(&d, "/");
    let (_, h, body) = s.get("/docs/intro", &[("accept-encoding", "br;q=0.1, gzip")]).await;
    assert_eq!((hv(&h, "content-encoding"), &body[..]), ("gzip", &b"GZIP"[..]));
    let gzip_tag = h["etag"].to_str().unwrap().to_string();
    let (_, h, body) = s.get("/docs/intro", &[("accept-encoding", "gzip, deflate, br")]).await;
    assert_eq!((hv(&h, "content-encoding"), &body[..]), ("br", &b"BROTLI"[..]));
    assert_eq!(h["vary"], "Accept-Encoding");
    let br_tag = h["etag"].to_str().unwrap().to_string();
    let (_, h, body) = s.get("/docs/intro", &[("accept-encoding", "br;q=0, gzip;q=0")]).await;
    assert!(h.get("content-encoding").is_none());
    assert_eq!(body, "<h1>intro</h1>");
    let identity_tag = h["etag"].to_str().unwrap().to_string();
    assert!(gzip_tag != br_tag && br_tag != identity_tag && gzip_tag != identity_tag);

    let weak = format!("W/{gzip_tag}");
    let (st, h, body) = s.get("/docs/intro", &[("accept-encoding", "gzip"), ("if-none-match", &weak)]).await;
    assert_eq!((st, body.len()), (StatusCode::NOT_MODIFIED, 0));
    assert_eq!(h["etag"], gzip_tag.as_str());
    let (st, _, _) = s.get("/docs/intro", &[("if-none-match", &weak)]).await;
    assert_eq!(st, StatusCode::OK, "the identity body is another representation");
}

#[tokio::test]
async fn ranges_honour_if_range() {
    let d = site();
    common::write(d.path(), "range.txt", b"0123456789");
    let s = serve(&d, "/");
    let (st, h, body) = s.get("/range.txt", &[("range", "bytes=2-4")]).await;
    assert_eq!((st, &body[..]), (StatusCode::PARTIAL_CONTENT, &b"234"[..]));
    assert_eq!(h["content-range"], "bytes 2-4/10");
    let tag = h["etag"].to_str().unwrap().to_string();
    let (st, _, body) = s.get("/range.txt", &[("range", "bytes=-3"), ("if-range", &tag)]).await;
    assert_eq!((st, &body[..]), (StatusCode::PARTIAL_CONTENT, &b"789"[..]));
    let (st, _, body) = s.get("/range.txt", &[("range", "bytes=2-4"), ("if-range", "\"other\"")]).await;
    assert_eq!((st, &body[..]), (StatusCode::OK, &b"0123456789"[..]));
    let (st, h, _) = s.get("/range.txt", &[("range", "bytes=50-60")]).await;
    assert_eq!((st, hv(&h, "content-range")), (StatusCode::RANGE_NOT_SATISFIABLE, "bytes */10"));
}

#[tokio::test]
async fn head_has_the_length_and_no_body() {
    let d = site();
    let s = serve(&d, "/");
    let (st, h, body) = common::request(s.addr, "HEAD", "/docs/intro", &[]).await;
    assert_eq!((st, hv(&h, "content-length"), body.len()), (StatusCode::OK, "14", 0));
    let (st, h, _) = common::request(s.addr, "POST", "/", &[]).await;
    assert_eq!((st, hv(&h, "allow")), (StatusCode::METHOD_NOT_ALLOWED, "GET, HEAD"));
}

#[tokio::test]
async fn mime_types_declare_utf8_on_text() {
    let d = site();
    let s = serve(&d, "/");
    for (path, ct) in [
        ("/docs/intro.md", "text/markdown; charset=utf-8"),
        ("/llms.txt", "text/plain; charset=utf-8"),
        ("/manifest.webmanifest", "application/manifest+json"),
        ("/assets/app-abc123.js", "text/javascript; charset=utf-8"),
        ("/page-data/assets/intro.json", "application/json"),
    ] {
        let (_, h, _) = s.get(path, &[]).await;
        assert_eq!(h["content-type"], ct, "{path}");
    }
}

#[tokio::test]
async fn base_url_is_honoured() {
    let d = site();
    let s = serve(&d, "/zh/");
    let (st, _, body) = s.get("/zh/docs/intro", &[]).await;
    assert_eq!((st, &body[..]), (StatusCode::OK, &b"<h1>intro</h1>"[..]));
    let (st, h, _) = s.get("/zh", &[]).await;
    assert_eq!((st, hv(&h, "location")), (StatusCode::MOVED_PERMANENTLY, "/zh/"));
    let (st, _, _) = s.get("/docs/intro", &[]).await;
    assert_eq!(st, StatusCode::NOT_FOUND);
}

/// Raw bytes: the status line of what comes back.
async fn raw(addr: std::net::SocketAddr, request: &[u8]) -> String {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream.write_all(request).await.unwrap();
    let mut out = Vec::new();
    let _ = stream.read_to_end(&mut out).await;
    String::from_utf8_lossy(&out).lines().next().unwrap_or("").to_string()
}

#[tokio::test]
async fn oversized_heads_and_paths_are_refused() {
    let d = site();
    let s = serve(&d, "/");
    let big = format!("GET / HTTP/1.1\r\nHost: x\r\nX-Long: {}\r\nConnection: close\r\n\r\n", "b".repeat(20_000));
    let answer = raw(s.addr, big.as_bytes()).await;
    assert!(answer.starts_with("HTTP/1.1 431"), "{answer}");
    let long = format!("GET /{} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", "a".repeat(5000));
    assert!(raw(s.addr, long.as_bytes()).await.starts_with("HTTP/1.1 414"));
    let traversal = b"GET /docs/..%2f..%2fetc%2fpasswd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    assert!(raw(s.addr, traversal).await.starts_with("HTTP/1.1 400"));
}

#[tokio::test]
async fn pipelined_requests_on_one_connection() {
    let d = site();
    let s = serve(&d, "/");
    let two = b"GET / HTTP/1.1\r\nHost: x\r\n\r\nGET /docs/intro HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    let mut stream = tokio::net::TcpStream::connect(s.addr).await.unwrap();
    stream.write_all(two).await.unwrap();
    let mut out = Vec::new();
    stream.read_to_end(&mut out).await.unwrap();
    let text = String::from_utf8_lossy(&out);
    assert_eq!(text.matches("HTTP/1.1 200 OK").count(), 2, "{text}");
    assert!(text.contains("<h1>home</h1>") && text.ends_with("<h1>intro</h1>"), "{text}");
}

fn pattern(len: u32, step: u32) -> Vec<u8> {
    (0..len).map(|i| (i.wrapping_mul(step) % 251) as u8).collect()
}

#[tokio::test]
async fn large_bodies_arrive_whole_in_every_form() {
    let d = site();
    let (body, br) = (pattern(300_000, 7), pattern(120_000, 13));
    common::write(d.path(), "assets/big-abc.js", &body);
    common::write(d.path(), "assets/big-abc.js.br", &br);
    let server = Server::new(d.path(), "/", None).unwrap();
    let s = start(server.clone(), Follow::Caller);
    let (_, _, got) = s.get("/assets/big-abc.js", &[]).await;
    assert!(got == body, "identity body differs");
    let (_, h, got) = s.get("/assets/big-abc.js", &[("accept-encoding", "br")]).await;
    assert_eq!(hv(&h, "content-length"), "120000");
    assert!(got == br, "brotli body differs");
    let (st, _, got) = s.get("/assets/big-abc.js", &[("range", "bytes=100000-250000")]).await;
    assert_eq!(st, StatusCode::PARTIAL_CONTENT);
    assert!(got == body[100_000..=250_000], "range differs");
    let (st, _, got) = s.get("/assets/big-abc.js", &[("range", "bytes=-10")]).await;
    assert_eq!(st, StatusCode::PARTIAL_CONTENT);
    assert!(got == body[body.len() - 10..], "the last bytes differ");

    // A slow reader with a small window: the body goes out in many partial writes.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut stream = socket.connect(s.addr).await.unwrap();
    let two = "GET /assets/big-abc.js HTTP/1.1\r\nHost: x\r\nAccept-Encoding: br\r\n\r\n\
               GET /assets/big-abc.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    stream.write_all(two.as_bytes()).await.unwrap();
    let mut all = Vec::new();
    let mut chunk = [0u8; 8192];
    loop {
        let n = stream.read(&mut chunk).await.unwrap();
        if n == 0 {
            break;
        }
        all.extend_from_slice(&chunk[..n]);
        if all.len() % 7 == 0 {
            tokio::time::sleep(std::time::Duration::from_millis(1)).await;
        }
    }
    let first_head = common::body_start(&all).unwrap();
    assert!(all[first_head..first_head + br.len()] == br[..], "first response differs");
    let rest = &all[first_head + br.len()..];
    let second_head = common::body_start(rest).unwrap();
    assert!(rest[second_head..] == body[..], "second response differs");

    // On Linux these bodies (over 32 KB) went out by `sendfile` from the sealed arena, not
    // copied into the socket; the small pages did not.
    let large = 2 * body.len() + 2 * br.len() + 150_001 + 10;
    let sent = server.bytes_sent_from_arena();
    if cfg!(target_os = "linux") {
        assert_eq!(sent, large as u64, "bytes sent from the arena");
    } else {
        assert_eq!(sent, 0);
    }
}
