//! `check` and `build` agree: whatever `check` accepts, `build` builds and renders. Each case
//! is the fixture site with a few generated docs (front matter, headings with ids, admonitions,
//! tabs, collapsible sections, lists and quotes nested up to and past the nesting limit, code
//! fences with meta, links between the pages and their anchors, a generated sidebar) and a
//! generated blog post. A full build renders every page in Node, so the cases are few:
//! `CHECK_BUILD_CASES` (default 16) sets how many (`bench/fuzz` runs more).

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use site_markdown::limits::{MAX_BLOCK_NESTING, MAX_INLINE_NESTING};
use site_pipeline::{Options, Problems};
use std::fmt::Write as _;
use std::path::Path;

/// Generated docs per site: `content/docs/gen/p0.md` … `p3.md`.
const DOCS: u8 = 4;
const KINDS: &[&str] = &["note", "tip", "info", "caution", "warning", "danger"];
const WORDS: &[&str] =
    &["原子", "选择器", "状态", "Recoil", "“引号”", "（括号）", "a: b", "#号", "'单'", "\"双\"", "`代码`", "x_y"];
const LANGS: &[&str] = &["js", "jsx", "ts", "tsx", "json", "bash", "css", "diff", "md", "text", "graphql"];
const CODE: &[&str] = &["const a = 1;", "let b = a + 1;", "<div>{a}</div>;", "", "  x();"];
const META: &[&str] = &["title=\"App.jsx\"", "{1}", "showLineNumbers", "fragment", "title='a b'"];

/// What makes a generated site one that `check` must refuse, now and then.
const FAULTS: &[&str] = &[
    "[无](/docs/gen/p9)",
    "[无](/docs/gen/p0#无此节)",
    "<sup><sup><sup><sup><sup><sup><sup><sup><sup><sup><sup><sup><sup><sup><sup><sup><sup>17</sup></sup></sup></sup></sup></sup></sup></sup></sup></sup></sup></sup></sup></sup></sup></sup></sup>",
    ":::note\n:::tip\n:::info\n:::note\n:::tip\n:::info\n:::note\n:::tip\n:::info\n:::note\n:::tip\n:::info\n:::note\n:::tip\n:::info\n:::note\n:::tip\n17\n:::\n:::\n:::\n:::\n:::\n:::\n:::\n:::\n:::\n:::\n:::\n:::\n:::\n:::\n:::\n:::\n:::",
    "<Nope />",
    "```cobol\nx\n```",
];

/// A block of Markdown, as a tree.
#[derive(Debug, Clone)]
enum Block {
    Para(String),
    Heading(usize, String),
    Code(&'static str, Vec<&'static str>, Vec<&'static str>),
    Component(&'static str),
    Admonition(&'static str, Option<String>, Vec<Block>),
    Tabs(Vec<Vec<Block>>),
    Details(String, Vec<Block>),
    List(Vec<Vec<Block>>),
    Quote(Vec<Block>),
}

/// Links to the generated docs (`gen/p0` … `gen/p3`) and their sections (`#h0` … `#h3`), inline
/// markup nested up to the limit.
fn inline() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        8 => prop::sample::select(WORDS).prop_map(String::from),
        2 => (0..DOCS, prop::option::of(0..4u8)).prop_map(|(p, h)| format!("[页 {p}](/docs/gen/p{p}{})", anchor(h))),
        2 => (0..DOCS, prop::option::of(0..4u8)).prop_map(|(p, h)| format!("[相对](./p{p}.md{})", anchor(h))),
        2 => Just("[外部](https://example.org/a_(b))".to_string()),
        2 => Just("[指南](/docs/guide/a#第二节)".to_string()),
        2 => prop::sample::select(&["<kbd>K</kbd>", "x<sup>2</sup>", "H<sub>2</sub>O", "一<br />二"][..]).prop_map(String::from),
        1 => (1..=MAX_INLINE_NESTING).prop_map(|n| format!("{}深{}", "*".repeat(n), "*".repeat(n))),
        1 => (1..=MAX_INLINE_NESTING).prop_map(|n| "<sup>".repeat(n) + "高" + &"</sup>".repeat(n)),
    ];
    prop::collection::vec(piece, 1..6).prop_map(|v| v.join(" "))
}

fn anchor(h: Option<u8>) -> String {
    h.map(|h| format!("#h{h}")).unwrap_or_default()
}

fn code() -> impl Strategy<Value = Block> {
    (
        prop::sample::select(LANGS),
        prop::sample::subsequence(META, 0..3),
        prop::collection::vec(prop::sample::select(CODE), 3..6),
    )
        .prop_map(|(l, m, c)| Block::Code(l, m, c))
}

fn leaf() -> impl Strategy<Value = Block> {
    prop_oneof![
        4 => inline().prop_map(Block::Para),
        2 => (2..5usize, inline()).prop_map(|(l, t)| Block::Heading(l, t)),
        2 => code(),
        1 => prop::sample::select(&["<CharacterCounterDemo />", "<TodoListDemo stage=\"atoms\" />"][..]).prop_map(Block::Component),
    ]
}

/// Lists and block quotes (Markdown's own containers) of paragraphs. (Not of code: the
/// container parser does not see a fence that starts on a list item's first line, such as
/// "- ```js", and then refuses the `</TabItem>` or `:::` that follows as if in code.)
fn flow() -> impl Strategy<Value = Block> {
    let leaf = inline().prop_map(Block::Para);
    leaf.prop_recursive(8, 24, 2, |inner| {
        let children = prop::collection::vec(inner, 1..3);
        prop_oneof![
            prop::collection::vec(children.clone(), 1..3).prop_map(Block::List),
            children.prop_map(Block::Quote)
        ]
    })
}

/// Admonitions or lists nested `n` deep, at the top of a page: up to the block nesting limit.
fn deep() -> impl Strategy<Value = Block> {
    (MAX_BLOCK_NESTING - 2..=MAX_BLOCK_NESTING, prop::sample::select(KINDS), any::<bool>()).prop_map(
        |(n, kind, list)| {
            let mut b = Block::Para("最深处".into());
            for _ in 0..n {
                b = if list { Block::List(vec![vec![b]]) } else { Block::Admonition(kind, None, vec![b]) };
            }
            b
        },
    )
}

/// Blocks in the site's containers (admonitions, tabs, collapsible sections), nested.
fn block() -> impl Strategy<Value = Block> {
    let leaf = prop_oneof![2 => leaf(), 1 => flow()];
    leaf.prop_recursive(6, 48, 3, |inner| {
        let children = prop::collection::vec(inner, 1..3);
        prop_oneof![
            3 => (prop::sample::select(KINDS), prop::option::of(prop::sample::select(WORDS)), children.clone())
                .prop_map(|(k, t, c)| Block::Admonition(k, t.map(String::from), c)),
            1 => prop::collection::vec(children.clone(), 1..3).prop_map(Block::Tabs),
            1 => (inline(), children).prop_map(|(s, c)| Block::Details(s, c)),
        ]
    })
}

/// Writes `blocks` as Markdown.
fn markdown(blocks: &[Block], out: &mut String) {
    for b in blocks {
        write_block(b, out);
        out.push('\n');
    }
}

fn write_block(b: &Block, out: &mut String) {
    match b {
        Block::Para(t) => writeln!(out, "{t}").unwrap(),
        Block::Heading(l, t) => writeln!(out, "{} {t}", "#".repeat(*l)).unwrap(),
        Block::Code(lang, meta, lines) => {
            writeln!(out, "```{lang} {}\n{}\n```", meta.join(" "), lines.join("\n")).unwrap()
        }
        Block::Component(tag) => writeln!(out, "{tag}").unwrap(),
        Block::Admonition(kind, title, children) => write_admonition(kind, title.as_deref(), children, out),
        Block::Tabs(items) => write_tabs(items, out),
        Block::Details(summary, children) => {
            writeln!(out, "<details>\n<summary>{summary}</summary>\n").unwrap();
            markdown(children, out);
            writeln!(out, "</details>").unwrap();
        }
        Block::List(items) => items.iter().for_each(|item| prefixed(item, "- ", "  ", out)),
        Block::Quote(children) => prefixed(children, "> ", "> ", out),
    }
}

fn write_admonition(kind: &str, title: Option<&str>, children: &[Block], out: &mut String) {
    writeln!(out, ":::{kind}{}\n", title.map(|t| format!(" {t}")).unwrap_or_default()).unwrap();
    markdown(children, out);
    writeln!(out, ":::").unwrap();
}

fn write_tabs(items: &[Vec<Block>], out: &mut String) {
    writeln!(out, "<Tabs groupId=\"g\">").unwrap();
    for (i, children) in items.iter().enumerate() {
        writeln!(out, "<TabItem value=\"v{i}\" label=\"标签 {i}\"{}>\n", if i == 0 { " default" } else { "" }).unwrap();
        markdown(children, out);
        writeln!(out, "</TabItem>").unwrap();
    }
    writeln!(out, "</Tabs>").unwrap();
}

/// `children` with `first` before their first line and `rest` before the others.
fn prefixed(children: &[Block], first: &str, rest: &str, out: &mut String) {
    let mut text = String::new();
    markdown(children, &mut text);
    for (i, line) in text.trim_end().lines().enumerate() {
        let p = if i == 0 { first } else { rest };
        writeln!(out, "{}{line}", if line.is_empty() { p.trim_end() } else { p }).unwrap();
    }
}

/// One generated doc: its front matter and its blocks.
#[derive(Debug, Clone)]
struct Doc {
    title: String,
    fields: Vec<String>,
    blocks: Vec<Block>,
}

/// A doc (`post` false) or a blog post, with some of the optional fields of its kind.
fn doc(post: bool) -> impl Strategy<Value = Doc> {
    let doc_fields: &[&str] =
        &["tags: [原子, 状态]", "sidebar_label: 侧栏", "hide_table_of_contents: true", "keywords: [&k 原子, *k, *k]"];
    let post_fields: &[&str] = &["tags: [发布, 状态]", "hide_table_of_contents: true"];
    let fields = prop::sample::subsequence(if post { post_fields } else { doc_fields }, 0..3);
    let description = prop_oneof![inline(), prop::sample::select(WORDS).prop_map(String::from)];
    let blocks = (prop::collection::vec(block(), 1..5), prop::option::weighted(0.2, deep()));
    (prop::sample::select(WORDS), description, fields, blocks).prop_map(
        |(title, description, fields, (mut blocks, deep))| {
            blocks.extend(deep);
            let mut fields: Vec<String> = fields.iter().map(|f| f.to_string()).collect();
            fields.insert(0, format!("description: {description:?}"));
            Doc { title: title.to_string(), fields, blocks }
        },
    )
}

impl Doc {
    /// Ends with the sections every page can link to (`#h0` … `#h3`).
    fn text(&self) -> String {
        let mut s = format!("---\ntitle: {:?}\n{}\n---\n\n", self.title, self.fields.join("\n"));
        markdown(&self.blocks, &mut s);
        for h in 0..4 {
            s.push_str(&format!("## 节 {h} {{#h{h}}}\n\n"));
        }
        s
    }
}

/// The sidebar of the generated docs: the first `split` at the top, the others in a category.
fn sidebar(docs: usize, split: usize) -> String {
    let ids: Vec<String> = (0..docs).map(|i| format!("\"gen/p{i}\"")).collect();
    let (top, nested) = ids.split_at(split.min(docs));
    let mut items = top.to_vec();
    if !nested.is_empty() {
        items.push(format!("{{ category = \"生成\", items = [{}] }}", nested.join(", ")));
    }
    format!("\n[[sidebars]]\nid = \"gen\"\nitems = [{}]\n", items.join(", "))
}

fn write_site(root: &Path, docs: &[Doc], post: &Doc, split: usize, fault: Option<&str>) {
    let dir = root.join("content/docs/gen");
    std::fs::create_dir_all(&dir).unwrap();
    for (i, d) in docs.iter().enumerate() {
        let text = d.text() + if i == 1 { fault.unwrap_or_default() } else { "" };
        std::fs::write(dir.join(format!("p{i}.md")), text).unwrap();
    }
    std::fs::write(root.join("content/blog/2023-03-03-gen.md"), post.text()).unwrap();
    let config = root.join("site.toml");
    let text = std::fs::read_to_string(&config).unwrap() + &sidebar(docs.len(), split);
    std::fs::write(config, text).unwrap();
}

/// The generated docs, the blog post, where the sidebar's category starts, and a fault.
type Site = (Vec<Doc>, Doc, usize, Option<&'static str>);

/// Checks the site; when `check` accepts it, builds it and looks for every generated page.
fn check_then_build(site: Site, accepted: &mut usize, refusals: &mut Vec<String>) -> Result<(), TestCaseError> {
    let (docs, post, split, fault) = site;
    let dir = site_testkit::fixture_copy();
    let root = dir.path();
    write_site(root, &docs, &post, split, fault);
    let opts = Options::new(root);
    if let Err(e) = site_pipeline::check(&opts) {
        // Refused with the file and line of each problem: the property holds.
        let problems =
            e.downcast::<Problems>().map_err(|e| TestCaseError::fail(format!("check failed without a file: {e:#}")))?;
        prop_assert!(
            problems.errors.iter().all(|p| p.starts_with("content/") || p.starts_with("site.toml")),
            "{:?}",
            problems.errors
        );
        if std::env::var_os("CHECK_BUILD_VERBOSE").is_some() {
            eprintln!("refused: {:?}\n{}", problems.errors, sources(root));
        }
        refusals.push(format!("{} ({fault:?})", problems.errors.join("; ")));
        return Ok(());
    }
    *accepted += 1;
    let report = site_pipeline::build(&opts)
        .map_err(|e| TestCaseError::fail(format!("check accepted the site, build failed: {e:#}\n{}", sources(root))))?;
    prop_assert!(report.pages > docs.len());
    for i in 0..docs.len() {
        let html = std::fs::read_to_string(root.join(format!("build/docs/gen/p{i}.html"))).unwrap_or_default();
        prop_assert!(html.contains("<main"), "build/docs/gen/p{}.html was not rendered", i);
    }
    Ok(())
}

fn sources(root: &Path) -> String {
    let files = std::fs::read_dir(root.join("content/docs/gen")).unwrap().map(|e| e.unwrap().path());
    files.map(|f| format!("--- {}\n{}", f.display(), std::fs::read_to_string(&f).unwrap())).collect()
}

#[test]
fn whatever_check_accepts_build_builds() {
    let cases = std::env::var("CHECK_BUILD_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(16);
    // No shrinking: each step is a full build; the failing site is printed whole.
    let config = Config { cases, max_shrink_iters: 0, failure_persistence: None, ..Config::default() };
    let mut runner = TestRunner::new(config);
    let accepted = std::cell::Cell::new(0);
    let refusals = std::cell::RefCell::new(Vec::new());
    let start = std::time::Instant::now();
    let fault = prop::option::weighted(0.25, prop::sample::select(FAULTS));
    let strategy = (prop::collection::vec(doc(false), DOCS as usize), doc(true), 0..=DOCS as usize, fault);
    runner
        .run(&strategy, |site| {
            let mut n = accepted.get();
            let r = check_then_build(site, &mut n, &mut refusals.borrow_mut());
            accepted.set(n);
            r
        })
        .unwrap();
    let accepted = accepted.get();
    eprintln!(
        "property check => build: {cases} cases, {accepted} accepted by check and built, {:.1} s",
        start.elapsed().as_secs_f64()
    );
    // Most cases are valid sites, so the builds are not vacuous.
    // Why the others were refused: a flood of one reason is a generator or check gone wrong.
    assert!(
        accepted * 2 >= cases as usize,
        "only {accepted} of {cases} sites passed check; refused:\n{}",
        refusals.into_inner().join("\n")
    );
}
