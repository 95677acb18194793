//! The prerender processes against a stand-in server bundle: pages stream through several
//! processes, a page whose render throws is reported with its message, a process that dies
//! mid-build is reported instead of hanging the build, and one whose engine is gone ends quietly.

use site_frontend::{Bundle, PageFailed, Renderer};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

/// A server bundle whose `renderDocument` echoes the route, throws for `/throws`, and kills
/// its own process for `/dies`.
const ENTRY: &str = r#"
export async function prepare() {}
export function renderDocument(site, page, shell) {
  if (page.route === '/throws') throw new TypeError(`cannot read the demo of ${page.route}`);
  if (page.route === '/dies') process.kill(process.pid, 'SIGKILL');
  return `<html>${site.title} ${page.route} ${process.pid}</html>`;
}
"#;

fn stand_in_bundle(dir: &Path) -> Bundle {
    std::fs::create_dir_all(dir.join(".vite")).unwrap();
    std::fs::write(dir.join("entry.mjs"), ENTRY).unwrap();
    std::fs::write(dir.join("index.html"), "<html><!--app-html--></html>").unwrap();
    std::fs::write(dir.join(".vite/manifest.json"), "{}").unwrap();
    Bundle { client_dir: dir.to_path_buf(), server_entry: dir.join("entry.mjs"), cached: true, hash: String::new() }
}

fn script() -> PathBuf {
    site_testkit::frontend().join("scripts/prerender.mjs")
}

fn page(route: &str) -> String {
    format!(r#"{{"route":"{route}"}}"#)
}

/// Renders `routes` on a thread, failing the test if the renderer has not answered in time.
fn render_routes(routes: Vec<String>, workers: usize) -> Result<Vec<(usize, String)>, anyhow::Error> {
    let dir = tempfile::tempdir().unwrap();
    let bundle = stand_in_bundle(dir.path());
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut renderer = Renderer::start(&script(), &bundle, r#"{"title":"站点"}"#, workers, None).unwrap();
        let mut got = Vec::new();
        let r = renderer.render_each(routes.iter().map(|r| page(r)), |i, html| {
            got.push((i, String::from_utf8(html).expect("checked as UTF-8")));
            Ok(())
        });
        let _ = tx.send(r.map(|_| got));
    });
    rx.recv_timeout(Duration::from_secs(60)).expect("the renderer answered instead of hanging")
}

#[test]
fn every_page_is_rendered_once_across_the_processes() {
    let routes: Vec<String> = (0..40).map(|i| format!("/p{i}")).collect();
    let mut got = render_routes(routes, 2).unwrap();
    got.sort();
    assert_eq!(got.len(), 40);
    for (i, html) in &got {
        assert!(html.starts_with(&format!("<html>站点 /p{i} ")), "{html}");
    }
    let pids: std::collections::HashSet<&str> = got.iter().map(|(_, h)| h.rsplit(' ').next().unwrap()).collect();
    assert_eq!(pids.len(), 2, "both processes rendered pages");
}

#[test]
fn a_page_that_throws_is_reported_with_its_position_and_message() {
    let routes = vec!["/a".to_string(), "/b".to_string(), "/throws".to_string(), "/c".to_string()];
    let e = render_routes(routes, 2).unwrap_err();
    let failed = e.downcast_ref::<PageFailed>().unwrap_or_else(|| panic!("not a page failure: {e:#}"));
    assert_eq!(failed.index, 2);
    assert!(failed.message.starts_with("cannot read the demo of /throws\n"), "{}", failed.message);
    assert!(failed.message.contains("  at "), "the top of the stack follows: {}", failed.message);
}

#[test]
fn a_process_killed_mid_build_is_reported_not_waited_for() {
    let mut routes: Vec<String> = (0..30).map(|i| format!("/p{i}")).collect();
    routes.insert(12, "/dies".to_string());
    let e = render_routes(routes, 2).unwrap_err();
    let failed = e.downcast_ref::<PageFailed>().unwrap_or_else(|| panic!("not a page failure: {e:#}"));
    assert_eq!(failed.index, 12);
    assert!(failed.message.contains("stopped while rendering this page"), "{}", failed.message);
    assert!(failed.message.contains("signal: 9"), "how it ended: {}", failed.message);
}

/// An engine killed mid-build closes the prerender's output: the process ends by itself,
/// without Node's trace of an unhandled write error burying the engine's own message.
#[test]
fn a_process_whose_reader_is_gone_ends_quietly() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let bundle = stand_in_bundle(dir.path());
    let mut node = Command::new("node")
        .arg(script())
        .arg(&bundle.server_entry)
        .arg(bundle.client_dir.join("index.html"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(node.stdout.take());
    let mut input = node.stdin.take().unwrap();
    // Enough pages that answers are written after the reader is gone; the input may be closed
    // by then too.
    let _ = writeln!(input, r#"{{"title":"站点"}}"#);
    for i in 0..200 {
        let _ = writeln!(input, "{}", page(&format!("/p{i}")));
    }
    drop(input);
    let out = node.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.is_empty(), "{stderr}");
    assert!(out.status.success(), "{:?}", out.status);
}

/// Answers wait for the caller: while it is slow with a page (a busy disk), the processes are
/// not fed more, so rendered pages do not pile up in memory. Before, a process's room was given
/// back as soon as its answer was read, and the processes ran ahead of the caller without
/// bound (58 of 60 pages here).
#[test]
fn a_slow_caller_holds_back_the_pages_fed() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let dir = tempfile::tempdir().unwrap();
    let bundle = stand_in_bundle(dir.path());
    let mut renderer = Renderer::start(&script(), &bundle, r#"{"title":"站点"}"#, 1, None).unwrap();
    let fed = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&fed);
    let pages = (0..60).map(move |i| {
        counted.fetch_add(1, Ordering::SeqCst);
        page(&format!("/p{i}"))
    });
    let (mut handled, mut most_ahead) = (0, 0);
    renderer
        .render_each(pages, |_, _| {
            handled += 1;
            most_ahead = most_ahead.max(fed.load(Ordering::SeqCst) - handled);
            std::thread::sleep(Duration::from_millis(10));
            Ok(())
        })
        .unwrap();
    assert_eq!(handled, 60);
    // In the process, waiting to be read, and waiting for the caller: a few pages, not all.
    assert!(most_ahead <= 12, "{most_ahead} pages were fed ahead of the caller");
}
