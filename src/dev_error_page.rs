//! The page `dev` serves while the site has never built: the errors, and a small script that
//! listens for the next rebuild and loads the site once it succeeds (or shows the new errors).

use anyhow::Result;
use std::path::Path;

const SCRIPT: &str = r#"// Written by `docsite dev` while the site does not build.
const list = document.getElementById('errors');
const events = new EventSource(document.documentElement.dataset.base + '__dev/events');
events.onmessage = (e) => {
  const m = JSON.parse(e.data);
  if (m.reload) location.reload();
  else if (m.errors) list.replaceChildren(...m.errors.map((t) => Object.assign(document.createElement('li'), {textContent: t})));
};
"#;

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Replaces `out` with the error page (as `index.html` and `404.html`, so every URL shows it).
pub fn write(out: &Path, base: &str, errors: &[String]) -> Result<()> {
    if out.exists() {
        std::fs::remove_dir_all(out)?;
    }
    std::fs::create_dir_all(out.join("__dev"))?;
    let items: String = errors.iter().map(|e| format!("<li>{}</li>", escape(e))).collect();
    let page = format!(
        r#"<!doctype html>
<html lang="zh-hans" data-base="{base}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>构建失败</title></head>
<body style="margin:0;font:16px/1.6 system-ui,sans-serif;background:#1b1d21;color:#f5f6f7">
<main style="max-width:60rem;margin:0 auto;padding:2rem">
<h1 style="color:#ff8a80;font-size:1.4rem">构建失败（Build failed）</h1>
<p>修复下面的问题并保存，页面会自动刷新。</p>
<ul id="errors" style="font:14px/1.6 ui-monospace,monospace;white-space:pre-wrap;background:#2b2e33;padding:1rem 1rem 1rem 2rem;border-radius:6px">{items}</ul>
</main>
<script src="{base}__dev/overlay.js"></script>
</body>
</html>
"#,
        base = escape(base),
    );
    std::fs::write(out.join("index.html"), &page)?;
    std::fs::write(out.join("404.html"), &page)?;
    std::fs::write(out.join("__dev/overlay.js"), SCRIPT)?;
    Ok(())
}
