//! Block nodes as Markdown, one function per kind. Each leaves the output at the end of its
//! last line; [`sequence`] puts the blank lines between blocks.

use crate::inline::{self, inlines, longest_run, strong, strong_text};
use crate::printer::{Context, Printer, is_punctuation, repeated};
use site_schema::{AdmonitionKind, Align, Block, CodeBlock, Component, Footnote, Inline, ListItem, TabItem};

/// Blocks one after another. In a tight list item a nested list or code block follows its
/// paragraph on the next line, as people write it; everywhere else a blank line separates blocks.
pub(crate) fn sequence(p: &mut Printer, blocks: &[Block], tight: bool) {
    let mut alternate = false;
    for (i, b) in blocks.iter().enumerate() {
        let previous = i.checked_sub(1).map(|j| &blocks[j]);
        if let Some(previous) = previous {
            p.newline();
            if !(tight && follows_without_blank_line(previous, b)) {
                p.newline();
            }
        }
        // Two lists in a row would read as one: the second takes the other marker.
        let same_kind =
            matches!((previous, b), (Some(Block::List { ordered: x, .. }), Block::List { ordered: y, .. }) if x == y);
        alternate = same_kind && !alternate;
        block(p, b, alternate);
    }
}

fn follows_without_blank_line(previous: &Block, next: &Block) -> bool {
    let interrupts = match next {
        Block::List { ordered, start, items, .. } => !items.is_empty() && (!ordered || start.is_none_or(|s| s == 1)),
        Block::Code(_) | Block::Quote { .. } => true,
        _ => false,
    };
    matches!(previous, Block::Paragraph { .. }) && interrupts
}

fn block(p: &mut Printer, b: &Block, alternate: bool) {
    match b {
        Block::Heading { level, children, .. } => heading(p, *level, children),
        Block::Paragraph { children } => inlines(p, children, Context::Paragraph),
        Block::Code(code) => code_block(p, code),
        Block::List { ordered, tight, start, items } => list(p, *ordered, *tight, start.unwrap_or(1), items, alternate),
        Block::Quote { children } => quote(p, children),
        Block::Admonition { kind, title, children } => admonition(p, *kind, title.as_deref(), children),
        Block::Tabs { items, .. } => tabs(p, items),
        Block::Details { summary, children } => details(p, summary, children),
        Block::Table { align, head, rows } => table(p, align, head, rows),
        Block::Rule => rule(p),
        Block::Component(c) => component(p, c),
        Block::Footnotes { items } => footnotes(p, items),
    }
}

fn heading(p: &mut Printer, level: u8, children: &[Inline]) {
    p.raw(&repeated('#', level.clamp(1, 6) as usize));
    p.raw(" ");
    inlines(p, children, Context::Heading);
}

/// A fenced block that keeps its language and title (`title="App.jsx"`, as Docusaurus writes
/// it); the fence is longer than any run of its character in the code.
fn code_block(p: &mut Printer, code: &CodeBlock) {
    let title = code.title.as_deref().filter(|t| !t.is_empty());
    let fence_char = if title.is_some_and(|t| t.contains('`')) { '~' } else { '`' };
    let longest = code.lines.iter().map(|line| longest_run(&line.text, fence_char)).max().unwrap_or(0);
    let fence = repeated(fence_char, (longest + 1).max(3));
    p.raw(&fence);
    p.raw(&code.lang);
    if let Some(title) = title {
        // The info string has no escape for `"`.
        p.raw(" title=\"");
        if title.contains('"') {
            p.raw(&title.replace('"', "'"))
        } else {
            p.raw(title)
        }
        p.raw("\"");
    }
    for line in &code.lines {
        p.newline();
        p.raw(&line.text);
    }
    p.newline();
    p.raw(&fence);
}

/// The indent of a list item's later lines: its marker's width.
const INDENT: &str = "              ";

fn list(p: &mut Printer, ordered: bool, tight: bool, start: u32, items: &[ListItem], alternate: bool) {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            p.newline();
            if !tight {
                p.newline();
            }
        }
        let mark = if ordered {
            let number = start as usize + i;
            p.number(number);
            let width = number.checked_ilog10().unwrap_or(0) as usize + 3;
            p.open(if alternate { ") " } else { ". " }, &INDENT[..width])
        } else {
            p.open(if alternate { "* " } else { "- " }, "  ")
        };
        match item.checked {
            Some(true) => p.raw("[x] "),
            Some(false) => p.raw("[ ] "),
            None => {}
        }
        sequence(p, &item.children, tight);
        p.close(mark);
    }
}

fn quote(p: &mut Printer, children: &[Block]) {
    let mark = p.open("> ", "> ");
    sequence(p, children, false);
    p.close(mark);
}

/// A quote that opens with its title, or its kind's name, in bold: `> **提示：** …`.
fn admonition(p: &mut Printer, kind: AdmonitionKind, title: Option<&[Inline]>, children: &[Block]) {
    let mark = p.open("> ", "> ");
    match children.split_first() {
        Some((Block::Paragraph { children: first }, rest)) => {
            admonition_label(p, kind, title, Some(' '));
            p.raw(" ");
            inlines(p, first, Context::Paragraph);
            if !rest.is_empty() {
                p.end_block();
                sequence(p, rest, false);
            }
        }
        _ => {
            admonition_label(p, kind, title, None);
            if !children.is_empty() {
                p.end_block();
                sequence(p, children, false);
            }
        }
    }
    p.close(mark);
}

/// The title or the kind's name, with a colon unless it ends with punctuation of its own.
fn admonition_label(p: &mut Printer, kind: AdmonitionKind, title: Option<&[Inline]>, after: Option<char>) {
    let colon = |last: Option<char>| if last.is_some_and(is_punctuation) { "" } else { "：" };
    match title.filter(|t| !t.is_empty()) {
        Some(title) => {
            let last = match title.last() {
                Some(Inline::Text(t)) => t.chars().next_back(),
                _ => None,
            };
            strong(p, title, colon(last), after);
        }
        None => {
            let name = p.words.admonition(kind);
            strong_text(p, name, colon(name.chars().next_back()), after);
        }
    }
}

/// Each tab as its label in bold, then its content: every alternative is there to read.
fn tabs(p: &mut Printer, items: &[TabItem]) {
    for (i, tab) in items.iter().enumerate() {
        if i > 0 {
            p.end_block();
        }
        strong_text(p, &tab.label, "", None);
        if !tab.children.is_empty() {
            p.end_block();
            sequence(p, &tab.children, false);
        }
    }
}

/// A collapsible section, open: its summary in bold, then its content.
fn details(p: &mut Printer, summary: &[Inline], children: &[Block]) {
    strong(p, summary, "", None);
    if !children.is_empty() {
        p.end_block();
        sequence(p, children, false);
    }
}

fn table(p: &mut Printer, align: &[Align], head: &[Vec<Inline>], rows: &[Vec<Vec<Inline>>]) {
    let columns = rows.iter().map(Vec::len).chain([align.len(), head.len()]).max().unwrap_or(0);
    table_row(p, head, columns);
    p.newline();
    p.raw("|");
    for c in 0..columns {
        p.raw(match align.get(c).unwrap_or(&Align::None) {
            Align::None => " --- |",
            Align::Left => " :-- |",
            Align::Center => " :-: |",
            Align::Right => " --: |",
        });
    }
    for row in rows {
        p.newline();
        table_row(p, row, columns);
    }
}

fn table_row(p: &mut Printer, cells: &[Vec<Inline>], columns: usize) {
    p.raw("|");
    for c in 0..columns {
        p.raw(" ");
        if let Some(cell) = cells.get(c) {
            inlines(p, cell, Context::TableCell);
        }
        p.raw(" |");
    }
}

fn rule(p: &mut Printer) {
    // `- ---` would be one rule, not a list item holding one.
    p.raw(if p.out.ends_with("- ") { "***" } else { "---" });
}

/// What an embedded component shows, as text: a live demo becomes a sentence linking to the
/// page that runs it.
fn component(p: &mut Printer, c: &Component) {
    match c {
        Component::CharacterCounterDemo | Component::TodoListDemo { .. } => demo(p),
        Component::LinkButton { href, label } => {
            inline::link(p, href, href.starts_with('/'), &[Inline::Text(label.clone())], Context::Paragraph)
        }
        Component::Highlight { text, .. } => p.text(text, Context::Paragraph),
    }
}

fn demo(p: &mut Printer) {
    let (words, root, route) = (p.words, p.root, p.route);
    match words.markdown_demo.split_once("{url}") {
        Some((before, after)) => {
            p.text(before, Context::Paragraph);
            p.raw("<");
            p.raw(root);
            p.raw(route);
            p.raw(">");
            p.text(after, Context::Paragraph);
        }
        None => p.text(&words.markdown_demo, Context::Paragraph),
    }
}

/// GFM footnotes: `[^1]: …`, later blocks indented by four spaces.
fn footnotes(p: &mut Printer, items: &[Footnote]) {
    for (i, f) in items.iter().enumerate() {
        if i > 0 {
            p.end_block();
        }
        p.raw("[^");
        p.number(f.number as usize);
        let mark = p.open("]: ", "    ");
        sequence(p, &f.children, false);
        p.close(mark);
    }
}

#[cfg(test)]
mod tests {
    use crate::tests::{assert_round_trip, code, node, para, print, text};
    use site_schema::{
        AdmonitionKind, Align, Block, Component, Footnote, Inline, InlineNode, ListItem, TabItem, TodoStage,
    };

    fn item(children: Vec<Block>) -> ListItem {
        ListItem { checked: None, children }
    }

    fn heading(level: u8, s: &str) -> Block {
        Block::Heading { level, id: String::new(), children: vec![text(s)] }
    }

    #[test]
    fn headings_and_paragraphs() {
        let md = assert_round_trip(vec![heading(2, "第一节 #"), para(vec![text("正文。")]), heading(3, "C#")]);
        assert_eq!(md, "## 第一节 \\#\n\n正文。\n\n### C#");
    }

    #[test]
    fn code_keeps_language_and_title_and_outgrows_inner_fences() {
        let block = Block::Code(code("md", Some("README.md"), &["```js", "", "const a = 1;", "```"]));
        let md = assert_round_trip(vec![block]);
        assert_eq!(md, "````md title=\"README.md\"\n```js\n\nconst a = 1;\n```\n````");
        use site_schema::{CodeLine, Token, TokenClass};
        // One line: a styled piece, then plain text.
        let styled_then_plain = |lang: &str, class, styled: &str, plain: &str| {
            let line = CodeLine::from_tokens([Token::Styled(class, styled.into()), Token::Plain(plain.into())]);
            Block::Code(site_schema::CodeBlock { lines: vec![line], ..code(lang, None, &[]) })
        };
        let tokens = styled_then_plain("js", TokenClass::Keyword, "const", " a");
        assert_eq!(print(&[tokens]), "```js\nconst a\n```");
        // A run of backticks split between a styled run and plain text is one run in the text.
        let split = styled_then_plain("md", TokenClass::String, "`", "``");
        assert_eq!(print(&[split]), "````md\n```\n````");
    }

    #[test]
    fn lists_ordered_from_their_start_tight_and_loose() {
        let loose = Block::List {
            ordered: true,
            tight: false,
            start: Some(3),
            items: vec![item(vec![para(vec![text("三")])]), item(vec![para(vec![text("四")]), para(vec![text("续")])])],
        };
        let md = assert_round_trip(vec![loose]);
        assert_eq!(md, "3. 三\n\n4. 四\n\n   续");
        let two_digits = Block::List {
            ordered: true,
            tight: false,
            start: Some(9),
            items: vec![item(vec![para(vec![text("九")])]), item(vec![para(vec![text("十")]), para(vec![text("续")])])],
        };
        let md = assert_round_trip(vec![two_digits]);
        assert_eq!(md, "9. 九\n\n10. 十\n\n    续");
        let nested = Block::List {
            ordered: false,
            tight: true,
            start: None,
            items: vec![
                item(vec![
                    para(vec![text("外")]),
                    Block::List {
                        ordered: false,
                        tight: true,
                        start: None,
                        items: vec![item(vec![para(vec![text("内")])])],
                    },
                ]),
                item(vec![para(vec![text("代码：")]), Block::Code(code("bash", None, &["npm i recoil"]))]),
            ],
        };
        let md = assert_round_trip(vec![nested]);
        assert_eq!(md, "- 外\n  - 内\n- 代码：\n  ```bash\n  npm i recoil\n  ```");
    }

    #[test]
    fn task_lists_and_lists_in_a_row() {
        let tasks = Block::List {
            ordered: false,
            tight: true,
            start: None,
            items: vec![
                site_schema::ListItem { checked: Some(true), children: vec![para(vec![text("已做")])] },
                site_schema::ListItem { checked: Some(false), children: vec![para(vec![text("未做")])] },
            ],
        };
        let other = Block::List {
            ordered: false,
            tight: true,
            start: None,
            items: vec![item(vec![para(vec![text("另一组")])])],
        };
        let md = assert_round_trip(vec![tasks, other]);
        assert_eq!(md, "- [x] 已做\n- [ ] 未做\n\n* 另一组");
    }

    #[test]
    fn quotes_hold_any_block() {
        let quote = Block::Quote {
            children: vec![para(vec![text("引文")]), Block::Code(code("js", None, &["a;", "", "b;"]))],
        };
        let md = assert_round_trip(vec![quote]);
        assert_eq!(md, "> 引文\n>\n> ```js\n> a;\n>\n> b;\n> ```");
    }

    #[test]
    fn tables_keep_alignment_and_escape_pipes() {
        let cell = |s: &str| vec![text(s)];
        let table = Block::Table {
            align: vec![Align::None, Align::Left, Align::Center, Align::Right],
            head: vec![cell("写法"), cell("左"), cell("中"), cell("右")],
            rows: vec![vec![
                vec![node(InlineNode::Code { text: "a | b".into() })],
                cell("x | y"),
                vec![text("一"), node(InlineNode::Break), text("二")],
                vec![],
            ]],
        };
        let md = assert_round_trip(vec![table]);
        assert_eq!(md, "| 写法 | 左 | 中 | 右 |\n| --- | :-- | :-: | --: |\n| `a \\| b` | x \\| y | 一<br>二 |  |");
    }

    #[test]
    fn rules_even_first_in_a_list_item() {
        let list = Block::List { ordered: false, tight: false, start: None, items: vec![item(vec![Block::Rule])] };
        let md = assert_round_trip(vec![para(vec![text("上")]), Block::Rule, list]);
        assert_eq!(md, "上\n\n---\n\n- ***");
    }

    #[test]
    fn footnotes_are_gfm_footnotes() {
        let reference = node(InlineNode::FootnoteRef { id: "fn-1".into(), number: 1 });
        let notes = Block::Footnotes {
            items: vec![Footnote {
                id: "fn-1".into(),
                number: 1,
                children: vec![para(vec![text("注一。")]), para(vec![text("第二段。")])],
            }],
        };
        let md = assert_round_trip(vec![para(vec![text("正文"), reference]), notes]);
        assert_eq!(md, "正文[^1]\n\n[^1]: 注一。\n\n    第二段。");
    }

    #[test]
    fn admonitions_open_with_their_title_or_kind() {
        let note =
            |title: Option<Vec<Inline>>, children| Block::Admonition { kind: AdmonitionKind::Tip, title, children };
        let plain = note(None, vec![para(vec![text("内容。")]), para(vec![text("第二段。")])]);
        assert_eq!(print(&[plain]), "> **提示：** 内容。\n>\n> 第二段。");
        let titled = note(Some(vec![text("小技巧")]), vec![para(vec![text("内容。")])]);
        assert_eq!(print(&[titled]), "> **小技巧：** 内容。");
        let punctuated = note(Some(vec![text("注意！")]), vec![Block::Code(code("js", None, &["a;"]))]);
        assert_eq!(print(&[punctuated]), "> **注意！**\n>\n> ```js\n> a;\n> ```");
    }

    #[test]
    fn tabs_show_every_tab_under_its_label() {
        let tab = |label: &str, cmd: &str| TabItem {
            value: label.to_lowercase(),
            label: label.into(),
            default: false,
            children: vec![Block::Code(code("bash", None, &[cmd]))],
        };
        let tabs =
            Block::Tabs { group_id: None, items: vec![tab("npm", "npm i recoil"), tab("Yarn", "yarn add recoil")] };
        assert_eq!(
            print(&[tabs]),
            "**npm**\n\n```bash\nnpm i recoil\n```\n\n**Yarn**\n\n```bash\nyarn add recoil\n```"
        );
    }

    #[test]
    fn details_are_open() {
        let summary = vec![text("展开查看 "), node(InlineNode::Code { text: "x".into() })];
        let details = Block::Details { summary, children: vec![para(vec![text("细节。")])] };
        assert_eq!(print(&[details]), "**展开查看 `x`**\n\n细节。");
    }

    #[test]
    fn components_become_text() {
        let md = print(&[
            Block::Component(Component::CharacterCounterDemo),
            Block::Component(Component::TodoListDemo { stage: TodoStage::Atoms }),
            Block::Component(Component::LinkButton { href: "/docs/b".into(), label: "打开 [教程]".into() }),
            Block::Component(Component::Highlight { color: "#fff".into(), text: "*醒目*".into() }),
        ]);
        let demo = "（此处为交互示例，请在网页中查看：<https://example.com/docs/a>）";
        assert_eq!(md, format!("{demo}\n\n{demo}\n\n[打开 \\[教程\\]](https://example.com/docs/b)\n\n\\*醒目\\*"));
    }
}
