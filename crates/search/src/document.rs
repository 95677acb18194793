//! What the index holds of a page, taken from its page data: the page's title, description,
//! headings (with their ids, so hits inside a page link to the heading) and text, with the
//! Pagefind attributes for its metadata, filter and sort position.
//!
//! The page is walked once into a [`Sink`]: [`Reading`] makes what Pagefind's HTML reader
//! would make of it (its rules, for the elements written here: `vendor/pagefind/src/fossick/
//! parser.rs`), so no HTML is written and parsed again (about 5 % of the index's CPU, net);
//! [`Html`] writes that HTML, which [`SearchRecord::html`] returns so that tests can hold the
//! reading to what Pagefind reads from it.

use crate::words::spaced;
use html_escape::{encode_double_quoted_attribute as attr, encode_text as text};
use pagefind::api::{DomParserResult, normalize_content};
use regex::Regex;
use site_schema::{Block, Body, Component, Inline, InlineNode, Page, PageData, SearchKind, SearchTitle};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::LazyLock;

/// A searchable page (a doc or a blog post) and what the index is fed for it.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchRecord<'a> {
    pub title: SearchTitle,
    pub description: &'a str,
    pub keywords: &'a [String],
    pub content: &'a Body,
}

/// The sort key that gives each page its position in the site's list of searchable pages.
pub const POSITION_SORT: &str = "position";

/// The filter naming each page's shard (see [`crate::shards`]): the browser lists one shard's
/// pages by it (`frontend/src/search/pagefind.ts` uses the same name).
pub const SHARD_FILTER: &str = "shard";

impl<'a> SearchRecord<'a> {
    /// The record of a doc or blog post, with its title entry from the site model (which
    /// names its section); other pages (lists, home, search) are not indexed.
    pub fn of(page: &'a PageData, title: &SearchTitle) -> Option<SearchRecord<'a>> {
        let (description, keywords, content) = match &page.page {
            Page::Doc(d) => (&d.description, &d.keywords, &d.content),
            Page::BlogPost(b) => (&b.description, &b.keywords, &b.content),
            _ => return None,
        };
        Some(SearchRecord { title: title.clone(), description, keywords, content })
    }

    /// A hash of everything a page's reading (and its HTML) is made from, given the same
    /// arguments (the code that makes it is the caller's to add: the cache's salt names the
    /// engine). The index tells a page or a shard it has seen by this, without making the
    /// document: that parses the page's body, and a warm build did it for every page only to
    /// find them unchanged.
    /// Whatever the walk reads must be hashed here; `an_edit_inside_a_shard_*` and
    /// `a_document_source_names_every_input` (tests) check both sides.
    pub fn source(&self, language: &str, position: usize, shard: usize) -> String {
        let title = serde_json::to_string(&self.title).expect("a search title is always JSON");
        let numbers = format!("{position} {shard} {}", self.keywords.len());
        let head = [language, &numbers, &title, self.description].map(str::as_bytes);
        let parts = head.into_iter().chain([self.content.fingerprint()]);
        crate::key(parts.chain(self.keywords.iter().map(String::as_bytes)))
    }

    /// What Pagefind reads from this page, the page being `position` in the site's list and in
    /// shard `shard`: the same as its reading of [`SearchRecord::html`]. An error when the page's
    /// body does not parse (a damaged build cache).
    pub fn reading(
        &self,
        language: &str,
        position: usize,
        shard: usize,
    ) -> Result<DomParserResult, site_schema::Damaged> {
        let mut reading = Reading::default();
        self.walk(&mut reading, language, position, shard)?;
        Ok(reading.finish())
    }

    /// The HTML Pagefind would read [`SearchRecord::reading`] from. Metadata is segmented into
    /// words (Pagefind splits metadata on spaces only); the title and keywords are searched as
    /// metadata, and weigh more than the text.
    pub fn html(&self, language: &str, position: usize, shard: usize) -> Result<String, site_schema::Damaged> {
        let mut html = Html("<!DOCTYPE html>".to_owned());
        self.walk(&mut html, language, position, shard)?;
        Ok(html.0)
    }

    fn walk(
        &self,
        sink: &mut impl Sink,
        language: &str,
        position: usize,
        shard: usize,
    ) -> Result<(), site_schema::Damaged> {
        let content = self.content.blocks()?;
        let kind = match self.title.kind {
            SearchKind::Docs => "docs",
            SearchKind::Blog => "blog",
        };
        let mut w = Walk(sink);
        w.0.open("html", &[("lang", language)]);
        w.0.open("body", &[]);
        let (filter, sort) = (format!("type:{kind}"), format!("{POSITION_SORT}:{position}"));
        w.0.open(
            "main",
            &[("data-pagefind-body", ""), ("data-pagefind-filter", &filter), ("data-pagefind-sort", &sort)],
        );
        w.element("span", &[("data-pagefind-filter", &format!("{SHARD_FILTER}:{shard}"))], |_| {});
        w.meta("title", &spaced(&self.title.title));
        let keywords = self.keywords.join(" ");
        if !keywords.trim().is_empty() {
            w.meta("keywords", &spaced(&keywords));
        }
        w.element("h1", &[("data-pagefind-weight", "10")], |w| w.0.text(&self.title.title));
        if !self.description.is_empty() {
            w.wrapped("p", |w| w.0.text(self.description));
        }
        w.blocks(&content);
        for tag in ["main", "body", "html"] {
            w.0.close(tag);
        }
        Ok(())
    }
}

/// Where a walk of a page goes: elements with their attributes (in the order written, escaped
/// by the sink) and text (as it reads).
trait Sink {
    fn open(&mut self, tag: &'static str, attributes: &[(&str, &str)]);
    fn text(&mut self, text: &str);
    fn close(&mut self, tag: &'static str);
}

/// The page as HTML: an attribute without a value is written bare.
struct Html(String);

impl Sink for Html {
    fn open(&mut self, tag: &'static str, attributes: &[(&str, &str)]) {
        let _ = write!(self.0, "<{tag}");
        for (name, value) in attributes {
            match value.is_empty() {
                true => write!(self.0, " {name}"),
                false => write!(self.0, " {name}=\"{}\"", attr(value)),
            }
            .expect("writing to a string");
        }
        self.0.push('>');
    }

    fn text(&mut self, s: &str) {
        self.0.push_str(&text(s));
    }

    fn close(&mut self, tag: &'static str) {
        let _ = write!(self.0, "</{tag}>");
    }
}

/// Elements Pagefind ends with a space, and a full stop after a word (its `SENTENCE_SELECTORS`).
const SENTENCES: &[&str] = &["h1", "h2", "h3", "h4", "h5", "h6", "p", "td", "div", "ul", "li", "article", "section"];

/// What Pagefind's reader takes for the end of a sentence's last word (its `SENTENCE_CHARS`).
static WORD_END: LazyLock<Regex> = LazyLock::new(|| Regex::new("[\\w'\"\\)\\$\\*]").expect("a valid pattern"));

/// An element being read: its text so far, what it is and what its attributes ask.
#[derive(Default)]
struct Node {
    tag: &'static str,
    value: String,
    body: bool,
    /// Its content replaced its parent's: a `data-pagefind-body` below it (Pagefind's
    /// `ParentOfBody`).
    holds_body: bool,
    anchor: Option<String>,
    weight: Option<String>,
    pairs: Vec<(Pair, String)>,
}

/// Which of the reader's maps an attribute's `key:value` goes to.
#[derive(Clone, Copy, PartialEq)]
enum Pair {
    Filter,
    Sort,
    Meta,
}

/// Pagefind's reading of a page, made as its HTML reader makes it from [`Html`]'s HTML. Values
/// are kept as that HTML has them (escaped): the reader normalizes them, entities decoded.
#[derive(Default)]
struct Reading {
    /// The root (Pagefind's node above `<html>`), then the open elements.
    open: Vec<Node>,
    anchors: usize,
    anchor_content: BTreeMap<String, String>,
    filters: BTreeMap<String, Vec<String>>,
    sort: BTreeMap<String, String>,
    meta: BTreeMap<String, String>,
    auto_title: Option<String>,
    language: Option<String>,
}

impl Reading {
    fn parent(&mut self) -> &mut Node {
        if self.open.is_empty() {
            self.open.push(Node::default());
        }
        self.open.last_mut().expect("the root at least")
    }

    fn finish(mut self) -> DomParserResult {
        let root = self.parent();
        let (digest, has_custom_body) = (normalize_content(&root.value), root.holds_body);
        if let Some(title) = self.auto_title.take() {
            self.meta.entry("title".into()).or_insert(title);
        }
        DomParserResult {
            digest,
            filters: self.filters,
            sort: self.sort,
            meta: self.meta,
            anchor_content: self.anchor_content,
            anchor_titles: BTreeMap::new(),
            has_custom_body,
            force_inclusion: false,
            has_html_element: true,
            has_old_bundle_reference: false,
            has_default_ui_reference: false,
            language: self.language.filter(|l| !l.is_empty()).unwrap_or_else(|| "unknown".into()),
        }
    }
}

impl Sink for Reading {
    fn open(&mut self, tag: &'static str, attributes: &[(&str, &str)]) {
        let mut node = Node { tag, ..Node::default() };
        let mut id = None;
        for &(name, value) in attributes {
            let value = attr(value).into_owned();
            match name {
                "lang" if tag == "html" => self.language = Some(value.to_lowercase()),
                "data-pagefind-body" => node.body = true,
                "data-pagefind-weight" => node.weight = Some(value),
                "data-pagefind-filter" => node.pairs.push((Pair::Filter, value)),
                "data-pagefind-sort" => node.pairs.push((Pair::Sort, value)),
                "data-pagefind-meta" => node.pairs.push((Pair::Meta, value)),
                "id" => id = Some(value.chars().filter(|c| !c.is_whitespace()).collect::<String>()),
                _ => {}
            }
        }
        // An element with an id marks its place in its parent's text, unless that parent's text
        // is already a body's that this element is not part of.
        let n = self.anchors;
        let parent = self.parent();
        if let Some(id) = id.filter(|_| node.body || !parent.holds_body) {
            let _ = write!(parent.value, " ___PAGEFIND_ANCHOR___{tag}:{n}:{id} ");
            node.anchor = Some(format!("{n}:{id}"));
            self.anchors += 1;
        }
        self.open.push(node);
    }

    fn text(&mut self, s: &str) {
        let escaped = text(s);
        let node = self.parent();
        node.value.push_str(&escaped);
        if let Some(anchor) = node.anchor.clone() {
            self.anchor_content.entry(anchor).or_default().push_str(&escaped);
        }
    }

    fn close(&mut self, tag: &'static str) {
        let mut node = self.open.pop().expect("an open element");
        debug_assert_eq!(node.tag, tag, "elements close in order");
        for (pair, written) in std::mem::take(&mut node.pairs) {
            // `key:value` (a value may hold more colons).
            let Some((key, value)) = written.split_once(':') else { continue };
            let (key, value) = (key.to_owned(), normalize_content(value));
            match pair {
                // The reader normalizes a filter's value a second time.
                Pair::Filter => self.filters.entry(key).or_default().push(normalize_content(&value)),
                Pair::Sort => drop(self.sort.insert(key, value)),
                Pair::Meta => drop(self.meta.insert(key, value)),
            }
        }
        if tag == "h1" && self.auto_title.is_none() && !node.value.trim().is_empty() {
            self.auto_title = Some(normalize_content(&node.value));
        }
        if SENTENCES.contains(&tag) {
            node.value.insert(0, ' ');
            if node.value.chars().last().is_some_and(|c| WORD_END.is_match(c.encode_utf8(&mut [0; 4]))) {
                node.value.push('.');
            }
            node.value.push(' ');
        }
        let auto_weight = tag.strip_prefix('h').and_then(|n| n.parse::<u8>().ok()).filter(|n| (1..=6).contains(n));
        if let Some(weight) = &node.weight {
            node.value = format!(" ___PAGEFIND_WEIGHT___{weight} {} ___END_PAGEFIND_WEIGHT___ ", node.value);
        } else if let Some(level) = auto_weight {
            node.value = format!(" ___PAGEFIND_AUTO_WEIGHT___{} {} ___END_PAGEFIND_WEIGHT___ ", 8 - level, node.value);
        }
        let parent = self.parent();
        let into_body = node.body || node.holds_body;
        if parent.holds_body && !into_body {
            return;
        }
        if into_body {
            if !parent.holds_body {
                parent.value.clear();
            }
            parent.holds_body = true;
        }
        parent.value.push_str(&node.value);
    }
}

/// A walk of a page's blocks into a sink.
struct Walk<'s, S: Sink>(&'s mut S);

impl<S: Sink> Walk<'_, S> {
    fn element(&mut self, tag: &'static str, attributes: &[(&str, &str)], inner: impl FnOnce(&mut Self)) {
        self.0.open(tag, attributes);
        inner(self);
        self.0.close(tag);
    }

    fn wrapped(&mut self, tag: &'static str, inner: impl FnOnce(&mut Self)) {
        self.element(tag, &[], inner);
    }

    fn meta(&mut self, name: &str, value: &str) {
        self.element("span", &[("data-pagefind-meta", &format!("{name}:{value}"))], |_| {});
    }

    fn blocks(&mut self, blocks: &[Block]) {
        for b in blocks {
            self.block(b);
        }
    }

    fn block(&mut self, b: &Block) {
        match b {
            Block::Heading { level, id, children } => self.heading(*level, id, children),
            Block::Paragraph { children } => self.wrapped("p", |w| w.inlines(children)),
            Block::Code(code) => self.wrapped("pre", |w| {
                for line in &code.lines {
                    w.0.text(&line.text);
                    w.0.text("\n");
                }
            }),
            Block::List { items, .. } => self.wrapped("ul", |w| {
                for item in items {
                    w.wrapped("li", |w| w.blocks(&item.children));
                }
            }),
            Block::Quote { children } => self.wrapped("blockquote", |w| w.blocks(children)),
            Block::Admonition { title, children, .. } => self.wrapped("aside", |w| {
                if let Some(title) = title {
                    w.wrapped("p", |w| w.inlines(title));
                }
                w.blocks(children);
            }),
            Block::Tabs { items, .. } => {
                for item in items {
                    self.wrapped("section", |w| {
                        w.wrapped("p", |w| w.0.text(&item.label));
                        w.blocks(&item.children);
                    });
                }
            }
            Block::Details { summary, children } => self.wrapped("details", |w| {
                w.wrapped("p", |w| w.inlines(summary));
                w.blocks(children);
            }),
            Block::Table { head, rows, .. } => self.table(head, rows),
            Block::Component(c) => self.component(c),
            Block::Footnotes { items } => self.wrapped("ol", |w| {
                for item in items {
                    w.wrapped("li", |w| w.blocks(&item.children));
                }
            }),
            Block::Rule => {}
        }
    }

    /// A heading keeps its id: Pagefind lists the hits under it with a link to it.
    fn heading(&mut self, level: u8, id: &str, children: &[Inline]) {
        let tag = ["h2", "h3", "h4", "h5", "h6"][usize::from(level.clamp(2, 6)) - 2];
        self.element(tag, &[("id", id)], |w| w.inlines(children));
    }

    fn table(&mut self, head: &[Vec<Inline>], rows: &[Vec<Vec<Inline>>]) {
        self.wrapped("table", |w| {
            for row in std::iter::once(head).chain(rows.iter().map(Vec::as_slice)) {
                w.wrapped("tr", |w| {
                    for cell in row {
                        w.wrapped("td", |w| w.inlines(cell));
                    }
                });
            }
        });
    }

    /// Live demos are interactive, not text to find; a link button is found by its label.
    fn component(&mut self, c: &Component) {
        match c {
            Component::LinkButton { label, .. } => self.wrapped("p", |w| w.0.text(label)),
            Component::Highlight { text, .. } => self.wrapped("p", |w| w.0.text(text)),
            Component::CharacterCounterDemo | Component::TodoListDemo { .. } => {}
        }
    }

    fn inlines(&mut self, inlines: &[Inline]) {
        let mut plain = String::new();
        plain_inlines(&mut plain, inlines);
        self.0.text(&plain);
    }
}

/// The text of inline nodes, as a reader sees it.
fn plain_inlines(out: &mut String, inlines: &[Inline]) {
    for i in inlines {
        match i {
            Inline::Text(t) => out.push_str(t),
            Inline::Node(n) => plain_node(out, n),
        }
    }
}

fn plain_node(out: &mut String, n: &InlineNode) {
    match n {
        InlineNode::Code { text } => out.push_str(text),
        InlineNode::Em { children }
        | InlineNode::Strong { children }
        | InlineNode::Del { children }
        | InlineNode::Link { children, .. }
        | InlineNode::Kbd { children }
        | InlineNode::Sup { children }
        | InlineNode::Sub { children } => plain_inlines(out, children),
        InlineNode::Image { alt, .. } => out.push_str(alt),
        InlineNode::Break => out.push(' '),
        InlineNode::FootnoteRef { .. } => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use site_schema::{BlogPostPage, CodeBlock, CodeLine, Head};

    fn post(content: Vec<Block>) -> PageData {
        PageData {
            route: "/blog/2022/10/11/recoil-0.7.6-release".into(),
            head: Head {
                title: String::new(),
                description: String::new(),
                canonical: String::new(),
                og_type: String::new(),
                noindex: false,
                image: None,
                json_ld: None,
            },
            page: Page::BlogPost(BlogPostPage {
                title: "Recoil 0.7.6 发布".into(),
                description: "修复与改进".into(),
                date: "2022-10-11".into(),
                reading_minutes: 1,
                authors: vec![],
                tags: vec![],
                keywords: vec!["发布说明".into()],
                content: content.into(),
                toc: vec![],
                hide_toc: false,
                newer: None,
                older: None,
                source: Default::default(),
            }),
            components: vec![],
        }
    }

    fn blog_title() -> SearchTitle {
        let route = "/blog/2022/10/11/recoil-0.7.6-release".into();
        SearchTitle {
            route, title: "Recoil 0.7.6 发布".into(), section: Some("博客".into()), kind: SearchKind::Blog
        }
    }

    fn t(s: &str) -> Vec<Inline> {
        vec![Inline::Text(s.into())]
    }

    #[test]
    fn a_page_becomes_html_with_headings_metadata_filter_and_position() {
        let code = CodeBlock {
            lang: "js".into(),
            title: None,
            lines: vec![CodeLine::plain("atom({key})")],
            highlight: vec![],
            line_numbers: false,
        };
        let page = post(vec![
            Block::Heading { level: 2, id: "新功能".into(), children: t("新功能") },
            Block::Paragraph {
                children: vec![
                    Inline::Text("用 ".into()),
                    Inline::Node(InlineNode::Code { text: "<RecoilRoot>".into() }),
                ],
            },
            Block::Code(code),
            Block::Component(Component::CharacterCounterDemo),
        ]);
        let record = SearchRecord::of(&page, &blog_title()).unwrap();
        assert_eq!(record.title.section.as_deref(), Some("博客"));
        let html = record.html("zh-hans", 7, 2).unwrap();
        assert!(html.starts_with("<!DOCTYPE html><html lang=\"zh-hans\">"));
        assert!(html.contains("data-pagefind-filter=\"type:blog\" data-pagefind-sort=\"position:7\">"));
        assert!(html.contains("<span data-pagefind-filter=\"shard:2\"></span>"));
        assert!(html.contains("<span data-pagefind-meta=\"title:Recoil 0.7.6 发布\"></span>"), "{html}");
        assert!(html.contains("<span data-pagefind-meta=\"keywords:发布 说明\"></span>"), "{html}");
        assert!(html.contains("<h2 id=\"新功能\">新功能</h2>"));
        // Text is escaped, never markup.
        assert!(html.contains("<p>用 &lt;RecoilRoot&gt;</p>"), "{html}");
        assert!(html.contains("<pre>atom({key})\n</pre>"));
    }

    #[test]
    fn only_docs_and_blog_posts_are_searchable() {
        let not_found = PageData { route: "/404".into(), page: Page::NotFound, ..post(vec![]) };
        assert!(SearchRecord::of(&not_found, &blog_title()).is_none());
        assert!(SearchRecord::of(&post(vec![]), &blog_title()).is_some());
    }

    /// Each change of an input of `html` (the record's fields, the arguments) changes the
    /// document's source (so does the title's section, which `html` does not show: the whole
    /// title is hashed); the same inputs give the same source. A source that missed an input
    /// would let the index keep a stale reading of a page that changed.
    #[test]
    fn a_document_source_names_every_input() {
        let body = vec![Block::Paragraph { children: t("正文") }];
        let page = post(body.clone());
        let other_body = post(vec![Block::Paragraph { children: t("正文改了") }]);
        let base = SearchRecord::of(&page, &blog_title()).unwrap();
        let base_source = base.source("zh-hans", 3, 1);
        assert_eq!(base_source, SearchRecord::of(&post(body), &blog_title()).unwrap().source("zh-hans", 3, 1));
        let words = ["发布 说明".to_owned()];
        let split = ["发布".to_owned(), "说明".to_owned()];
        let title = |f: fn(&mut SearchTitle)| {
            let mut title = blog_title();
            f(&mut title);
            title
        };
        let changed = [
            SearchRecord { title: title(|t| t.title.push('！')), ..base.clone() },
            SearchRecord { title: title(|t| t.route.push('x')), ..base.clone() },
            SearchRecord { title: title(|t| t.kind = SearchKind::Docs), ..base.clone() },
            SearchRecord { title: title(|t| t.section = None), ..base.clone() },
            SearchRecord { description: "另一段描述", ..base.clone() },
            SearchRecord { keywords: &words, ..base.clone() },
            SearchRecord { keywords: &split, ..base.clone() },
            SearchRecord::of(&other_body, &blog_title()).unwrap(),
        ];
        let mut sources = std::collections::HashSet::from([base_source]);
        for record in &changed {
            assert!(sources.insert(record.source("zh-hans", 3, 1)), "{record:?}");
        }
        for (language, position, shard) in [("en", 3, 1), ("zh-hans", 4, 1), ("zh-hans", 3, 2), ("zh-hans", 31, 0)] {
            assert!(sources.insert(base.source(language, position, shard)), "{language} {position} {shard}");
        }
    }
}
