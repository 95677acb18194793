//! Inline nodes as Markdown: emphasis, code, links, images, breaks, footnote references.
//! `<kbd>`, `<sup>` and `<sub>` stay the HTML tags GFM passes through, as the source wrote them.

use crate::printer::{Context, Printer, is_punctuation, repeated};
use crate::urls;
use site_schema::{Inline, InlineNode};

pub(crate) fn inlines(p: &mut Printer, inlines: &[Inline], cx: Context) {
    for (i, inline) in inlines.iter().enumerate() {
        match inline {
            Inline::Text(t) => p.text(t, cx),
            Inline::Node(n) => node(p, n, inlines.get(i + 1), cx),
        }
    }
}

fn node(p: &mut Printer, node: &InlineNode, after: Option<&Inline>, cx: Context) {
    match node {
        InlineNode::Code { text } => code(p, text, cx),
        InlineNode::Em { children } => delimited(p, "*", "em", children, after, cx),
        InlineNode::Strong { children } => delimited(p, "**", "strong", children, after, cx),
        InlineNode::Del { children } => delimited(p, "~~", "del", children, after, cx),
        InlineNode::Link { href, internal, children } => link(p, href, *internal, children, cx),
        InlineNode::Image { src, alt, title } => image(p, src, alt, title.as_deref(), cx),
        InlineNode::Break => line_break(p, cx),
        InlineNode::Kbd { children } => tagged(p, "kbd", children, cx),
        InlineNode::Sup { children } => tagged(p, "sup", children, cx),
        InlineNode::Sub { children } => tagged(p, "sub", children, cx),
        InlineNode::FootnoteRef { number, .. } => {
            p.raw("[^");
            p.number(*number as usize);
            p.raw("]");
        }
    }
}

/// Bold text standing for a label the tree holds (an admonition's title, a summary), with
/// `suffix` (punctuation) inside; `after` is the character that will follow.
pub(crate) fn strong(p: &mut Printer, children: &[Inline], suffix: &str, after: Option<char>) {
    let edges = Edges {
        first: children.first().and_then(first_char).or(suffix.chars().next()),
        last: suffix.chars().next_back().or(children.last().and_then(last_char)),
        after,
        breaks: breaks_at_edges(children),
    };
    wrap(p, "**", "strong", edges, |p| {
        inlines(p, children, Context::Paragraph);
        p.text(suffix, Context::Paragraph);
    });
}

/// [`strong`] for a plain-text label (a tab's, an admonition kind's name).
pub(crate) fn strong_text(p: &mut Printer, text: &str, suffix: &str, after: Option<char>) {
    let edges = Edges {
        first: text.chars().next().or(suffix.chars().next()),
        last: suffix.chars().next_back().or(text.chars().next_back()),
        after,
        breaks: false,
    };
    wrap(p, "**", "strong", edges, |p| {
        p.text(text, Context::Paragraph);
        p.text(suffix, Context::Paragraph);
    });
}

fn delimited(p: &mut Printer, delim: &str, tag: &str, children: &[Inline], after: Option<&Inline>, cx: Context) {
    if children.is_empty() {
        return;
    }
    let edges = Edges {
        first: first_char(&children[0]),
        last: last_char(&children[children.len() - 1]),
        after: after.and_then(first_char),
        breaks: breaks_at_edges(children),
    };
    wrap(p, delim, tag, edges, |p| inlines(p, children, cx));
}

/// The characters around the delimiters of an emphasised run.
struct Edges {
    /// The first and last characters inside.
    first: Option<char>,
    last: Option<char>,
    /// The character after the closing delimiter.
    after: Option<char>,
    /// A line break first or last inside: a delimiter would start or end a line.
    breaks: bool,
}

/// Emphasis, strong and strikethrough with `*`, `**`, `~~` where CommonMark reads the delimiters
/// as such (their flanking rules: `**“引号”**` inside a Chinese sentence opens nothing), else
/// with the HTML tag.
fn wrap(p: &mut Printer, delim: &str, tag: &str, edges: Edges, body: impl FnOnce(&mut Printer)) {
    if !edges.breaks && can_open(p.last_char(), edges.first) && can_close(edges.last, edges.after) {
        p.raw(delim);
        body(p);
        p.raw(delim);
    } else {
        open_tag(p, tag);
        body(p);
        close_tag(p, tag);
    }
}

fn breaks_at_edges(children: &[Inline]) -> bool {
    [children.first(), children.last()].iter().any(|c| matches!(c, Some(Inline::Node(InlineNode::Break))))
}

/// A left-flanking delimiter run: `before` the delimiter, `first` after it.
fn can_open(before: Option<char>, first: Option<char>) -> bool {
    let Some(first) = first else { return false };
    !first.is_whitespace() && (!is_punctuation(first) || before.is_none_or(|b| b.is_whitespace() || is_punctuation(b)))
}

/// A right-flanking delimiter run: `last` before the delimiter, `after` it.
fn can_close(last: Option<char>, after: Option<char>) -> bool {
    let Some(last) = last else { return false };
    !last.is_whitespace() && (!is_punctuation(last) || after.is_none_or(|a| a.is_whitespace() || is_punctuation(a)))
}

/// The first character an inline prints: every node starts with punctuation (`` ` ``, `*`,
/// `[`, `<`, `!`, `\`).
fn first_char(inline: &Inline) -> Option<char> {
    match inline {
        Inline::Text(t) => t.chars().next(),
        Inline::Node(_) => Some('*'),
    }
}

fn last_char(inline: &Inline) -> Option<char> {
    match inline {
        Inline::Text(t) => t.chars().next_back(),
        Inline::Node(_) => Some('*'),
    }
}

fn tagged(p: &mut Printer, tag: &str, children: &[Inline], cx: Context) {
    open_tag(p, tag);
    inlines(p, children, cx);
    close_tag(p, tag);
}

fn open_tag(p: &mut Printer, tag: &str) {
    p.raw("<");
    p.raw(tag);
    p.raw(">");
}

fn close_tag(p: &mut Printer, tag: &str) {
    p.raw("</");
    p.raw(tag);
    p.raw(">");
}

/// A code span fenced by one more backtick than the longest run inside it.
fn code(p: &mut Printer, text: &str, cx: Context) {
    if text.is_empty() {
        return;
    }
    let fence = repeated('`', longest_run(text, '`') + 1);
    let pad = text.starts_with('`')
        || text.ends_with('`')
        || (text.starts_with(' ') && text.ends_with(' ') && !text.trim().is_empty());
    p.raw(&fence);
    if pad {
        p.raw(" ");
    }
    if cx == Context::TableCell && text.contains('|') {
        // GFM splits table cells at `|` even inside code spans.
        p.raw(&text.replace('|', "\\|"));
    } else {
        p.raw(text);
    }
    if pad {
        p.raw(" ");
    }
    p.raw(&fence);
}

/// The longest run of `c` in `text`.
pub(crate) fn longest_run(text: &str, c: char) -> usize {
    let (mut longest, mut run) = (0, 0);
    for ch in text.chars() {
        run = if ch == c { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    longest
}

pub(crate) fn link(p: &mut Printer, href: &str, internal: bool, children: &[Inline], cx: Context) {
    let target = urls::link_target(p.root, p.route, href, internal);
    if let [Inline::Text(text)] = children
        && urls::is_joined(text, &target)
        && (text.starts_with("https://") || text.starts_with("http://"))
        && !text.contains([' ', '<', '>'])
    {
        p.raw("<");
        p.raw(text);
        p.raw(">");
        return;
    }
    p.raw("[");
    if children.is_empty() {
        target.iter().for_each(|part| p.text(part, cx));
    } else {
        inlines(p, children, cx);
    }
    p.raw("](");
    destination(p, &target);
    p.raw(")");
}

fn destination(p: &mut Printer, target: &[&str; 3]) {
    for part in target {
        p.raw(&urls::destination(part, false));
    }
}

fn image(p: &mut Printer, src: &str, alt: &str, title: Option<&str>, cx: Context) {
    let target = urls::link_target(p.root, p.route, src, src.starts_with('/'));
    p.raw("![");
    p.text(alt, cx);
    p.raw("](");
    destination(p, &target);
    if let Some(title) = title {
        p.raw(" \"");
        p.raw(&title.replace('\\', "\\\\").replace('"', "\\\""));
        p.raw("\"");
    }
    p.raw(")");
}

/// A hard break: `\` at the end of the line; a space in a heading, `<br>` in a table cell,
/// where a line cannot end.
fn line_break(p: &mut Printer, cx: Context) {
    match cx {
        Context::Paragraph => {
            p.raw("\\");
            p.newline();
        }
        Context::Heading => p.raw(" "),
        Context::TableCell => p.raw("<br>"),
    }
}

#[cfg(test)]
mod tests {
    use crate::tests::{assert_round_trip, node, para, print, text};
    use site_schema::{Inline, InlineNode::*};

    #[test]
    fn every_inline_kind_reads_back_as_itself() {
        let md = assert_round_trip(vec![para(vec![
            text("普通"),
            node(Code { text: "a`b".into() }),
            text("和"),
            node(Em { children: vec![text("强调")] }),
            text("、"),
            node(Strong { children: vec![text("粗体 "), node(Code { text: "x".into() })] }),
            text("、"),
            node(Del { children: vec![text("删除")] }),
            text(" "),
            node(Link { href: "https://react.dev/".into(), internal: false, children: vec![text("React [文档]")] }),
            node(Image { src: "https://x.org/a.png".into(), alt: "图 [1]".into(), title: Some("标 \"题\"".into()) }),
            node(Break),
            text("下一行 "),
            node(Kbd { children: vec![text("Ctrl")] }),
            text(" + x"),
            node(Sup { children: vec![text("2")] }),
            node(Sub { children: vec![text("i")] }),
        ])]);
        assert_eq!(
            md,
            "普通``a`b``和*强调*、**粗体 `x`**、~~删除~~ [React \\[文档\\]](https://react.dev/)![图 \\[1\\]](https://x.org/a.png \"标 \\\"题\\\"\")\\\n下一行 <kbd>Ctrl</kbd> + x<sup>2</sup><sub>i</sub>"
        );
    }

    /// `**` before a quotation mark that follows a Han character opens nothing in CommonMark:
    /// such runs print as HTML tags.
    #[test]
    fn delimiters_that_would_not_open_become_tags() {
        let md = assert_round_trip(vec![para(vec![
            text("这是"),
            node(Strong { children: vec![text("“引号”")] }),
            text("内容，"),
            node(Em { children: vec![text("中文")] }),
            text("文字"),
        ])]);
        assert_eq!(md, "这是<strong>“引号”</strong>内容，*中文*文字");
    }

    #[test]
    fn text_that_looks_like_markdown_stays_text() {
        let tricky = [
            "*不是强调* _也不是_ [不是链接](x) `不是代码` <b>不是标签</b> &amp; ~不是删除~ \\ | a_b",
            "# 不是标题",
            "- 不是列表",
            "+ 不是列表",
            "12. 不是列表",
            "> 不是引用",
            "=== 不是标题下划线",
            "<!-- 不是注释 -->",
        ];
        assert_round_trip(tricky.iter().map(|t| para(vec![text(t)])).collect());
        let after_break = vec![text("一"), node(Break), text("- 不是列表"), node(Break), text("# 也不是标题")];
        assert_round_trip(vec![para(after_break)]);
    }

    #[test]
    fn internal_links_are_absolute() {
        let link = |href: &str, children: Vec<Inline>| node(Link { href: href.into(), internal: true, children });
        let md = print(&[para(vec![
            link("/docs/b#参数", vec![text("参数")]),
            text("、"),
            link("#本页", vec![text("本页")]),
            text("、"),
            link("/img/a.svg", vec![]),
        ])]);
        assert_eq!(
            md,
            "[参数](https://example.com/docs/b#参数)、[本页](https://example.com/docs/a#本页)、[https://example.com/img/a.svg](https://example.com/img/a.svg)"
        );
    }

    #[test]
    fn a_bare_url_stays_an_autolink() {
        let url = "https://recoiljs.org";
        let md = print(&[para(vec![node(Link { href: url.into(), internal: false, children: vec![text(url)] })])]);
        assert_eq!(md, "<https://recoiljs.org>");
    }

    #[test]
    fn code_spans_keep_backticks_and_spaces() {
        let md = assert_round_trip(vec![para(vec![
            node(Code { text: "```jsx fragment```".into() }),
            text(" "),
            node(Code { text: " a ".into() }),
            text(" "),
            node(Code { text: "`".into() }),
        ])]);
        assert_eq!(md, "```` ```jsx fragment``` ```` `  a  ` `` ` ``");
    }
}
