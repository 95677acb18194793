//! The site printed for tools and AI assistants.
//!
//! - Every doc page and blog post as Markdown, its *twin*, at the page's URL plus `.md`
//!   (`/docs/x` → `docs/x.md`, [`site_schema::route_files::markdown_file`]). Printed from the
//!   typed document tree, never copied from the source file: links are absolute, tabs and
//!   collapsible sections are open, admonitions and live demos become text.
//! - `/llms.txt` in the llmstxt.org format: the site's summary, one section of links to twins
//!   per sidebar, the blog, and the docs no sidebar lists under `Optional`.
//! - `/llms-full.txt`: every twin in reading order, in one file.
//!
//! The pipeline calls [`write`] once the site model is assembled.

mod blocks;
mod inline;
mod llms;
mod page;
mod printer;
mod urls;
mod write;

pub use site_model::Words;
pub use write::{Files, Stats, write, write_with};

use site_model::Site;
use site_schema::{PageData, SiteData};

/// The index for language models, at the site root.
pub const LLMS_TXT: &str = "llms.txt";
/// Every twin in one file, at the site root.
pub const LLMS_FULL_TXT: &str = "llms-full.txt";

/// The page as Markdown: `# Title`, the description as a quote, a post's date, then the
/// content. `None` for pages that are neither docs nor blog posts; an error when the page's body
/// does not parse (a damaged build cache).
pub fn page_markdown(page: &PageData, site: &SiteData, words: &Words) -> anyhow::Result<Option<String>> {
    page::page_markdown_under(page, words, &urls::site_root(site))
}

/// The text of `/llms.txt`.
pub fn llms_txt(site: &Site, words: &Words) -> String {
    let order = llms::ReadingOrder::of(site);
    llms::llms_txt(site, &order, words, &urls::site_root(&site.data))
}

/// The text of `/llms-full.txt`.
pub fn llms_full_txt(site: &Site, words: &Words) -> anyhow::Result<String> {
    let root = urls::site_root(&site.data);
    let twins =
        site.pages.iter().map(|p| page::page_markdown_under(p, words, &root)).collect::<anyhow::Result<Vec<_>>>()?;
    Ok(llms::llms_full_txt(site, &llms::ReadingOrder::of(site), &twins, words, &root))
}

#[cfg(test)]
mod tests {
    //! Helpers of the unit tests: a small site, the words, and a reader that parses printed
    //! Markdown back into the document tree (with pulldown-cmark, as GFM), so a test can check
    //! that the twin renders as the tree it was printed from.

    use super::*;
    use pulldown_cmark::{Event, Options, Parser, Tag};
    use site_schema::{Align, Block, CodeBlock, CodeLine, Footnote, Inline, InlineNode, ListItem};

    /// Site data of a site at `https://example.com/`.
    pub fn site_data() -> SiteData {
        serde_json::from_value(serde_json::json!({
            "title": "测试站点", "tagline": "标语", "url": "https://example.com", "baseUrl": "/",
            "locale": "zh-hans", "favicon": "/img/favicon.svg",
            "navbar": {"title": "测试", "logo": {"alt": "标志", "src": "/img/logo.svg"}, "hideOnScroll": false, "items": []},
            "footer": {"groups": [], "copyright": "©"},
            "colorMode": {"defaultMode": "light", "disableSwitch": false, "respectPrefersColorScheme": false},
            "toc": {"min": 2, "max": 3},
            "docs": {"pluginId": "default", "versions": []},
            "blog": {"title": "博客", "postsPerPage": 10, "showReadingTime": true},
            "search": {"backend": "local"}
        }))
        .expect("valid site data")
    }

    /// The theme's words table.
    pub fn words() -> Words {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../frontend/src/i18n/zh-hans.json");
        Words::load(&path).unwrap_or_else(|e| panic!("{e}"))
    }

    /// `blocks` printed as the content of the page `/docs/a`.
    pub fn print(blocks: &[Block]) -> String {
        let words = words();
        let mut p = printer::Printer::new(&words, "https://example.com", "/docs/a", 256);
        blocks::sequence(&mut p, blocks, false);
        p.out
    }

    pub fn text(s: &str) -> Inline {
        Inline::Text(s.into())
    }

    pub fn node(n: InlineNode) -> Inline {
        Inline::Node(n)
    }

    pub fn para(children: Vec<Inline>) -> Block {
        Block::Paragraph { children }
    }

    pub fn code(lang: &str, title: Option<&str>, lines: &[&str]) -> CodeBlock {
        CodeBlock {
            lang: lang.into(),
            title: title.map(Into::into),
            lines: lines.iter().map(|l| CodeLine::plain(*l)).collect(),
            highlight: vec![],
            line_numbers: false,
        }
    }

    /// Prints `blocks`, reads the Markdown back and checks it gives the same tree.
    #[track_caller]
    pub fn assert_round_trip(blocks: Vec<Block>) -> String {
        let md = print(&blocks);
        assert_eq!(parse(&md), blocks, "printed as:\n{md}");
        md
    }

    /// Markdown read back into blocks: the kinds plain GFM has (no headings ids, no tabs,
    /// admonitions, details or components), with links as written and `<em>`-style tags as nodes.
    pub fn parse(md: &str) -> Vec<Block> {
        let options = Options::ENABLE_TABLES
            | Options::ENABLE_FOOTNOTES
            | Options::ENABLE_STRIKETHROUGH
            | Options::ENABLE_TASKLISTS
            | Options::ENABLE_GFM;
        let mut reader = Reader::default();
        for event in Parser::new_ext(md, options) {
            reader.event(event);
        }
        let mut root = reader.stack.pop().expect("the root frame").blocks;
        if !reader.footnotes.is_empty() {
            root.push(Block::Footnotes { items: reader.footnotes });
        }
        root
    }

    #[derive(Default)]
    struct OpenElement {
        tag: Option<Tag<'static>>,
        /// Set for inline HTML tags read as nodes.
        html: Option<String>,
        blocks: Vec<Block>,
        inlines: Vec<Inline>,
        checked: Option<bool>,
        rows: Vec<Vec<Vec<Inline>>>,
        code: String,
    }

    struct Reader {
        stack: Vec<OpenElement>,
        footnotes: Vec<Footnote>,
    }

    impl Default for Reader {
        fn default() -> Self {
            Reader { stack: vec![OpenElement::default()], footnotes: vec![] }
        }
    }

    impl Reader {
        fn top(&mut self) -> &mut OpenElement {
            self.stack.last_mut().unwrap()
        }

        fn inline(&mut self, inline: Inline) {
            let inlines = &mut self.top().inlines;
            match (inlines.last_mut(), inline) {
                (Some(Inline::Text(a)), Inline::Text(b)) => a.push_str(&b),
                (_, inline) => inlines.push(inline),
            }
        }

        fn event(&mut self, event: Event) {
            match event {
                Event::Start(tag) => {
                    self.stack.push(OpenElement { tag: Some(tag.into_static()), ..OpenElement::default() })
                }
                Event::End(_) => self.end(),
                Event::Text(t) if matches!(self.top().tag, Some(Tag::CodeBlock(_))) => self.top().code.push_str(&t),
                Event::Text(t) => self.inline(Inline::Text(t.to_string())),
                Event::Code(t) => self.inline(Inline::Node(InlineNode::Code { text: t.to_string() })),
                Event::SoftBreak => self.inline(Inline::Text(" ".into())),
                Event::HardBreak => self.inline(Inline::Node(InlineNode::Break)),
                Event::Rule => self.top().blocks.push(Block::Rule),
                Event::TaskListMarker(c) => {
                    let item = self.stack.iter_mut().rev().find(|f| matches!(f.tag, Some(Tag::Item))).unwrap();
                    item.checked = Some(c);
                }
                Event::FootnoteReference(label) => {
                    let number: u32 = label.parse().expect("numbered footnotes");
                    self.inline(Inline::Node(InlineNode::FootnoteRef { id: format!("fn-{number}"), number }))
                }
                Event::InlineHtml(h) => self.html(&h),
                other => panic!("unexpected {other:?}"),
            }
        }

        fn html(&mut self, h: &str) {
            if let Some(tag) = h.strip_prefix("</") {
                let frame = self.stack.pop().unwrap();
                assert_eq!(frame.html.as_deref(), tag.strip_suffix('>'), "tags nest");
                let children = frame.inlines;
                let node = match tag {
                    "em>" => InlineNode::Em { children },
                    "strong>" => InlineNode::Strong { children },
                    "del>" => InlineNode::Del { children },
                    "kbd>" => InlineNode::Kbd { children },
                    "sup>" => InlineNode::Sup { children },
                    "sub>" => InlineNode::Sub { children },
                    _ => panic!("unexpected {h}"),
                };
                self.inline(Inline::Node(node));
            } else if h == "<br>" {
                self.inline(Inline::Node(InlineNode::Break));
            } else {
                let name = h.trim_start_matches('<').trim_end_matches('>').to_string();
                self.stack.push(OpenElement { html: Some(name), ..OpenElement::default() });
            }
        }

        fn end(&mut self) {
            let frame = self.stack.pop().unwrap();
            let OpenElement { tag, blocks, inlines: children, checked, rows, code, .. } = frame;
            let block = match tag.expect("a tag frame") {
                Tag::Paragraph => Block::Paragraph { children },
                Tag::Heading { level, .. } => Block::Heading { level: level as u8, id: String::new(), children },
                Tag::BlockQuote(_) => Block::Quote { children: blocks },
                Tag::CodeBlock(kind) => {
                    let info = match kind {
                        pulldown_cmark::CodeBlockKind::Fenced(info) => info.to_string(),
                        pulldown_cmark::CodeBlockKind::Indented => String::new(),
                    };
                    let (lang, title) = match info.split_once(" title=\"") {
                        Some((lang, t)) => (lang.to_string(), Some(t.trim_end_matches('"').to_string())),
                        None => (info.clone(), None),
                    };
                    let lines = code.strip_suffix('\n').unwrap_or(&code).split('\n');
                    let lines = lines.map(CodeLine::plain).collect();
                    Block::Code(CodeBlock { lang, title, lines, highlight: vec![], line_numbers: false })
                }
                Tag::List(start) => {
                    let tight = blocks.iter().any(|b| matches!(b, Block::List { tight: true, .. }));
                    let items = blocks
                        .into_iter()
                        .map(|b| match b {
                            Block::List { items, .. } => items.into_iter().next().unwrap(),
                            _ => unreachable!(),
                        })
                        .collect();
                    let ordered = start.is_some();
                    let start = start.filter(|&s| s != 1).map(|s| s as u32);
                    Block::List { ordered, tight, start, items }
                }
                Tag::Item => {
                    // Loose text (a tight item) is a paragraph of the item, as the compiler makes it.
                    let mut item = blocks;
                    let tight = !children.is_empty();
                    if tight {
                        item.insert(0, Block::Paragraph { children });
                    }
                    Block::List {
                        ordered: false,
                        tight,
                        start: None,
                        items: vec![ListItem { checked, children: item }],
                    }
                }
                Tag::FootnoteDefinition(label) => {
                    let number: u32 = label.parse().unwrap();
                    self.footnotes.push(Footnote { id: format!("fn-{number}"), number, children: blocks });
                    return;
                }
                Tag::Table(align) => {
                    let align = align.iter().map(|a| match a {
                        pulldown_cmark::Alignment::None => Align::None,
                        pulldown_cmark::Alignment::Left => Align::Left,
                        pulldown_cmark::Alignment::Center => Align::Center,
                        pulldown_cmark::Alignment::Right => Align::Right,
                    });
                    let mut rows = rows.into_iter();
                    Block::Table { align: align.collect(), head: rows.next().unwrap_or_default(), rows: rows.collect() }
                }
                Tag::TableHead | Tag::TableRow => {
                    self.top().rows.push(rows.into_iter().flatten().collect());
                    return;
                }
                Tag::TableCell => {
                    self.top().rows.push(vec![children]);
                    return;
                }
                tag => return self.inline(Inline::Node(inline_of(tag, children))),
            };
            self.top().blocks.push(block);
        }
    }

    fn inline_of(tag: Tag, children: Vec<Inline>) -> InlineNode {
        match tag {
            Tag::Emphasis => InlineNode::Em { children },
            Tag::Strong => InlineNode::Strong { children },
            Tag::Strikethrough => InlineNode::Del { children },
            Tag::Link { dest_url, .. } => InlineNode::Link { href: dest_url.to_string(), internal: false, children },
            Tag::Image { dest_url, title, .. } => {
                let alt = children.iter().map(|c| match c {
                    Inline::Text(t) => t.as_str(),
                    _ => "",
                });
                let title = (!title.is_empty()).then(|| title.to_string());
                InlineNode::Image { src: dest_url.to_string(), alt: alt.collect(), title }
            }
            other => panic!("unexpected {other:?}"),
        }
    }
}
