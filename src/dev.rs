//! `dev`: build once, serve, and rebuild on every change. Open pages hear about the routes
//! that changed (server-sent events) and refresh themselves.

use anyhow::Result;
use notify::{RecursiveMode, Watcher};
use site_pipeline::dev::DevSession;
use site_pipeline::{Options, Problems};
use std::net::SocketAddr;
use std::sync::mpsc;
use std::time::{Duration, Instant};

pub fn run(opts: Options, addr: SocketAddr) -> Result<()> {
    let root = opts.root.clone();
    let out = opts.out.clone();
    let (mut session, report) = DevSession::start(opts.clone())?;
    eprintln!("built {} pages in {:.2} s", report.pages, report.total.as_secs_f64());
    let base = site_pipeline::load_config(&opts)?.site.base_url;
    let (reload, _) = tokio::sync::broadcast::channel::<String>(16);
    let server = site_server::Server::new(&out, &base, Some(reload.clone()))?;

    let (tx, rx) = mpsc::channel();
    let mut watcher = notify::recommended_watcher(move |e: notify::Result<notify::Event>| {
        if let Ok(e) = e
            && !matches!(e.kind, notify::EventKind::Access(_))
        {
            let _ = tx.send(());
        }
    })?;
    for dir in ["content", "static", "frontend/src"] {
        let p = root.join(dir);
        if p.exists() {
            watcher.watch(&p, RecursiveMode::Recursive)?;
        }
    }
    watcher.watch(&root.join("site.toml"), RecursiveMode::NonRecursive)?;

    let watched = server.clone();
    std::thread::spawn(move || {
        while rx.recv().is_ok() {
            // Editors write a file in several steps: wait for the burst to settle.
            std::thread::sleep(Duration::from_millis(30));
            while rx.try_recv().is_ok() {}
            let t = Instant::now();
            match session.rebuild() {
                Ok(site_pipeline::dev::Rebuilt { routes, warnings }) => {
                    for w in &warnings {
                        eprintln!("warning: {w}");
                    }
                    if let Err(e) = watched.reload_files() {
                        eprintln!("error: reloading build/: {e:#}");
                        continue;
                    }
                    eprintln!(
                        "rebuilt in {} ms: {}",
                        t.elapsed().as_millis(),
                        if routes.is_empty() { "no page changed".to_string() } else { routes.join(", ") }
                    );
                    if !routes.is_empty() {
                        let _ = reload.send(serde_json::to_string(&routes).expect("strings serialise"));
                    }
                }
                Err(e) => match e.downcast_ref::<Problems>() {
                    Some(f) => eprintln!("{f}\n(the pages in the browser stay as they were until this is fixed)"),
                    None => eprintln!("error: {e:#}"),
                },
            }
        }
    });

    eprintln!("dev server at http://{addr}{base}  (edits rebuild and refresh open pages; Ctrl-C stops)");
    tokio::runtime::Runtime::new()?.block_on(server.run(addr))?;
    drop(watcher);
    Ok(())
}
