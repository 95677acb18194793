//! The prerender process: one long-lived Node process that imports the server bundle and turns
//! page data into complete HTML documents. Requests and answers are JSON lines on its stdin and
//! stdout, so `build` renders every page through one process and `dev` re-renders changed
//! pages in milliseconds.

use crate::Bundle;
use anyhow::{Context, Result, anyhow, bail};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

pub struct Renderer {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

#[derive(serde::Deserialize)]
struct Answer {
    html: Option<String>,
    error: Option<String>,
}

impl Renderer {
    pub fn start(script: &Path, bundle: &Bundle, site_json: &str) -> Result<Renderer> {
        let mut child = Command::new("node")
            .arg(script)
            .arg(&bundle.server_entry)
            .arg(bundle.client_dir.join("index.html"))
            .env("NODE_ENV", "production")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .context("could not start the prerender process (node)")?;
        let mut stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        // First line: the site data, shared by every page.
        stdin.write_all(site_json.as_bytes())?;
        stdin.write_all(b"\n")?;
        Ok(Renderer { child, stdin, stdout })
    }

    /// Renders one page (its page-data JSON) to a complete HTML document.
    pub fn render(&mut self, page_json: &str) -> Result<String> {
        Ok(self.render_many(std::iter::once(page_json))?.remove(0))
    }

    /// Renders many pages, streaming: requests are written from a second thread while answers
    /// are read, so neither pipe fills up. Answers come back in request order.
    pub fn render_many<'a>(&mut self, pages: impl Iterator<Item = &'a str>) -> Result<Vec<String>> {
        let mut out = Vec::new();
        self.render_each(pages, |_, html| {
            out.push(html);
            Ok(())
        })?;
        Ok(out)
    }

    /// Like [`Renderer::render_many`], handing each page's HTML to `on_page(index, html)` as
    /// soon as it arrives, so the caller can write and compress while later pages render.
    pub fn render_each<'a>(
        &mut self,
        pages: impl Iterator<Item = &'a str>,
        mut on_page: impl FnMut(usize, String) -> Result<()>,
    ) -> Result<()> {
        let pages: Vec<&str> = pages.collect();
        let n = pages.len();
        let stdin = &mut self.stdin;
        let stdout = &mut self.stdout;
        std::thread::scope(|s| {
            let writer = s.spawn(move || -> std::io::Result<()> {
                for p in pages {
                    stdin.write_all(p.as_bytes())?;
                    stdin.write_all(b"\n")?;
                }
                stdin.flush()
            });
            let mut line = String::new();
            for i in 0..n {
                line.clear();
                if stdout.read_line(&mut line)? == 0 {
                    bail!("the prerender process exited early (its error is printed above)");
                }
                on_page(i, answer(&line)?)?;
            }
            writer.join().map_err(|_| anyhow!("prerender writer panicked"))??;
            Ok(())
        })
    }
}

fn answer(line: &str) -> Result<String> {
    let a: Answer = serde_json::from_str(line).context("the prerender process answered something that is not JSON")?;
    match (a.html, a.error) {
        (Some(h), _) => Ok(h),
        (_, Some(e)) => bail!("prerender failed: {e}"),
        _ => bail!("the prerender process gave an empty answer"),
    }
}

impl Drop for Renderer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
