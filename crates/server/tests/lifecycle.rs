//! A server that runs for months: bind errors that say what to do, a stop that lets requests
//! in flight finish (and refuses new ones), and new builds picked up without a restart.

mod common;

use common::{site, start, write};
use site_server::{Follow, Limits, Server, bind};
use std::path::Path;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

#[test]
fn a_taken_port_names_the_port_and_the_flag() {
    let first = bind("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = first.local_addr().unwrap();
    let err = bind(addr).err().unwrap().to_string();
    assert_eq!(
        err,
        format!("port {} is already in use: stop the other server or pick another port with --port", addr.port())
    );
}

#[test]
fn no_site_says_what_to_run() {
    let d = tempfile::tempdir().unwrap();
    let err = Server::new(&d.path().join("build"), "/", None).err().unwrap().to_string();
    assert!(
        err.ends_with(
            "build has no site in it: run `cargo run --release -- build` first, or `serve` without --no-build"
        ),
        "{err}"
    );
}

/// Sends a GET for `path` and reads only the response head: the rest waits in the socket,
/// whose small receive buffer keeps most of the body in the server.
async fn start_slow_download(addr: std::net::SocketAddr, path: &str) -> (TcpStream, Vec<u8>) {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(64 * 1024).unwrap();
    let mut stream = socket.connect(addr).await.unwrap();
    stream.write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes()).await.unwrap();
    let mut got = vec![0u8; 4096];
    let n = stream.read(&mut got).await.unwrap();
    got.truncate(n);
    (stream, got)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stop_finishes_requests_in_flight_and_refuses_new_ones() {
    let d = site();
    let big = vec![b'x'; 16 << 20];
    write(d.path(), "big.bin", &big);
    let mut s = start(Server::new(d.path(), "/", None).unwrap(), Follow::Caller);
    let (mut stream, mut got) = start_slow_download(s.addr, "/big.bin").await;
    assert!(String::from_utf8_lossy(&got).starts_with("HTTP/1.1 200"));
    s.begin_stop();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(TcpStream::connect(s.addr).await.is_err(), "the port still accepts after the stop");
    stream.read_to_end(&mut got).await.unwrap();
    let head_end = common::body_start(&got).unwrap();
    assert_eq!(got.len() - head_end, big.len(), "the download in flight was cut short");
    let stopping = Instant::now();
    s.finished().await.unwrap();
    assert!(stopping.elapsed() < Duration::from_secs(2));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stop_waits_no_longer_than_the_drain_limit() {
    let d = site();
    write(d.path(), "big.bin", &vec![b'x'; 16 << 20]);
    let limits = Limits { drain: Duration::from_millis(500), ..Limits::default() };
    let mut s = start(Server::new(d.path(), "/", None).unwrap().with_limits(limits), Follow::Caller);
    let (_never_read, _) = start_slow_download(s.addr, "/big.bin").await;
    let stopping = Instant::now();
    s.begin_stop();
    s.finished().await.unwrap();
    let took = stopping.elapsed();
    assert!(took >= Duration::from_millis(450) && took < Duration::from_secs(2), "{took:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_download_in_flight_keeps_its_build_when_the_file_changes_and_the_server_reloads() {
    let d = site();
    let old: Vec<u8> = (0..8u32 << 20).map(|i| (i % 251) as u8).collect();
    write(d.path(), "big.bin", &old);
    let server = Server::new(d.path(), "/", None).unwrap();
    let s = start(server.clone(), Follow::Caller);
    let (mut stream, mut got) = start_slow_download(s.addr, "/big.bin").await;
    // Rewritten in place, then loaded: the download in flight was sent partly from the old
    // build's memory file and goes on from its memory, and must stay the old file whole.
    write(d.path(), "big.bin", &vec![b'n'; 4 << 20]);
    server.reload_files().unwrap();
    let (_, h, now) = s.get("/big.bin", &[]).await;
    assert_eq!((h["content-length"].to_str().unwrap(), now.iter().all(|&b| b == b'n')), ("4194304", true));
    let head_end = loop {
        if let Some(at) = common::body_start(&got) {
            break at;
        }
        let mut more = [0u8; 4096];
        let n = stream.read(&mut more).await.unwrap();
        got.extend_from_slice(&more[..n]);
    };
    let mut body = got.split_off(head_end);
    let have = body.len();
    body.resize(old.len(), 0);
    stream.read_exact(&mut body[have..]).await.unwrap();
    assert!(body == old, "the download in flight changed");
}

/// What `docsite build` does: the new site in `build.partial/`, then moved into place.
fn swap_in_build(root: &Path, files: &[(&str, String)]) {
    let partial = root.join("build.partial");
    for (rel, body) in files {
        write(&partial, rel, body.as_bytes());
    }
    let out = root.join("build");
    std::fs::remove_dir_all(&out).unwrap();
    std::fs::rename(&partial, &out).unwrap();
}

fn build_files(n: usize, label: &str, with_index: bool) -> Vec<(&'static str, String)> {
    let mut files: Vec<(&'static str, String)> = Vec::new();
    if with_index {
        files.push(("index.html", format!("<h1>{label}</h1>")));
    }
    files.push((".build-stamp", label.to_string()));
    for i in 0..n {
        files.push((Box::leak(format!("docs/p{i}.html").into_boxed_str()), format!("{label} page {i}")));
    }
    files
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_switches_to_a_new_build_whole_and_keeps_the_old_when_the_new_is_broken() {
    let root = tempfile::tempdir().unwrap();
    let out = root.path().join("build");
    std::fs::create_dir(&out).unwrap();
    for (rel, body) in build_files(200, "one", true) {
        write(&out, rel, body.as_bytes());
    }
    let limits = Limits { build_poll: Duration::from_millis(100), ..Limits::default() };
    let s = start(Server::new(&out, "/", None).unwrap().with_limits(limits), Follow::NewBuilds);
    assert_eq!(s.get("/", &[]).await.2, "<h1>one</h1>");

    swap_in_build(root.path(), &build_files(200, "two", true));
    let switched = Instant::now();
    while s.get("/", &[]).await.2 != "<h1>two</h1>" {
        assert!(switched.elapsed() < Duration::from_secs(5), "the new build was not picked up");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // Loaded whole before the switch: every page is already the new one.
    for i in [0, 99, 199] {
        assert_eq!(s.get(&format!("/docs/p{i}"), &[]).await.2, format!("two page {i}"));
    }

    // A new stamp over a build without its home page: the previous build stays.
    swap_in_build(root.path(), &build_files(3, "three", false));
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(s.get("/", &[]).await.2, "<h1>two</h1>");
    assert_eq!(s.get("/docs/p150", &[]).await.2, "two page 150");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dev_servers_reload_only_when_asked() {
    let root = tempfile::tempdir().unwrap();
    let out = root.path().join("build");
    for (rel, body) in build_files(1, "one", true) {
        write(&out, rel, body.as_bytes());
    }
    let limits = Limits { build_poll: Duration::from_millis(50), ..Limits::default() };
    let server = Server::new(&out, "/", None).unwrap().with_limits(limits);
    let s = start(server.clone(), Follow::Caller);
    swap_in_build(root.path(), &build_files(1, "two", true));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(s.get("/", &[]).await.2, "<h1>one</h1>");
    server.reload_files().unwrap();
    assert_eq!(s.get("/", &[]).await.2, "<h1>two</h1>");
}
