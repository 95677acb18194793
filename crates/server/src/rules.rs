//! The header rules: one ordered table, read by `respond` (each file's headers are worked out
//! from it when the build is loaded) and written out for static hosts as a `_headers` file
//! (Netlify, Cloudflare Pages), so what `serve` sends and what a host sends cannot drift apart.
//!
//! Patterns use the `_headers` syntax: a path from the site root where `*` matches any run of
//! characters, `/` included. Every matching rule applies, in order; a later rule's header
//! replaces an earlier one of the same name.

use http::header::{CACHE_CONTROL, CONTENT_SECURITY_POLICY, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS};
use http::{HeaderName, HeaderValue};

/// The policy when a build has no `.csp`: exactly what the site uses. The build writes a
/// precise one (with the hashes of the inline scripts) to `build/.csp`, which takes precedence.
pub const DEFAULT_CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

/// Files whose names change with their contents: Vite's assets and Pagefind's index files (in
/// `pagefind/` and in each shard's folder below it).
const HASHED: [&str; 5] =
    ["/assets/*", "/pagefind/*.pf_fragment", "/pagefind/*.pf_index", "/pagefind/*.pf_filter", "/pagefind/*.pf_meta"];

pub struct Rule {
    pub pattern: &'static str,
    pub headers: Vec<(HeaderName, HeaderValue)>,
}

/// The rules, in order. `csp` is the build's policy (`build/.csp`).
pub fn rules(csp: &str) -> Vec<Rule> {
    let csp = HeaderValue::from_str(csp).unwrap_or(HeaderValue::from_static(DEFAULT_CSP));
    let everything = Rule {
        pattern: "/*",
        headers: vec![
            (CACHE_CONTROL, HeaderValue::from_static(REVALIDATE)),
            (X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
            (REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin")),
            (X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
            (CONTENT_SECURITY_POLICY, csp),
        ],
    };
    let hashed = HASHED
        .iter()
        .map(|&pattern| Rule { pattern, headers: vec![(CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE))] });
    std::iter::once(everything).chain(hashed).collect()
}

/// The headers the rules give the site path `path` (`/docs/intro.html`), in rule order.
pub fn headers_for(rules: &[Rule], path: &str) -> Vec<(HeaderName, HeaderValue)> {
    let mut out: Vec<(HeaderName, HeaderValue)> = Vec::new();
    for rule in rules.iter().filter(|r| pattern_matches(r.pattern, path)) {
        for (name, value) in &rule.headers {
            match out.iter_mut().find(|(n, _)| n == name) {
                Some(slot) => slot.1 = value.clone(),
                None => out.push((name.clone(), value.clone())),
            }
        }
    }
    out
}

/// `_headers` matching: literal text, where each `*` stands for any run of characters.
pub fn pattern_matches(pattern: &str, path: &str) -> bool {
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = path.strip_prefix(first) else { return false };
    let tail: Vec<&str> = parts.collect();
    let Some((last, middle)) = tail.split_last() else { return rest.is_empty() };
    for part in middle {
        match rest.find(part) {
            Some(i) => rest = &rest[i + part.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// The `_headers` file for static hosts (Netlify, Cloudflare Pages) with the same caching and
/// security headers `serve` sends. `base_url` is the site's base (`/` or `/zh/`).
///
/// A later rule that replaces a header first detaches it (`! Name`): Cloudflare Pages would
/// otherwise join both values with a comma; Netlify skips that line (it has no colon) and lets
/// the later rule win by itself.
pub fn static_host_headers(csp: &str, base_url: &str) -> String {
    let rules = rules(csp);
    let base = base_url.trim_end_matches('/');
    let mut out =
        String::from("# Written by the build from the rules `docsite serve` uses: edit those, not this file.\n");
    let mut seen: Vec<&HeaderName> = Vec::new();
    for rule in &rules {
        out.push_str(&format!("{base}{}\n", rule.pattern));
        for (name, value) in &rule.headers {
            if seen.contains(&name) {
                out.push_str(&format!("  ! {}\n", canonical(name)));
            }
            out.push_str(&format!("  {}: {}\n", canonical(name), value.to_str().unwrap_or_default()));
        }
        seen.extend(rule.headers.iter().map(|(n, _)| n));
    }
    out
}

/// `x-frame-options` → `X-Frame-Options`, as people write them in `_headers`.
fn canonical(name: &HeaderName) -> String {
    name.as_str()
        .split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// The `Content-Type` of a file: `mime_guess` by extension, UTF-8 declared on text.
pub fn content_type(name: &str) -> HeaderValue {
    let mime = mime_guess::from_path(name).first_or_octet_stream();
    let text = mime.type_() == mime_guess::mime::TEXT
        || matches!(mime.subtype().as_str(), "javascript" | "xml")
        || mime.suffix().is_some_and(|s| s.as_str() == "xml");
    let value = if text { format!("{}; charset=utf-8", mime.essence_str()) } else { mime.essence_str().to_string() };
    HeaderValue::from_str(&value).unwrap_or(HeaderValue::from_static("application/octet-stream"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cache_control(path: &str) -> String {
        let h = headers_for(&rules(DEFAULT_CSP), path);
        h.iter().find(|(n, _)| n == CACHE_CONTROL).unwrap().1.to_str().unwrap().to_string()
    }

    #[test]
    fn hashed_files_are_immutable_and_the_rest_revalidates() {
        for p in [
            "/assets/app-abc123.js",
            "/pagefind/fragment/zh_1.pf_fragment",
            "/pagefind/pagefind.zh_9.pf_meta",
            "/pagefind/shard-2/index/zh_3.pf_index",
            "/pagefind/shard-2/filter/zh_4.pf_filter",
        ] {
            assert_eq!(cache_control(p), IMMUTABLE, "{p}");
        }
        for p in ["/index.html", "/docs/intro.html", "/pagefind/pagefind.js", "/page-data/assets/x.json", "/llms.txt"] {
            assert_eq!(cache_control(p), REVALIDATE, "{p}");
        }
        // The service worker: a browser that kept an old one would keep serving an old build.
        assert_eq!(cache_control("/sw.js"), REVALIDATE);
    }

    #[test]
    fn patterns_follow_the_headers_file_syntax() {
        assert!(pattern_matches("/*", "/"));
        assert!(pattern_matches("/assets/*", "/assets/a/b.js"));
        assert!(!pattern_matches("/assets/*", "/page-data/assets/x"));
        assert!(pattern_matches("/pagefind/*.pf_meta", "/pagefind/a.pf_meta"));
        assert!(!pattern_matches("/pagefind/*.pf_meta", "/pagefind/a.pf_meta.gz"));
        assert!(pattern_matches("/exact", "/exact"));
        assert!(!pattern_matches("/exact", "/exact/more"));
    }

    #[test]
    fn text_types_declare_utf8() {
        let ct = |n: &str| content_type(n).to_str().unwrap().to_string();
        assert_eq!(ct("docs/intro.md"), "text/markdown; charset=utf-8");
        assert_eq!(ct("llms.txt"), "text/plain; charset=utf-8");
        assert_eq!(ct("manifest.webmanifest"), "application/manifest+json");
        assert_eq!(ct("assets/app.js"), "text/javascript; charset=utf-8");
        assert_eq!(ct("index.html"), "text/html; charset=utf-8");
        assert_eq!(ct("assets/app.css"), "text/css; charset=utf-8");
        assert_eq!(ct("sitemap.xml"), "text/xml; charset=utf-8");
        assert_eq!(ct("rss.rss"), "application/rss+xml; charset=utf-8");
        assert_eq!(ct("logo.svg"), "image/svg+xml; charset=utf-8");
        assert_eq!(ct("page-data/x.json"), "application/json");
        assert_eq!(ct("font.woff2"), "font/woff2");
        assert_eq!(ct("pagefind/x.pf_fragment"), "application/octet-stream");
    }

    #[test]
    fn the_headers_file_detaches_before_it_replaces() {
        let text = static_host_headers("default-src 'self'", "/zh/");
        assert!(text.contains("/zh/*\n  Cache-Control: no-cache\n"), "{text}");
        assert!(text.contains("  Content-Security-Policy: default-src 'self'\n"), "{text}");
        assert!(
            text.contains("/zh/assets/*\n  ! Cache-Control\n  Cache-Control: public, max-age=31536000, immutable\n"),
            "{text}"
        );
    }
}
