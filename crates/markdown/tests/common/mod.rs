//! Helpers shared by the integration tests: compiling a body, measuring the tree, reading page
//! data back as the build would, and a property runner that reports cases and time.

#![allow(dead_code)]

use proptest::strategy::Strategy;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use site_markdown::{Diagnostic, Document, KeepLinks, SourceKind, compile};
use site_schema::{Block, BlogListPage, BlogPostSummary, Head, Inline, InlineNode, Page, PageData};
use std::path::Path;
use std::time::{Duration, Instant};

pub const FRONT_MATTER: &str = "---\ntitle: 标题\ndescription: 说明。\n---\n";
/// File line of a body's first line under `FRONT_MATTER`.
pub const BODY_LINE: usize = 5;

pub fn page(body: &str) -> String {
    format!("{FRONT_MATTER}{body}")
}

pub fn compile_doc(body: &str) -> Result<Document, Vec<Diagnostic>> {
    compile(Path::new("docs/x.md"), &page(body), SourceKind::Doc, &mut KeepLinks, &mut Vec::new())
}

/// The errors of a body that must fail, as `file:line: message`.
pub fn errors(body: &str) -> Vec<String> {
    compile_doc(body).expect_err("should fail").iter().map(ToString::to_string).collect()
}

/// Block containers nested in each other, counted as the limit counts them.
pub fn block_depth(blocks: &[Block]) -> usize {
    blocks
        .iter()
        .map(|b| block_children(b).map_or(0, |kids| 1 + kids.iter().map(|k| block_depth(k)).max().unwrap_or(0)))
        .max()
        .unwrap_or(0)
}

fn block_children(b: &Block) -> Option<Vec<&[Block]>> {
    match b {
        Block::Quote { children } | Block::Admonition { children, .. } | Block::Details { children, .. } => {
            Some(vec![children])
        }
        Block::List { items, .. } => Some(items.iter().map(|i| i.children.as_slice()).collect()),
        Block::Tabs { items, .. } => Some(items.iter().map(|i| i.children.as_slice()).collect()),
        Block::Footnotes { items } => Some(items.iter().map(|i| i.children.as_slice()).collect()),
        _ => None,
    }
}

/// The deepest inline nesting anywhere in `blocks`.
pub fn inline_depth(blocks: &[Block]) -> usize {
    let mut deepest = 0;
    for b in blocks {
        let here = match b {
            Block::Paragraph { children } | Block::Heading { children, .. } => inlines_depth(children),
            Block::Table { head, rows, .. } => {
                head.iter().chain(rows.iter().flatten()).map(|c| inlines_depth(c)).max().unwrap_or(0)
            }
            Block::Admonition { title: Some(t), .. } => inlines_depth(t),
            Block::Details { summary, .. } => inlines_depth(summary),
            _ => 0,
        };
        let below = block_children(b).map_or(0, |kids| kids.iter().map(|k| inline_depth(k)).max().unwrap_or(0));
        deepest = deepest.max(here).max(below);
    }
    deepest
}

fn inlines_depth(inlines: &[Inline]) -> usize {
    inlines
        .iter()
        .map(|i| match i {
            Inline::Node(
                InlineNode::Em { children }
                | InlineNode::Strong { children }
                | InlineNode::Del { children }
                | InlineNode::Kbd { children }
                | InlineNode::Sup { children }
                | InlineNode::Sub { children }
                | InlineNode::Link { children, .. },
            ) => 1 + inlines_depth(children),
            Inline::Node(InlineNode::Image { .. }) => 1,
            _ => 0,
        })
        .max()
        .unwrap_or(0)
}

/// Writes `content` as the build does, inside the page kind that wraps it deepest (a post
/// summary on a blog list page), and reads it back with serde_json's default limits.
pub fn page_data_round_trip(content: &[Block]) -> Result<(), String> {
    let summary = BlogPostSummary {
        title: "t".into(),
        route: "/blog/x".into(),
        date: "2022-01-01".into(),
        reading_minutes: 1,
        tags: vec![],
        summary: content.to_vec().into(),
        truncated: false,
    };
    let list = BlogListPage {
        tag: None,
        posts: vec![summary],
        page: 1,
        total_pages: 1,
        total_posts: 1,
        newer_route: None,
        older_route: None,
    };
    let head = Head {
        title: "t".into(),
        description: "d".into(),
        canonical: "https://x.org/blog".into(),
        og_type: "website".into(),
        noindex: false,
        image: None,
        json_ld: None,
    };
    let data = PageData { route: "/blog".into(), head, page: Page::BlogList(list), components: Vec::new() };
    let json = serde_json::to_string(&data).map_err(|e| e.to_string())?;
    let back: PageData = serde_json::from_str(&json).map_err(|e| e.to_string())?;
    if back != data {
        return Err("page data changed on the way through JSON".into());
    }
    // The blocks themselves, read back as the engine reads a body (its type tag first), and
    // from a `serde_json::Value`, whose sorted keys put the tag anywhere.
    let blocks = serde_json::to_string(content).map_err(|e| e.to_string())?;
    let tag_first: Vec<Block> = serde_json::from_str(&blocks).map_err(|e| e.to_string())?;
    let value: serde_json::Value = serde_json::from_str(&blocks).map_err(|e| e.to_string())?;
    let tag_anywhere: Vec<Block> = serde_json::from_value(value).map_err(|e| e.to_string())?;
    if tag_first != content || tag_anywhere != content {
        return Err("blocks changed on the way through JSON".into());
    }
    Ok(())
}

/// The most one generated case may take. Generated inputs are at most a few KB, so this is a
/// wide margin even for an unoptimised build on a busy machine; the hostile corpus holds the
/// large inputs.
pub const CASE_TIME_LIMIT: Duration = Duration::from_secs(1);

/// Loads every highlighting grammar once, so that the first case does not pay for it.
fn warm_up() {
    let fences: String = site_highlight::LANGUAGES.iter().map(|l| format!("```{l}\nx\n```\n\n")).collect();
    compile_doc(&fences).expect("every language highlights");
}

/// Cases per property: `PROPTEST_CASES` (the long run, `bench/fuzz`), else a short run for
/// `cargo test`.
pub fn cases() -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(128)
}

/// Runs `test` on `cases()` inputs from `strategy`. A case fails when `test` fails or panics,
/// or takes longer than [`CASE_TIME_LIMIT`] twice in a row (a slow input stays slow; a stall
/// of a busy machine does not repeat); proptest then shrinks it to a small input.
/// Prints `property NAME: N cases in T s (slowest M ms)` (shown with `--nocapture`).
pub fn check<S: Strategy>(name: &str, strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>)
where
    S::Value: std::fmt::Debug + Clone,
{
    warm_up();
    let config = Config { cases: cases(), failure_persistence: None, ..Config::default() };
    let mut runner = TestRunner::new(config);
    let count = std::cell::Cell::new(0u32);
    let slowest = std::cell::Cell::new(Duration::ZERO);
    let start = Instant::now();
    // A crash that kills the process (a signal, not a panic) leaves no shrunk input behind; with
    // PROPERTY_LAST_INPUT=dir, each case is written to dir/<name>.txt before it runs.
    let last_input =
        std::env::var_os("PROPERTY_LAST_INPUT").map(|d| std::path::PathBuf::from(d).join(format!("{name}.txt")));
    let result = runner.run(&strategy, |value| {
        if let Some(path) = &last_input {
            let _ = std::fs::write(path, format!("{value:#?}"));
        }
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
        if took > CASE_TIME_LIMIT {
            return Err(TestCaseError::fail(format!("took {took:?} twice, over {CASE_TIME_LIMIT:?}")));
        }
        Ok(())
    });
    println!(
        "property {name}: {} cases in {:.1} s (slowest {} ms)",
        count.get(),
        start.elapsed().as_secs_f64(),
        slowest.get().as_millis()
    );
    if let Err(e) = result {
        panic!("property {name} failed: {e}");
    }
}
