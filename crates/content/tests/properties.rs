//! Property tests of link resolution and of loading a content folder: no panic, each case
//! under a second, every internal link stored as a site path, every problem on a line of
//! the file. `PROPTEST_CASES` sets the cases per property (`bench/fuzz`).

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use site_content::{Resolver, load};
use site_markdown::{Links, Resolved};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const CASE_TIME_LIMIT: Duration = Duration::from_secs(1);

/// Like the runner of site-markdown's properties: `PROPTEST_CASES` or 128 cases, a time bound
/// per case (over it twice in a row fails: a busy machine's stall does not repeat), and a
/// `property NAME: …` line for `bench/fuzz`.
fn check<S: Strategy>(name: &str, strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>)
where
    S::Value: std::fmt::Debug + Clone,
{
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(128);
    let mut runner = TestRunner::new(Config { cases, failure_persistence: None, ..Config::default() });
    let (count, slowest, start) = (std::cell::Cell::new(0u32), std::cell::Cell::new(Duration::ZERO), Instant::now());
    let result = runner.run(&strategy, |value| {
        let timed = |value: S::Value| {
            let case = Instant::now();
            test(value).map(|()| case.elapsed())
        };
        let mut took = timed(value.clone())?;
        if took > CASE_TIME_LIMIT {
            took = took.min(timed(value)?);
        }
        count.set(count.get() + 1);
        slowest.set(slowest.get().max(took));
        prop_assert!(took < CASE_TIME_LIMIT, "took {:?} twice", took);
        Ok(())
    });
    let (n, secs, ms) = (count.get(), start.elapsed().as_secs_f64(), slowest.get().as_millis());
    println!("property {name}: {n} cases in {secs:.1} s (slowest {ms} ms)");
    if let Err(e) = result {
        panic!("property {name} failed: {e}");
    }
}

const HREF_PIECES: &[&str] = &[
    "/",
    "./",
    "../",
    "docs",
    "api",
    "atom",
    "atom.md",
    "guides/",
    "testing.md",
    ".md",
    ".mdx",
    "#",
    "#参数",
    "?",
    "?q=1",
    "%",
    "%E5%8F%82",
    "%%",
    "%zz",
    "//",
    "http://",
    "https://x.org",
    "mailto:a@b",
    "tel:1",
    "img/a.svg",
    "rss.xml",
    ".",
    "..",
    "...",
    "a b",
    "原子",
    "\u{0}",
    "\\",
    ":",
];

fn href() -> impl Strategy<Value = String> {
    let piece = prop_oneof![4 => prop::sample::select(HREF_PIECES).prop_map(String::from), 1 => "\\PC{0,6}"];
    prop::collection::vec(piece, 0..8).prop_map(|v| v.concat())
}

#[test]
fn link_resolution() {
    let mut files = HashMap::new();
    files.insert(PathBuf::from("content/docs/api/atom.md"), "/docs/api/atom".to_string());
    files.insert(PathBuf::from("content/docs/guides/testing.md"), "/docs/guides/testing".to_string());
    let source = PathBuf::from("content/docs/guides/testing.md");
    // `compile` rejects an empty target before asking the resolver.
    let target = href().prop_map(|h| if h.trim().is_empty() { format!("x{h}") } else { h });
    check("link resolution", (target, 1usize..500), |(href, line)| {
        let mut r = Resolver::new(&source, "/docs/guides/testing", &files);
        match r.resolve(&href, line) {
            Ok(Resolved::Link { href: out, internal: true }) => {
                prop_assert!(out.starts_with('/') || out.starts_with('#'), "{href} → {out}");
            }
            Ok(Resolved::Link { internal: false, .. }) => {
                prop_assert!(r.records.is_empty(), "an external link is not checked: {href}");
            }
            Ok(Resolved::Unlinked { warning }) => prop_assert!(warning.contains("broken Markdown link")),
            Err(m) => prop_assert!(m.contains("ends with `/`: write `"), "{m}"),
        }
        for record in &r.records {
            prop_assert_eq!(record.line, line);
            prop_assert!(record.route.starts_with('/'), "{:?}", record);
        }
        Ok(())
    });
}

fn markdown_line() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => href().prop_map(|h| format!("[链接]({h})")),
        1 => href().prop_map(|h| format!("![图]({h})")),
        1 => href().prop_map(|h| format!("<{h}>")),
        1 => prop::sample::select(&["## 参数", "> 引用", "- 项", ":::note", ":::", "```js", "```", "正文", ""][..]).prop_map(String::from),
        1 => "\\PC{0,20}",
    ]
}

#[test]
fn loading_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().to_path_buf();
    let page = "---\ntitle: 页\ndescription: 说明。\n---\n";
    std::fs::create_dir_all(root.join("content/docs/api")).unwrap();
    std::fs::write(root.join("content/docs/api/atom.md"), format!("{page}## 参数\n")).unwrap();
    // Loads the highlighting grammars before the timed cases.
    std::fs::write(root.join("content/docs/x.md"), format!("{page}```js\nx\n```\n")).unwrap();
    load(&root, &root.join("content")).unwrap();
    check("loading a folder", prop::collection::vec(markdown_line(), 0..30), |lines| {
        let text = format!("{page}{}", lines.join("\n"));
        std::fs::write(root.join("content/docs/x.md"), &text).unwrap();
        let (problems, links) = match load(&root, &root.join("content")) {
            Ok(c) => (c.warnings, c.links),
            Err(e) => (e, vec![]),
        };
        let line_count = text.split('\n').count();
        for p in &problems {
            prop_assert_eq!(&p.file, Path::new("content/docs/x.md"));
            prop_assert!(p.line.is_some_and(|l| (1..=line_count).contains(&l)), "{}", p);
        }
        for l in &links {
            prop_assert!(l.route.starts_with('/') && (1..=line_count).contains(&l.line), "{:?}", l);
        }
        Ok(())
    });
}
