//! Every structural limit: a page at the limit compiles (and its page data reads back as the
//! build reads it), one past it fails with an error naming the line.

mod common;

use common::*;
use site_markdown::limits::*;
use site_schema::Block;

/// Compiles `body` at the limit and one past it; returns the error past it.
fn at_and_past(at: &str, past: &str) -> String {
    let d = compile_doc(at).unwrap_or_else(|e| panic!("at the limit: {e:?}"));
    page_data_round_trip(&d.content.blocks().unwrap()).expect("page data at the limit reads back");
    let e = errors(past);
    assert_eq!(e.len(), 1, "{e:?}");
    e.into_iter().next().unwrap()
}

#[test]
fn page_size() {
    let filler = |n: usize| "段落。\n\n".repeat(n / "段落。\n\n".len());
    let room = MAX_PAGE_BYTES - FRONT_MATTER.len();
    let at = filler(room) + &"x".repeat(room % "段落。\n\n".len());
    assert_eq!(page(&at).len(), MAX_PAGE_BYTES);
    let e = at_and_past(&at, &(at.clone() + "x"));
    assert_eq!(
        e,
        "docs/x.md:1: the file is larger than 512 KiB, the most a page may be: split it into several pages (see \"Limits\" in content/README.md)"
    );
}

#[test]
fn block_quotes() {
    let quotes = |n: usize| ">".repeat(n) + " 引用";
    let e = at_and_past(&quotes(MAX_BLOCK_NESTING), &quotes(MAX_BLOCK_NESTING + 1));
    assert!(
        e.starts_with("docs/x.md:5: block quote nested 17 deep: block quotes, lists, footnotes, admonitions"),
        "{e}"
    );
}

#[test]
fn lists() {
    let lists = |n: usize| "- ".repeat(n) + "项";
    let e = at_and_past(&lists(MAX_BLOCK_NESTING), &lists(MAX_BLOCK_NESTING + 1));
    assert!(e.starts_with("docs/x.md:5: list nested 17 deep"), "{e}");
    let indented = |n: usize| (0..n).map(|i| format!("{}1. 第 {i} 层\n", "   ".repeat(i))).collect::<String>();
    let e = at_and_past(&indented(MAX_BLOCK_NESTING), &indented(MAX_BLOCK_NESTING + 1));
    assert!(e.starts_with(&format!("docs/x.md:{}: list nested 17 deep", BODY_LINE + MAX_BLOCK_NESTING)), "{e}");
}

#[test]
fn admonitions() {
    let notes = |n: usize| ":::note\n".repeat(n) + "正文\n" + &":::\n".repeat(n);
    let e = at_and_past(&notes(MAX_BLOCK_NESTING), &notes(MAX_BLOCK_NESTING + 1));
    assert_eq!(
        e,
        format!(
            "docs/x.md:{}: `:::` admonition nested 17 deep: containers nest at most 16 deep (see \"Limits\" in content/README.md)",
            BODY_LINE + MAX_BLOCK_NESTING
        )
    );
}

#[test]
fn details() {
    let details =
        |n: usize| "<details>\n<summary>更多</summary>\n\n".repeat(n) + "正文\n\n" + &"</details>\n\n".repeat(n);
    let e = at_and_past(&details(MAX_BLOCK_NESTING), &details(MAX_BLOCK_NESTING + 1));
    assert!(
        e.starts_with(&format!("docs/x.md:{}: `<details>` nested 17 deep", BODY_LINE + 3 * MAX_BLOCK_NESTING)),
        "{e}"
    );
}

#[test]
fn tabs() {
    let open = "<Tabs>\n<TabItem value=\"a\">\n\n";
    let close = "</TabItem>\n</Tabs>\n\n";
    let tabs = |n: usize| open.repeat(n) + "正文\n\n" + &close.repeat(n);
    let e = at_and_past(&tabs(MAX_BLOCK_NESTING), &tabs(MAX_BLOCK_NESTING + 1));
    assert!(e.starts_with(&format!("docs/x.md:{}: `<Tabs>` nested 17 deep", BODY_LINE + 3 * MAX_BLOCK_NESTING)), "{e}");
}

#[test]
fn kinds_count_together() {
    let mixed =
        |quotes: usize| ":::tip\n".repeat(8) + &"- ".repeat(4) + &">".repeat(quotes) + " 正文\n" + &":::\n".repeat(8);
    let e = at_and_past(&mixed(4), &mixed(5));
    assert!(e.starts_with(&format!("docs/x.md:{}: block quote nested 17 deep", BODY_LINE + 8)), "{e}");
}

#[test]
fn footnotes_count_too() {
    let note = |quotes: usize| format!("正文[^1]\n\n[^1]: {} 注脚\n", ">".repeat(quotes));
    let e = at_and_past(&note(MAX_BLOCK_NESTING - 1), &note(MAX_BLOCK_NESTING));
    assert!(e.starts_with("docs/x.md:7: block quote nested 17 deep"), "{e}");
}

/// `*a _b *c … x … c* b_ a*`: emphasis nested `n` deep.
fn emphasis(n: usize) -> String {
    emphasis_around(n, "核心")
}

fn emphasis_around(n: usize, core: &str) -> String {
    let marks: Vec<char> = (0..n).map(|i| if i % 2 == 0 { '*' } else { '_' }).collect();
    let open: String = marks.iter().map(|m| format!("{m}字 ")).collect();
    let close: String = marks.iter().rev().map(|m| format!(" 字{m}")).collect();
    format!("{open}{core}{close}")
}

#[test]
fn inline_emphasis() {
    let d = compile_doc(&emphasis(MAX_INLINE_NESTING)).unwrap();
    assert_eq!(inline_depth(&d.content.blocks().unwrap()), MAX_INLINE_NESTING);
    let e = at_and_past(&emphasis(MAX_INLINE_NESTING), &emphasis(MAX_INLINE_NESTING + 1));
    assert!(e.starts_with("docs/x.md:5: emphasis nested 17 deep in inline markup"), "{e}");
}

#[test]
fn inline_links_images_and_kbd() {
    let images = |n: usize| "![".repeat(n) + "图" + &"](/img/a.svg)".repeat(n);
    let e = at_and_past(&images(MAX_INLINE_NESTING), &images(MAX_INLINE_NESTING + 1));
    assert!(e.starts_with("docs/x.md:5: image nested 17 deep"), "{e}");
    let kbd = |n: usize| "<kbd>".repeat(n) + "K" + &"</kbd>".repeat(n);
    let e = at_and_past(&kbd(MAX_INLINE_NESTING), &kbd(MAX_INLINE_NESTING + 1));
    assert!(e.starts_with("docs/x.md:5: `<kbd>` nested 17 deep"), "{e}");
    let link = |n: usize| emphasis_around(n, "[链接](/docs/x)");
    let e = at_and_past(&link(MAX_INLINE_NESTING - 1), &link(MAX_INLINE_NESTING));
    assert!(e.starts_with("docs/x.md:5: link nested 17 deep"), "{e}");
}

#[test]
fn headings() {
    let headings = |n: usize| (0..n).map(|i| format!("## 第 {i} 节\n")).collect::<String>();
    let e = at_and_past(&headings(MAX_HEADINGS), &headings(MAX_HEADINGS + 1));
    assert_eq!(
        e,
        format!(
            "docs/x.md:{}: more than 1000 headings on one page (see \"Limits\" in content/README.md)",
            BODY_LINE + MAX_HEADINGS
        )
    );
}

#[test]
fn code_lines() {
    let block = |lines: usize| format!("```text\n{}```\n", "x\n".repeat(lines));
    let at = block(MAX_CODE_LINES / 2).repeat(2);
    let past = at.clone() + &block(1);
    let e = at_and_past(&at, &past);
    assert!(
        e.starts_with(&format!(
            "docs/x.md:{}: code blocks on this page pass 10000 lines with this one",
            BODY_LINE + MAX_CODE_LINES + 4
        )),
        "{e}"
    );
    // A line range is expanded to line numbers, so it is bounded too.
    let e = errors("```js {1-4294967295}\nx\n```");
    assert!(e[0].starts_with("docs/x.md:5: line range `1-4294967295` goes past line 10000"), "{e:?}");
}

#[test]
fn yaml_aliases() {
    let aliases =
        |n: usize| format!("---\ntitle: 标题\ndescription: 说明。\nkeywords: [&k 词{}]\n---\n", ", *k".repeat(n));
    let compile = |text: &str| {
        site_markdown::compile(
            std::path::Path::new("docs/x.md"),
            text,
            site_markdown::SourceKind::Doc,
            &mut site_markdown::KeepLinks,
            &mut vec![],
        )
    };
    assert_eq!(compile(&aliases(MAX_YAML_ALIASES)).unwrap().front_matter.keywords.len(), MAX_YAML_ALIASES + 1);
    let e = compile(&aliases(MAX_YAML_ALIASES + 1)).unwrap_err();
    assert!(e[0].to_string().starts_with("docs/x.md:4: front matter uses more than 10 YAML aliases"), "{e:?}");
}

/// The deepest page the limits allow, with the JSON-heaviest kinds at every level (lists:
/// four JSON levels each; a table cell holding the deepest inline markup), still reads back
/// through serde_json's default recursion limit inside the deepest page wrapper.
#[test]
fn deepest_allowed_page_reads_back_as_page_data() {
    let lists = (0..MAX_BLOCK_NESTING - 1).map(|i| format!("{}- 层\n", "  ".repeat(i))).collect::<String>();
    let indent = "  ".repeat(MAX_BLOCK_NESTING - 1);
    let table = format!("{indent}- | 列 |\n{indent}  |---|\n{indent}  | {} |\n", emphasis(MAX_INLINE_NESTING));
    let d = compile_doc(&(lists + &table)).unwrap();
    assert_eq!(block_depth(&d.content.blocks().unwrap()), MAX_BLOCK_NESTING);
    assert_eq!(inline_depth(&d.content.blocks().unwrap()), MAX_INLINE_NESTING);
    assert!(matches!(&d.content.blocks().unwrap()[0], Block::List { .. }));
    page_data_round_trip(&d.content.blocks().unwrap()).unwrap();
}

/// A bare URL becomes a link (GFM autolink) one level below the markup around it: at the
/// inline limit it stays text rather than going one past it. Found by the long property run.
#[test]
fn a_bare_url_at_the_inline_limit_stays_text() {
    let body = "______________________________https://x.org/a_(b)\n~~_____________________________";
    let d = compile_doc(body).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(
        inline_depth(&d.content.blocks().unwrap()) <= MAX_INLINE_NESTING,
        "depth {}",
        inline_depth(&d.content.blocks().unwrap())
    );
    page_data_round_trip(&d.content.blocks().unwrap()).expect("page data reads back");
    let deep = "*".repeat(MAX_INLINE_NESTING) + "x https://x.org y" + &"*".repeat(MAX_INLINE_NESTING);
    let d = compile_doc(&deep).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(
        inline_depth(&d.content.blocks().unwrap()) <= MAX_INLINE_NESTING,
        "depth {}",
        inline_depth(&d.content.blocks().unwrap())
    );
}
