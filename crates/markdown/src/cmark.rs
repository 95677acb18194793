//! CommonMark + GFM events (pulldown-cmark) to typed blocks and inlines.

use crate::code;
use crate::containers::{Node, TabNode};
use crate::limits::{MAX_BLOCK_NESTING, MAX_CODE_LINES, MAX_HEADINGS, MAX_INLINE_NESTING, SEE};
use crate::slug::{HeadingIds, slugify};
use crate::{Heading, Links, Resolved, is_cjk_like};
use pulldown_cmark::{Alignment, BlockQuoteKind, CodeBlockKind, Event, HeadingLevel, LinkType, Options, Parser, Tag};
use site_schema::{AdmonitionKind, Align, Block, Footnote, Inline, InlineNode, ListItem, TabItem};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::ops::ControlFlow;

fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_GFM
}

/// Stops reading a Markdown chunk: nesting went past a limit (already reported).
type Flow = ControlFlow<()>;

pub struct Context<'l> {
    links: &'l mut dyn Links,
    heading_ids: HeadingIds,
    pub headings: Vec<Heading>,
    pub truncate_at: Option<usize>,
    pub errors: Vec<(usize, String)>,
    pub warnings: Vec<(usize, String)>,
    /// Containers (admonitions, tabs, details) around the Markdown being read: headings at
    /// depth 0 form the table of contents, and the depth counts toward the nesting limit.
    depth: usize,
    footnotes: Footnotes,
    /// Code lines on the page so far, for the limit.
    code_lines: usize,
    /// Nesting went past a limit: the rest of the page is not read, as the errors it would
    /// give (a footnote never defined, say) would only be echoes of that one.
    abandoned: bool,
}

#[derive(Default)]
struct Footnotes {
    numbers: HashMap<String, u32>,
    defs: BTreeMap<u32, Footnote>,
    ref_lines: HashMap<String, usize>,
    /// Definitions seen before their first reference: label, line, content.
    unreferenced: Vec<(String, usize, Vec<Block>)>,
}

impl<'l> Context<'l> {
    pub fn new(links: &'l mut dyn Links) -> Self {
        Context {
            links,
            heading_ids: HeadingIds::default(),
            headings: Vec::new(),
            truncate_at: None,
            errors: Vec::new(),
            warnings: Vec::new(),
            depth: 0,
            footnotes: Footnotes::default(),
            code_lines: 0,
            abandoned: false,
        }
    }

    /// Compiles the whole document and appends its footnotes.
    pub fn compile_tree(&mut self, nodes: &[Node]) -> Vec<Block> {
        let mut blocks = self.compile_nodes(nodes);
        if self.abandoned {
            return blocks;
        }
        let f = &mut self.footnotes;
        // Definitions seen before their reference get their number now.
        for (label, line, children) in std::mem::take(&mut f.unreferenced) {
            match f.numbers.get(&label) {
                Some(&n) => {
                    f.defs.insert(n, Footnote { id: footnote_id(&label), number: n, children });
                }
                None => self.warnings.push((line, format!("footnote `[^{label}]` is defined but never referenced"))),
            }
        }
        for (label, &n) in &f.numbers {
            if !f.defs.contains_key(&n) {
                let line = f.ref_lines.get(label).copied().unwrap_or(1);
                self.errors.push((line, format!("footnote `[^{label}]` is referenced but never defined")));
            }
        }
        if !f.defs.is_empty() {
            let items = std::mem::take(&mut f.defs).into_values().collect();
            blocks.push(Block::Footnotes { items });
        }
        blocks
    }

    fn compile_nodes(&mut self, nodes: &[Node]) -> Vec<Block> {
        let mut out = Vec::new();
        for node in nodes {
            if self.abandoned {
                break;
            }
            match node {
                Node::Markdown { text, first_line } => out.extend(self.markdown(text, *first_line)),
                Node::Admonition { kind, title, line, children } => {
                    let title = title.as_ref().map(|t| self.inline_markdown(t, *line));
                    let children = self.nested(children);
                    out.push(Block::Admonition { kind: *kind, title, children });
                }
                Node::Tabs { group_id, items } => {
                    out.push(Block::Tabs { group_id: group_id.clone(), items: self.tab_items(items) })
                }
                Node::Details { summary, line, children } => {
                    let summary = self.inline_markdown(summary, *line);
                    out.push(Block::Details { summary, children: self.nested(children) });
                }
                Node::Component(c) => out.push(Block::Component(c.clone())),
                Node::Truncate => self.truncate_at = Some(out.len()),
            }
        }
        out
    }

    /// The content of a container, one level deeper.
    fn nested(&mut self, nodes: &[Node]) -> Vec<Block> {
        self.depth += 1;
        let blocks = self.compile_nodes(nodes);
        self.depth -= 1;
        blocks
    }

    fn tab_items(&mut self, items: &[TabNode]) -> Vec<TabItem> {
        let mut seen = HashSet::new();
        let mut tabs = Vec::new();
        for item in items {
            if !seen.insert(item.value.as_str()) {
                self.errors.push((item.line, format!("two `<TabItem>`s share the value `{}`", item.value)));
            }
            tabs.push(TabItem {
                value: item.value.clone(),
                label: item.label.clone(),
                default: item.default,
                children: self.nested(&item.children),
            });
        }
        tabs
    }

    /// Inline Markdown of a one-line string (admonition titles, summaries).
    fn inline_markdown(&mut self, text: &str, line: usize) -> Vec<Inline> {
        let blocks = self.markdown(text, line);
        match blocks.into_iter().next() {
            Some(Block::Paragraph { children }) => children,
            Some(_) => {
                self.errors.push((line, "a title may only hold inline Markdown".into()));
                Vec::new()
            }
            None => Vec::new(),
        }
    }

    fn markdown(&mut self, text: &str, first_line: usize) -> Vec<Block> {
        let newlines: Vec<usize> = text.match_indices('\n').map(|(i, _)| i).collect();
        let line_at = |offset: usize| first_line + newlines.partition_point(|&n| n < offset);
        let mut b = Builder::new();
        for (event, range) in Parser::new_ext(text, options()).into_offset_iter() {
            if self.event(&mut b, event, line_at(range.start)).is_break() {
                self.abandoned = true;
                return Vec::new();
            }
        }
        b.finish()
    }

    fn event(&mut self, b: &mut Builder, event: Event<'_>, line: usize) -> Flow {
        match event {
            Event::Start(tag) => return self.start(b, tag, line),
            Event::End(_) => {
                // Inline HTML tags left open by the author close with their parent, loudly.
                while matches!(b.top().element, Element::Kbd | Element::Sup | Element::Sub) {
                    self.errors.push((line, "`<kbd>`, `<sup>` or `<sub>` is never closed".into()));
                    self.end(b, line);
                }
                self.end(b, line)
            }
            Event::Text(t) => self.text(b, &t, line),
            Event::Code(t) => b.inline(Inline::Node(InlineNode::Code { text: t.to_string() })),
            Event::SoftBreak => b.soft_break(),
            Event::HardBreak => b.inline(Inline::Node(InlineNode::Break)),
            Event::Rule => b.block(Block::Rule),
            Event::TaskListMarker(checked) => {
                if let Some(f) = b.stack.iter_mut().rev().find(|f| matches!(f.element, Element::Item { .. })) {
                    f.element = Element::Item { checked: Some(checked) };
                }
            }
            Event::Html(h) => self.html_block(&h, line),
            Event::InlineHtml(h) => return self.inline_html(b, &h, line),
            Event::FootnoteReference(label) => self.footnote_ref(b, &label, line),
            Event::InlineMath(_) | Event::DisplayMath(_) => {}
        }
        Flow::Continue(())
    }

    fn text(&mut self, b: &mut Builder, t: &str, line: usize) {
        if let Element::Code { text, .. } = &mut b.top().element {
            text.push_str(t);
        } else if matches!(b.top().element, Element::HtmlBlock) {
            self.html_block(t, line);
        } else if b.links_open > 0 {
            b.text(t);
        } else {
            self.text_with_autolinks(b, t, line);
        }
    }

    fn footnote_ref(&mut self, b: &mut Builder, label: &str, line: usize) {
        let f = &mut self.footnotes;
        let next = f.numbers.len() as u32 + 1;
        let number = *f.numbers.entry(label.to_string()).or_insert(next);
        f.ref_lines.entry(label.to_string()).or_insert(line);
        b.inline(Inline::Node(InlineNode::FootnoteRef { id: footnote_id(label), number }));
    }

    fn start(&mut self, b: &mut Builder, tag: Tag<'_>, line: usize) -> Flow {
        let element = match tag {
            Tag::Paragraph => Element::Paragraph,
            Tag::Heading { level, id, .. } => {
                Element::Heading { level: heading_level(level), id: id.map(|s| s.to_string()) }
            }
            Tag::BlockQuote(kind) => Element::Quote(kind),
            Tag::CodeBlock(kind) => Element::Code {
                line,
                info: match kind {
                    CodeBlockKind::Fenced(info) => Some(info.to_string()),
                    CodeBlockKind::Indented => None,
                },
                text: String::new(),
            },
            Tag::HtmlBlock => Element::HtmlBlock,
            Tag::List(start) => Element::List { start: start.map(|s| s as u32), items: Vec::new(), tight: false },
            Tag::Item => Element::Item { checked: None },
            Tag::FootnoteDefinition(label) => Element::FootnoteDef(label.to_string()),
            Tag::Table(align) => {
                Element::Table { align: align.into_iter().map(alignment).collect(), head: Vec::new(), rows: Vec::new() }
            }
            Tag::TableHead | Tag::TableRow => Element::TableRow(Vec::new()),
            Tag::TableCell => Element::TableCell,
            Tag::Emphasis => Element::Em,
            Tag::Strong => Element::Strong,
            Tag::Strikethrough => Element::Del,
            Tag::Superscript => Element::Sup,
            Tag::Subscript => Element::Sub,
            Tag::Link { link_type, dest_url, .. } => {
                let dest =
                    if link_type == LinkType::Email { format!("mailto:{dest_url}") } else { dest_url.to_string() };
                Element::Link { target: self.resolve(&dest, line) }
            }
            Tag::Image { dest_url, title, .. } => Element::Image {
                src: self.resolve(&dest_url, line).map(|(src, _)| src),
                title: (!title.is_empty()).then(|| title.to_string()),
            },
            Tag::DefinitionList | Tag::DefinitionListTitle | Tag::DefinitionListDefinition | Tag::MetadataBlock(_) => {
                Element::Paragraph
            }
        };
        self.open(b, element, line)
    }

    /// Pushes `element`, unless that nests it past a limit.
    fn open(&mut self, b: &mut Builder, element: Element, line: usize) -> Flow {
        match element.nesting() {
            Nesting::Block if self.depth + b.blocks_open >= MAX_BLOCK_NESTING => {
                let (what, deep) = (element.describe(), self.depth + b.blocks_open + 1);
                self.errors.push((
                    line,
                    format!(
                        "{what} nested {deep} deep: block quotes, lists, footnotes, admonitions, tabs and \
                         collapsible sections nest at most {MAX_BLOCK_NESTING} deep, counted together ({SEE})"
                    ),
                ));
                return Flow::Break(());
            }
            Nesting::Inline if b.inlines_open >= MAX_INLINE_NESTING => {
                let (what, deep) = (element.describe(), b.inlines_open + 1);
                self.errors.push((
                    line,
                    format!(
                        "{what} nested {deep} deep in inline markup: emphasis, links, images and \
                         <kbd>/<sup>/<sub> nest at most {MAX_INLINE_NESTING} deep ({SEE})"
                    ),
                ));
                return Flow::Break(());
            }
            _ => {}
        }
        // A block starting inside a tight list item ends the item's loose text.
        if element.is_block() {
            b.flush_item_text();
        }
        b.push(element);
        Flow::Continue(())
    }

    /// The href to store and whether it is internal; `None` drops the link but keeps its text.
    fn resolve(&mut self, href: &str, line: usize) -> Option<(String, bool)> {
        if href.trim().is_empty() {
            // `[text]()` would link to the site's root in the front end, not to this page.
            self.errors.push((line, "a link or image with an empty target `()`: write where it goes".into()));
            return Some((String::new(), false));
        }
        match self.links.resolve(href, line) {
            Ok(Resolved::Link { href, internal }) => Some((href, internal)),
            Ok(Resolved::Unlinked { warning }) => {
                self.warnings.push((line, warning));
                None
            }
            Err(m) => {
                self.errors.push((line, m));
                Some((href.to_string(), false))
            }
        }
    }

    fn end(&mut self, b: &mut Builder, line: usize) {
        b.flush_item_text();
        let OpenElement { element, blocks, inlines, .. } = b.pop();
        match element {
            Element::Paragraph => {
                if !inlines.is_empty() {
                    b.block(Block::Paragraph { children: inlines });
                }
            }
            Element::Heading { level, id } => self.end_heading(b, level, id, inlines, line),
            Element::Quote(None) => b.block(Block::Quote { children: blocks }),
            Element::Quote(Some(k)) => {
                b.block(Block::Admonition { kind: alert_kind(k), title: None, children: blocks })
            }
            Element::Code { info, text, line } => match self.code_block(info, &text, line) {
                Ok(block) => b.block(block),
                Err(m) => self.errors.push((line, m)),
            },
            Element::HtmlBlock => {}
            Element::List { start, items, tight } => {
                b.block(Block::List { ordered: start.is_some(), tight, start: start.filter(|s| *s != 1), items })
            }
            Element::Item { checked } => {
                if let Element::List { items, .. } = &mut b.top().element {
                    items.push(ListItem { checked, children: blocks });
                }
            }
            Element::FootnoteDef(label) => self.end_footnote_def(label, blocks, line),
            Element::Table { align, head, rows } => b.block(Block::Table { align, head, rows }),
            Element::TableRow(cells) => {
                if let Element::Table { head, rows, .. } = &mut b.top().element {
                    if head.is_empty() && rows.is_empty() {
                        *head = cells;
                    } else {
                        rows.push(cells);
                    }
                }
            }
            Element::TableCell => {
                if let Element::TableRow(cells) = &mut b.top().element {
                    cells.push(inlines);
                }
            }
            Element::Em => b.inline(Inline::Node(InlineNode::Em { children: inlines })),
            Element::Strong => b.inline(Inline::Node(InlineNode::Strong { children: inlines })),
            Element::Del => b.inline(Inline::Node(InlineNode::Del { children: inlines })),
            Element::Sup => b.inline(Inline::Node(InlineNode::Sup { children: inlines })),
            Element::Sub => b.inline(Inline::Node(InlineNode::Sub { children: inlines })),
            Element::Kbd => b.inline(Inline::Node(InlineNode::Kbd { children: inlines })),
            Element::Link { target: Some((href, internal)) } => {
                b.inline(Inline::Node(InlineNode::Link { href, internal, children: inlines }))
            }
            Element::Link { target: None } => b.inlines(inlines),
            Element::Image { src, title } => self.end_image(b, src, title, inlines, line),
            Element::Root => unreachable!("the root is never closed by an event"),
        }
    }

    fn end_heading(&mut self, b: &mut Builder, level: u8, id: Option<String>, inlines: Vec<Inline>, line: usize) {
        if level == 1 {
            self.errors.push((
                line,
                "a level-1 heading (`#`) in the body: the front matter `title` is the page's h1; start at `##`".into(),
            ));
        }
        if self.headings.len() == MAX_HEADINGS {
            self.errors.push((line, format!("more than {MAX_HEADINGS} headings on one page ({SEE})")));
        }
        let id = match id {
            Some(id) => self.heading_ids.explicit(&id, line),
            None => self.heading_ids.automatic(&plain_text(&inlines), line),
        };
        let id = id.unwrap_or_else(|m| {
            self.errors.push((line, m));
            String::new()
        });
        self.headings.push(Heading { level, id: id.clone(), children: inlines.clone(), top_level: self.depth == 0 });
        b.block(Block::Heading { level, id, children: inlines });
    }

    fn end_footnote_def(&mut self, label: String, blocks: Vec<Block>, line: usize) {
        let f = &mut self.footnotes;
        match f.numbers.get(&label) {
            Some(&n) => {
                f.defs.insert(n, Footnote { id: footnote_id(&label), number: n, children: blocks });
            }
            None => f.unreferenced.push((label, line, blocks)),
        }
    }

    fn end_image(
        &mut self,
        b: &mut Builder,
        src: Option<String>,
        title: Option<String>,
        alt: Vec<Inline>,
        line: usize,
    ) {
        let alt = plain_text(&alt);
        match src {
            Some(src) => {
                if alt.trim().is_empty() {
                    self.warnings.push((line, format!("image `{src}` has no alt text")));
                }
                b.inline(Inline::Node(InlineNode::Image { src, alt, title }))
            }
            None => b.text(&alt),
        }
    }

    fn code_block(&mut self, info: Option<String>, text: &str, line: usize) -> Result<Block, String> {
        let info = match info {
            None => code::FenceInfo { lang: "text".into(), ..Default::default() },
            Some(i) if i.trim().is_empty() => {
                return Err("code block needs a language (```js, ```bash, ```text …)".into());
            }
            Some(i) => {
                let (info, warnings) = code::parse_info(&i)?;
                self.warnings.extend(warnings.into_iter().map(|w| (line, w)));
                info
            }
        };
        if site_highlight::canonical_language(&info.lang).is_none() {
            return Err(format!(
                "unknown code language `{}` (known: {})",
                info.lang,
                site_highlight::LANGUAGES.join(", ")
            ));
        }
        // Counted before highlighting, which is the expensive part.
        let before = self.code_lines;
        self.code_lines += text.lines().count();
        if self.code_lines > MAX_CODE_LINES {
            return Err(if before <= MAX_CODE_LINES {
                format!("code blocks on this page pass {MAX_CODE_LINES} lines with this one ({SEE})")
            } else {
                "code block past the page's code line limit (see the error above)".into()
            });
        }
        Ok(Block::Code(code::block(info, text)?))
    }

    fn html_block(&mut self, html: &str, line: usize) {
        let t = html.trim();
        if t.is_empty() || (t.starts_with("<!--") && t.ends_with("-->")) {
            return;
        }
        self.errors.push((line, format!("raw HTML is not accepted: `{}` (see content/README.md)", first_line(t))));
    }

    fn inline_html(&mut self, b: &mut Builder, html: &str, line: usize) -> Flow {
        let t = html.trim();
        if t.starts_with("<!--") {
            return Flow::Continue(());
        }
        let compact: String = t.to_ascii_lowercase().chars().filter(|c| !c.is_whitespace()).collect();
        match compact.as_str() {
            "<br>" | "<br/>" => b.inline(Inline::Node(InlineNode::Break)),
            "<kbd>" => return self.open(b, Element::Kbd, line),
            "<sup>" => return self.open(b, Element::Sup, line),
            "<sub>" => return self.open(b, Element::Sub, line),
            "</kbd>" | "</sup>" | "</sub>" => {
                let open = match b.top().element {
                    Element::Kbd => "</kbd>",
                    Element::Sup => "</sup>",
                    Element::Sub => "</sub>",
                    _ => "",
                };
                if open == compact {
                    self.end(b, line);
                } else {
                    self.errors.push((line, format!("`{t}` closes nothing here")));
                }
            }
            _ => self.errors.push((
                line,
                format!("raw HTML is not accepted: `{t}` (inline HTML may only be <kbd>, <br />, <sup>, <sub>)"),
            )),
        }
        Flow::Continue(())
    }

    /// Text outside links: bare `http(s)://` URLs become links (GFM autolinks).
    fn text_with_autolinks(&mut self, b: &mut Builder, text: &str, line: usize) {
        let mut rest = text;
        while let Some(start) = find_url(rest) {
            b.text(&rest[..start]);
            let url = &rest[start..start + url_length(&rest[start..])];
            // The link is one inline level below the markup around it; at the limit the URL
            // stays text (a link would nest one past what the page data allows).
            let resolved = if b.inlines_open < MAX_INLINE_NESTING { self.resolve(url, line) } else { None };
            match resolved {
                Some((href, internal)) => {
                    let children = vec![Inline::Text(url.to_string())];
                    b.inline(Inline::Node(InlineNode::Link { href, internal, children }));
                }
                None => b.text(url),
            }
            rest = &rest[start + url.len()..];
        }
        b.text(rest);
    }
}

/// The start of the first `http://` or `https://` URL that begins a word.
fn find_url(s: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = s[from..].find("http").map(|i| i + from) {
        let scheme = s[i + 4..].starts_with("://") || s[i + 4..].starts_with("s://");
        // Only at a word start: not inside `xhttp://`.
        let word_start = s[..i].chars().next_back().is_none_or(|c| !c.is_ascii_alphanumeric());
        if scheme && word_start {
            return Some(i);
        }
        from = i + 4;
    }
    None
}

fn url_length(s: &str) -> usize {
    let mut end = s
        .char_indices()
        .find(|(_, c)| c.is_whitespace() || *c == '<' || *c == '>' || is_cjk_like(*c) || *c == '）' || *c == '（')
        .map_or(s.len(), |(i, _)| i);
    // `(` minus `)` in the URL so far: a closing `)` stays when it closes one of the URL's.
    let url = &s[..end];
    let mut open_parens = url.matches('(').count() as isize - url.matches(')').count() as isize;
    // Trailing punctuation belongs to the sentence, not the URL.
    while let Some(c) = s[..end].chars().next_back() {
        match c {
            ')' if open_parens >= 0 => break,
            ')' => open_parens += 1,
            '.' | ',' | ':' | ';' | '!' | '?' | '\'' | '"' => {}
            _ => break,
        }
        end -= 1;
    }
    end
}

fn first_line(s: &str) -> &str {
    let l = s.lines().next().unwrap_or(s);
    &l[..l.char_indices().nth(60).map_or(l.len(), |(i, _)| i)]
}

fn footnote_id(label: &str) -> String {
    format!("fn-{}", slugify(label))
}

fn heading_level(l: HeadingLevel) -> u8 {
    match l {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

fn alignment(a: Alignment) -> Align {
    match a {
        Alignment::None => Align::None,
        Alignment::Left => Align::Left,
        Alignment::Center => Align::Center,
        Alignment::Right => Align::Right,
    }
}

fn alert_kind(k: BlockQuoteKind) -> AdmonitionKind {
    match k {
        BlockQuoteKind::Note => AdmonitionKind::Note,
        BlockQuoteKind::Tip => AdmonitionKind::Tip,
        BlockQuoteKind::Important => AdmonitionKind::Info,
        BlockQuoteKind::Warning => AdmonitionKind::Caution,
        BlockQuoteKind::Caution => AdmonitionKind::Danger,
    }
}

/// The text of inlines without markup (for ids, alt text, titles and a page's lead).
pub(crate) fn plain_text(inlines: &[Inline]) -> String {
    fn walk(inlines: &[Inline], s: &mut String) {
        for i in inlines {
            match i {
                Inline::Text(t) => s.push_str(t),
                Inline::Node(n) => match n {
                    InlineNode::Code { text } => s.push_str(text),
                    InlineNode::Em { children }
                    | InlineNode::Strong { children }
                    | InlineNode::Del { children }
                    | InlineNode::Kbd { children }
                    | InlineNode::Sup { children }
                    | InlineNode::Sub { children }
                    | InlineNode::Link { children, .. } => walk(children, s),
                    InlineNode::Image { alt, .. } => s.push_str(alt),
                    InlineNode::Break => s.push(' '),
                    InlineNode::FootnoteRef { .. } => {}
                },
            }
        }
    }
    let mut s = String::new();
    walk(inlines, &mut s);
    s
}

/// An element being built: what pulldown-cmark opened (or inline HTML did).
enum Element {
    Root,
    Paragraph,
    Heading {
        level: u8,
        id: Option<String>,
    },
    Quote(Option<BlockQuoteKind>),
    Code {
        info: Option<String>,
        text: String,
        line: usize,
    },
    HtmlBlock,
    List {
        start: Option<u32>,
        items: Vec<ListItem>,
        tight: bool,
    },
    Item {
        checked: Option<bool>,
    },
    FootnoteDef(String),
    Table {
        align: Vec<Align>,
        head: Vec<Vec<Inline>>,
        rows: Vec<Vec<Vec<Inline>>>,
    },
    TableRow(Vec<Vec<Inline>>),
    TableCell,
    Em,
    Strong,
    Del,
    Sup,
    Sub,
    Kbd,
    /// `None`: a link dropped by the resolver; its text stays.
    Link {
        target: Option<(String, bool)>,
    },
    Image {
        src: Option<String>,
        title: Option<String>,
    },
}

/// Which nesting limit an element counts toward.
enum Nesting {
    Block,
    Inline,
    None,
}

impl Element {
    fn is_block(&self) -> bool {
        matches!(
            self,
            Element::Paragraph
                | Element::Heading { .. }
                | Element::Quote(_)
                | Element::Code { .. }
                | Element::HtmlBlock
                | Element::List { .. }
                | Element::FootnoteDef(_)
                | Element::Table { .. }
        )
    }

    /// Items count once with their list, as tab items with their tabs.
    fn nesting(&self) -> Nesting {
        match self {
            Element::Quote(_) | Element::List { .. } | Element::FootnoteDef(_) => Nesting::Block,
            Element::Em
            | Element::Strong
            | Element::Del
            | Element::Sup
            | Element::Sub
            | Element::Kbd
            | Element::Link { .. }
            | Element::Image { .. } => Nesting::Inline,
            _ => Nesting::None,
        }
    }

    fn describe(&self) -> &'static str {
        match self {
            Element::Quote(_) => "block quote",
            Element::List { .. } => "list",
            Element::FootnoteDef(_) => "footnote",
            Element::Em => "emphasis",
            Element::Strong => "strong emphasis",
            Element::Del => "strikethrough",
            Element::Sup => "`<sup>`",
            Element::Sub => "`<sub>`",
            Element::Kbd => "`<kbd>`",
            Element::Link { .. } => "link",
            Element::Image { .. } => "image",
            _ => "element",
        }
    }
}

struct OpenElement {
    element: Element,
    blocks: Vec<Block>,
    inlines: Vec<Inline>,
    /// A soft line break waits to see the next character: none between CJK, else a space.
    pending_space: bool,
}

/// The stack of open elements, with counts for the nesting limits.
struct Builder {
    stack: Vec<OpenElement>,
    blocks_open: usize,
    inlines_open: usize,
    links_open: usize,
}

impl Builder {
    fn new() -> Builder {
        let root =
            OpenElement { element: Element::Root, blocks: Vec::new(), inlines: Vec::new(), pending_space: false };
        Builder { stack: vec![root], blocks_open: 0, inlines_open: 0, links_open: 0 }
    }

    fn top(&mut self) -> &mut OpenElement {
        self.stack.last_mut().expect("the root is never popped")
    }

    fn push(&mut self, element: Element) {
        self.count(&element, 1);
        self.stack.push(OpenElement { element, blocks: Vec::new(), inlines: Vec::new(), pending_space: false });
    }

    fn pop(&mut self) -> OpenElement {
        assert!(self.stack.len() > 1, "pulldown-cmark's events are balanced");
        let open = self.stack.pop().expect("checked above");
        self.count(&open.element, -1);
        open
    }

    fn count(&mut self, element: &Element, by: isize) {
        let counter = match element.nesting() {
            Nesting::Block => &mut self.blocks_open,
            Nesting::Inline => &mut self.inlines_open,
            Nesting::None => return,
        };
        *counter = counter.wrapping_add_signed(by);
        if matches!(element, Element::Link { .. }) {
            self.links_open = self.links_open.wrapping_add_signed(by);
        }
    }

    /// The blocks of the root, closing quietly whatever malformed input left open.
    fn finish(mut self) -> Vec<Block> {
        while self.stack.len() > 1 {
            let open = self.pop();
            self.top().blocks.extend(open.blocks);
        }
        self.stack.pop().expect("the root").blocks
    }

    fn block(&mut self, block: Block) {
        self.top().blocks.push(block);
    }

    fn inline(&mut self, inline: Inline) {
        let f = self.top();
        if f.pending_space {
            f.pending_space = false;
            push_text(&mut f.inlines, " ");
        }
        f.inlines.push(inline);
    }

    /// Inlines of a dropped element, merged into the parent's.
    fn inlines(&mut self, inlines: Vec<Inline>) {
        for inline in inlines {
            match inline {
                Inline::Text(t) => self.text(&t),
                node => self.inline(node),
            }
        }
    }

    fn text(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        let f = self.top();
        if f.pending_space {
            f.pending_space = false;
            let before = last_char(&f.inlines);
            let after = text.chars().next();
            let cjk_join = before.is_some_and(is_cjk_like) && after.is_some_and(is_cjk_like);
            if !cjk_join {
                push_text(&mut f.inlines, " ");
            }
        }
        push_text(&mut f.inlines, text);
    }

    fn soft_break(&mut self) {
        self.top().pending_space = true;
    }

    /// Text directly inside a list item (a tight list) becomes a paragraph of its own.
    fn flush_item_text(&mut self) {
        let n = self.stack.len();
        if n < 2 {
            return;
        }
        let f = &mut self.stack[n - 1];
        if matches!(f.element, Element::Item { .. }) && !f.inlines.is_empty() {
            let children = std::mem::take(&mut f.inlines);
            f.pending_space = false;
            f.blocks.push(Block::Paragraph { children });
            if let Element::List { tight, .. } = &mut self.stack[n - 2].element {
                *tight = true;
            }
        }
    }
}

fn push_text(inlines: &mut Vec<Inline>, text: &str) {
    if let Some(Inline::Text(last)) = inlines.last_mut() {
        last.push_str(text);
    } else {
        inlines.push(Inline::Text(text.to_string()));
    }
}

fn last_char(inlines: &[Inline]) -> Option<char> {
    match inlines.last()? {
        Inline::Text(t) => t.chars().next_back(),
        Inline::Node(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_in_text() {
        assert_eq!(find_url("see https://a.org"), Some(4));
        assert_eq!(find_url("xhttp://a.org http://b.org"), Some(14));
        assert_eq!(find_url("httpd"), None);
        assert_eq!(url_length("https://a.org/x_(y)."), "https://a.org/x_(y)".len());
        assert_eq!(url_length("https://a.org)."), "https://a.org".len());
        assert_eq!(url_length("https://a.org。下一句"), "https://a.org".len());
    }

    #[test]
    fn url_scanning_is_linear() {
        // Each was quadratic (or recursive) once: a long text of non-URLs, and a URL of `)`s.
        let start = std::time::Instant::now();
        assert_eq!(find_url(&"xhttp://".repeat(100_000)), None);
        let parens = format!("http://a{}", ")".repeat(200_000));
        assert_eq!(url_length(&parens), "http://a".len());
        let many = "http://a ".repeat(50_000);
        let mut rest = many.as_str();
        while let Some(i) = find_url(rest) {
            rest = &rest[i + url_length(&rest[i..])..];
        }
        assert!(start.elapsed().as_secs() < 2, "{:?}", start.elapsed());
    }
}
