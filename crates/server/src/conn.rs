//! One client connection: hyper's HTTP/1 connection driven by hand, with a watchdog that
//! closes it when the client is too slow or gone. hyper's own header timeout starts as soon as
//! a connection waits for a request, so it cannot tell an idle keep-alive connection (fine
//! for a minute) from a client trickling its request head (not fine for long); the watchdog
//! reads the byte counts and request state below and applies each limit to its own case.

use crate::serve::Shared;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use std::convert::Infallible;
use std::io;
use std::pin::{Pin, pin};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::OwnedSemaphorePermit;
use tokio::time::MissedTickBehavior;

/// What a connection is doing, in milliseconds since it opened (0: never).
pub struct Activity {
    opened: Instant,
    busy: AtomicBool,
    last_io: AtomicU64,
    head_started: AtomicU64,
}

#[derive(Debug, PartialEq)]
pub enum Verdict {
    Keep,
    /// Idle: close between requests.
    Close,
    /// Stalled: drop at once.
    Drop,
}

impl Activity {
    fn new() -> Activity {
        Activity {
            opened: Instant::now(),
            busy: AtomicBool::new(false),
            last_io: AtomicU64::new(1),
            head_started: AtomicU64::new(0),
        }
    }

    fn now(&self) -> u64 {
        self.opened.elapsed().as_millis() as u64 + 1
    }

    fn read(&self) {
        let now = self.now();
        self.last_io.store(now, Relaxed);
        if !self.busy.load(Relaxed) && self.head_started.load(Relaxed) == 0 {
            self.head_started.store(now, Relaxed);
        }
    }

    fn wrote(&self) {
        self.last_io.store(self.now(), Relaxed);
    }

    fn request_started(&self) {
        self.busy.store(true, Relaxed);
        self.head_started.store(0, Relaxed);
    }

    fn request_done(&self) {
        self.busy.store(false, Relaxed);
        self.last_io.store(self.now(), Relaxed);
    }

    pub fn verdict(&self, limits: &crate::Limits, crowded: bool) -> Verdict {
        let now = self.now();
        let since = |t: u64| Duration::from_millis(now.saturating_sub(t));
        if self.busy.load(Relaxed) {
            // A response in flight (the dev event stream too) only needs to keep moving.
            return if since(self.last_io.load(Relaxed)) > limits.send_stall { Verdict::Drop } else { Verdict::Keep };
        }
        let head = self.head_started.load(Relaxed);
        if head != 0 {
            return if since(head) > limits.header_read { Verdict::Drop } else { Verdict::Keep };
        }
        let idle = if crowded { limits.idle_when_full } else { limits.idle };
        if since(self.last_io.load(Relaxed)) > idle { Verdict::Close } else { Verdict::Keep }
    }
}

/// Marks the connection busy until the response body is dropped (written or abandoned).
pub struct Busy(Arc<Activity>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.request_done();
    }
}

/// Serves one connection until the client leaves, a limit closes it, or the server stops.
pub async fn drive(shared: Arc<Shared>, stream: TcpStream, slot: OwnedSemaphorePermit) {
    let _slot = slot;
    // Responses are written whole; Nagle's delay would only hold back their last packet.
    let _ = stream.set_nodelay(true);
    let activity = Arc::new(Activity::new());
    let io = TokioIo::new(Watched { stream, activity: activity.clone() });
    let service = {
        let (shared, activity) = (shared.clone(), activity.clone());
        service_fn(move |req| {
            activity.request_started();
            let res = shared.server.handle(&req, &shared.stop).map(|b| b.guarded(Busy(activity.clone())));
            std::future::ready(Ok::<_, Infallible>(res))
        })
    };
    let mut conn = pin!(shared.http.serve_connection(io, service));
    let mut watch = tokio::time::interval_at(tokio::time::Instant::now() + shared.tick, shared.tick);
    watch.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let mut stop = shared.stop.clone();
    let mut stopping = false;
    loop {
        tokio::select! {
            _ = conn.as_mut() => return,
            _ = watch.tick() => match activity.verdict(&shared.limits, shared.crowded.load(Relaxed)) {
                Verdict::Keep => {}
                Verdict::Close => conn.as_mut().graceful_shutdown(),
                Verdict::Drop => return,
            },
            _ = crate::serve::stopped(&mut stop), if !stopping => {
                stopping = true;
                conn.as_mut().graceful_shutdown();
            }
        }
    }
}

/// The client socket, noting each byte read or written.
struct Watched {
    stream: TcpStream,
    activity: Arc<Activity>,
}

impl AsyncRead for Watched {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let r = Pin::new(&mut this.stream).poll_read(cx, buf);
        if matches!(r, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            this.activity.read();
        }
        r
    }
}

impl AsyncWrite for Watched {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let r = Pin::new(&mut this.stream).poll_write(cx, buf);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            this.activity.wrote();
        }
        r
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let r = Pin::new(&mut this.stream).poll_write_vectored(cx, bufs);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            this.activity.wrote();
        }
        r
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Limits;

    fn limits() -> Limits {
        Limits {
            header_read: Duration::from_millis(50),
            idle: Duration::from_millis(100),
            idle_when_full: Duration::from_millis(20),
            send_stall: Duration::from_millis(50),
            ..Limits::default()
        }
    }

    fn after(ms: u64) {
        std::thread::sleep(Duration::from_millis(ms));
    }

    #[test]
    fn idle_connections_close_after_the_idle_limit_sooner_when_full() {
        let a = Activity::new();
        assert_eq!(a.verdict(&limits(), false), Verdict::Keep);
        after(40);
        assert_eq!(a.verdict(&limits(), false), Verdict::Keep);
        assert_eq!(a.verdict(&limits(), true), Verdict::Close);
        after(80);
        assert_eq!(a.verdict(&limits(), false), Verdict::Close);
    }

    #[test]
    fn a_request_head_must_arrive_within_the_header_limit() {
        let a = Activity::new();
        a.read();
        after(30);
        a.read();
        assert_eq!(a.verdict(&limits(), false), Verdict::Keep, "still within the limit");
        after(40);
        a.read();
        assert_eq!(a.verdict(&limits(), false), Verdict::Drop, "trickling bytes do not reset it");
        a.request_started();
        assert_eq!(a.verdict(&limits(), false), Verdict::Keep);
    }

    #[test]
    fn a_response_in_flight_only_needs_to_keep_moving() {
        let a = Arc::new(Activity::new());
        a.request_started();
        let busy = Busy(a.clone());
        for _ in 0..4 {
            after(30);
            a.wrote();
            assert_eq!(a.verdict(&limits(), true), Verdict::Keep, "a stream writing keep-alives lives on");
        }
        after(70);
        assert_eq!(a.verdict(&limits(), false), Verdict::Drop, "a client that stopped reading");
        drop(busy);
        assert_eq!(a.verdict(&limits(), false), Verdict::Keep, "done: idle from now");
    }
}
