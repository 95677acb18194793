//! One client connection: hyper's HTTP/1 connection driven by hand, with a watchdog that
//! closes it when the client is too slow or gone. hyper's own header timeout starts as soon as
//! a connection waits for a request, so it cannot tell an idle keep-alive connection (fine
//! for a minute) from a client trickling its request head (not fine for long); the watchdog
//! reads what the connection did and applies each limit to its own case. (So hyper's timer is
//! off: it would also cost a timer entry per request.)

use crate::serve::Shared;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use std::convert::Infallible;
use std::io;
use std::pin::{Pin, pin};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::task::{Context, Poll};
use std::time::Instant;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::OwnedSemaphorePermit;
use tokio::time::MissedTickBehavior;

/// What a connection has done since the watchdog last looked: flags set on the hot path
/// (no clock read per request), turned into times by the watchdog at each of its ticks.
pub struct Activity {
    busy: AtomicBool,
    io: AtomicBool,
    /// Bytes of a request head have come in, and the head is not complete yet.
    head: AtomicBool,
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
        Activity { busy: AtomicBool::new(false), io: AtomicBool::new(false), head: AtomicBool::new(false) }
    }

    fn read(&self) {
        self.io.store(true, Relaxed);
        if !self.busy.load(Relaxed) {
            self.head.store(true, Relaxed);
        }
    }

    fn wrote(&self) {
        self.io.store(true, Relaxed);
    }

    fn request_started(&self) {
        self.busy.store(true, Relaxed);
        self.head.store(false, Relaxed);
    }

    fn request_done(&self) {
        self.busy.store(false, Relaxed);
        self.io.store(true, Relaxed);
    }
}

/// The watchdog's own record of when things happened, at the precision of its ticks.
pub struct Watch {
    last_io: Instant,
    head_since: Option<Instant>,
}

impl Watch {
    pub fn new(now: Instant) -> Watch {
        Watch { last_io: now, head_since: None }
    }

    pub fn verdict(&mut self, a: &Activity, now: Instant, limits: &crate::Limits, crowded: bool) -> Verdict {
        if a.io.swap(false, Relaxed) {
            self.last_io = now;
        }
        if a.busy.load(Relaxed) {
            self.head_since = None;
            // A response in flight (the dev event stream too) only needs to keep moving.
            return if now - self.last_io > limits.send_stall { Verdict::Drop } else { Verdict::Keep };
        }
        if a.head.load(Relaxed) {
            let since = *self.head_since.get_or_insert(now);
            return if now - since > limits.header_read { Verdict::Drop } else { Verdict::Keep };
        }
        self.head_since = None;
        let idle = if crowded { limits.idle_when_full } else { limits.idle };
        if now - self.last_io > idle { Verdict::Close } else { Verdict::Keep }
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
    let io = TokioIo::new(Watched { stream, activity: activity.clone(), server: shared.server.clone() });
    let service = {
        let (shared, activity) = (shared.clone(), activity.clone());
        service_fn(move |req| {
            activity.request_started();
            let res = shared.server.handle(&req, &shared.stop).map(|b| b.guarded(Busy(activity.clone())));
            std::future::ready(Ok::<_, Infallible>(res))
        })
    };
    let mut conn = pin!(shared.http.serve_connection(io, service));
    let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + shared.tick, shared.tick);
    ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let mut watch = Watch::new(Instant::now());
    let mut stop = shared.stop.clone();
    let mut stopping = false;
    loop {
        tokio::select! {
            _ = conn.as_mut() => return,
            now = ticks.tick() => match watch.verdict(&activity, now.into_std(), &shared.limits, shared.crowded.load(Relaxed)) {
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

/// The client socket, noting each byte read or written, and writing bodies that lie in the
/// served build's arena with `sendfile` (see [`crate::arena`]).
struct Watched {
    stream: TcpStream,
    activity: Arc<Activity>,
    server: crate::Server,
}

impl Watched {
    /// Writes `bufs` when one of them is in the arena: the bytes before it with `MSG_MORE`
    /// (the head goes out with the body's first packet), or, when it comes first, its bytes
    /// by `sendfile`. `None` when none is in the arena: a body of an older build than the one
    /// now served (or a small one) is written as usual, from memory.
    #[cfg(target_os = "linux")]
    fn poll_arena(&self, cx: &mut Context<'_>, bufs: &[io::IoSlice<'_>]) -> Option<Poll<io::Result<usize>>> {
        use rustix::net::{SendFlags, send};
        let files = self.server.files();
        let arena = files.arena()?;
        let at = bufs.iter().position(|b| arena.locate(b).is_some())?;
        let socket = &self.stream;
        let written = if at == 0 {
            let (file, offset) = arena.locate(&bufs[0]).expect("found above");
            let n = ready_io(cx, socket, || rustix::fs::sendfile(socket, file, Some(&mut { offset }), bufs[0].len()));
            if let Poll::Ready(Ok(n)) = n {
                self.server.count_sent_from_arena(n);
            }
            n
        } else {
            ready_io(cx, socket, || send(socket, &bufs[0], SendFlags::MORE))
        };
        Some(written)
    }
}

/// `op` on the socket once it is writable, waiting again when the kernel says it would block.
#[cfg(target_os = "linux")]
fn ready_io(
    cx: &mut Context<'_>,
    socket: &TcpStream,
    mut op: impl FnMut() -> rustix::io::Result<usize>,
) -> Poll<io::Result<usize>> {
    loop {
        std::task::ready!(socket.poll_write_ready(cx))?;
        match socket.try_io(tokio::io::Interest::WRITABLE, || op().map_err(io::Error::from)) {
            Err(e) if matches!(e.kind(), io::ErrorKind::WouldBlock | io::ErrorKind::Interrupted) => continue,
            done => return Poll::Ready(done),
        }
    }
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
        #[cfg(target_os = "linux")]
        let arena = this.poll_arena(cx, &[io::IoSlice::new(buf)]);
        #[cfg(not(target_os = "linux"))]
        let arena = None;
        let r = arena.unwrap_or_else(|| Pin::new(&mut this.stream).poll_write(cx, buf));
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
        #[cfg(target_os = "linux")]
        let arena = this.poll_arena(cx, bufs);
        #[cfg(not(target_os = "linux"))]
        let arena = None;
        let r = arena.unwrap_or_else(|| Pin::new(&mut this.stream).poll_write_vectored(cx, bufs));
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
    use std::time::Duration;

    fn limits() -> Limits {
        Limits {
            header_read: Duration::from_secs(5),
            idle: Duration::from_secs(60),
            idle_when_full: Duration::from_secs(1),
            send_stall: Duration::from_secs(30),
            ..Limits::default()
        }
    }

    fn at(t0: Instant, secs: u64) -> Instant {
        t0 + Duration::from_secs(secs)
    }

    #[test]
    fn idle_connections_close_after_the_idle_limit_sooner_when_full() {
        let (a, t0) = (Activity::new(), Instant::now());
        let mut w = Watch::new(t0);
        assert_eq!(w.verdict(&a, at(t0, 30), &limits(), false), Verdict::Keep);
        assert_eq!(w.verdict(&a, at(t0, 30), &limits(), true), Verdict::Close);
        assert_eq!(w.verdict(&a, at(t0, 61), &limits(), false), Verdict::Close);
    }

    #[test]
    fn a_request_head_must_arrive_within_the_header_limit() {
        let (a, t0) = (Activity::new(), Instant::now());
        let mut w = Watch::new(t0);
        a.read();
        assert_eq!(w.verdict(&a, at(t0, 1), &limits(), false), Verdict::Keep);
        a.read();
        assert_eq!(w.verdict(&a, at(t0, 5), &limits(), false), Verdict::Keep, "still within the limit");
        a.read();
        assert_eq!(w.verdict(&a, at(t0, 7), &limits(), false), Verdict::Drop, "trickling bytes do not reset it");
        a.request_started();
        assert_eq!(w.verdict(&a, at(t0, 8), &limits(), false), Verdict::Keep);
    }

    #[test]
    fn a_response_in_flight_only_needs_to_keep_moving() {
        let (a, t0) = (Arc::new(Activity::new()), Instant::now());
        let mut w = Watch::new(t0);
        a.request_started();
        let busy = Busy(a.clone());
        for s in [20, 40, 60, 80] {
            a.wrote();
            assert_eq!(w.verdict(&a, at(t0, s), &limits(), true), Verdict::Keep, "a stream writing lives on");
        }
        assert_eq!(w.verdict(&a, at(t0, 111), &limits(), false), Verdict::Drop, "a client that stopped reading");
        drop(busy);
        assert_eq!(w.verdict(&a, at(t0, 112), &limits(), false), Verdict::Keep, "done: idle from now");
        assert_eq!(w.verdict(&a, at(t0, 173), &limits(), false), Verdict::Close);
    }
}
