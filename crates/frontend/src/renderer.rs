//! The prerender processes: long-lived Node processes (up to one per core) that import the server
//! bundle and turn page data into complete HTML documents. Requests are JSON lines on each
//! process's stdin; answers on its stdout are a header line and that many bytes (see
//! [`read_answer`]). Pages are fed as a stream: each process has at most a
//! few pages in flight, so neither side holds the whole site, and a page goes to whichever
//! process has room first. `build` renders every page through them and `dev` re-renders changed
//! pages in milliseconds.

use crate::Bundle;
use anyhow::{Context, Result, anyhow};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

/// Pages sent to one process ahead of its answers: enough to keep it busy while the answer
/// of the previous page travels back, few enough to hold little.
const IN_FLIGHT: usize = 4;

pub struct Renderer {
    workers: Vec<Worker>,
}

struct Worker {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

/// A prerender process started before the site data is known: Node's start and the bundle's
/// import (most of a one-page rebuild) then overlap the content stage. Killed when dropped
/// unused.
pub struct Warm(Worker);

impl Warm {
    pub fn start(script: &Path, bundle: &Bundle) -> Result<Warm> {
        Worker::spawn(script, bundle).map(Warm)
    }
}

/// A page that could not be rendered: its position among the pages given, and why (the
/// page's own error, or the process stopping while it rendered the page).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageFailed {
    pub index: usize,
    pub message: String,
}

impl std::fmt::Display for PageFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "page {}: {}", self.index, self.message)
    }
}

impl std::error::Error for PageFailed {}

impl Renderer {
    /// Starts `workers` prerender processes (at least one), side by side, the `warm` one first.
    pub fn start(
        script: &Path,
        bundle: &Bundle,
        site_json: &str,
        workers: usize,
        warm: Option<Warm>,
    ) -> Result<Renderer> {
        let warm = warm.map(|w| w.0).into_iter().map(Ok);
        let cold = std::iter::repeat_with(|| Worker::spawn(script, bundle));
        let mut workers: Vec<Worker> = warm.chain(cold).take(workers.max(1)).collect::<Result<_>>()?;
        for worker in &mut workers {
            // First line: the site data, shared by every page. A process that stopped at once
            // shows up as a failure of its first page.
            let stdin = &mut worker.stdin;
            let _ = stdin.write_all(site_json.as_bytes()).and_then(|_| stdin.write_all(b"\n"));
        }
        Ok(Renderer { workers })
    }

    /// Renders `pages` (page-data JSON, produced as they are needed), handing each page's HTML
    /// (UTF-8, checked: see [`read_answer`]) to `on_page(index, html)` as soon as it arrives;
    /// pages arrive in any order. Stops at the first failure: a page that fails is a
    /// [`PageFailed`] error.
    pub fn render_each(
        &mut self,
        pages: impl Iterator<Item = String> + Send,
        mut on_page: impl FnMut(usize, Vec<u8>) -> Result<()>,
    ) -> Result<()> {
        let stop = AtomicBool::new(false);
        // Bounded: a reader waits while `on_page` is behind (a busy disk), and only then gives
        // its process's room back, so the feeder waits too. Unbounded, every page rendered while
        // writing lagged waited here (its HTML, about 55 KB a page at 10 000 pages).
        let (answers_tx, answers) = mpsc::sync_channel::<(usize, Result<Vec<u8>>)>(self.workers.len() * IN_FLIGHT);
        // A worker's id in `free` is one page it has room for.
        let (free_tx, free) = mpsc::channel::<usize>();
        std::thread::scope(|s| {
            let mut inputs = Vec::new();
            for (w, worker) in self.workers.iter_mut().enumerate() {
                let (pending_tx, pending) = mpsc::channel::<usize>();
                for _ in 0..IN_FLIGHT {
                    free_tx.send(w).unwrap();
                }
                inputs.push((&mut worker.stdin, pending_tx));
                let (answers_tx, free_tx) = (answers_tx.clone(), free_tx.clone());
                let (stdout, child) = (&mut worker.stdout, &mut worker.child);
                s.spawn(move || read_answers(stdout, child, pending, answers_tx, free_tx, w));
            }
            drop((answers_tx, free_tx));
            let stop = &stop;
            let feeder = s.spawn(move || feed(pages, inputs, free, stop));
            let mut failed = None;
            for (i, answer) in answers {
                if failed.is_none()
                    && let Err(e) = answer.and_then(|html| on_page(i, html))
                {
                    failed = Some(e);
                    stop.store(true, Ordering::Relaxed);
                }
            }
            let fed = feeder.join().map_err(|_| anyhow!("the prerender feeder panicked"))?;
            match failed {
                Some(e) => Err(e),
                None => fed,
            }
        })
    }
}

/// Writes each page to a worker with room for it, until the pages run out or a failure stops
/// the run. Dropping the pending queues at the end lets the readers finish.
fn feed(
    pages: impl Iterator<Item = String>,
    mut inputs: Vec<(&mut ChildStdin, mpsc::Sender<usize>)>,
    free: mpsc::Receiver<usize>,
    stop: &AtomicBool,
) -> Result<()> {
    for (i, page) in pages.enumerate() {
        // No worker has room and none will get any: every one has stopped.
        let Ok(w) = free.recv() else { break };
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let (stdin, pending) = &mut inputs[w];
        if pending.send(i).is_err() {
            // This worker's reader has ended (its process stopped and was reported).
            continue;
        }
        let written = stdin.write_all(page.as_bytes()).and_then(|_| stdin.write_all(b"\n")).and_then(|_| stdin.flush());
        if written.is_err() {
            // The process has gone; its reader reports it with the page it was sent.
            break;
        }
    }
    Ok(())
}

/// Reads one worker's answers, in the order its pages were sent, and gives its room back.
fn read_answers(
    stdout: &mut BufReader<ChildStdout>,
    child: &mut Child,
    pending: mpsc::Receiver<usize>,
    answers: mpsc::SyncSender<(usize, Result<Vec<u8>>)>,
    free: mpsc::Sender<usize>,
    worker: usize,
) {
    let mut header = String::new();
    for i in pending {
        let (answer, ended) = match read_answer(stdout, &mut header) {
            Ok(Some(Ok(html))) => (Ok(html), false),
            Ok(Some(Err(message))) => (Err(anyhow!(PageFailed { index: i, message })), false),
            Ok(None) | Err(_) => (Err(stopped(child, i)), true),
        };
        let _ = answers.send((i, answer));
        if ended {
            return;
        }
        let _ = free.send(worker);
    }
}

/// One answer of a prerender process (`scripts/prerender.mjs`): a header line, `html <length>`
/// or `error <length>`, then that many bytes of UTF-8. The page's HTML, or its error message
/// (also for an answer that is not one: something else the process printed); None when the
/// process has stopped. The HTML stays bytes (it is only written and compressed), checked as
/// UTF-8 with SIMD: `String::from_utf8` was about 2 % of the engine's own threads' CPU in a
/// 10 000-page build.
fn read_answer(stdout: &mut impl BufRead, header: &mut String) -> std::io::Result<Option<Result<Vec<u8>, String>>> {
    header.clear();
    if stdout.read_line(header)? == 0 {
        return Ok(None);
    }
    let parsed = header.trim_end().split_once(' ').and_then(|(kind, len)| Some((kind, len.parse::<usize>().ok()?)));
    let Some((kind @ ("html" | "error"), len)) = parsed else {
        return Ok(Some(Err(format!(
            "the prerender process printed something other than an answer: {:.200}",
            header.trim_end()
        ))));
    };
    let mut body = vec![0; len];
    stdout.read_exact(&mut body)?;
    if simdutf8::basic::from_utf8(&body).is_err() {
        return Ok(Some(Err("the prerender process answered with bytes that are not UTF-8".to_owned())));
    }
    Ok(Some(if kind == "html" { Ok(body) } else { Err(String::from_utf8_lossy(&body).into_owned()) }))
}

/// The error for a process that stopped while rendering page `i`: how it ended.
fn stopped(child: &mut Child, i: usize) -> anyhow::Error {
    let status = child.wait().map(|s| s.to_string()).unwrap_or_else(|e| e.to_string());
    anyhow!(PageFailed {
        index: i,
        message: format!(
            "the prerender process (node, pid {}) stopped while rendering this page ({status}); \
             its own error, if it printed one, is above",
            child.id()
        ),
    })
}

impl Worker {
    fn spawn(script: &Path, bundle: &Bundle) -> Result<Worker> {
        let mut child = Command::new("node")
            .arg(script)
            .arg(&bundle.server_entry)
            .arg(bundle.client_dir.join("index.html"))
            .env("NODE_ENV", "production")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .with_context(|| format!("could not start the prerender process (node). {}", crate::NODE_HINT))?;
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Ok(Worker { child, stdin, stdout })
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::read_answer;

    fn answers(stream: &[u8]) -> Vec<Option<Result<Vec<u8>, String>>> {
        let (mut reader, mut header) = (stream, String::new());
        (0..3).map(|_| read_answer(&mut reader, &mut header).unwrap_or(None)).collect()
    }

    #[test]
    fn answers_are_read_by_their_length_whatever_they_hold() {
        let html = "<p>原子\nerror 3\n</p>";
        let stream = format!("html {}\n{html}error 5\noops!", html.len());
        assert_eq!(answers(stream.as_bytes()), [Some(Ok(html.into())), Some(Err("oops!".to_owned())), None]);
    }

    #[test]
    fn what_is_not_an_answer_is_the_page_error_and_a_cut_answer_is_a_stop() {
        let [stray, ..] = &answers(b"console.log output\n")[..] else { unreachable!() };
        assert!(stray.as_ref().unwrap().as_ref().unwrap_err().contains("console.log output"), "{stray:?}");
        assert_eq!(answers(b"html 10\nshort")[0], None);
        assert!(answers(b"html 2\n\xff\xfe")[0].as_ref().unwrap().as_ref().unwrap_err().contains("UTF-8"));
        // A character cut in two is not UTF-8 either, in an error's text as in a page's.
        assert!(answers("error 2\n原".as_bytes())[0].as_ref().unwrap().as_ref().unwrap_err().contains("UTF-8"));
    }
}
