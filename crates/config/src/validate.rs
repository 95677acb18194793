//! Checks that need only the file. Each returns the field and what was expected; the caller adds
//! the file and line.

use crate::{Announcement, Config, Footer, Home, NavItem, Navbar, Search, Site};
use std::collections::HashSet;

/// A field and what was wrong with it.
type Problem = (String, String);

impl Config {
    pub(crate) fn validate(&self) -> Result<(), Problem> {
        validate_site(&self.site)?;
        validate_navbar(&self.navbar)?;
        validate_footer(&self.footer)?;
        if let Some(announcement) = &self.announcement {
            validate_announcement(announcement)?;
        }
        let toc = &self.toc;
        if !(2..=6).contains(&toc.min_heading_level)
            || !(2..=6).contains(&toc.max_heading_level)
            || toc.min_heading_level > toc.max_heading_level
        {
            return Err((
                "toc".into(),
                format!(
                    "expected 2 <= min_heading_level <= max_heading_level <= 6, found {} and {}",
                    toc.min_heading_level, toc.max_heading_level
                ),
            ));
        }
        if self.blog.posts_per_page == 0 {
            return Err(("blog.posts_per_page".into(), "expected a number of posts above 0".into()));
        }
        if self.search.shard_pages() == Some(0) {
            return Err(("search.shard_pages".into(), "expected a number of pages above 0".into()));
        }
        let mut seen = HashSet::new();
        for (i, s) in self.sidebars.iter().enumerate() {
            if !seen.insert(&s.id) {
                return Err((format!("sidebars[{i}].id"), format!("expected a unique id, `{}` is used twice", s.id)));
            }
        }
        if self.docs.versions.is_empty() {
            return Err(("docs.versions".into(), "expected at least one version".into()));
        }
        if let Search::Hosted { external_url_regex: Some(re), .. } = &self.search
            && re.is_empty()
        {
            return Err(("search.external_url_regex".into(), "expected a pattern, found an empty string".into()));
        }
        validate_home(&self.home)
    }
}

/// A base URL is a path that starts and ends with `/` (the site's `base_url`, and the
/// `--base-url` of `build` and `serve`).
pub fn check_base_url(base: &str) -> Result<(), String> {
    if base.starts_with('/') && base.ends_with('/') && !base.contains("//") {
        Ok(())
    } else {
        Err(format!("expected a path that starts and ends with `/` (such as `/` or `/zh/`), found `{base}`"))
    }
}

fn validate_site(site: &Site) -> Result<(), Problem> {
    check_base_url(&site.base_url).map_err(|m| ("site.base_url".to_string(), m))?;
    if site.locale != "zh-hans" {
        return Err((
            "site.locale".into(),
            format!("expected `zh-hans` (the only locale this site has), found `{}`", site.locale),
        ));
    }
    if let Some(problem) = origin_problem(&site.url) {
        return Err(("site.url".into(), problem));
    }
    if let Some(template) = &site.edit_url {
        let url = url::Url::parse(&template.replace("{path}", "x"));
        if !template.contains("{path}") || !url.is_ok_and(|u| matches!(u.scheme(), "https" | "http")) {
            return Err((
                "site.edit_url".into(),
                format!(
                    "expected an http(s) URL with `{{path}}` in it, such as `https://github.com/owner/repo/edit/main/{{path}}`, found `{template}`"
                ),
            ));
        }
    }
    site_path("site.favicon", &site.favicon)
}

/// What keeps `url` from being a bare origin such as `https://example.com`.
fn origin_problem(text: &str) -> Option<String> {
    let expected = format!("expected an origin such as `https://example.com` (no trailing slash), found `{text}`");
    let Ok(url) = url::Url::parse(text) else { return Some(expected) };
    if !matches!(url.scheme(), "https" | "http") || !url.has_host() {
        return Some(expected);
    }
    if !url.username().is_empty() || url.password().is_some() || url.query().is_some() || url.fragment().is_some() {
        return Some(format!("{expected}: remove the user, query or fragment"));
    }
    let path = url.path().trim_end_matches('/');
    if !path.is_empty() {
        return Some(format!(
            "expected an origin without a path, found `{text}`: canonical URLs are this origin + `base_url` + \
             the route, so `{path}` would appear twice; set `url` to `{}` and `base_url` to `{path}/`",
            url.origin().ascii_serialization()
        ));
    }
    text.ends_with('/').then_some(expected)
}

fn validate_navbar(navbar: &Navbar) -> Result<(), Problem> {
    site_path("navbar.logo.src", &navbar.logo.src)?;
    if let Some(dark) = &navbar.logo.src_dark {
        site_path("navbar.logo.src_dark", dark)?;
    }
    for (i, item) in navbar.items.iter().enumerate() {
        match item {
            NavItem::Link { to, href, .. } => check_target(&format!("navbar.items[{i}]"), to, href)?,
            NavItem::Dropdown { items, .. } => {
                for (j, l) in items.iter().enumerate() {
                    check_target(&format!("navbar.items[{i}].items[{j}]"), &l.to, &l.href)?;
                }
            }
            NavItem::Doc { .. } => {}
        }
    }
    Ok(())
}

fn validate_footer(footer: &Footer) -> Result<(), Problem> {
    for (i, g) in footer.groups.iter().enumerate() {
        for (j, l) in g.items.iter().enumerate() {
            check_target(&format!("footer.groups[{i}].items[{j}]"), &l.to, &l.href)?;
        }
    }
    Ok(())
}

fn validate_announcement(a: &Announcement) -> Result<(), Problem> {
    for (field, colour) in [("background_color", &a.background_color), ("text_color", &a.text_color)] {
        if !is_css_colour(colour) {
            return Err((
                format!("announcement.{field}"),
                format!("expected a CSS colour such as `#20232a` or `white`, found `{colour}`"),
            ));
        }
    }
    Ok(())
}

fn validate_home(home: &Home) -> Result<(), Problem> {
    for (i, feature) in home.features.iter().enumerate() {
        site_path(&format!("home.features[{i}].image"), &feature.image)?;
        site_path(&format!("home.features[{i}].image_dark"), &feature.image_dark)?;
    }
    Ok(())
}

fn check_target(field: &str, to: &Option<String>, href: &Option<String>) -> Result<(), Problem> {
    match (to, href) {
        (Some(to), None) if to.starts_with('/') => Ok(()),
        (Some(to), None) => Err((format!("{field}.to"), format!("expected a route starting with `/`, found `{to}`"))),
        (None, Some(h)) if h.starts_with("https://") || h.starts_with("http://") || h.starts_with("mailto:") => Ok(()),
        (None, Some(h)) => Err((format!("{field}.href"), format!("expected an absolute URL, found `{h}`"))),
        _ => Err((field.to_string(), "expected exactly one of `to` (a route) and `href` (a URL)".into())),
    }
}

/// A site path names a file under `static/`: `/img/logo.svg` is `static/img/logo.svg`.
fn site_path(field: &str, path: &str) -> Result<(), Problem> {
    let why = if !path.starts_with('/') {
        "it does not start with `/`"
    } else if path.starts_with("//") {
        "`//` starts the address of another host"
    } else if path.ends_with('/') {
        "it names a folder, not a file"
    } else if path.split('/').any(|s| s == "." || s == "..") {
        "it has a `.` or `..` segment"
    } else if path.contains(|c: char| c.is_whitespace() || c.is_control() || matches!(c, '?' | '#' | '\\')) {
        "it has a space, `?`, `#` or `\\`"
    } else {
        return Ok(());
    };
    Err((
        field.to_string(),
        format!(
            "expected the site path of a file under `static/`, such as `/img/logo.svg` for static/img/logo.svg; {why}: found `{path}`"
        ),
    ))
}

fn is_css_colour(s: &str) -> bool {
    let hex = s
        .strip_prefix('#')
        .is_some_and(|h| matches!(h.len(), 3 | 4 | 6 | 8) && h.chars().all(|c| c.is_ascii_hexdigit()));
    let named = !s.is_empty() && s.chars().all(|c| c.is_ascii_alphabetic());
    let func = ["rgb(", "rgba(", "hsl(", "hsla("].iter().any(|p| s.starts_with(p)) && s.ends_with(')');
    hex || named || func
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_scheme_and_host_only() {
        for ok in ["https://example.com", "http://localhost:8080", "https://例子.测试"] {
            assert_eq!(origin_problem(ok), None, "{ok}");
        }
        for bad in ["example.com", "ftp://example.com", "https://example.com/", "https://", "https://a@example.com"] {
            assert!(origin_problem(bad).is_some(), "{bad}");
        }
    }

    #[test]
    fn a_path_in_the_origin_points_to_base_url() {
        let why = origin_problem("https://example.com/zh").unwrap();
        assert!(why.contains("`/zh` would appear twice"), "{why}");
        assert!(why.contains("`url` to `https://example.com` and `base_url` to `/zh/`"), "{why}");
    }

    #[test]
    fn site_paths_name_files_under_static() {
        for ok in ["/img/favicon.svg", "/favicon.ico", "/img/标志.svg"] {
            assert_eq!(site_path("f", ok), Ok(()), "{ok}");
        }
        for (bad, why) in [
            ("img/logo.svg", "start with `/`"),
            ("https://example.com/logo.svg", "start with `/`"),
            ("//cdn.example.com/logo.svg", "another host"),
            ("/img/", "folder"),
            ("/img/../secret", "`..`"),
            ("/img/a b.svg", "space"),
            ("/img/a.svg?v=1", "`?`"),
        ] {
            let (field, message) = site_path("f", bad).unwrap_err();
            assert_eq!(field, "f");
            assert!(message.contains(why) && message.contains(bad), "{bad}: {message}");
        }
    }

    #[test]
    fn link_targets_need_exactly_one_of_to_and_href() {
        let s = |v: &str| Some(v.to_string());
        assert!(check_target("x", &s("/a"), &None).is_ok());
        assert!(check_target("x", &None, &s("mailto:a@b.c")).is_ok());
        assert_eq!(check_target("x", &s("a"), &None).unwrap_err().0, "x.to");
        assert_eq!(check_target("x", &None, &s("/a")).unwrap_err().0, "x.href");
        assert_eq!(check_target("x", &None, &None).unwrap_err().0, "x");
        assert_eq!(check_target("x", &s("/a"), &s("https://a.b")).unwrap_err().0, "x");
    }

    #[test]
    fn css_colours() {
        for ok in ["#fff", "#20232a", "#20232aff", "white", "rgb(1, 2, 3)", "hsla(1, 2%, 3%, 0.5)"] {
            assert!(is_css_colour(ok), "{ok}");
        }
        for bad in ["", "#ff", "#ggg", "not a colour;", "rgb(1"] {
            assert!(!is_css_colour(bad), "{bad}");
        }
    }
}
