//! Listening, accepting and stopping: a server meant to run for months. The port is bound
//! apart from serving (so `dev` and `serve` learn that it is taken before they build), open
//! connections are capped, the open-file limit is raised, and a stop lets requests in flight
//! finish within a bound.

use crate::Server;
use crate::conn;
use anyhow::{Result, anyhow};
use hyper::server::conn::http1;
use hyper_util::rt::TokioTimer;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::mpsc::UnboundedSender;
use tokio::sync::{Semaphore, watch};

/// Timeouts and caps. The defaults are for a documentation site on a small machine.
#[derive(Clone, Debug)]
pub struct Limits {
    /// From the first byte of a request to the end of its head. A browser sends its head in
    /// one packet; 10 s allows a very slow link, and bounds how long a client trickling its
    /// head a byte at a time holds a connection.
    pub header_read: Duration,
    /// A keep-alive connection with no request. Readers moving from page to page reuse their
    /// connection within this (browsers keep idle ones 60–300 s; nginx waits 75 s).
    pub idle: Duration,
    /// The same when every connection slot is taken: idle clients make room for new ones.
    pub idle_when_full: Duration,
    /// A response that makes no progress (the client stopped reading) for this long is
    /// dropped. The dev event stream writes a comment every half of this, so it never trips.
    pub send_stall: Duration,
    /// Open connections at most (and never more than the open-file limit allows). An idle
    /// connection costs about 10 KB here, so 10 000 of them stay near 100 MB; a documentation
    /// site sees far fewer. Past the cap, new clients wait in the listen queue.
    pub max_connections: usize,
    /// How long a stop waits for requests in flight.
    pub drain: Duration,
    /// How often `serve` looks for a new completed build.
    pub build_poll: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            header_read: Duration::from_secs(10),
            idle: Duration::from_secs(60),
            idle_when_full: Duration::from_secs(1),
            send_stall: Duration::from_secs(30),
            max_connections: 10_000,
            drain: Duration::from_secs(10),
            build_poll: Duration::from_secs(1),
        }
    }
}

/// Descriptors kept free of connections: standard streams, the listener, the event loop, and
/// the files read while a new build loads.
const RESERVED_FILES: usize = 64;
/// Connections waiting to be accepted (the kernel caps it at `net.core.somaxconn`).
const BACKLOG: i32 = 1024;

/// How `serve` follows `build/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Follow {
    /// `serve`: notices each completed build (its `.build-stamp` changes) and switches to it.
    NewBuilds,
    /// `dev`: the caller calls `Server::reload_files` after each rebuild.
    Caller,
}

/// A bound, listening socket, made before anything slow happens.
pub struct Listener {
    socket: std::net::TcpListener,
}

impl Listener {
    pub fn local_addr(&self) -> io::Result<SocketAddr> {
        self.socket.local_addr()
    }
}

/// Binds `addr`, or says plainly why not (a port in use names the port and `--port`).
pub fn bind(addr: SocketAddr) -> Result<Listener> {
    use socket2::{Domain, Protocol, Socket, Type};
    // Before the port opens: from then on clients can connect.
    raise_open_file_limit();
    let socket = Socket::new(Domain::for_address(addr), Type::STREAM, Some(Protocol::TCP))?;
    // A restart right after a stop must not wait for the old connections' TIME_WAIT.
    socket.set_reuse_address(true)?;
    socket.bind(&addr.into()).map_err(|e| bind_error(addr, e))?;
    socket.listen(BACKLOG).map_err(|e| bind_error(addr, e))?;
    socket.set_nonblocking(true)?;
    Ok(Listener { socket: socket.into() })
}

fn bind_error(addr: SocketAddr, e: io::Error) -> anyhow::Error {
    match e.kind() {
        io::ErrorKind::AddrInUse => {
            anyhow!("port {} is already in use: stop the other server or pick another port with --port", addr.port())
        }
        io::ErrorKind::PermissionDenied => {
            anyhow!("cannot listen on {addr}: permission denied (ports below 1024 need root): pick another with --port")
        }
        io::ErrorKind::AddrNotAvailable => {
            anyhow!("cannot listen on {addr}: this machine has no such address: pick another with --host")
        }
        _ => anyhow!("cannot listen on {addr}: {e}"),
    }
}

/// Resolves on SIGTERM or Ctrl-C (SIGINT). The handlers are installed when this is called, not
/// when the future is first polled: a SIGTERM that arrives before then must stop the server
/// gracefully too, not end the process with requests in flight (on a loaded machine the
/// serving threads answered requests before a lazily installed handler was in place).
pub fn stop_signal() -> impl Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let (Ok(mut term), Ok(mut int)) = (signal(SignalKind::terminate()), signal(SignalKind::interrupt())) {
            return futures_util::future::Either::Left(async move {
                tokio::select! {
                    _ = int.recv() => {}
                    _ = term.recv() => {}
                }
            });
        }
    }
    futures_util::future::Either::Right(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}

/// Resolves once the server is stopping. (A helper, so no borrow of the flag is held across
/// an await and the futures stay `Send`.)
pub(crate) async fn stopped(stop: &mut watch::Receiver<bool>) {
    let _ = stop.wait_for(|s| *s).await;
}

/// What every connection of one server shares.
pub(crate) struct Shared {
    pub server: Server,
    pub http: http1::Builder,
    pub limits: crate::Limits,
    /// How often each connection's watchdog looks.
    pub tick: Duration,
    /// Every slot is taken: idle connections should make room.
    pub crowded: AtomicBool,
    pub stop: watch::Receiver<bool>,
}

impl Server {
    /// Serves until SIGTERM or Ctrl-C, then drains and returns.
    pub async fn serve(self, listener: Listener, follow: Follow) -> Result<()> {
        self.serve_until(listener, follow, stop_signal()).await
    }

    /// Serves until `stop` resolves: then stops accepting (the port closes), lets requests in
    /// flight finish for up to `Limits::drain`, and returns.
    ///
    /// Connections are served by one thread per core, each with its own single-threaded
    /// runtime accepting from the shared socket, as nginx runs one worker per core: a request
    /// never waits for another thread to be scheduled (on a busy machine that wait, not the
    /// work, was what held a shared multi-threaded runtime back).
    pub async fn serve_until(
        self,
        listener: Listener,
        follow: Follow,
        stop: impl Future<Output = ()> + Send + 'static,
    ) -> Result<()> {
        let (stop_tx, mut stop_rx) = watch::channel(false);
        tokio::spawn(async move {
            stop.await;
            let _ = stop_tx.send(true);
        });
        let limits = self.limits.clone();
        let cap = connection_cap(limits.max_connections);
        let shared = Arc::new(Shared {
            http: http_builder(),
            tick: watchdog_tick(&limits),
            server: self.clone(),
            limits: limits.clone(),
            crowded: AtomicBool::new(false),
            stop: stop_rx.clone(),
        });
        if follow == Follow::NewBuilds {
            tokio::spawn(crate::follow::follow(self, stop_rx.clone()));
        }
        let slots = Arc::new(Semaphore::new(cap));
        let (finished_tx, finished_rx) = watch::channel(false);
        let (idle_tx, mut idle_rx) = tokio::sync::mpsc::unbounded_channel::<()>();
        let count = std::thread::available_parallelism().map_or(1, |n| n.get());
        let mut workers = Vec::with_capacity(count);
        for i in 0..count {
            let socket = listener.socket.try_clone()?;
            let (shared, slots, idle, finished) = (shared.clone(), slots.clone(), idle_tx.clone(), finished_rx.clone());
            let thread = std::thread::Builder::new().name(format!("docsite-http-{i}"));
            workers.push(thread.spawn(move || worker(socket, &shared, &slots, idle, finished))?);
        }
        drop((listener, idle_tx));
        stopped(&mut stop_rx).await;
        // Every worker has stopped accepting (and given back the slot it held for the next
        // client) before the open connections are counted.
        while idle_rx.recv().await.is_some() {}
        drain(&slots, cap, limits.drain).await;
        let _ = finished_tx.send(true);
        for w in workers {
            let _ = tokio::task::spawn_blocking(move || w.join()).await;
        }
        Ok(())
    }
}

/// One serving thread: accepts until the stop, then keeps its connections going until the
/// server has drained (or given up waiting), and drops what is left.
fn worker(
    socket: std::net::TcpListener,
    shared: &Arc<Shared>,
    slots: &Arc<Semaphore>,
    idle: UnboundedSender<()>,
    mut finished: watch::Receiver<bool>,
) {
    let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => return eprintln!("error: a serving thread cannot start: {e}"),
    };
    runtime.block_on(async {
        match TcpListener::from_std(socket) {
            Ok(listener) => accept(&listener, shared, slots).await,
            Err(e) => eprintln!("error: a serving thread cannot listen: {e}"),
        }
        drop(idle);
        let _ = finished.wait_for(|f| *f).await;
    });
}

fn http_builder() -> http1::Builder {
    let mut http = http1::Builder::new();
    // The watchdog (`conn`) applies the header and idle limits.
    http.timer(TokioTimer::new()).header_read_timeout(None);
    // Not `pipeline_flush`: it makes hyper copy every body into its write buffer, while
    // without it a file's bytes go from memory to the socket in one `writev` with the head.
    http
}

fn watchdog_tick(limits: &Limits) -> Duration {
    let shortest = [limits.header_read, limits.idle, limits.idle_when_full, limits.send_stall].into_iter().min();
    (shortest.unwrap_or_default() / 4).clamp(Duration::from_millis(20), Duration::from_secs(1))
}

/// Accepts until the stop, one slot per connection.
async fn accept(listener: &TcpListener, shared: &Arc<Shared>, slots: &Arc<Semaphore>) {
    let mut stop = shared.stop.clone();
    loop {
        let slot = match slots.clone().try_acquire_owned() {
            Ok(slot) => slot,
            Err(_) => {
                shared.crowded.store(true, Relaxed);
                let slot = tokio::select! {
                    slot = slots.clone().acquire_owned() => slot.expect("the semaphore is never closed"),
                    _ = stopped(&mut stop) => return,
                };
                shared.crowded.store(false, Relaxed);
                slot
            }
        };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    accept_failed(e).await;
                    continue;
                }
            },
            _ = stopped(&mut stop) => return,
        };
        tokio::spawn(conn::drive(shared.clone(), stream, slot));
    }
}

/// A client that left before it was accepted is no news; running out of descriptors or
/// memory is, and retrying at once would only spin.
async fn accept_failed(e: io::Error) {
    if matches!(
        e.kind(),
        io::ErrorKind::ConnectionAborted | io::ErrorKind::ConnectionReset | io::ErrorKind::Interrupted
    ) {
        return;
    }
    eprintln!("error: cannot accept a connection: {e} (retrying in 1 s)");
    tokio::time::sleep(Duration::from_secs(1)).await;
}

/// Waits for the open connections to finish, at most `limit`.
async fn drain(slots: &Semaphore, cap: usize, limit: Duration) {
    let open = cap - slots.available_permits();
    if open == 0 {
        return;
    }
    eprintln!("stopping: waiting for {open} open connection(s) to finish (at most {} s)", limit.as_secs());
    if tokio::time::timeout(limit, slots.acquire_many(cap as u32)).await.is_err() {
        let left = cap - slots.available_permits();
        eprintln!("stopping: {left} connection(s) still busy after {} s are closed", limit.as_secs());
    }
}

/// The soft open-file limit up to the hard one: each connection is a descriptor, and the
/// usual soft limit (1024) would refuse clients long before the machine runs short.
fn raise_open_file_limit() {
    if let Err(e) = rlimit::increase_nofile_limit(u64::MAX) {
        eprintln!("warning: cannot raise the open-file limit ({e}): fewer connections can be open at once");
    }
}

fn connection_cap(wanted: usize) -> usize {
    let files = rlimit::getrlimit(rlimit::Resource::NOFILE).map(|(soft, _)| soft).unwrap_or(1024);
    let files = usize::try_from(files).unwrap_or(usize::MAX);
    wanted.min(files.saturating_sub(RESERVED_FILES)).clamp(1, u32::MAX as usize)
}
