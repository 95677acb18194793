use super::*;
use site_schema::{AdmonitionKind, Component, InlineNode, TodoStage, Token, TokenClass};

fn doc(body: &str) -> Document {
    try_doc(body).unwrap_or_else(|e| panic!("{e:?}"))
}

fn try_doc(body: &str) -> Result<Document, Vec<Diagnostic>> {
    let text = format!("---\ntitle: 标题\ndescription: 说明。\n---\n{body}");
    let mut warnings = Vec::new();
    compile(Path::new("docs/x.md"), &text, Kind::Doc, &mut KeepLinks, &mut warnings)
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
    let d = compile(Path::new("a.md"), t, Kind::Doc, &mut KeepLinks, &mut vec![]).unwrap();
    assert_eq!(d.front_matter.title.as_deref(), Some("原子"));
    assert_eq!(d.front_matter.sidebar_label.as_deref(), Some("atom()"));
    assert_eq!(d.front_matter.tags, vec!["原子", "状态"]);
    assert!(d.front_matter.hide_table_of_contents);
}

#[test]
fn front_matter_errors_name_the_line() {
    let bad_yaml = "---\ntitle: a\ntags: [x\n---\n";
    let e = compile(Path::new("a.md"), bad_yaml, Kind::Doc, &mut KeepLinks, &mut vec![]).unwrap_err();
    assert_eq!(e[0].file, Path::new("a.md"));
    assert!(e[0].line.is_some_and(|l| l >= 2), "{e:?}");
    let unknown = "---\ntitle: a\ncolour: red\n---\n";
    let e = compile(Path::new("a.md"), unknown, Kind::Doc, &mut KeepLinks, &mut vec![]).unwrap_err();
    assert!(e[0].message.contains("unknown field `colour`"), "{e:?}");
    assert_eq!(e[0].line, Some(3));
    let none = compile(Path::new("a.md"), "# hi", Kind::Doc, &mut KeepLinks, &mut vec![]).unwrap_err();
    assert!(none[0].message.contains("missing front matter"));
    let unclosed = compile(Path::new("a.md"), "---\ntitle: a\n", Kind::Doc, &mut KeepLinks, &mut vec![]).unwrap_err();
    assert!(unclosed[0].message.contains("not closed"));
    let no_title =
        compile(Path::new("a.md"), "---\ndescription: x\n---\n", Kind::Doc, &mut KeepLinks, &mut vec![]).unwrap_err();
    assert!(no_title[0].message.contains("`title` is required"));
}

#[test]
fn heading_ids_chinese_explicit_and_repeated() {
    let d = doc("## 异步查询 API\n\n### 参数 {#params}\n\n## 示例\n\n## 示例\n\n#### 深层");
    let ids: Vec<_> = d.headings.iter().map(|h| (h.level, h.id.as_str())).collect();
    assert_eq!(ids, vec![(2, "异步查询-api"), (3, "params"), (2, "示例"), (2, "示例-1"), (4, "深层")]);
    assert_eq!(d.content[1], Block::Heading { level: 3, id: "params".into(), children: vec![text("参数")] });
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
    match &d.content[0] {
        Block::Admonition { kind, title, children } => {
            assert_eq!(*kind, AdmonitionKind::Tip);
            assert_eq!(title.as_deref(), Some(&[text("小技巧")][..]));
            assert!(matches!(&children[0], Block::Paragraph { .. }));
        }
        b => panic!("{b:?}"),
    }
    match &d.content[1] {
        Block::Admonition { kind: AdmonitionKind::Caution, title: Some(t), children } => {
            assert_eq!(t[0], text("注意 "));
            assert!(matches!(&children[0], Block::List { .. }));
        }
        b => panic!("{b:?}"),
    }
    assert!(matches!(&d.content[2], Block::Admonition { kind: AdmonitionKind::Note, title: None, .. }));
    assert!(matches!(&d.content[3], Block::Admonition { kind: AdmonitionKind::Caution, .. }));
}

#[test]
fn nested_admonition_and_unknown_kind() {
    let d = doc(":::note\n外\n\n:::tip\n内\n:::\n\n:::");
    match &d.content[0] {
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
    match &d.content[0] {
        Block::Code(c) => {
            assert_eq!(c.lang, "jsx");
            assert_eq!(c.title.as_deref(), Some("App.jsx"));
            assert_eq!(c.highlight, vec![2]);
            assert_eq!(c.lines.len(), 2);
            assert_eq!(c.lines[0][0], Token::Styled(TokenClass::Keyword, "const".into()));
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
    assert!(matches!(&d.content[0], Block::Code(c) if c.lang == "bash"));
    assert!(matches!(&d.content[1], Block::Code(c) if c.lang == "text"));
}

#[test]
fn containers_inside_code_fences_are_code() {
    let d = doc("````md\n:::note\n<Tabs>\n<CharacterCounterDemo />\n````");
    assert_eq!(d.content.len(), 1);
    match &d.content[0] {
        Block::Code(c) => assert_eq!(c.lines.len(), 3),
        b => panic!("{b:?}"),
    }
}

#[test]
fn tabs_with_group() {
    let d = doc(
        "<Tabs groupId=\"pm\">\n<TabItem value=\"npm\" label=\"npm\" default>\n\n```bash\nnpm i recoil\n```\n\n</TabItem>\n<TabItem value=\"yarn\">\n\nyarn\n\n</TabItem>\n</Tabs>",
    );
    match &d.content[0] {
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
    match &d.content[0] {
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
    assert_eq!(d.content[0], Block::Component(Component::CharacterCounterDemo));
    assert_eq!(d.content[1], Block::Component(Component::TodoListDemo { stage: TodoStage::Selectors }));
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
    match &d.content[0] {
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
    match &d.content[0] {
        Block::Table { align, head, rows } => {
            assert_eq!(align, &vec![site_schema::Align::Left, site_schema::Align::Right]);
            assert_eq!(head[0], vec![text("名")]);
            assert_eq!(rows.len(), 1);
        }
        b => panic!("{b:?}"),
    }
    match &d.content[1] {
        Block::List { items, tight, .. } => {
            assert!(*tight);
            assert_eq!(items[0].checked, Some(true));
            assert_eq!(items[1].checked, Some(false));
        }
        b => panic!("{b:?}"),
    }
    match &d.content[2] {
        Block::Paragraph { children } => {
            assert!(matches!(&children[0], Inline::Node(InlineNode::Del { .. })));
            assert!(matches!(&children[2], Inline::Node(InlineNode::FootnoteRef { number: 1, .. })));
        }
        b => panic!("{b:?}"),
    }
    assert!(matches!(d.content.last(), Some(Block::Footnotes { items }) if items.len() == 1));
    assert!(d.anchor_ids().any(|id| id == "fn-1"));
}

#[test]
fn soft_breaks_join_chinese_without_spaces() {
    let d = doc("第一行\n第二行 and\nthird 行");
    assert_eq!(d.content[0], Block::Paragraph { children: vec![text("第一行第二行 and third 行")] });
}

#[test]
fn bare_urls_become_links_but_not_inside_links() {
    let d = doc("访问 https://jotai.org。或者 [https://x.org](https://x.org)");
    match &d.content[0] {
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
        fn resolve(&mut self, href: &str, line: usize) -> (String, bool) {
            self.0.push((href.to_string(), line));
            (format!("/resolved{href}"), true)
        }
    }
    let mut r = Record(vec![]);
    let t = "---\ntitle: t\n---\n[a](./atom.md)\n\n![图](/img/a.svg)\n\n<mail@example.com>";
    let d = compile(Path::new("x.md"), t, Kind::Doc, &mut r, &mut vec![]).unwrap();
    assert_eq!(
        r.0,
        vec![("./atom.md".to_string(), 4), ("/img/a.svg".to_string(), 6), ("mailto:mail@example.com".to_string(), 8)]
    );
    assert!(
        matches!(&d.content[0], Block::Paragraph { children } if matches!(&children[0], Inline::Node(InlineNode::Link { href, .. }) if href == "/resolved./atom.md"))
    );
}

#[test]
fn blog_truncate_marker() {
    let t = "---\ntitle: 发布\n---\n摘要。\n\n<!--truncate-->\n\n## 正文\n";
    let d = compile(Path::new("b.md"), t, Kind::BlogPost, &mut KeepLinks, &mut vec![]).unwrap();
    assert_eq!(d.truncate_at, Some(1));
    assert_eq!(d.content.len(), 2);
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
    assert!(matches!(&d.content[0], Block::Admonition { kind: AdmonitionKind::Caution, .. }));
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
