//! Absolute URLs: the Markdown twins are read away from the site, so every link in them names
//! the site's origin and base URL.

use site_schema::SiteData;
use site_schema::route_files::markdown_file;
use std::borrow::Cow;

/// The origin and base URL without the trailing `/`: `https://example.com/zh`. A page's URL is
/// this and its route, as the site's canonical URLs write it (`site_model::canonical`; the
/// export's tests check the two agree on every page).
pub fn site_root(site: &SiteData) -> String {
    format!("{}{}", site.url, site.base_url.trim_end_matches('/'))
}

/// The Markdown twin of a route: the page URL with `.md`.
pub fn markdown_url(root: &str, route: &str) -> String {
    format!("{root}/{}", markdown_file(route))
}

/// Where a link of the document tree leads, as parts written one after another (no URL is
/// built per link): internal routes (`/docs/x#a`, `#a` on this page) go under the site root,
/// everything else stays as written.
pub fn link_target<'a>(root: &'a str, page_route: &'a str, href: &'a str, internal: bool) -> [&'a str; 3] {
    if href.starts_with('#') {
        [root, page_route, href]
    } else if internal && href.starts_with('/') {
        [root, "", href]
    } else {
        ["", "", href]
    }
}

/// Whether `text` is the parts of a URL joined.
pub fn is_joined(text: &str, parts: &[&str]) -> bool {
    let mut rest = text;
    for part in parts {
        match rest.strip_prefix(part) {
            Some(r) => rest = r,
            None => return false,
        }
    }
    rest.is_empty()
}

/// `url` as a Markdown link destination: spaces and angle brackets are percent-encoded, and
/// parentheses too when they are unbalanced (or `always_parens`: llms.txt readers take the
/// first `)` as the end of the link).
pub fn destination(url: &str, always_parens: bool) -> Cow<'_, str> {
    let parens = always_parens || !balanced(url);
    let special = |c: char| matches!(c, ' ' | '<' | '>') || (parens && matches!(c, '(' | ')'));
    if !url.contains(special) {
        return Cow::Borrowed(url);
    }
    let mut out = String::with_capacity(url.len() + 8);
    for c in url.chars() {
        match c {
            ' ' => out.push_str("%20"),
            '<' => out.push_str("%3C"),
            '>' => out.push_str("%3E"),
            '(' if parens => out.push_str("%28"),
            ')' if parens => out.push_str("%29"),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

fn balanced(url: &str) -> bool {
    let mut depth = 0i32;
    for c in url.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        if depth < 0 {
            return false;
        }
    }
    depth == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_become_absolute_under_the_base_url() {
        let mut site = crate::tests::site_data();
        site.base_url = "/zh/".into();
        let root = site_root(&site);
        assert_eq!(root, "https://example.com/zh");
        assert_eq!(markdown_url(&root, "/docs/a"), "https://example.com/zh/docs/a.md");
        let target = |href, internal| link_target(&root, "/docs/a", href, internal).concat();
        assert_eq!(target("#参数", true), "https://example.com/zh/docs/a#参数");
        assert_eq!(target("/docs/b#x", true), "https://example.com/zh/docs/b#x");
        assert_eq!(target("https://react.dev/", false), "https://react.dev/");
        assert_eq!(target("./missing.md", false), "./missing.md");
        assert!(is_joined("https://example.com/zh/docs/b", &[&root, "", "/docs/b"]));
        assert!(!is_joined("https://example.com/zh/docs/bc", &[&root, "", "/docs/b"]));
    }

    #[test]
    fn destinations_keep_balanced_parentheses() {
        assert_eq!(destination("https://en.wikipedia.org/wiki/A_(b)", false), "https://en.wikipedia.org/wiki/A_(b)");
        assert_eq!(destination("https://x.org/a)b", false), "https://x.org/a%29b");
        assert_eq!(destination("https://x.org/A_(b)", true), "https://x.org/A_%28b%29");
        assert_eq!(destination("https://x.org/a b<c>", false), "https://x.org/a%20b%3Cc%3E");
    }
}
