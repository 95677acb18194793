//! The public API: whole files through `compile`.

use site_markdown::*;
use site_schema::{AdmonitionKind, Block, Component, Inline, InlineNode, TodoStage, Token, TokenClass};
use std::path::Path;

fn doc(body: &str) -> Document {
    try_doc(body).unwrap_or_else(|e| panic!("{e:?}"))
}

fn try_doc(body: &str) -> Result<Document, Vec<Diagnostic>> {
    let text = format!("---\ntitle: 标题\ndescription: 说明。\n---\n{body}");
    let mut warnings = Vec::new();
    compile(Path::new("docs/x.md"), &text, SourceKind::Doc, &mut KeepLinks, &mut warnings)
}

fn errors(body: &str) -> Vec<String> {
    try_doc(body).expect_err("should fail").into_iter().map(|d| d.to_string()).collect()
}

fn text(s: &str) -> Inline {
    Inline::Text(s.into())
}

#[test]
fn front_matter_fields() {
    let t = "---\ntitle: 原子\ndescription: 一句话。\nsidebar_label: atom()\ntags: [原子, 状态]\nhide_table_of_contents: true\n---\n正文";
    let d = compile(Path::new("a.md"), t, SourceKind::Doc, &mut KeepLinks, &mut vec![]).unwrap();
    assert_eq!(d.front_matter.title.as_deref(), Some("原子"));
    assert_eq!(d.front_matter.sidebar_label.as_deref(), Some("atom()"));
    assert_eq!(d.front_matter.tags, vec!["原子", "状态"]);
    assert!(d.front_matter.hide_table_of_contents);
}

#[test]
fn front_matter_errors_name_the_line() {
    let bad_yaml = "---\ntitle: a\ndescription: d\ntags: [x\n---\n";
    let e = compile(Path::new("a.md"), bad_yaml, SourceKind::Doc, &mut KeepLinks, &mut vec![]).unwrap_err();
    assert_eq!(e[0].file, Path::new("a.md"));
    assert!(e[0].line.is_some_and(|l| l >= 2), "{e:?}");
    let unknown = "---\ntitle: a\ndescription: d\ncolour: red\n---\n";
    let e = compile(Path::new("a.md"), unknown, SourceKind::Doc, &mut KeepLinks, &mut vec![]).unwrap_err();
    assert!(e[0].message.contains("unknown field `colour`"), "{e:?}");
    assert_eq!(e[0].line, Some(4));
    let none = compile(Path::new("a.md"), "# hi", SourceKind::Doc, &mut KeepLinks, &mut vec![]).unwrap_err();
    assert!(none[0].message.contains("missing front matter"));
    let unclosed =
        compile(Path::new("a.md"), "---\ntitle: a\n", SourceKind::Doc, &mut KeepLinks, &mut vec![]).unwrap_err();
    assert!(unclosed[0].message.contains("not closed"));
    let no_title =
        compile(Path::new("a.md"), "---\ndescription: x\n---\n", SourceKind::Doc, &mut KeepLinks, &mut vec![])
            .unwrap_err();
    assert!(no_title[0].message.contains("`title` is required"));
    let no_description =
        compile(Path::new("a.md"), "---\ntitle: x\n---\n", SourceKind::Doc, &mut KeepLinks, &mut vec![]).unwrap_err();
    assert_eq!(
        no_description[0].to_string(),
        "a.md:2: front matter: `description` is required (one sentence for search and link previews)"
    );
}

#[test]
fn heading_ids_chinese_explicit_and_repeated() {
    let d = doc("## 异步查询 API\n\n### 参数 {#params}\n\n## 示例\n\n## 示例\n\n#### 深层");
    let ids: Vec<_> = d.headings.iter().map(|h| (h.level, h.id.as_str())).collect();
    assert_eq!(ids, vec![(2, "异步查询-api"), (3, "params"), (2, "示例"), (2, "示例-1"), (4, "深层")]);
    assert_eq!(
        d.content.blocks().unwrap()[1],
        Block::Heading { level: 3, id: "params".into(), children: vec![text("参数")] }
    );
}

#[test]
fn headings_in_containers_are_not_top_level() {
    let d = doc("## 顶层\n\n:::note\n\n## 内部\n\n:::\n");
    assert!(d.headings[0].top_level);
    assert!(!d.headings[1].top_level);
}

#[test]
fn admonitions_with_and_without_titles() {
    let d = doc(
        ":::tip 小技巧\n内容 **加粗**\n:::\n\n:::caution[注意 `x`]\n\n- a\n\n:::\n\n:::note\n无标题\n:::\n\n:::warning\nw\n:::",
    );
    match &d.content.blocks().unwrap()[0] {
        Block::Admonition { kind, title, children } => {
            assert_eq!(*kind, AdmonitionKind::Tip);
            assert_eq!(title.as_deref(), Some(&[text("小技巧")][..]));
            assert!(matches!(&children[0], Block::Paragraph { .. }));
        }
        b => panic!("{b:?}"),
    }
    match &d.content.blocks().unwrap()[1] {
        Block::Admonition { kind: AdmonitionKind::Caution, title: Some(t), children } => {
            assert_eq!(t[0], text("注意 "));
            assert!(matches!(&children[0], Block::List { .. }));
        }
        b => panic!("{b:?}"),
    }
    assert!(matches!(
        &d.content.blocks().unwrap()[2],
        Block::Admonition { kind: AdmonitionKind::Note, title: None, .. }
    ));
    assert!(matches!(&d.content.blocks().unwrap()[3], Block::Admonition { kind: AdmonitionKind::Caution, .. }));
}

#[test]
fn nested_admonition_and_unknown_kind() {
    let d = doc(":::note\n外\n\n:::tip\n内\n:::\n\n:::");
    match &d.content.blocks().unwrap()[0] {
        Block::Admonition { children, .. } => {
            assert!(matches!(children[1], Block::Admonition { kind: AdmonitionKind::Tip, .. }))
        }
        b => panic!("{b:?}"),
    }
    let e = errors(":::fancy\nx\n:::");
    assert!(e[0].contains("docs/x.md:5: unknown admonition `:::fancy`"), "{e:?}");
}

#[test]
fn unclosed_and_stray_containers_are_errors_with_lines() {
    let e = errors("text\n\n:::note\nnever closed");
    assert!(e.iter().any(|m| m.contains(":7: `:::` admonition opened here is never closed")), "{e:?}");
    let e = errors("</Tabs>");
    assert!(e[0].contains(":5: `</Tabs>` does not close anything"), "{e:?}");
}

#[test]
fn code_blocks_are_highlighted_with_title_and_lines() {
    let d = doc("```jsx title=\"App.jsx\" {2}\nconst a = 1;\nconst b = <B />;\n```");
    match &d.content.blocks().unwrap()[0] {
        Block::Code(c) => {
            assert_eq!(c.lang, "jsx");
            assert_eq!(c.title.as_deref(), Some("App.jsx"));
            assert_eq!(c.highlight, vec![2]);
            assert_eq!(c.lines.len(), 2);
            assert_eq!(c.lines[0].tokens()[0], Token::Styled(TokenClass::Keyword, "const".into()));
        }
        b => panic!("{b:?}"),
    }
}

#[test]
fn code_block_language_rules() {
    let e = errors("```\nx\n```");
    assert!(e[0].contains("needs a language"), "{e:?}");
    let e = errors("```cobol\nx\n```");
    assert!(e[0].contains(":5: unknown code language `cobol`"), "{e:?}");
    let e = errors("```js {9}\nx\n```");
    assert!(e[0].contains("line 9 is highlighted"), "{e:?}");
    let d = doc("```shell\nnpm i\n```\n\n    indented");
    assert!(matches!(&d.content.blocks().unwrap()[0], Block::Code(c) if c.lang == "bash"));
    assert!(matches!(&d.content.blocks().unwrap()[1], Block::Code(c) if c.lang == "text"));
}

#[test]
fn containers_inside_code_fences_are_code() {
    let d = doc("````md\n:::note\n<Tabs>\n<CharacterCounterDemo />\n````");
    assert_eq!(d.content.blocks().unwrap().len(), 1);
    match &d.content.blocks().unwrap()[0] {
        Block::Code(c) => assert_eq!(c.lines.len(), 3),
        b => panic!("{b:?}"),
    }
}

#[test]
fn tabs_with_group() {
    let d = doc(
        "<Tabs groupId=\"pm\">\n<TabItem value=\"npm\" label=\"npm\" default>\n\n```bash\nnpm i recoil\n```\n\n</TabItem>\n<TabItem value=\"yarn\">\n\nyarn\n\n</TabItem>\n</Tabs>",
    );
    match &d.content.blocks().unwrap()[0] {
        Block::Tabs { group_id, items } => {
            assert_eq!(group_id.as_deref(), Some("pm"));
            assert_eq!(items.len(), 2);
            assert!(items[0].default);
            assert_eq!(items[1].label, "yarn");
            assert!(matches!(items[0].children[0], Block::Code(_)));
        }
        b => panic!("{b:?}"),
    }
}

#[test]
fn tab_errors() {
    assert!(
        errors("<Tabs>\nloose text\n<TabItem value=\"a\">\nx\n</TabItem>\n</Tabs>")[0]
            .contains("must be inside a `<TabItem>`")
    );
    assert!(errors("<TabItem value=\"a\">\nx\n</TabItem>")[0].contains("directly inside `<Tabs>`"));
    let e = errors("<Tabs>\n<TabItem label=\"a\">\nx\n</TabItem>\n</Tabs>");
    assert!(e.iter().any(|m| m.contains(":6: `<TabItem>` needs a `value`")), "{e:?}");
    assert!(errors("<Tabs>\n</Tabs>")[0].contains("no `<TabItem>`"));
    let e =
        errors("<Tabs>\n<TabItem value=\"a\">\n\nx\n\n</TabItem>\n<TabItem value=\"a\">\n\ny\n\n</TabItem>\n</Tabs>");
    assert!(e[0].contains("share the value `a`"), "{e:?}");
}

#[test]
fn details_block() {
    let d = doc("<details>\n<summary>展开 `代码`</summary>\n\n正文\n\n</details>");
    match &d.content.blocks().unwrap()[0] {
        Block::Details { summary, children } => {
            assert_eq!(summary[0], text("展开 "));
            assert_eq!(children.len(), 1);
        }
        b => panic!("{b:?}"),
    }
}

#[test]
fn components_from_the_registry() {
    let d = doc("<CharacterCounterDemo />\n\n<TodoListDemo stage=\"selectors\" />");
    assert_eq!(d.content.blocks().unwrap()[0], Block::Component(Component::CharacterCounterDemo));
    assert_eq!(
        d.content.blocks().unwrap()[1],
        Block::Component(Component::TodoListDemo { stage: TodoStage::Selectors })
    );
}

#[test]
fn unknown_component_names_file_and_line() {
    let e = errors("段落\n\n<Fancy />");
    assert!(e[0].starts_with("docs/x.md:7: unknown component `<Fancy />`"), "{e:?}");
    assert!(e[0].contains("CharacterCounterDemo"), "{e:?}");
    let e = errors("<TodoListDemo stage=\"final\" />");
    assert!(e[0].contains("unknown variant `final`"), "{e:?}");
    let e = errors("<TodoListDemo stage=\"atoms\" colour=\"red\" />");
    assert!(e[0].contains("unknown field `colour`"), "{e:?}");
}

#[test]
fn raw_html_is_rejected_except_the_allowed_tags() {
    let e = errors("<div>x</div>");
    assert!(e[0].contains(":5: raw HTML is not accepted"), "{e:?}");
    let e = errors("按 <span>x</span> 键");
    assert!(e[0].contains("raw HTML is not accepted: `<span>`"), "{e:?}");
    let d = doc("按 <kbd>Ctrl</kbd> + <kbd>K</kbd>，H<sub>2</sub>O，x<sup>2</sup><br />下一行 <!-- 注释 -->");
    match &d.content.blocks().unwrap()[0] {
        Block::Paragraph { children } => {
            assert_eq!(children[1], Inline::Node(InlineNode::Kbd { children: vec![text("Ctrl")] }));
            assert!(children.iter().any(|c| matches!(c, Inline::Node(InlineNode::Sub { .. }))));
            assert!(children.iter().any(|c| matches!(c, Inline::Node(InlineNode::Break))));
        }
        b => panic!("{b:?}"),
    }
    assert!(errors("<kbd>x")[0].contains("never closed"));
}

#[test]
fn gfm_tables_tasks_strikethrough_and_footnotes() {
    let d =
        doc("| 名 | 值 |\n|:--|--:|\n| a | `b` |\n\n- [x] 完成\n- [ ] 未完成\n\n~~删~~ 注脚[^1]\n\n[^1]: 注脚内容。");
    match &d.content.blocks().unwrap()[0] {
        Block::Table { align, head, rows } => {
            assert_eq!(align, &vec![site_schema::Align::Left, site_schema::Align::Right]);
            assert_eq!(head[0], vec![text("名")]);
            assert_eq!(rows.len(), 1);
        }
        b => panic!("{b:?}"),
    }
    match &d.content.blocks().unwrap()[1] {
        Block::List { items, tight, .. } => {
            assert!(*tight);
            assert_eq!(items[0].checked, Some(true));
            assert_eq!(items[1].checked, Some(false));
        }
        b => panic!("{b:?}"),
    }
    match &d.content.blocks().unwrap()[2] {
        Block::Paragraph { children } => {
            assert!(matches!(&children[0], Inline::Node(InlineNode::Del { .. })));
            assert!(matches!(&children[2], Inline::Node(InlineNode::FootnoteRef { number: 1, .. })));
        }
        b => panic!("{b:?}"),
    }
    assert!(matches!(d.content.blocks().unwrap().last(), Some(Block::Footnotes { items }) if items.len() == 1));
    assert!(d.anchor_ids().any(|id| id == "fn-1"));
}

#[test]
fn soft_breaks_join_chinese_without_spaces() {
    let d = doc("第一行\n第二行 and\nthird 行");
    assert_eq!(d.content.blocks().unwrap()[0], Block::Paragraph { children: vec![text("第一行第二行 and third 行")] });
}

#[test]
fn bare_urls_become_links_but_not_inside_links() {
    let d = doc("访问 https://jotai.org。或者 [https://x.org](https://x.org)");
    match &d.content.blocks().unwrap()[0] {
        Block::Paragraph { children } => {
            assert_eq!(
                children[1],
                Inline::Node(InlineNode::Link {
                    href: "https://jotai.org".into(),
                    internal: false,
                    children: vec![text("https://jotai.org")]
                })
            );
            assert_eq!(children[2], text("。或者 "));
            assert_eq!(children.len(), 4);
        }
        b => panic!("{b:?}"),
    }
}

#[test]
fn links_go_through_the_resolver_with_lines() {
    struct Record(Vec<(String, usize)>);
    impl Links for Record {
        fn resolve(&mut self, href: &str, line: usize) -> Result<Resolved, String> {
            self.0.push((href.to_string(), line));
            Ok(Resolved::Link { href: format!("/resolved{href}"), internal: true })
        }
    }
    let mut r = Record(vec![]);
    let t = "---\ntitle: t\ndescription: d\n---\n[a](./atom.md)\n\n![图](/img/a.svg)\n\n<mail@example.com>";
    let d = compile(Path::new("x.md"), t, SourceKind::Doc, &mut r, &mut vec![]).unwrap();
    assert_eq!(
        r.0,
        vec![("./atom.md".to_string(), 5), ("/img/a.svg".to_string(), 7), ("mailto:mail@example.com".to_string(), 9)]
    );
    assert!(
        matches!(&d.content.blocks().unwrap()[0], Block::Paragraph { children } if matches!(&children[0], Inline::Node(InlineNode::Link { href, .. }) if href == "/resolved./atom.md"))
    );
}

#[test]
fn blog_truncate_marker() {
    let t = "---\ntitle: 发布\ndescription: 说明。\n---\n摘要。\n\n<!--truncate-->\n\n## 正文\n";
    let d = compile(Path::new("b.md"), t, SourceKind::BlogPost, &mut KeepLinks, &mut vec![]).unwrap();
    assert_eq!(d.truncate_at, Some(1));
    assert_eq!(d.content.blocks().unwrap().len(), 2);
    assert!(errors("<!--truncate-->")[0].contains("only applies to blog posts"));
}

#[test]
fn reading_time_counts_chinese_characters() {
    let long_chinese = "状态管理".repeat(300); // 1200 Han characters
    let d = doc(&long_chinese);
    assert_eq!(d.han_chars, 1200);
    assert_eq!(d.reading_minutes(), 4);
    assert_eq!(doc("短").reading_minutes(), 1);
    let english = "word ".repeat(500);
    assert_eq!(doc(&english).reading_minutes(), 3);
}

#[test]
fn gfm_alerts_become_admonitions() {
    let d = doc("> [!WARNING]\n> 小心");
    assert!(matches!(&d.content.blocks().unwrap()[0], Block::Admonition { kind: AdmonitionKind::Caution, .. }));
}

#[test]
fn malformed_input_never_panics() {
    let inputs = [
        "```",
        ":::",
        ":::note",
        "<Tabs>",
        "<details>",
        "<summary>x</summary>",
        "[^x]",
        "| a |\n|-|\n| b | c |",
        "<",
        "<>",
        "</kbd>",
        "<kbd><sup>x</kbd>",
        "\u{0}",
        "## {#}",
        "![]()",
        "[x]()",
        "- [ ] ",
        "1. x\n   ```js\n   y",
        "<TodoListDemo stage={atoms} />",
        "<X/>",
        ":::tip[",
        "```js {a}\nx\n```",
        "# \n## \n",
    ];
    for i in inputs {
        let _ = try_doc(i);
    }
}

#[test]
fn a_level_one_heading_in_the_body_is_an_error() {
    let e = errors("## 二级\n\n# 一级\n\n标题\n===\n");
    assert_eq!(e.len(), 2, "{e:?}");
    assert!(e[0].starts_with("docs/x.md:7: a level-1 heading (`#`) in the body"), "{e:?}");
    assert!(e[1].starts_with("docs/x.md:9: a level-1 heading"), "{e:?}");
}

#[test]
fn duplicate_explicit_heading_ids_are_errors() {
    let e = errors("## 参数 {#params}\n\n## 选项 {#params}\n");
    assert_eq!(e, vec!["docs/x.md:7: heading id `{#params}` is also set on line 5; ids must differ"]);
    let e = errors("## 示例\n\n## 其他 {#示例}\n");
    assert_eq!(
        e,
        vec!["docs/x.md:7: heading id `{#示例}` is already the automatic id of the heading on line 5; choose another"]
    );
    let e = errors("## 其他 {#示例}\n\n## 示例\n");
    assert!(e[0].starts_with("docs/x.md:7: this heading's automatic id `示例` is the `{#示例}` of line 5"), "{e:?}");
    // Automatic ids among themselves are numbered, inside containers too.
    let d = doc("## 示例\n\n:::note\n## 示例\n:::\n");
    let ids: Vec<_> = d.headings.iter().map(|h| h.id.as_str()).collect();
    assert_eq!(ids, vec!["示例", "示例-1"]);
}

#[test]
fn front_matter_hints_through_compile() {
    let text = "---\ntitle: 用法\ndescription: 用法: x\n---\n正文";
    let e = compile(Path::new("a.md"), text, SourceKind::Doc, &mut KeepLinks, &mut vec![]).unwrap_err();
    assert_eq!(
        e[0].to_string(),
        "a.md:3: front matter: mapping values are not allowed in this context; a value containing `: ` or starting \
         with a YAML symbol must be quoted: write `description: \"用法: x\"`"
    );
    let text = "---\ntitle: 标签\ndescription: 说明。\ntags: [\"\"]\n---\n正文";
    let e = compile(Path::new("a.md"), text, SourceKind::Doc, &mut KeepLinks, &mut vec![]).unwrap_err();
    assert_eq!(e[0].to_string(), "a.md:4: front matter: empty tag; write the tag or remove the entry");
}

#[test]
fn front_matter_and_body_errors_come_together() {
    let text = "---\ntitle: 标题\n---\n<div>x</div>\n";
    let e = compile(Path::new("a.md"), text, SourceKind::Doc, &mut KeepLinks, &mut vec![]).unwrap_err();
    let lines: Vec<_> = e.iter().map(|d| d.line).collect();
    assert_eq!(lines, vec![Some(2), Some(4)], "{e:?}");
}

#[test]
fn source_text_names_the_first_bad_byte() {
    let bytes = "---\n第一行\n好\u{fffd}".as_bytes().iter().copied().take(17).chain([0xC0, 0x20]).collect::<Vec<u8>>();
    let e = source_text(Path::new("a.md"), &bytes).unwrap_err();
    assert_eq!(e.line, Some(3));
    assert!(
        e.message.starts_with("not valid UTF-8 (the first bad byte is byte 4 of this line): save the file as UTF-8"),
        "{e}"
    );
    assert_eq!(source_text(Path::new("a.md"), "---\n好".as_bytes()).unwrap(), "---\n好");
}

#[test]
fn errors_are_capped_per_file() {
    let e = errors(&"<div>x</div>\n\n".repeat(200));
    assert_eq!(e.len(), site_markdown::limits::MAX_ERRORS_PER_FILE + 1);
    assert!(e.last().unwrap().ends_with("… and 150 more problems after this line, not shown"), "{e:?}");
}

#[test]
fn a_dropped_link_keeps_its_text_and_warns() {
    struct Broken;
    impl Links for Broken {
        fn resolve(&mut self, href: &str, _line: usize) -> Result<Resolved, String> {
            Ok(Resolved::Unlinked { warning: format!("broken `{href}`") })
        }
    }
    let mut warnings = vec![];
    let t = "---\ntitle: t\ndescription: d\n---\n见 [**原子**文档](./atom.md)。\n\n![图](./a.md)";
    let d = compile(Path::new("x.md"), t, SourceKind::Doc, &mut Broken, &mut warnings).unwrap();
    let strong = Inline::Node(InlineNode::Strong { children: vec![text("原子")] });
    assert_eq!(
        d.content.blocks().unwrap()[0],
        Block::Paragraph { children: vec![text("见 "), strong, text("文档。")] }
    );
    assert_eq!(d.content.blocks().unwrap()[1], Block::Paragraph { children: vec![text("图")] });
    let shown: Vec<_> = warnings.iter().map(ToString::to_string).collect();
    assert_eq!(shown, vec!["x.md:5: broken `./atom.md`", "x.md:7: broken `./a.md`"]);
}

#[test]
fn resolver_errors_name_the_line() {
    struct Strict;
    impl Links for Strict {
        fn resolve(&mut self, href: &str, _line: usize) -> Result<Resolved, String> {
            Err(format!("bad `{href}`"))
        }
    }
    let t = "---\ntitle: t\ndescription: d\n---\n正文\n\n[a](/x/)";
    let e = compile(Path::new("x.md"), t, SourceKind::Doc, &mut Strict, &mut vec![]).unwrap_err();
    assert_eq!(e[0].to_string(), "x.md:7: bad `/x/`");
}

#[test]
fn an_empty_link_target_is_an_error() {
    let e = errors("正文\n\n[这里]()");
    assert_eq!(e, vec!["docs/x.md:7: a link or image with an empty target `()`: write where it goes"]);
    assert_eq!(errors("![图]( )").len(), 1);
}
