//! Property tests of every parser, through the public API, on Markdown-shaped input: no panic,
//! no stack overflow (tests run on 2 MiB threads, like rayon's workers), each case under
//! `CASE_TIME_LIMIT`, every diagnostic on a line of the file, and output within the limits
//! that reads back as page data. `PROPTEST_CASES` sets the cases per property (`bench/fuzz`).

mod common;

use common::*;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use site_markdown::limits::*;
use site_markdown::{Diagnostic, KeepLinks, SourceKind, compile, inline_html, source_text};
use site_schema::Block;
use std::path::Path;

const CONTAINER_LINES: &[&str] = &[
    ":::note",
    ":::tip 标题 **粗**",
    ":::caution[注意 `x`]",
    ":::warning",
    ":::danger[",
    ":::fancy",
    ":::",
    "::::",
    "<Tabs>",
    "<Tabs groupId=\"pm\">",
    "<Tabs colour=\"x\">",
    "<Tabs groupId={\"x\"",
    "</Tabs>",
    "<TabItem value=\"npm\" label=\"npm\" default>",
    "<TabItem value=\"yarn\">",
    "<TabItem label=\"无值\">",
    "<TabItem value='a' default={false}>",
    "</TabItem>",
    "<details>",
    "<details open>",
    "<summary>展开 `代码`</summary>",
    "<summary>## 标题</summary>",
    "</details>",
    "<CharacterCounterDemo />",
    "<TodoListDemo stage=\"atoms\" />",
    "<TodoListDemo stage={atoms} />",
    "<TodoListDemo stage=\"final\" colour=\"x\" />",
    "<Nope />",
    "<!--truncate-->",
    "<div>",
    "</div>",
];

const INLINE_PIECES: &[&str] = &[
    "状态",
    "原子",
    "选择器，",
    "“引号”",
    "（括号）",
    "。",
    "Recoil",
    "atom()",
    " ",
    "  ",
    "*",
    "**",
    "_",
    "__",
    "~~",
    "`",
    "``",
    "[",
    "]",
    "(",
    ")",
    "![",
    "](",
    "[链接](/docs/x)",
    "[相对](./atom.md#参数)",
    "[坏](/docs/x/)",
    "![图](/img/a.svg)",
    "![](x.png)",
    "<kbd>",
    "</kbd>",
    "<sup>",
    "</sup>",
    "<sub>",
    "</sub>",
    "<br />",
    "<span>",
    "<!-- 注释 -->",
    "[^1]",
    "[^注]",
    "https://x.org/a_(b)",
    "http://",
    "xhttp://y",
    "<https://x.org>",
    "<a@b.org>",
    "&amp;",
    "&#0;",
    "&nbsp;",
    "\\",
    "{#id}",
    "\u{0}",
    "\u{feff}",
    "\u{202e}",
    "e\u{301}",
    "🧪",
    "\u{10FFFF}",
    "\r",
    "\t",
    "|",
    "$x$",
];

const FENCE_META: &[&str] = &[
    "title=\"App.jsx\"",
    "title='a b'",
    "title=",
    "title=\"未闭合",
    "{1,4-6}",
    "{2}",
    "{0}",
    "{3-1}",
    "{a}",
    "{1-99999999}",
    "{1",
    "showLineNumbers",
    "fragment",
    "wat",
];

const CODE_LINES: &[&str] = &[
    "const a = 1;",
    "// highlight-next-line",
    "// highlight-start",
    "// highlight-end",
    "# highlight-next-line",
    "{/* highlight-start */}",
    ":::note",
    "<Tabs>",
    "```",
    "",
];

const FRONT_MATTER_LINES: &[&str] = &[
    "title: 标题",
    "title:",
    "title: \"未闭合",
    "title: &t 锚",
    "description: 说明。",
    "description: 用法: x",
    "description: *t",
    "tags: [原子, 状态]",
    "tags: [\"\"]",
    "tags:",
    "  - 标签",
    "  - ",
    "\t- x",
    "sidebar_label: 侧栏",
    "authors: [作者]",
    "hide_table_of_contents: true",
    "hide_table_of_contents: yes",
    "keywords: &k [a, b]",
    "keywords: [*k, *k, *k]",
    "colour: red",
    "id: x",
    "slug: /x",
    "a: [[[[[[[[[",
    "...",
    "%YAML 1.2",
    "",
];

fn pick(list: &'static [&'static str]) -> impl Strategy<Value = String> {
    prop::sample::select(list).prop_map(String::from)
}

/// A run of inline Markdown: pieces, runs of one delimiter (deep nesting), odd Unicode.
fn inline_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        6 => pick(INLINE_PIECES),
        1 => (prop::sample::select(&["*", "_", "[", "![", "<kbd>", "~~", "`", "("][..]), 1usize..40).prop_map(|(s, n)| s.repeat(n)),
        1 => "\\PC{0,8}",
    ];
    prop::collection::vec(piece, 0..12).prop_map(|v| v.concat())
}

/// Block prefixes: indentation, list markers, quotes, up to well past the nesting limit.
fn prefix() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        (0usize..12).prop_map(|n| " ".repeat(n)),
        (1usize..40).prop_map(|n| ">".repeat(n) + " "),
        (1usize..40).prop_map(|n| "- ".repeat(n)),
        (1usize..24).prop_map(|n| "  ".repeat(n) + "1. "),
        Just("* [ ] ".to_string()),
        Just("> [!NOTE]".to_string()),
        Just("[^1]: ".to_string()),
    ]
}

fn heading() -> impl Strategy<Value = String> {
    (1usize..8, inline_text(), prop::option::of("[a-z0-9-]{0,4}"))
        .prop_map(|(n, t, id)| format!("{} {t}{}", "#".repeat(n), id.map(|i| format!(" {{#{i}}}")).unwrap_or_default()))
}

fn fence() -> impl Strategy<Value = String> {
    let lang = prop::sample::select(&["js", "jsx", "tsx", "text", "md", "bash", "diff", "cobol", "", "js{1}"][..]);
    let marker = prop::sample::select(&["```", "````", "~~~"][..]);
    (
        marker,
        lang,
        prop::collection::vec(pick(FENCE_META), 0..4),
        prop::collection::vec(pick(CODE_LINES), 0..6),
        any::<bool>(),
    )
        .prop_map(|(m, lang, meta, code, closed)| {
            let mut s = format!("{m}{lang} {}\n", meta.join(" "));
            for line in code {
                s.push_str(&line);
                s.push('\n');
            }
            if closed {
                s.push_str(m);
            }
            s
        })
}

fn table() -> impl Strategy<Value = String> {
    (1usize..5, prop::collection::vec(inline_text(), 0..8)).prop_map(|(cols, cells)| {
        let head = format!("|{}|", vec![" 列 "; cols].join("|"));
        let rule = format!("|{}|", vec![":--"; cols].join("|"));
        let rows: Vec<String> = cells.chunks(cols).map(|c| format!("| {} |", c.join(" | "))).collect();
        format!("{head}\n{rule}\n{}", rows.join("\n"))
    })
}

/// One line (or a few, for fences and tables) of a Markdown body.
fn body_line() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => pick(CONTAINER_LINES),
        3 => (prefix(), inline_text()).prop_map(|(p, t)| p + &t),
        1 => heading(),
        1 => fence(),
        1 => table(),
        1 => Just(String::new()),
        1 => "\\PC{0,30}",
    ]
}

fn body() -> impl Strategy<Value = String> {
    prop::collection::vec(body_line(), 0..40).prop_map(|lines| lines.join("\n"))
}

fn front_matter() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => prop::collection::vec(pick(FRONT_MATTER_LINES), 0..8).prop_map(|l| format!("---\n{}\n---\n", l.join("\n"))),
        1 => Just(FRONT_MATTER.to_string()),
        1 => Just("---\ntitle: 未闭合\n".to_string()),
        1 => Just(String::new()),
    ]
}

fn kind() -> impl Strategy<Value = SourceKind> {
    prop::sample::select(&[SourceKind::Doc, SourceKind::BlogPost, SourceKind::Standalone][..])
}

/// Every diagnostic names the file and a line inside it.
fn lines_within(text: &str, diagnostics: &[Diagnostic]) -> Result<(), TestCaseError> {
    let lines = text.split('\n').count();
    for d in diagnostics {
        prop_assert_eq!(&d.file, Path::new("docs/x.md"));
        let line = d.line.ok_or_else(|| TestCaseError::fail(format!("no line: {d}")))?;
        prop_assert!((1..=lines).contains(&line), "line {} of {}: {}", line, lines, d);
    }
    Ok(())
}

/// Output obeys the limits and reads back as page data.
fn within_limits(content: &[Block], headings: usize) -> Result<(), TestCaseError> {
    prop_assert!(block_depth(content) <= MAX_BLOCK_NESTING);
    prop_assert!(inline_depth(content) <= MAX_INLINE_NESTING);
    prop_assert!(headings <= MAX_HEADINGS);
    page_data_round_trip(content).map_err(TestCaseError::fail)
}

fn compile_checked(text: &str, kind: SourceKind) -> Result<(), TestCaseError> {
    let mut warnings = Vec::new();
    let result = compile(Path::new("docs/x.md"), text, kind, &mut KeepLinks, &mut warnings);
    lines_within(text, &warnings)?;
    match result {
        Ok(d) => within_limits(&d.content.blocks().unwrap(), d.headings.len()),
        Err(errors) => {
            prop_assert!(!errors.is_empty());
            prop_assert!(errors.len() <= MAX_ERRORS_PER_FILE + 1);
            lines_within(text, &errors)
        }
    }
}

#[test]
fn whole_files() {
    check("whole files", (front_matter(), body(), kind()), |(fm, body, kind)| compile_checked(&(fm + &body), kind));
}

#[test]
fn front_matter_yaml() {
    check("front matter", (front_matter(), kind()), |(fm, kind)| compile_checked(&(fm + "正文"), kind));
}

#[test]
fn containers_and_nesting() {
    let lines = prop::collection::vec(prop_oneof![3 => pick(CONTAINER_LINES), 1 => body_line()], 0..60);
    check("containers", lines, |lines| compile_checked(&page(&lines.join("\n")), SourceKind::BlogPost));
}

#[test]
fn code_fence_meta() {
    check("code fences", prop::collection::vec(fence(), 1..5), |fences| {
        compile_checked(&page(&fences.join("\n")), SourceKind::Doc)
    });
}

#[test]
fn inline_markup() {
    let paragraph = prop::collection::vec(inline_text(), 1..6).prop_map(|l| l.join("\n"));
    check("inline markup", paragraph, |p| compile_checked(&page(&p), SourceKind::Doc));
}

#[test]
fn any_bytes() {
    let byte = prop_oneof![
        6 => prop::sample::select(&b"#>*_-`[]()!<>:|\n ~&{}/\"'=a1"[..]),
        3 => 0x20u8..0x7f,
        1 => any::<u8>(),
    ];
    check("any bytes", prop::collection::vec(byte, 0..2000), |bytes| {
        let mut with_fm = FRONT_MATTER.as_bytes().to_vec();
        with_fm.extend(&bytes);
        for input in [&bytes, &with_fm] {
            if let Ok(text) = source_text(Path::new("docs/x.md"), input) {
                compile_checked(text, SourceKind::Doc)?;
            }
        }
        Ok(())
    });
}

/// A page nested by construction: containers (admonitions, details, tabs) around block quotes
/// and lists, around inline tags and emphasis, around text or a link.
#[derive(Debug, Clone)]
struct Nested {
    containers: Vec<u8>,
    blocks: Vec<u8>,
    tags: Vec<u8>,
    emphasis: usize,
    link: bool,
}

impl Nested {
    fn block_depth(&self) -> usize {
        self.containers.len() + self.blocks.len()
    }

    fn inline_depth(&self) -> usize {
        self.tags.len() + self.emphasis + usize::from(self.link)
    }

    fn markdown(&self) -> String {
        let (mut open, mut close) = (String::new(), Vec::new());
        for c in &self.containers {
            let (o, c) = match c % 3 {
                0 => (":::note\n", ":::\n"),
                1 => ("<details>\n<summary>更多</summary>\n\n", "</details>\n\n"),
                _ => ("<Tabs>\n<TabItem value=\"a\">\n\n", "</TabItem>\n</Tabs>\n\n"),
            };
            open.push_str(o);
            close.push(c);
        }
        let prefix: String = self.blocks.iter().map(|b| ["> ", "- ", "1. "][*b as usize % 3]).collect();
        let mut inline = if self.link { "[链接](/docs/x)".to_string() } else { "核心".to_string() };
        for i in 0..self.emphasis {
            let m = if i % 2 == 0 { '*' } else { '_' };
            inline = format!("{m}字 {inline} 字{m}");
        }
        for t in &self.tags {
            let tag = ["kbd", "sup", "sub"][*t as usize % 3];
            inline = format!("<{tag}>{inline}</{tag}>");
        }
        close.reverse();
        format!("{open}{prefix}{inline}\n\n{}", close.concat())
    }
}

fn nested() -> impl Strategy<Value = Nested> {
    let kinds = |max: usize| prop::collection::vec(any::<u8>(), 0..max);
    (kinds(24), kinds(24), kinds(12), 0usize..24, any::<bool>())
        .prop_map(|(containers, blocks, tags, emphasis, link)| Nested { containers, blocks, tags, emphasis, link })
}

/// Within the limits a nested page compiles to exactly its nesting, and reads back as page
/// data; past them it fails with one error, on a line of the file.
#[test]
fn nesting_limits() {
    check("nesting limits", nested(), |n| {
        let text = page(&n.markdown());
        let result = compile(Path::new("docs/x.md"), &text, SourceKind::Doc, &mut KeepLinks, &mut Vec::new());
        let within = n.block_depth() <= MAX_BLOCK_NESTING && n.inline_depth() <= MAX_INLINE_NESTING;
        match result {
            Ok(d) if within => {
                prop_assert_eq!(block_depth(&d.content.blocks().unwrap()), n.block_depth());
                prop_assert_eq!(inline_depth(&d.content.blocks().unwrap()), n.inline_depth());
                page_data_round_trip(&d.content.blocks().unwrap()).map_err(TestCaseError::fail)
            }
            Err(e) if !within => {
                prop_assert_eq!(e.len(), 1, "{:?}", e);
                let deep = [MAX_BLOCK_NESTING, MAX_INLINE_NESTING].map(|max| format!("nested {} deep", max + 1));
                prop_assert!(deep.iter().any(|d| e[0].message.contains(d.as_str())), "{}", e[0]);
                lines_within(&text, &e)
            }
            Ok(_) => Err(TestCaseError::fail("past a limit, yet it compiled")),
            Err(e) => Err(TestCaseError::fail(format!("within the limits, yet: {e:?}"))),
        }
    });
}

/// The announcement's HTML subset: no panic, nesting bounded, every internal link a site path.
#[test]
fn announcement_html() {
    let piece = prop_oneof![
        4 => pick(&[
            "<a href=\"/docs/x\">", "<a href='https://x.org'>", "<a>", "<a href=x>", "</a>", "<b>", "</b>", "<strong>",
            "</strong>", "<i>", "</i>", "<em>", "</em>", "<code>", "</code>", "<script>", "<", ">", "</", "<>",
            "&amp;", "&lt;", "&", "&bogus;", "停止开发", "Jotai", " ", "<B >", "</ b>",
        ]),
        1 => (prop::sample::select(&["<b>", "<i>", "<em>"][..]), 1usize..40).prop_map(|(s, n)| s.repeat(n)),
        1 => "\\PC{0,10}",
    ];
    check("announcement html", prop::collection::vec(piece, 0..30), |pieces| {
        let html = pieces.concat();
        if let Ok(inlines) = inline_html::parse(&html) {
            let block = Block::Paragraph { children: inlines };
            prop_assert!(inline_depth(std::slice::from_ref(&block)) <= MAX_INLINE_NESTING);
        }
        Ok(())
    });
}
