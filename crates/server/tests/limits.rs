//! Slow and idle clients cannot starve the server: with a thousand idle connections and some
//! trickling their request head a byte a second, a normal request is still answered at once;
//! the tricklers are cut at the header limit, the idle ones at the idle limit; at the
//! connection cap, idle connections make room. The dev event stream outlives all of these.

mod common;

use common::{site, start};
use site_server::{Follow, Limits, Server};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// True when the server closes `stream` within `within` (EOF or reset on read).
async fn closed_within(stream: &mut TcpStream, within: Duration) -> bool {
    let mut buf = [0u8; 1024];
    let deadline = Instant::now() + within;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, stream.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => continue,
            Err(_) => return false,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_and_trickling_clients_do_not_starve_a_normal_request() {
    let d = site();
    let limits = Limits { header_read: Duration::from_secs(3), idle: Duration::from_secs(5), ..Limits::default() };
    let s = start(Server::new(d.path(), "/", None).unwrap().with_limits(limits), Follow::Caller);
    let mut idle = Vec::new();
    for _ in 0..1000 {
        idle.push(TcpStream::connect(s.addr).await.unwrap());
    }
    let mut tricklers = Vec::new();
    for _ in 0..20 {
        let mut t = TcpStream::connect(s.addr).await.unwrap();
        t.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ").await.unwrap();
        tricklers.push(t);
    }
    let started = Instant::now();
    let mut slowest = Duration::ZERO;
    while started.elapsed() < Duration::from_secs(2) {
        for t in &mut tricklers {
            t.write_all(b"a").await.unwrap();
        }
        let asked = Instant::now();
        let (status, _, body) = s.get("/", &[]).await;
        slowest = slowest.max(asked.elapsed());
        assert_eq!((status.as_u16(), &body[..]), (200, &b"<h1>home</h1>"[..]));
        tokio::time::sleep(Duration::from_millis(1000)).await;
    }
    assert!(slowest < Duration::from_millis(300), "a normal request took {slowest:?}");
    // The tricklers go at the header limit (3 s from their first byte), the idle ones later.
    for t in &mut tricklers {
        let _ = t.write_all(b"a").await;
        assert!(closed_within(t, Duration::from_secs(3)).await, "a trickling client is still connected");
    }
    assert!(started.elapsed() < Duration::from_secs(6));
    let (first, rest) = idle.split_first_mut().unwrap();
    assert!(closed_within(first, Duration::from_secs(4)).await, "an idle client is still connected");
    for c in rest.iter_mut().take(50) {
        assert!(closed_within(c, Duration::from_millis(500)).await);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_the_cap_idle_connections_make_room() {
    let d = site();
    let limits = Limits { max_connections: 20, idle_when_full: Duration::from_millis(300), ..Limits::default() };
    let s = start(Server::new(d.path(), "/", None).unwrap().with_limits(limits), Follow::Caller);
    let mut idle = Vec::new();
    for _ in 0..20 {
        idle.push(TcpStream::connect(s.addr).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let asked = Instant::now();
    let (status, _, _) = tokio::time::timeout(Duration::from_secs(3), s.get("/", &[])).await.expect("answered");
    assert_eq!(status, 200);
    assert!(asked.elapsed() >= Duration::from_millis(150), "it waited for a free slot");
    let mut closed = 0;
    for c in &mut idle {
        closed += usize::from(closed_within(c, Duration::from_millis(50)).await);
    }
    assert!(closed >= 1, "no idle connection made room");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_dev_event_stream_outlives_the_timeouts() {
    let d = site();
    let limits = Limits {
        header_read: Duration::from_millis(300),
        idle: Duration::from_millis(300),
        send_stall: Duration::from_millis(600),
        ..Limits::default()
    };
    let (reload, _) = tokio::sync::broadcast::channel::<String>(4);
    let server = Server::new(d.path(), "/", Some(reload.clone())).unwrap().with_limits(limits);
    let s = start(server, Follow::Caller);
    let mut stream = TcpStream::connect(s.addr).await.unwrap();
    stream.write_all(b"GET /__dev/events HTTP/1.1\r\nHost: x\r\n\r\n").await.unwrap();
    let mut seen = String::new();
    let mut buf = [0u8; 4096];
    let read = async {
        loop {
            let n = stream.read(&mut buf).await.unwrap();
            assert!(n > 0, "the stream closed: {seen}");
            seen.push_str(&String::from_utf8_lossy(&buf[..n]));
            if seen.contains("data: [\"/docs/intro\"]") {
                return;
            }
        }
    };
    let send = async {
        tokio::time::sleep(Duration::from_millis(1500)).await;
        reload.send("[\"/docs/intro\"]".to_string()).unwrap();
    };
    let both = async { tokio::join!(read, send) };
    tokio::time::timeout(Duration::from_secs(4), both).await.expect("the event arrived");
    assert!(seen.contains("text/event-stream"), "{seen}");
    // The stream ends when the server stops, so the stop does not wait for open tabs.
    let stopping = Instant::now();
    s.stop().await.unwrap();
    assert!(stopping.elapsed() < Duration::from_secs(2));
}
