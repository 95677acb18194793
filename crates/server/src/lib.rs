//! The Rust server of `serve` and `dev`: the built site from memory, with precompressed
//! brotli/gzip, long-lived caching for hashed assets and none for pages, `404.html` with status
//! 404, the base URL honoured, and security headers. Hostile requests (traversal in any
//! encoding, bad UTF-8, NUL bytes, odd methods, bad ranges) get a clean 4xx.

mod files;
mod respond;

pub use files::SiteFiles;

use axum::Router;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, Method, Request, Response};
use axum::response::sse::{Event, KeepAlive, Sse};
use std::convert::Infallible;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use tokio::sync::broadcast;

/// Sent to open pages in `dev` when routes change: the changed routes, or `["*"]`.
pub type Reload = broadcast::Sender<String>;

#[derive(Clone)]
pub struct Server {
    files: Arc<RwLock<Arc<SiteFiles>>>,
    base_url: Arc<str>,
    dir: Arc<PathBuf>,
    reload: Option<Reload>,
}

impl Server {
    pub fn new(dir: &Path, base_url: &str, reload: Option<Reload>) -> anyhow::Result<Server> {
        let files = SiteFiles::load(dir)?;
        Ok(Server {
            files: Arc::new(RwLock::new(Arc::new(files))),
            base_url: base_url.into(),
            dir: Arc::new(dir.to_path_buf()),
            reload,
        })
    }

    /// Re-reads the build directory (after a rebuild in `dev`).
    pub fn reload_files(&self) -> anyhow::Result<()> {
        let files = SiteFiles::load(&self.dir)?;
        *self.files.write().unwrap() = Arc::new(files);
        Ok(())
    }

    pub fn router(self) -> Router {
        let mut r = Router::new();
        if self.reload.is_some() {
            r = r.route(&format!("{}__dev/events", self.base_url), axum::routing::get(dev_events));
        }
        r.fallback(handle).with_state(self)
    }

    /// Serves until Ctrl-C.
    pub async fn run(self, addr: SocketAddr) -> anyhow::Result<()> {
        let listener =
            tokio::net::TcpListener::bind(addr).await.map_err(|e| anyhow::anyhow!("cannot listen on {addr}: {e}"))?;
        axum::serve(listener, self.router())
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await?;
        Ok(())
    }
}

async fn handle(State(s): State<Server>, req: Request<Body>) -> Response<Body> {
    let files = s.files.read().unwrap().clone();
    respond::respond(&files, &s.base_url, req.method(), req.uri(), req.headers())
}

async fn dev_events(
    State(s): State<Server>,
    _h: HeaderMap,
    _m: Method,
) -> Sse<impl futures_util::Stream<Item = Result<Event, Infallible>>> {
    let rx = s.reload.as_ref().expect("dev only").subscribe();
    let stream = tokio_stream::wrappers::BroadcastStream::new(rx);
    let stream =
        futures_util::StreamExt::filter_map(
            stream,
            |m| async move { m.ok().map(|data| Ok(Event::default().data(data))) },
        );
    Sse::new(stream).keep_alive(KeepAlive::default())
}

#[cfg(test)]
mod tests;
