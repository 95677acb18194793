//! Turns the links written in one file into routes, and records them for checking.

use percent_encoding::percent_decode_str;
use site_markdown::{Links, Resolved};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum LinkKind {
    /// A route of the site (a page), maybe with an anchor.
    Page,
    /// A file: an image, a feed, anything with an extension.
    Asset,
}

/// An internal link, to be checked once all routes and headings are known.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LinkRecord {
    pub source: PathBuf,
    pub line: usize,
    /// The route, percent-decoded, without query or fragment.
    pub route: String,
    /// The fragment, percent-decoded.
    pub anchor: Option<String>,
    pub kind: LinkKind,
    /// As written in the file, for messages.
    pub written: String,
}

/// Resolves the links of one content file against the site's files, and records the internal
/// ones for the build's link check.
pub struct Resolver<'a> {
    source: &'a Path,
    route: &'a str,
    by_file: &'a HashMap<PathBuf, String>,
    pub records: Vec<LinkRecord>,
}

impl<'a> Resolver<'a> {
    /// `source` is the file (relative to the site root), `route` its route, `by_file` the route
    /// of every content file, for relative `.md` links.
    pub fn new(source: &'a Path, route: &'a str, by_file: &'a HashMap<PathBuf, String>) -> Self {
        Resolver { source, route, by_file, records: Vec::new() }
    }

    fn record(&mut self, route: &str, anchor: Option<&str>, line: usize, written: &str) {
        let kind = if has_file_extension(route) { LinkKind::Asset } else { LinkKind::Page };
        self.records.push(LinkRecord {
            source: self.source.to_path_buf(),
            line,
            route: decode(route),
            anchor: anchor.filter(|a| !a.is_empty()).map(decode),
            kind,
            written: written.to_string(),
        });
    }
}

impl Links for Resolver<'_> {
    fn resolve(&mut self, href: &str, line: usize) -> Result<Resolved, String> {
        let link = |href: String, internal: bool| Ok(Resolved::Link { href, internal });
        if is_external(href) {
            return link(href.to_string(), false);
        }
        let (path_and_query, fragment) = match href.split_once('#') {
            Some((p, f)) => (p, Some(f)),
            None => (href, None),
        };
        let path = path_and_query.split('?').next().unwrap_or("");
        let with_fragment = |route: &str| match fragment {
            Some(f) => format!("{route}#{}", decode(f)),
            None => route.to_string(),
        };
        if path.is_empty() {
            // `#anchor` (or `?query`) on this page.
            self.record(self.route, fragment, line, href);
            let page =
                if path_and_query.is_empty() { String::new() } else { format!("{}{path_and_query}", self.route) };
            return link(with_fragment(&page), true);
        }
        if path.starts_with('/') {
            if path.len() > 1 && path.ends_with('/') {
                let fixed = format!("{}{}", path.trim_end_matches('/'), &href[path.len()..]);
                return Err(format!(
                    "link `{href}` ends with `/`: write `{fixed}` (static hosts serve that page as a file, \
                     {}.html, not as a folder)",
                    path.trim_end_matches('/')
                ));
            }
            self.record(path, fragment, line, href);
            return link(href.to_string(), true);
        }
        if path.ends_with(".md") || path.ends_with(".mdx") {
            return Ok(self.markdown_file(path, fragment, line, href));
        }
        // A relative URL path resolves against this page's route, as in a browser.
        let base = self.route.rsplit_once('/').map_or("", |(d, _)| d);
        let route = normalize_route(&format!("{base}/{path}"));
        let query = path_and_query.strip_prefix(path).unwrap_or("");
        self.record(&route, fragment, line, href);
        link(with_fragment(&format!("{route}{query}")), true)
    }
}

impl Resolver<'_> {
    /// A relative link to a content file (`../api/atom.md#参数`) becomes that file's route.
    fn markdown_file(&mut self, path: &str, fragment: Option<&str>, line: usize, href: &str) -> Resolved {
        let dir = self.source.parent().unwrap_or(Path::new(""));
        let target = normalize(&dir.join(path));
        match self.by_file.get(&target) {
            Some(route) => {
                let route = route.clone();
                self.record(&route, fragment, line, href);
                let href = match fragment {
                    Some(f) => format!("{route}#{}", decode(f)),
                    None => route,
                };
                Resolved::Link { href, internal: true }
            }
            // The spec makes this a warning; the text stays, without a link that leads nowhere.
            None => Resolved::Unlinked {
                warning: format!(
                    "broken Markdown link `{href}`: no content file {}; its text is shown without a link",
                    target.display()
                ),
            },
        }
    }
}

pub fn is_external(href: &str) -> bool {
    let lower = href.to_ascii_lowercase();
    ["http://", "https://", "mailto:", "tel:", "//"].iter().any(|p| lower.starts_with(p))
}

fn has_file_extension(route: &str) -> bool {
    route.rsplit('/').next().is_some_and(|last| {
        last.rsplit_once('.').is_some_and(|(stem, ext)| {
            !stem.is_empty()
                && !ext.is_empty()
                && ext.chars().all(|c| c.is_ascii_alphanumeric())
                && !ext.chars().all(|c| c.is_ascii_digit())
        })
    })
}

fn decode(s: &str) -> String {
    percent_decode_str(s).decode_utf8_lossy().into_owned()
}

/// `content/docs/a/../b.md` → `content/docs/b.md`, without touching the file system.
fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            c => out.push(c),
        }
    }
    out
}

fn normalize_route(r: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for seg in r.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            s => parts.push(s),
        }
    }
    format!("/{}", parts.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolver_fixture() -> HashMap<PathBuf, String> {
        let mut m = HashMap::new();
        m.insert(PathBuf::from("content/docs/api/atom.md"), "/docs/api/atom".to_string());
        m.insert(PathBuf::from("content/docs/guides/testing.md"), "/docs/guides/testing".to_string());
        m
    }

    #[test]
    fn resolves_every_form() {
        let files = resolver_fixture();
        let src = PathBuf::from("content/docs/guides/testing.md");
        let mut r = Resolver::new(&src, "/docs/guides/testing", &files);
        let link = |href: &str, internal: bool| Ok(Resolved::Link { href: href.into(), internal });
        assert_eq!(r.resolve("https://x.org/a", 1), link("https://x.org/a", false));
        assert_eq!(r.resolve("#参数", 2), link("#参数", true));
        assert_eq!(r.resolve("?tab=npm#参数", 2), link("/docs/guides/testing?tab=npm#参数", true));
        assert_eq!(r.resolve("/docs/api/atom#default", 3), link("/docs/api/atom#default", true));
        assert_eq!(r.resolve("../api/atom.md#%E5%8F%82%E6%95%B0", 4), link("/docs/api/atom#参数", true));
        assert!(matches!(r.resolve("./nope.md", 5), Ok(Resolved::Unlinked { warning }) if warning.contains("nope.md")));
        assert_eq!(r.resolve("../api/atom", 6), link("/docs/api/atom", true));
        assert_eq!(r.resolve("/img/a.svg", 7), link("/img/a.svg", true));
        let routes: Vec<_> = r.records.iter().map(|l| (l.route.as_str(), l.anchor.as_deref(), l.kind)).collect();
        assert_eq!(
            routes,
            vec![
                ("/docs/guides/testing", Some("参数"), LinkKind::Page),
                ("/docs/guides/testing", Some("参数"), LinkKind::Page),
                ("/docs/api/atom", Some("default"), LinkKind::Page),
                ("/docs/api/atom", Some("参数"), LinkKind::Page),
                ("/docs/api/atom", None, LinkKind::Page),
                ("/img/a.svg", None, LinkKind::Asset),
            ]
        );
    }

    #[test]
    fn trailing_slash_is_an_error_with_the_fix() {
        let files = resolver_fixture();
        let src = PathBuf::from("content/docs/guides/testing.md");
        let mut r = Resolver::new(&src, "/docs/guides/testing", &files);
        let e = r.resolve("/docs/api/atom/#default", 1).unwrap_err();
        assert!(e.contains("write `/docs/api/atom#default`"), "{e}");
        assert!(r.resolve("/docs/x//?a=1", 2).unwrap_err().contains("write `/docs/x?a=1`"));
        assert!(r.resolve("/", 3).is_ok());
        assert!(r.records.iter().all(|l| l.line == 3));
    }

    #[test]
    fn version_numbers_are_not_extensions() {
        assert!(!has_file_extension("/blog/2022/10/11/recoil-0.7.6-release"));
        assert!(has_file_extension("/blog/rss.xml"));
        assert!(!has_file_extension("/blog/2020/05/30/0.0.8-released"));
    }
}
