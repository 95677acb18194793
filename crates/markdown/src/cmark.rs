//! CommonMark + GFM events (pulldown-cmark) to typed blocks and inlines.

use crate::code;
use crate::containers::Node;
use crate::slug::{Slugger, slugify};
use crate::{Heading, Links, is_cjk_like};
use pulldown_cmark::{Alignment, BlockQuoteKind, CodeBlockKind, Event, HeadingLevel, LinkType, Options, Parser, Tag};
use site_schema::{AdmonitionKind, Align, Block, Footnote, Inline, InlineNode, ListItem, TabItem};
use std::collections::{BTreeMap, HashMap, HashSet};

fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_GFM
}

pub struct Context<'l> {
    links: &'l mut dyn Links,
    slugger: Slugger,
    pub headings: Vec<Heading>,
    pub truncate_at: Option<usize>,
    errors: Vec<(usize, String)>,
    warnings: Vec<(usize, String)>,
    /// Container nesting depth: headings at depth 0 form the table of contents.
    depth: usize,
    footnote_numbers: HashMap<String, u32>,
    footnote_defs: BTreeMap<u32, Footnote>,
    footnote_ref_lines: HashMap<String, usize>,
    unreferenced_defs: Vec<(String, usize, Vec<Block>)>,
}

impl<'l> Context<'l> {
    pub fn new(links: &'l mut dyn Links) -> Self {
        Context {
            links,
            slugger: Slugger::default(),
            headings: Vec::new(),
            truncate_at: None,
            errors: Vec::new(),
            warnings: Vec::new(),
            depth: 0,
            footnote_numbers: HashMap::new(),
            footnote_defs: BTreeMap::new(),
            footnote_ref_lines: HashMap::new(),
            unreferenced_defs: Vec::new(),
        }
    }

    pub fn take_errors(&mut self) -> Vec<(usize, String)> {
        std::mem::take(&mut self.errors)
    }

    pub fn take_warnings(&mut self) -> Vec<(usize, String)> {
        std::mem::take(&mut self.warnings)
    }

    /// Compiles the whole document and appends its footnotes.
    pub fn compile_tree(&mut self, nodes: &[Node]) -> Vec<Block> {
        let mut blocks = self.compile_nodes(nodes);
        // Definitions seen before their reference get their number now.
        for (label, line, children) in std::mem::take(&mut self.unreferenced_defs) {
            match self.footnote_numbers.get(&label) {
                Some(&n) => {
                    self.footnote_defs.insert(n, Footnote { id: footnote_id(&label), number: n, children });
                }
                None => self.warnings.push((line, format!("footnote `[^{label}]` is defined but never referenced"))),
            }
        }
        for (label, &n) in &self.footnote_numbers {
            if !self.footnote_defs.contains_key(&n) {
                let line = self.footnote_ref_lines.get(label).copied().unwrap_or(1);
                self.errors.push((line, format!("footnote `[^{label}]` is referenced but never defined")));
            }
        }
        if !self.footnote_defs.is_empty() {
            let items = std::mem::take(&mut self.footnote_defs).into_values().collect();
            blocks.push(Block::Footnotes { items });
        }
        blocks
    }

    fn compile_nodes(&mut self, nodes: &[Node]) -> Vec<Block> {
        let mut out = Vec::new();
        for node in nodes {
            match node {
                Node::Markdown { text, first_line } => out.extend(self.markdown(text, *first_line)),
                Node::Admonition { kind, title, line, children } => {
                    let title = title.as_ref().map(|t| self.inline_markdown(t, *line));
                    self.depth += 1;
                    let children = self.compile_nodes(children);
                    self.depth -= 1;
                    out.push(Block::Admonition { kind: *kind, title, children });
                }
                Node::Tabs { group_id, items } => {
                    let mut seen = HashSet::new();
                    let mut tabs = Vec::new();
                    self.depth += 1;
                    for item in items {
                        if !seen.insert(item.value.clone()) {
                            let line = first_line_of(&item.children).unwrap_or(1);
                            self.errors.push((line, format!("two `<TabItem>`s share the value `{}`", item.value)));
                        }
                        tabs.push(TabItem {
                            value: item.value.clone(),
                            label: item.label.clone(),
                            default: item.default,
                            children: self.compile_nodes(&item.children),
                        });
                    }
                    self.depth -= 1;
                    out.push(Block::Tabs { group_id: group_id.clone(), items: tabs });
                }
                Node::Details { summary, line, children } => {
                    let summary = self.inline_markdown(summary, *line);
                    self.depth += 1;
                    let children = self.compile_nodes(children);
                    self.depth -= 1;
                    out.push(Block::Details { summary, children });
                }
                Node::Component(c) => out.push(Block::Component(c.clone())),
                Node::Truncate => self.truncate_at = Some(out.len()),
            }
        }
        out
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
            let line = line_at(range.start);
            self.event(&mut b, event, line);
        }
        // Frames left open (malformed input pulldown tolerated) are closed quietly.
        while b.stack.len() > 1 {
            let frame = b.stack.pop().unwrap();
            b.top().blocks.extend(frame.blocks);
        }
        b.stack.pop().unwrap().blocks
    }

    fn event(&mut self, b: &mut Builder, event: Event<'_>, line: usize) {
        match event {
            Event::Start(tag) => self.start(b, tag, line),
            Event::End(_) => {
                // Inline HTML tags left open by the author close with their parent, loudly.
                while matches!(b.top().kind, Kind::Kbd | Kind::Sup | Kind::Sub) {
                    self.errors.push((line, "`<kbd>`, `<sup>` or `<sub>` is never closed".into()));
                    self.end(b, line);
                }
                self.end(b, line)
            }
            Event::Text(t) => {
                if let Kind::Code { text, .. } = &mut b.top().kind {
                    text.push_str(&t);
                } else if matches!(b.top().kind, Kind::HtmlBlock) {
                    self.html_block(&t, line);
                } else if b.in_link() {
                    b.text(&t);
                } else {
                    self.text_with_autolinks(b, &t, line);
                }
            }
            Event::Code(t) => b.inline(Inline::Node(InlineNode::Code { text: t.to_string() })),
            Event::SoftBreak => b.soft_break(),
            Event::HardBreak => b.inline(Inline::Node(InlineNode::Break)),
            Event::Rule => b.block(Block::Rule),
            Event::TaskListMarker(checked) => {
                if let Some(f) = b.stack.iter_mut().rev().find(|f| matches!(f.kind, Kind::Item { .. })) {
                    f.kind = Kind::Item { checked: Some(checked) };
                }
            }
            Event::Html(h) => self.html_block(&h, line),
            Event::InlineHtml(h) => self.inline_html(b, &h, line),
            Event::FootnoteReference(label) => {
                let label = label.to_string();
                let next = self.footnote_numbers.len() as u32 + 1;
                let number = *self.footnote_numbers.entry(label.clone()).or_insert(next);
                self.footnote_ref_lines.entry(label.clone()).or_insert(line);
                b.inline(Inline::Node(InlineNode::FootnoteRef { id: footnote_id(&label), number }));
            }
            Event::InlineMath(_) | Event::DisplayMath(_) => {}
        }
    }

    fn start(&mut self, b: &mut Builder, tag: Tag<'_>, line: usize) {
        let kind = match tag {
            Tag::Paragraph => Kind::Paragraph,
            Tag::Heading { level, id, .. } => {
                Kind::Heading { level: heading_level(level), id: id.map(|s| s.to_string()) }
            }
            Tag::BlockQuote(kind) => Kind::Quote(kind),
            Tag::CodeBlock(kind) => Kind::Code {
                line,
                info: match kind {
                    CodeBlockKind::Fenced(info) => Some(info.to_string()),
                    CodeBlockKind::Indented => None,
                },
                text: String::new(),
            },
            Tag::HtmlBlock => Kind::HtmlBlock,
            Tag::List(start) => Kind::List { start: start.map(|s| s as u32), items: Vec::new(), tight: false },
            Tag::Item => Kind::Item { checked: None },
            Tag::FootnoteDefinition(label) => Kind::FootnoteDef(label.to_string()),
            Tag::Table(align) => {
                Kind::Table { align: align.into_iter().map(alignment).collect(), head: Vec::new(), rows: Vec::new() }
            }
            Tag::TableHead | Tag::TableRow => Kind::Row(Vec::new()),
            Tag::TableCell => Kind::Inline,
            Tag::Emphasis => Kind::Em,
            Tag::Strong => Kind::Strong,
            Tag::Strikethrough => Kind::Del,
            Tag::Superscript => Kind::Sup,
            Tag::Subscript => Kind::Sub,
            Tag::Link { link_type, dest_url, .. } => {
                let dest =
                    if link_type == LinkType::Email { format!("mailto:{dest_url}") } else { dest_url.to_string() };
                let (href, internal) = self.links.resolve(&dest, line);
                Kind::Link { href, internal }
            }
            Tag::Image { dest_url, title, .. } => {
                let (src, _) = self.links.resolve(&dest_url, line);
                Kind::Image { src, title: (!title.is_empty()).then(|| title.to_string()) }
            }
            Tag::DefinitionList | Tag::DefinitionListTitle | Tag::DefinitionListDefinition | Tag::MetadataBlock(_) => {
                Kind::Paragraph
            }
        };
        // A block starting inside a tight list item ends the item's loose text.
        if kind.is_block() {
            b.flush_item_text();
        }
        b.stack.push(Frame { kind, blocks: Vec::new(), inlines: Vec::new(), pending_space: false });
    }

    fn end(&mut self, b: &mut Builder, line: usize) {
        b.flush_item_text();
        let frame = b.stack.pop().expect("balanced events");
        let Frame { kind, blocks, inlines, .. } = frame;
        match kind {
            Kind::Paragraph => {
                if !inlines.is_empty() {
                    b.block(Block::Paragraph { children: inlines });
                }
            }
            Kind::Heading { level, id } => {
                let id = match id {
                    Some(id) => self.slugger.unique(id),
                    None => {
                        let text = plain_text(&inlines);
                        if slugify(&text).is_empty() {
                            self.errors
                                .push((line, format!("heading `{text}` gives an empty id; add one with `{{#id}}`")));
                        }
                        self.slugger.slug(&text)
                    }
                };
                self.headings.push(Heading {
                    level,
                    id: id.clone(),
                    children: inlines.clone(),
                    top_level: self.depth == 0,
                });
                b.block(Block::Heading { level, id, children: inlines });
            }
            Kind::Quote(kind) => match kind {
                None => b.block(Block::Quote { children: blocks }),
                Some(k) => b.block(Block::Admonition { kind: alert_kind(k), title: None, children: blocks }),
            },
            Kind::Code { info, text, line } => match self.code_block(info, &text, line) {
                Ok(block) => b.block(block),
                Err(m) => self.errors.push((line, m)),
            },
            Kind::HtmlBlock => {}
            Kind::List { start, items, tight } => {
                b.block(Block::List { ordered: start.is_some(), tight, start: start.filter(|s| *s != 1), items })
            }
            Kind::Item { checked } => {
                if let Some(Frame { kind: Kind::List { items, .. }, .. }) = b.stack.last_mut() {
                    items.push(ListItem { checked, children: blocks });
                }
            }
            Kind::FootnoteDef(label) => match self.footnote_numbers.get(&label) {
                Some(&n) => {
                    self.footnote_defs.insert(n, Footnote { id: footnote_id(&label), number: n, children: blocks });
                }
                None => self.unreferenced_defs.push((label, line, blocks)),
            },
            Kind::Table { align, head, rows } => b.block(Block::Table { align, head, rows }),
            Kind::Row(cells) => {
                if let Some(Frame { kind: Kind::Table { head, rows, .. }, .. }) = b.stack.last_mut() {
                    if head.is_empty() && rows.is_empty() {
                        *head = cells;
                    } else {
                        rows.push(cells);
                    }
                }
            }
            Kind::Inline => {
                if let Some(Frame { kind: Kind::Row(cells), .. }) = b.stack.last_mut() {
                    cells.push(inlines);
                }
            }
            Kind::Em => b.inline(Inline::Node(InlineNode::Em { children: inlines })),
            Kind::Strong => b.inline(Inline::Node(InlineNode::Strong { children: inlines })),
            Kind::Del => b.inline(Inline::Node(InlineNode::Del { children: inlines })),
            Kind::Sup => b.inline(Inline::Node(InlineNode::Sup { children: inlines })),
            Kind::Sub => b.inline(Inline::Node(InlineNode::Sub { children: inlines })),
            Kind::Kbd => b.inline(Inline::Node(InlineNode::Kbd { children: inlines })),
            Kind::Link { href, internal } => {
                b.inline(Inline::Node(InlineNode::Link { href, internal, children: inlines }))
            }
            Kind::Image { src, title } => {
                let alt = plain_text(&inlines);
                if alt.trim().is_empty() {
                    self.warnings.push((line, format!("image `{src}` has no alt text")));
                }
                b.inline(Inline::Node(InlineNode::Image { src, alt, title }))
            }
            Kind::Root => unreachable!("root is never closed by an event"),
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
                for w in warnings {
                    self.warnings.push((line, w));
                }
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
        Ok(Block::Code(code::block(info, text)?))
    }

    fn html_block(&mut self, html: &str, line: usize) {
        let t = html.trim();
        if t.is_empty() || (t.starts_with("<!--") && t.ends_with("-->")) {
            return;
        }
        self.errors.push((line, format!("raw HTML is not accepted: `{}` (see content/README.md)", first_line(t))));
    }

    fn inline_html(&mut self, b: &mut Builder, html: &str, line: usize) {
        let t = html.trim();
        if t.starts_with("<!--") {
            return;
        }
        let lower = t.to_ascii_lowercase();
        let compact: String = lower.chars().filter(|c| !c.is_whitespace()).collect();
        match compact.as_str() {
            "<br>" | "<br/>" => b.inline(Inline::Node(InlineNode::Break)),
            "<kbd>" => b.open_inline(Kind::Kbd),
            "<sup>" => b.open_inline(Kind::Sup),
            "<sub>" => b.open_inline(Kind::Sub),
            "</kbd>" | "</sup>" | "</sub>" => {
                let want = &compact[2..compact.len() - 1];
                let open = match b.top().kind {
                    Kind::Kbd => "kbd",
                    Kind::Sup => "sup",
                    Kind::Sub => "sub",
                    _ => "",
                };
                if open == want {
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
    }

    /// Text outside links: bare `http(s)://` URLs become links (GFM autolinks).
    fn text_with_autolinks(&mut self, b: &mut Builder, text: &str, line: usize) {
        let mut rest = text;
        while let Some(start) = find_url(rest) {
            b.text(&rest[..start]);
            let url_len = url_length(&rest[start..]);
            let url = &rest[start..start + url_len];
            let (href, internal) = self.links.resolve(url, line);
            b.inline(Inline::Node(InlineNode::Link { href, internal, children: vec![Inline::Text(url.to_string())] }));
            rest = &rest[start + url_len..];
        }
        b.text(rest);
    }
}

fn find_url(s: &str) -> Option<usize> {
    let i = s.find("https://").into_iter().chain(s.find("http://")).min()?;
    // Only at a word start: not inside `xhttp://`.
    let ok = s[..i].chars().next_back().is_none_or(|c| !c.is_ascii_alphanumeric());
    if ok { Some(i) } else { find_url(&s[i + 4..]).map(|j| j + i + 4) }
}

fn url_length(s: &str) -> usize {
    let mut end = s
        .char_indices()
        .find(|(_, c)| c.is_whitespace() || *c == '<' || *c == '>' || is_cjk_like(*c) || *c == '）' || *c == '（')
        .map_or(s.len(), |(i, _)| i);
    // Trailing punctuation belongs to the sentence, not the URL.
    while end > 0 && s[..end].ends_with(['.', ',', ':', ';', '!', '?', '\'', '"', ')']) {
        if s[..end].ends_with(')') && s[..end].matches('(').count() >= s[..end].matches(')').count() {
            break;
        }
        end -= 1;
    }
    end
}

fn first_line(s: &str) -> &str {
    let l = s.lines().next().unwrap_or(s);
    if l.len() > 60 { &l[..l.char_indices().nth(60).map_or(l.len(), |(i, _)| i)] } else { l }
}

fn first_line_of(nodes: &[Node]) -> Option<usize> {
    nodes.iter().find_map(|n| match n {
        Node::Markdown { first_line, .. } => Some(*first_line),
        _ => None,
    })
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

/// The text of inlines without markup (for ids, alt text and titles).
pub fn plain_text(inlines: &[Inline]) -> String {
    let mut s = String::new();
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
    walk(inlines, &mut s);
    s
}

enum Kind {
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
    Row(Vec<Vec<Inline>>),
    /// A table cell.
    Inline,
    Em,
    Strong,
    Del,
    Sup,
    Sub,
    Kbd,
    Link {
        href: String,
        internal: bool,
    },
    Image {
        src: String,
        title: Option<String>,
    },
}

impl Kind {
    fn is_block(&self) -> bool {
        matches!(
            self,
            Kind::Paragraph
                | Kind::Heading { .. }
                | Kind::Quote(_)
                | Kind::Code { .. }
                | Kind::HtmlBlock
                | Kind::List { .. }
                | Kind::FootnoteDef(_)
                | Kind::Table { .. }
        )
    }
}

struct Frame {
    kind: Kind,
    blocks: Vec<Block>,
    inlines: Vec<Inline>,
    /// A soft line break waits to see the next character: none between CJK, else a space.
    pending_space: bool,
}

struct Builder {
    stack: Vec<Frame>,
}

impl Builder {
    fn new() -> Builder {
        Builder {
            stack: vec![Frame { kind: Kind::Root, blocks: Vec::new(), inlines: Vec::new(), pending_space: false }],
        }
    }

    fn top(&mut self) -> &mut Frame {
        self.stack.last_mut().unwrap()
    }

    fn in_link(&self) -> bool {
        self.stack.iter().any(|f| matches!(f.kind, Kind::Link { .. }))
    }

    fn block(&mut self, block: Block) {
        self.top().blocks.push(block);
    }

    fn open_inline(&mut self, kind: Kind) {
        self.stack.push(Frame { kind, blocks: Vec::new(), inlines: Vec::new(), pending_space: false });
    }

    fn inline(&mut self, inline: Inline) {
        let f = self.top();
        if f.pending_space {
            f.pending_space = false;
            push_text(&mut f.inlines, " ");
        }
        f.inlines.push(inline);
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
        if matches!(f.kind, Kind::Item { .. }) && !f.inlines.is_empty() {
            let children = std::mem::take(&mut f.inlines);
            f.pending_space = false;
            f.blocks.push(Block::Paragraph { children });
            if let Kind::List { tight, .. } = &mut self.stack[n - 2].kind {
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
