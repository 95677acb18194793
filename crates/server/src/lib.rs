//! The Rust server of `serve` and `dev`: the built site from memory, with precompressed
//! brotli/gzip, long-lived caching for hashed assets and none for pages, `404.html` with status
//! 404, the base URL honoured, and security headers. Hostile requests (traversal in any
//! encoding, bad UTF-8, NUL bytes, odd methods, bad ranges) get a clean 4xx; slow and idle
//! clients are timed out; a stop (SIGTERM, Ctrl-C) lets requests in flight finish.
//!
//! ```no_run
//! # async fn start() -> anyhow::Result<()> {
//! let listener = site_server::bind("127.0.0.1:3000".parse()?)?; // before building: a busy port fails fast
//! let server = site_server::Server::new("build".as_ref(), "/", None)?;
//! server.serve(listener, site_server::Follow::NewBuilds).await?; // until SIGTERM or Ctrl-C
//! # Ok(()) }
//! ```

mod arena;
mod body;
mod conditional;
mod conn;
mod events;
mod files;
mod follow;
mod negotiate;
mod respond;
mod rules;
mod serve;

pub use body::ResponseBody;
pub use files::SiteFiles;
pub use rules::{DEFAULT_CSP, static_host_headers};
pub use serve::{Follow, Limits, Listener, bind, stop_signal};

use arc_swap::ArcSwap;
use http::{Request, Response};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tokio::sync::{broadcast, watch};

/// Sent to open pages in `dev` when routes change: the changed routes, or `["*"]`.
pub type Reload = broadcast::Sender<String>;

#[derive(Clone)]
pub struct Server {
    inner: Arc<Inner>,
    limits: Limits,
}

struct Inner {
    /// Swapped whole: a request sees one build from start to end.
    files: ArcSwap<SiteFiles>,
    base_url: Box<str>,
    dir: PathBuf,
    reload: Option<Reload>,
    /// `{base}__dev/events` when `reload` is set.
    events_path: String,
    sent_from_arena: std::sync::atomic::AtomicU64,
}

impl Server {
    /// Loads the site in `dir`. Fails, saying what to run, when `dir` holds no built site.
    pub fn new(dir: &Path, base_url: &str, reload: Option<Reload>) -> anyhow::Result<Server> {
        let files = SiteFiles::load(dir)?;
        Ok(Server {
            inner: Arc::new(Inner {
                files: ArcSwap::from_pointee(files),
                base_url: base_url.into(),
                dir: dir.to_path_buf(),
                events_path: format!("{base_url}__dev/events"),
                reload,
                sent_from_arena: Default::default(),
            }),
            limits: Limits::default(),
        })
    }

    /// Other timeouts and caps than the defaults (tests use short ones).
    pub fn with_limits(mut self, limits: Limits) -> Server {
        self.limits = limits;
        self
    }

    /// Re-reads the build directory (after a rebuild in `dev`) and switches to it at once.
    /// Files unchanged on disk since the last load are not read again ([`SiteFiles::reload`]).
    pub fn reload_files(&self) -> anyhow::Result<()> {
        let now = self.inner.files.load_full();
        self.swap(now.reload(&self.inner.dir)?);
        Ok(())
    }

    /// [`Server::reload_files`] when only the files named in `changed` (relative to the site's
    /// folder, `/`-separated) can have changed since the last load ([`SiteFiles::reload_changed`]).
    pub fn reload_changed(&self, changed: &[String]) -> anyhow::Result<()> {
        let now = self.inner.files.load_full();
        self.swap(now.reload_changed(&self.inner.dir, changed)?);
        Ok(())
    }

    pub fn dir(&self) -> &Path {
        &self.inner.dir
    }

    /// The number of files now served.
    pub fn file_count(&self) -> usize {
        self.files().len()
    }

    /// The build now served.
    pub(crate) fn files(&self) -> arc_swap::Guard<Arc<SiteFiles>> {
        self.inner.files.load()
    }

    /// Bytes of bodies sent straight from the arena (`sendfile`) since the server started.
    #[doc(hidden)]
    pub fn bytes_sent_from_arena(&self) -> u64 {
        self.inner.sent_from_arena.load(std::sync::atomic::Ordering::Relaxed)
    }

    #[cfg_attr(not(target_os = "linux"), allow(dead_code))]
    pub(crate) fn count_sent_from_arena(&self, n: usize) {
        self.inner.sent_from_arena.fetch_add(n as u64, std::sync::atomic::Ordering::Relaxed);
    }

    fn swap(&self, files: SiteFiles) {
        self.inner.files.store(Arc::new(files));
    }

    /// The answer to one request. `stop` ends the dev event stream when the server stops.
    fn handle<B>(&self, req: &Request<B>, stop: &watch::Receiver<bool>) -> Response<ResponseBody> {
        if let Some(reload) = &self.inner.reload
            && req.method() == http::Method::GET
            && req.uri().path() == self.inner.events_path
        {
            return events::stream(reload, stop.clone(), self.limits.send_stall / 2);
        }
        let files = self.files();
        respond::respond(&files, &self.inner.base_url, req.method(), req.uri(), req.headers())
    }
}
