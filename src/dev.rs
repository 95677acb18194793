//! `dev`: build, serve, and rebuild on every change to an input. Open pages hear about each
//! rebuild (server-sent events): the routes that changed, which they refresh, or the build's
//! errors, which they show over the page until a later rebuild succeeds. A first build that
//! fails does not end `dev`: the error is served as the page until the inputs are fixed.

use anyhow::Result;
use notify_debouncer_full::notify::{EventKind, RecursiveMode};
use site_pipeline::dev::{DevSession, Rebuilt};
use site_pipeline::{Options, Problems, load_config};
use site_server::{Follow, Server};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

/// Edits arrive in bursts (an editor writes a temporary file, renames it, touches the folder):
/// one rebuild once the burst has been quiet this long.
const QUIET: Duration = Duration::from_millis(50);

struct Dev {
    opts: Options,
    /// The base URL the server was started with; changing it needs a restart.
    base: String,
    session: Option<DevSession>,
    events: broadcast::Sender<String>,
}

pub fn run(opts: Options, addr: SocketAddr) -> Result<()> {
    // The port first: a taken port is reported before minutes of building.
    let listener = site_server::bind(addr)?;
    let base = load_config(&opts).map(|c| c.site.base_url).unwrap_or_else(|_| "/".into());
    let (events, _) = broadcast::channel::<String>(16);
    let mut dev = Dev { opts, base, session: None, events };
    let _ = dev.first_build();
    let server = Server::new(&dev.opts.out, &dev.base, Some(dev.events.clone()))?;
    let (_watcher, changes) = watch(&dev.opts)?;
    let watched = server.clone();
    let url = format!("http://{addr}{}", dev.base);
    std::thread::spawn(move || {
        for () in changes.iter() {
            let (message, written) = dev.rebuild();
            // The server must hold the new files before the pages hear of them and fetch.
            let reloaded = match written {
                Some(names) => watched.reload_changed(&names),
                None => watched.reload_files(),
            };
            if let Err(e) = reloaded {
                eprintln!("error: reloading {}: {e:#}", dev.opts.out.display());
            }
            let _ = dev.events.send(message.to_string());
            if let Some(Err(e)) = dev.session.as_mut().map(DevSession::stamp) {
                eprintln!("error: stamping {}: {e:#}", dev.opts.out.display());
            }
        }
    });
    eprintln!("dev server at {url}  (edits rebuild and refresh open pages; Ctrl-C stops)");
    tokio::runtime::Runtime::new()?.block_on(server.serve(listener, Follow::Caller))?;
    Ok(())
}

impl Dev {
    /// The whole build; on failure, the errors (also written as the page to serve).
    fn first_build(&mut self) -> Result<(), Vec<String>> {
        let t = Instant::now();
        match DevSession::start(self.opts.clone()) {
            Ok((session, report)) => {
                self.session = Some(session);
                for w in &report.warnings {
                    eprintln!("warning: {w}");
                }
                eprintln!("built {} pages in {:.2} s", report.pages, t.elapsed().as_secs_f64());
                Ok(())
            }
            Err(e) => Err(self.failed(e, true)),
        }
    }

    /// After a change: a rebuild, or a new first build when there is no site yet. Returns what
    /// to tell the open pages, and the files written when the rebuild knows them all (the
    /// server then reads only those again).
    fn rebuild(&mut self) -> (serde_json::Value, Option<Vec<String>>) {
        let t = Instant::now();
        let config = load_config(&self.opts);
        if let Ok(config) = &config
            && config.site.base_url != self.base
        {
            let message = format!(
                "site.base_url changed from {} to {}: stop `dev` and start it again to serve under the new base URL",
                self.base, config.site.base_url
            );
            eprintln!("error: {message}");
            return (serde_json::json!({ "errors": [message] }), None);
        }
        let Some(session) = self.session.as_mut() else {
            let message = match self.first_build() {
                Ok(()) => serde_json::json!({ "reload": ["*"] }),
                Err(errors) => serde_json::json!({ "errors": errors }),
            };
            return (message, None);
        };
        match config.and_then(|config| session.rebuild_with(config)) {
            Ok(Rebuilt { routes, warnings, written }) => {
                for w in &warnings {
                    eprintln!("warning: {w}");
                }
                let what = if routes.is_empty() { "no page changed".to_string() } else { routes.join(", ") };
                eprintln!("rebuilt in {} ms: {what}", t.elapsed().as_millis());
                // Sent even when no page changed: it also clears an error shown on the pages.
                (serde_json::json!({ "reload": routes }), written)
            }
            Err(e) => (serde_json::json!({ "errors": self.failed(e, false) }), None),
        }
    }

    /// Reports a failed build in the terminal; returns its errors for the open pages.
    fn failed(&mut self, e: anyhow::Error, first: bool) -> Vec<String> {
        let errors: Vec<String> = match e.downcast_ref::<Problems>() {
            Some(p) => p.errors.clone(),
            None => vec![format!("{e:#}")],
        };
        for m in &errors {
            eprintln!("error: {m}");
        }
        if first {
            eprintln!("(the site is not built yet: the error is shown in the browser until the files are fixed)");
            if let Err(e) = crate::dev_error_page::write(&self.opts.out, &self.base, &errors) {
                eprintln!("error: writing the error page: {e:#}");
            }
        } else {
            eprintln!("(the pages in the browser show this until it is fixed)");
        }
        errors
    }
}

/// Watches every input of the build (the list the build stamp hashes): folders recursively,
/// and the folder of each single file, since editors save by replacing the file. Sends one
/// `()` per quiet burst of changes, for as long as the returned watcher lives.
fn watch(opts: &Options) -> Result<(impl Drop + use<>, mpsc::Receiver<()>)> {
    let sources = site_pipeline::stamp::sources(opts);
    let (tx, rx) = mpsc::channel();
    let filter = sources.clone();
    let mut debouncer = notify_debouncer_full::new_debouncer(
        QUIET,
        None,
        move |result: notify_debouncer_full::DebounceEventResult| {
            let Ok(events) = result else { return };
            let relevant = events
                .iter()
                .filter(|e| !matches!(e.kind, EventKind::Access(_)))
                .any(|e| e.paths.iter().any(|p| filter.contains(p)));
            if relevant {
                let _ = tx.send(());
            }
        },
    )?;
    for dir in sources.dirs.iter().filter(|d| d.is_dir()) {
        debouncer.watch(dir, RecursiveMode::Recursive)?;
    }
    let parents: std::collections::BTreeSet<PathBuf> =
        sources.files.iter().filter_map(|f| f.parent()).filter(|p| p.is_dir()).map(Path::to_path_buf).collect();
    for parent in parents {
        debouncer.watch(&parent, RecursiveMode::NonRecursive)?;
    }
    Ok((debouncer, rx))
}
