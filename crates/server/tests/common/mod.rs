//! Shared by the server's public-API tests: a built site in a temp dir, a server on a free
//! loopback port, and a client that speaks HTTP/1.1 through hyper.
#![allow(dead_code)]

use bytes::Bytes;
use http::{HeaderMap, Request, StatusCode};
use http_body_util::{BodyExt, Empty};
use hyper_util::rt::TokioIo;
use site_server::{Follow, Server};
use std::net::SocketAddr;
use std::path::Path;
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

pub fn write(dir: &Path, rel: &str, body: &[u8]) {
    let p = dir.join(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, body).unwrap();
}

/// A small built site: pages with precompressed twins, hashed assets, Pagefind files.
pub fn site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "index.html", b"<h1>home</h1>");
    write(d, "docs/intro.html", b"<h1>intro</h1>");
    write(d, "docs/intro.html.br", b"BROTLI");
    write(d, "docs/intro.html.gz", b"GZIP");
    write(d, "404.html", b"<h1>not found</h1>");
    write(d, "assets/app-abc123.js", b"console.log(1)");
    write(d, "assets/app-abc123.js.br", b"BR-JS");
    write(d, "page-data/assets/intro.json", b"{}");
    write(d, "pagefind/fragment/zh_abc.pf_fragment", b"frag");
    write(d, "pagefind/pagefind.zh_123.pf_meta", b"meta");
    write(d, "pagefind/pagefind.js", b"js");
    write(d, "llms.txt", b"# llms");
    write(d, "docs/intro.md", b"# intro");
    write(d, "manifest.webmanifest", b"{}");
    write(d, ".build-stamp", b"1");
    write(d, ".csp", b"default-src 'self'; img-src 'self' data:");
    dir
}

/// Where the body starts in a raw HTTP/1.1 response: after the head's blank line.
pub fn body_start(response: &[u8]) -> Option<usize> {
    response.windows(4).position(|w| w == b"\r\n\r\n").map(|at| at + 4)
}

pub struct Running {
    pub addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    done: JoinHandle<anyhow::Result<()>>,
}

/// Serves on a free loopback port until `stop` (or until dropped).
pub fn start(server: Server, follow: Follow) -> Running {
    let listener = site_server::bind("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = listener.local_addr().unwrap();
    let (tx, rx) = oneshot::channel::<()>();
    let stopped = async move {
        let _ = rx.await;
    };
    let done = tokio::spawn(server.serve_until(listener, follow, stopped));
    Running { addr, stop: Some(tx), done }
}

impl Running {
    /// Asks the server to stop; resolves when it has.
    pub async fn stop(mut self) -> anyhow::Result<()> {
        drop(self.stop.take());
        (&mut self.done).await.unwrap()
    }

    pub fn begin_stop(&mut self) {
        drop(self.stop.take());
    }

    pub async fn finished(self) -> anyhow::Result<()> {
        self.done.await.unwrap()
    }

    pub async fn get(&self, path: &str, headers: &[(&str, &str)]) -> (StatusCode, HeaderMap, Bytes) {
        request(self.addr, "GET", path, headers).await
    }
}

/// One request on a fresh connection.
pub async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
) -> (StatusCode, HeaderMap, Bytes) {
    let stream = TcpStream::connect(addr).await.unwrap();
    let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream)).await.unwrap();
    tokio::spawn(conn);
    let mut req = Request::builder().method(method).uri(path).header("host", "localhost");
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let res = sender.send_request(req.body(Empty::<Bytes>::new()).unwrap()).await.unwrap();
    let (parts, body) = res.into_parts();
    (parts.status, parts.headers, body.collect().await.unwrap().to_bytes())
}
