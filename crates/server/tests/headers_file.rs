//! `serve` and the `_headers` file for static hosts say the same thing: for a set of paths,
//! the caching and security headers a response carries equal what the file gives that path,
//! read the way Cloudflare Pages reads it (every matching rule, `! Name` detaches, a repeated
//! header joins with a comma) and the way Netlify does (later rules win, no detach syntax).

mod common;

use common::{site, start};
use site_server::{Follow, Server, static_host_headers};
use std::collections::BTreeMap;

struct Rule {
    pattern: regex::Regex,
    detach: Vec<String>,
    headers: Vec<(String, String)>,
}

/// Parses `_headers`; patterns become anchored regexes, `*` any run of characters.
fn parse(text: &str) -> Vec<Rule> {
    let mut rules: Vec<Rule> = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#')) {
        if !line.starts_with(' ') {
            let re = format!("^{}$", regex::escape(line.trim()).replace(r"\*", ".*"));
            rules.push(Rule { pattern: regex::Regex::new(&re).unwrap(), detach: vec![], headers: vec![] });
        } else if let Some(name) = line.trim().strip_prefix('!') {
            rules.last_mut().unwrap().detach.push(name.trim().to_ascii_lowercase());
        } else {
            let (name, value) = line.trim().split_once(':').unwrap();
            rules.last_mut().unwrap().headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
        }
    }
    rules
}

fn cloudflare(rules: &[Rule], path: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for rule in rules.iter().filter(|r| r.pattern.is_match(path)) {
        for name in &rule.detach {
            out.remove(name);
        }
        for (name, value) in &rule.headers {
            out.entry(name.clone()).and_modify(|v: &mut String| *v = format!("{v}, {value}")).or_insert(value.clone());
        }
    }
    out
}

fn netlify(rules: &[Rule], path: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for rule in rules.iter().filter(|r| r.pattern.is_match(path)) {
        out.extend(rule.headers.iter().cloned());
    }
    out
}

async fn agree(base: &str) {
    let d = site();
    let csp = std::fs::read_to_string(d.path().join(".csp")).unwrap();
    let rules = parse(&static_host_headers(csp.trim(), base));
    let s = start(Server::new(d.path(), base, None).unwrap(), Follow::Caller);
    let paths = [
        "",
        "docs/intro",
        "docs/intro.html",
        "assets/app-abc123.js",
        "page-data/assets/intro.json",
        "pagefind/fragment/zh_abc.pf_fragment",
        "pagefind/pagefind.zh_123.pf_meta",
        "pagefind/pagefind.js",
        "llms.txt",
    ];
    for rel in paths {
        let path = format!("{base}{rel}");
        let (status, sent, _) = s.get(&path, &[("accept-encoding", "br, gzip")]).await;
        assert_eq!(status, 200, "{path}");
        for (host, expected) in [("Cloudflare", cloudflare(&rules, &path)), ("Netlify", netlify(&rules, &path))] {
            assert_eq!(expected.len(), 5, "{host} {path}: {expected:?}");
            for (name, value) in &expected {
                let got: Vec<_> = sent.get_all(name.as_str()).iter().map(|v| v.to_str().unwrap()).collect();
                assert_eq!(got, [value.as_str()], "{host} {path} {name}");
            }
        }
    }
}

#[tokio::test]
async fn serve_and_the_headers_file_agree() {
    agree("/").await;
}

#[tokio::test]
async fn serve_and_the_headers_file_agree_under_a_base_url() {
    agree("/zh/").await;
}

#[test]
fn the_policy_is_the_builds() {
    let text = static_host_headers("default-src 'none'", "/");
    assert!(text.contains("Content-Security-Policy: default-src 'none'\n"), "{text}");
    assert!(text.contains("X-Content-Type-Options: nosniff\n"));
}
