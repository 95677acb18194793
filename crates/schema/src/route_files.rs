//! How a route becomes files in the built site, and back: the one owner of this fact.
//!
//! `/` → `index.html` and `page-data/index.json`; `/docs/x` → `docs/x.html` and
//! `page-data/docs/x.json`. The front end and the tests use the JavaScript twin of these
//! functions, generated from this file into `frontend/src/generated/routeFiles.js` (kept
//! current, and checked against these functions, by the tests below).

/// The file stem of the root route.
pub const INDEX_STEM: &str = "index";
/// The folder of page data files.
pub const DATA_DIR: &str = "page-data";

/// `/` → `index`, `/docs/x` → `docs/x`.
pub fn stem(route: &str) -> &str {
    if route == "/" { INDEX_STEM } else { route.strip_prefix('/').unwrap_or(route) }
}

/// The prerendered HTML of a route: `/docs/x` → `docs/x.html`.
pub fn html_file(route: &str) -> String {
    format!("{}.html", stem(route))
}

/// The page data of a route: `/docs/x` → `page-data/docs/x.json`.
pub fn data_file(route: &str) -> String {
    format!("{DATA_DIR}/{}.json", stem(route))
}

/// The page as Markdown, for tools and AI assistants: `/docs/x` → `docs/x.md`.
pub fn markdown_file(route: &str) -> String {
    format!("{}.md", stem(route))
}

/// The route of an HTML file of the site (`docs/x.html`, `index.html`, `docs/index.html`), or
/// `None` for any other file.
pub fn route_of_html_file(file: &str) -> Option<String> {
    let stem = file.trim_start_matches('/').strip_suffix(".html")?;
    let stem = if stem == INDEX_STEM { "" } else { stem.strip_suffix(&format!("/{INDEX_STEM}")).unwrap_or(stem) };
    Some(format!("/{stem}"))
}

/// The JavaScript twin of this module (an ES module), for the browser, the prerender process
/// and the tests.
pub fn javascript() -> String {
    format!(
        r#"// Generated from crates/schema/src/route_files.rs by `UPDATE_TYPES=1 cargo test -p site-schema`. Do not edit.
// How a route becomes files in the built site, and back.

/** `/` → `{INDEX_STEM}`, `/docs/x` → `docs/x`. */
export function stem(route) {{
  return route === '/' ? '{INDEX_STEM}' : route.replace(/^\//, '');
}}

/** The prerendered HTML of a route: `/docs/x` → `docs/x.html`. */
export function htmlFile(route) {{
  return `${{stem(route)}}.html`;
}}

/** The page data of a route: `/docs/x` → `{DATA_DIR}/docs/x.json`. */
export function dataFile(route) {{
  return `{DATA_DIR}/${{stem(route)}}.json`;
}}

/** The page as Markdown, for tools and AI assistants: `/docs/x` → `docs/x.md`. */
export function markdownFile(route) {{
  return `${{stem(route)}}.md`;
}}

/** The route of an HTML file of the site, or null for any other file. */
export function routeOfHtmlFile(file) {{
  const m = file.replace(/^\/+/, '').match(/^(.*)\.html$/);
  if (!m) return null;
  const s = m[1] === '{INDEX_STEM}' ? '' : m[1].replace(/\/{INDEX_STEM}$/, '');
  return `/${{s}}`;
}}
"#
    )
}

/// TypeScript declarations of [`javascript`].
pub fn typescript_declarations() -> String {
    "// Generated from crates/schema/src/route_files.rs. Do not edit.\n\
     export function stem(route: string): string;\n\
     export function htmlFile(route: string): string;\n\
     export function dataFile(route: string): string;\n\
     export function markdownFile(route: string): string;\n\
     export function routeOfHtmlFile(file: string): string | null;\n"
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROUTES: &[&str] =
        &["/", "/404", "/docs/x", "/docs/introduction/motivation", "/blog/page/2", "/blog/tags/发布"];
    const FILES: &[&str] =
        &["index.html", "/index.html", "docs/x.html", "docs/index.html", "blog/tags/发布.html", "img/a.svg", "x.json"];

    #[test]
    fn routes_and_files() {
        assert_eq!(html_file("/"), "index.html");
        assert_eq!(html_file("/docs/introduction/motivation"), "docs/introduction/motivation.html");
        assert_eq!(data_file("/"), "page-data/index.json");
        assert_eq!(data_file("/blog/page/2"), "page-data/blog/page/2.json");
        assert_eq!(route_of_html_file("index.html").as_deref(), Some("/"));
        assert_eq!(route_of_html_file("docs/index.html").as_deref(), Some("/docs"));
        assert_eq!(route_of_html_file("img/a.svg"), None);
        for route in ROUTES {
            assert_eq!(route_of_html_file(&html_file(route)).as_deref(), Some(*route));
        }
    }

    /// The generated JavaScript gives the same answers as the Rust functions (run by Node).
    #[test]
    fn the_javascript_twin_agrees() {
        let dir = tempfile_dir();
        let module = dir.join("routeFiles.mjs");
        std::fs::write(&module, javascript()).unwrap();
        let script = format!(
            "import * as f from {module:?}; const routes = {routes}; const files = {files}; \
             console.log(JSON.stringify([routes.map(f.htmlFile), routes.map(f.dataFile), routes.map(f.markdownFile), files.map(f.routeOfHtmlFile)]));",
            module = module.to_string_lossy(),
            routes = serde_json::to_string(ROUTES).unwrap(),
            files = serde_json::to_string(FILES).unwrap(),
        );
        let out = std::process::Command::new("node")
            .args(["--input-type=module", "-e", &script])
            .output()
            .expect("Node.js is needed for this test (the front end needs it too)");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let js: (Vec<String>, Vec<String>, Vec<String>, Vec<Option<String>>) =
            serde_json::from_slice(&out.stdout).unwrap();
        let rust = (
            ROUTES.iter().map(|r| html_file(r)).collect::<Vec<_>>(),
            ROUTES.iter().map(|r| data_file(r)).collect::<Vec<_>>(),
            ROUTES.iter().map(|r| markdown_file(r)).collect::<Vec<_>>(),
            FILES.iter().map(|f| route_of_html_file(f)).collect::<Vec<_>>(),
        );
        assert_eq!(js, rust);
        let _ = std::fs::remove_dir_all(dir);
    }

    fn tempfile_dir() -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("route-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }
}
