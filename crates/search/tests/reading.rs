//! The index reads each page from its document tree (`SearchRecord::reading`), not from HTML:
//! these tests hold that reading to what Pagefind's own HTML reader makes of the page's HTML
//! (`SearchRecord::html`), for pages of every block and inline kind with text that tests the
//! reader's rules (entities, sentence ends, spaces, ids with spaces, empty headings).

use pagefind::api::PagefindIndex;
use proptest::prelude::*;
use site_schema::*;
use site_search::document::SearchRecord;

/// Text with what the reader treats specially: markup characters, word and sentence ends in
/// Latin and Chinese, spaces of every kind, colons (attribute values), entities written out.
fn text() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "atom", "Recoil", "原子", "状态", "。", "，", " ", "  ", "\n", "\t", "\u{3000}", "&", "&amp;", "<b>", ">",
        "\"", "'", ")", "$", "*", "_", ":", "é", "ß", "?", "!", "1.5", "\r\n", "#",
    ]);
    prop::collection::vec(pieces, 0..6).prop_map(|p| p.concat())
}

fn inline() -> impl Strategy<Value = Inline> {
    let leaf = prop_oneof![
        text().prop_map(Inline::Text),
        text().prop_map(|text| Inline::Node(InlineNode::Code { text })),
        text().prop_map(|alt| Inline::Node(InlineNode::Image { src: "/a.png".into(), alt, title: None })),
        Just(Inline::Node(InlineNode::Break)),
        Just(Inline::Node(InlineNode::FootnoteRef { id: "n".into(), number: 1 })),
    ];
    leaf.prop_recursive(2, 8, 3, |inner| {
        let children = prop::collection::vec(inner, 0..3);
        prop_oneof![
            children.clone().prop_map(|children| Inline::Node(InlineNode::Em { children })),
            children.clone().prop_map(|children| Inline::Node(InlineNode::Strong { children })),
            children.prop_map(|children| Inline::Node(InlineNode::Link {
                href: "/docs/x".into(),
                internal: true,
                children
            })),
        ]
    })
}

fn inlines() -> impl Strategy<Value = Vec<Inline>> {
    prop::collection::vec(inline(), 0..4)
}

fn code() -> impl Strategy<Value = CodeBlock> {
    let token = prop_oneof![text().prop_map(Token::Plain), text().prop_map(|t| Token::Styled(TokenClass::Keyword, t))];
    prop::collection::vec(prop::collection::vec(token, 0..3), 0..3).prop_map(|lines| CodeBlock {
        lang: "js".into(),
        title: None,
        lines: lines.into_iter().map(CodeLine::from_tokens).collect(),
        highlight: vec![],
        line_numbers: false,
    })
}

fn block() -> impl Strategy<Value = Block> {
    let leaf = prop_oneof![
        (1..=7u8, text(), inlines()).prop_map(|(level, id, children)| Block::Heading { level, id, children }),
        inlines().prop_map(|children| Block::Paragraph { children }),
        code().prop_map(Block::Code),
        (prop::collection::vec(inlines(), 0..3), prop::collection::vec(prop::collection::vec(inlines(), 0..3), 0..2))
            .prop_map(|(head, rows)| Block::Table { align: vec![], head, rows }),
        (text(), text()).prop_map(|(label, href)| Block::Component(Component::LinkButton { href, label })),
        (text(), text()).prop_map(|(color, text)| Block::Component(Component::Highlight { color, text })),
        Just(Block::Component(Component::CharacterCounterDemo)),
        Just(Block::Rule),
    ];
    leaf.prop_recursive(3, 24, 3, |inner| {
        let children = prop::collection::vec(inner, 0..3);
        prop_oneof![
            prop::collection::vec(children.clone(), 0..3).prop_map(|items| Block::List {
                ordered: false,
                tight: false,
                start: None,
                items: items.into_iter().map(|children| ListItem { checked: None, children }).collect(),
            }),
            children.clone().prop_map(|children| Block::Quote { children }),
            (prop::option::of(inlines()), children.clone()).prop_map(|(title, children)| Block::Admonition {
                kind: AdmonitionKind::Note,
                title,
                children
            }),
            prop::collection::vec((text(), children.clone()), 0..3).prop_map(|items| Block::Tabs {
                group_id: None,
                items: items
                    .into_iter()
                    .map(|(label, children)| TabItem { value: "v".into(), label, default: false, children })
                    .collect(),
            }),
            (inlines(), children.clone()).prop_map(|(summary, children)| Block::Details { summary, children }),
            prop::collection::vec(children, 0..2).prop_map(|items| Block::Footnotes {
                items: items.into_iter().map(|children| Footnote { id: "n".into(), number: 1, children }).collect(),
            }),
        ]
    })
}

/// A page of blocks, with its title, description and keywords.
fn page() -> impl Strategy<Value = (String, String, Vec<String>, Vec<Block>)> {
    (text(), text(), prop::collection::vec(text(), 0..3), prop::collection::vec(block(), 0..6))
}

/// Pagefind's reading of the page's HTML and the engine's own, side by side (as JSON values:
/// the readings hold hash maps).
fn both(
    index: &PagefindIndex,
    record: &SearchRecord,
    position: usize,
    shard: usize,
) -> (serde_json::Value, serde_json::Value) {
    let url = "/docs/x".to_owned();
    let from_html = index.fossick_html(url.clone(), record.html("zh-hans", position, shard).unwrap()).unwrap();
    let direct = index.fossick_parsed(url, record.reading("zh-hans", position, shard).unwrap()).unwrap();
    (serde_json::to_value(from_html).unwrap(), serde_json::to_value(direct).unwrap())
}

fn record<'a>(title: &str, description: &'a str, keywords: &'a [String], content: &'a Body) -> SearchRecord<'a> {
    SearchRecord {
        title: SearchTitle { route: "/docs/x".into(), title: title.into(), section: None, kind: SearchKind::Docs },
        description,
        keywords,
        content,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn the_reading_is_what_pagefind_reads_from_the_page_s_html((title, description, keywords, blocks) in page(), position in 0..9usize, shard in 0..3usize) {
        let index = PagefindIndex::new(None).unwrap();
        let content = Body::from(blocks);
        let record = record(&title, &description, &keywords, &content);
        let (from_html, direct) = both(&index, &record, position, shard);
        prop_assert_eq!(from_html, direct);
    }
}

/// The cases the rules are about, by name, so that a failure says which rule broke.
#[test]
fn headings_anchor_and_weigh_and_sentences_end_as_pagefind_reads_them() {
    let index = PagefindIndex::new(None).unwrap();
    let t = |s: &str| vec![Inline::Text(s.into())];
    let blocks = vec![
        Block::Heading { level: 2, id: "一个 标题".into(), children: t("标题 & <标记>") },
        Block::Heading { level: 3, id: "empty".into(), children: vec![] },
        Block::Paragraph { children: t("以句号结尾。") },
        Block::Paragraph { children: t("ends with a word") },
        Block::Paragraph { children: t("ends with a parenthesis (x)") },
        Block::Code(CodeBlock {
            lang: "js".into(),
            title: None,
            lines: vec![CodeLine::default(), CodeLine::plain("a < b && c")],
            highlight: vec![],
            line_numbers: false,
        }),
    ];
    let content = Body::from(blocks);
    let keywords = ["发布 说明".to_owned(), "a:b".to_owned()];
    let record = record("标题：带冒号 & 符号", "描述 &amp; 实体", &keywords, &content);
    let (from_html, direct) = both(&index, &record, 3, 1);
    assert_eq!(from_html, direct);
    // What the cases are for: two anchors, and the text with its entities decoded once.
    let anchors = direct["fragment"]["data"]["anchors"].as_array().unwrap();
    assert_eq!(anchors.iter().map(|a| a["id"].as_str().unwrap()).collect::<Vec<_>>(), ["一个标题", "empty"]);
    let content = direct["fragment"]["data"]["content"].as_str().unwrap().replace('\u{200B}', "");
    assert!(content.contains("a < b && c") && content.contains("描述 &amp; 实体."), "{content}");
}
