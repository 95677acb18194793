//! `docsite serve` as a process: it says what to run when there is no build and which flag
//! to use when the port is taken, raises its open-file limit, and on SIGTERM or Ctrl-C stops
//! accepting, lets requests in flight finish and exits 0.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// A built site: a home page and a large file to download slowly.
fn built_site() -> tempfile::TempDir {
    let root = tempfile::tempdir().unwrap();
    let out = root.path().join("build");
    std::fs::create_dir(&out).unwrap();
    std::fs::write(out.join("index.html"), "<h1>home</h1>").unwrap();
    std::fs::write(out.join("big.bin"), vec![b'x'; 16 << 20]).unwrap();
    // What `docsite build` records: a production build for the base URL `/`.
    let stamp = r#"{"mode":"production","base_url":"/","inputs":"test","engine":"test"}"#;
    std::fs::write(out.join(".build-stamp"), stamp).unwrap();
    root
}

fn serve_args(root: &Path, port: u16) -> Vec<String> {
    let root = root.to_str().unwrap().to_string();
    let port = port.to_string();
    ["--root", &root, "serve", "--no-build", "--port", &port].map(String::from).to_vec()
}

/// The server process, killed if a test fails before it ends.
struct Server(Option<Child>);

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(child) = &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Server {
    fn id(&self) -> u32 {
        self.0.as_ref().unwrap().id()
    }
}

fn spawn(mut cmd: Command) -> Server {
    Server(Some(cmd.stdout(Stdio::null()).stderr(Stdio::piped()).spawn().unwrap()))
}

fn wait_until_up(port: u16) {
    let start = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(start.elapsed() < Duration::from_secs(20), "the server did not come up");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn signal(server: &Server, name: &str) {
    assert!(Command::new("kill").arg(format!("-{name}")).arg(server.id().to_string()).status().unwrap().success());
}

/// Waits for the process to end, at most `limit`.
fn finish(mut server: Server, limit: Duration) -> Output {
    let start = Instant::now();
    while server.0.as_mut().unwrap().try_wait().unwrap().is_none() {
        assert!(start.elapsed() < limit, "still running after {limit:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
    server.0.take().unwrap().wait_with_output().unwrap()
}

/// Whether the server has closed this connection, which sent nothing.
fn closed_by_server(mut c: &TcpStream) -> bool {
    c.set_nonblocking(true).unwrap();
    let mut byte = [0u8; 1];
    match c.read(&mut byte) {
        Ok(0) => true,
        Ok(_) => panic!("an idle client was sent data"),
        Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => false,
        Err(_) => true,
    }
}

fn get_home(port: u16) -> String {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out
}

#[test]
fn without_a_build_it_says_what_to_run() {
    let root = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_docsite"));
    cmd.args(serve_args(root.path(), free_port()));
    let out = finish(spawn(cmd), Duration::from_secs(10));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("holds no build: run `cargo run --release -- build` first, or `serve` without --no-build"),
        "{err}"
    );
}

#[test]
fn a_dev_build_is_never_served_as_a_production_one() {
    let root = built_site();
    let dev = r#"{"mode":"dev","base_url":"/","inputs":"test","engine":"test"}"#;
    std::fs::write(root.path().join("build/.build-stamp"), dev).unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_docsite"));
    cmd.args(serve_args(root.path(), free_port()));
    let out = finish(spawn(cmd), Duration::from_secs(10));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("holds a `dev` build") && err.contains("run `cargo run --release -- build` first"), "{err}");
}

#[test]
fn a_taken_port_is_named_with_the_flag() {
    let root = built_site();
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let out = Command::new(env!("CARGO_BIN_EXE_docsite")).args(serve_args(root.path(), port)).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains(&format!("port {port} is already in use: stop the other server or pick another port with --port")),
        "{err}"
    );
}

#[test]
fn sigterm_lets_the_request_in_flight_finish_then_exits_0() {
    let root = built_site();
    let port = free_port();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_docsite"));
    cmd.args(serve_args(root.path(), port));
    let server = spawn(cmd);
    wait_until_up(port);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let got = runtime.block_on(async {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        // A small receive buffer keeps most of the body waiting in the server.
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.set_recv_buffer_size(64 * 1024).unwrap();
        let addr: SocketAddr = ([127, 0, 0, 1], port).into();
        let mut stream = socket.connect(addr).await.unwrap();
        stream.write_all(b"GET /big.bin HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await.unwrap();
        let mut first = [0u8; 1024];
        let n = stream.read(&mut first).await.unwrap();
        assert!(first[..n].starts_with(b"HTTP/1.1 200"));
        signal(&server, "TERM");
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert!(TcpStream::connect(("127.0.0.1", port)).is_err(), "still accepting after SIGTERM");
        let mut rest = Vec::new();
        stream.read_to_end(&mut rest).await.unwrap();
        let head = first[..n].windows(4).position(|w| w == b"\r\n\r\n").unwrap() + 4;
        n - head + rest.len()
    });
    let out = finish(server, Duration::from_secs(5));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(got, 16 << 20, "the download in flight was cut short; the server said:\n{err}");
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("stopping: waiting for 1 open connection(s) to finish"), "{err}");
}

#[test]
fn ctrl_c_exits_0() {
    let root = built_site();
    let port = free_port();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_docsite"));
    cmd.args(serve_args(root.path(), port));
    let server = spawn(cmd);
    wait_until_up(port);
    assert!(get_home(port).ends_with("<h1>home</h1>"));
    signal(&server, "INT");
    let out = finish(server, Duration::from_secs(5));
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn the_open_file_limit_is_raised_so_many_idle_clients_fit() {
    let root = built_site();
    let port = free_port();
    // Started with a soft limit of 256 open files (hard limit unchanged).
    let mut cmd = Command::new("bash");
    cmd.arg("-c").arg("ulimit -Sn 256 && exec \"$0\" \"$@\"").arg(env!("CARGO_BIN_EXE_docsite"));
    cmd.args(serve_args(root.path(), port));
    let server = spawn(cmd);
    wait_until_up(port);
    let limits = std::fs::read_to_string(format!("/proc/{}/limits", server.id())).unwrap();
    let line = limits.lines().find(|l| l.starts_with("Max open files")).unwrap().to_string();
    let numbers: Vec<&str> = line.split_whitespace().skip(3).take(2).collect();
    assert_eq!(numbers[0], numbers[1], "soft limit not raised to the hard one: {line}");
    let idle: Vec<TcpStream> = (0..400).map(|_| TcpStream::connect(("127.0.0.1", port)).unwrap()).collect();
    assert!(get_home(port).ends_with("<h1>home</h1>"));
    // At a limit of 256 the server would have been full: it makes room by closing idle clients
    // (after a second of idleness), which then read the end of the stream. Not a time limit:
    // on a busy machine the answer itself can take that long.
    let closed = idle.iter().filter(|c| closed_by_server(c)).count();
    assert_eq!(closed, 0, "{closed} of 400 idle clients were closed to make room");
    drop(idle);
    signal(&server, "TERM");
    assert_eq!(finish(server, Duration::from_secs(5)).status.code(), Some(0));
}
