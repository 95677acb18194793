//! The container pass: finds admonitions, tabs, collapsible sections, component embeds and the
//! blog truncate marker line by line (outside code fences), and leaves the Markdown between them
//! for CommonMark.

use crate::attrs::{self, AttrValue};
use crate::limits::{MAX_BLOCK_NESTING, SEE};
use site_schema::{AdmonitionKind, Component};

#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    /// Markdown text; `first_line` is the file line of its first line.
    Markdown {
        text: String,
        first_line: usize,
    },
    Admonition {
        kind: AdmonitionKind,
        title: Option<String>,
        line: usize,
        children: Vec<Node>,
    },
    Tabs {
        group_id: Option<String>,
        items: Vec<TabNode>,
    },
    Details {
        summary: String,
        line: usize,
        children: Vec<Node>,
    },
    Component(Component),
    Truncate,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TabNode {
    pub value: String,
    pub label: String,
    pub default: bool,
    pub line: usize,
    pub children: Vec<Node>,
}

/// The container pass's result: the tree and the problems found, by file line.
pub struct Parsed {
    pub nodes: Vec<Node>,
    pub errors: Vec<(usize, String)>,
}

/// A container that is open while the pass reads on.
enum Container {
    Root,
    Admonition { kind: AdmonitionKind, title: Option<String>, line: usize },
    Tabs { group_id: Option<String>, line: usize, items: Vec<TabNode> },
    TabItem { value: String, label: String, default: bool, line: usize },
    Details { summary: Option<String>, line: usize },
}

impl Container {
    fn describe(&self) -> &'static str {
        match self {
            Container::Root => "document",
            Container::Admonition { .. } => "`:::` admonition",
            Container::Tabs { .. } => "`<Tabs>`",
            Container::TabItem { .. } => "`<TabItem>`",
            Container::Details { .. } => "`<details>`",
        }
    }

    fn line(&self) -> usize {
        match self {
            Container::Root => 1,
            Container::Admonition { line, .. }
            | Container::Tabs { line, .. }
            | Container::TabItem { line, .. }
            | Container::Details { line, .. } => *line,
        }
    }
}

/// An open container with what it holds so far: finished children and Markdown lines not yet
/// made a node.
struct Open {
    container: Container,
    children: Vec<Node>,
    buffer: String,
    buffer_line: usize,
}

impl Open {
    fn new(container: Container) -> Open {
        Open { container, children: Vec::new(), buffer: String::new(), buffer_line: 0 }
    }

    fn push_line(&mut self, line: &str, line_no: usize) {
        if self.buffer.is_empty() {
            self.buffer_line = line_no;
        }
        self.buffer.push_str(line);
        self.buffer.push('\n');
    }

    fn flush(&mut self) {
        if !self.buffer.trim().is_empty() {
            self.children.push(Node::Markdown { text: std::mem::take(&mut self.buffer), first_line: self.buffer_line });
        }
        self.buffer.clear();
    }
}

/// An open code fence: its character, its length and the line it opens on.
#[derive(Clone, Copy)]
struct Fence {
    marker: char,
    len: usize,
    line: usize,
}

struct Pass {
    stack: Vec<Open>,
    fence: Option<Fence>,
    allow_truncate: bool,
    errors: Vec<(usize, String)>,
}

/// Parses `body`, which starts at file line `first_line`.
pub fn parse(body: &str, first_line: usize, allow_truncate: bool) -> Parsed {
    let mut pass = Pass { stack: vec![Open::new(Container::Root)], fence: None, allow_truncate, errors: Vec::new() };
    for (i, raw) in body.split('\n').enumerate() {
        if pass.line(raw.trim_end_matches('\r'), first_line + i).is_err() {
            // Nesting past the limit: the rest of the file is not read.
            pass.stack.truncate(1);
            pass.fence = None;
            break;
        }
    }
    pass.finish()
}

/// Nesting past the limit, already reported.
struct TooDeep;

impl Pass {
    fn top(&mut self) -> &mut Open {
        self.stack.last_mut().expect("the root is never popped")
    }

    fn error(&mut self, line: usize, message: impl Into<String>) {
        self.errors.push((line, message.into()));
    }

    /// Between `<Tabs>` and its `<TabItem>`s only blank lines are allowed.
    fn in_bare_tabs(&self) -> bool {
        matches!(self.stack.last().map(|o| &o.container), Some(Container::Tabs { .. }))
    }

    fn line(&mut self, line: &str, n: usize) -> Result<(), TooDeep> {
        let t = line.trim();
        if self.code_fence(t, n) {
            self.top().push_line(line, n);
            return Ok(());
        }
        if let Some(rest) = t.strip_prefix(":::").filter(|r| r.starts_with(|c: char| c.is_ascii_alphabetic())) {
            self.admonition(rest, n)?;
        } else if t.len() >= 3 && t.chars().all(|c| c == ':') {
            self.close(n, ":::", |c| matches!(c, Container::Admonition { .. }));
        } else if let Some(attrs) = opening_tag(t, "Tabs") {
            self.tabs(attrs, n)?;
        } else if let Some(attrs) = opening_tag(t, "TabItem") {
            self.tab_item(attrs, n)?;
        } else if t == "</Tabs>" {
            self.close(n, "</Tabs>", |c| matches!(c, Container::Tabs { .. }));
        } else if t == "</TabItem>" {
            self.close(n, "</TabItem>", |c| matches!(c, Container::TabItem { .. }));
        } else if t == "<details>" || t == "<details open>" {
            self.open(Container::Details { summary: None, line: n })?;
        } else if t == "</details>" {
            self.close(n, "</details>", |c| matches!(c, Container::Details { .. }));
        } else if let Some(s) = t.strip_prefix("<summary>").and_then(|s| s.strip_suffix("</summary>")) {
            self.summary(s, n);
        } else if is_truncate(t) {
            self.truncate(n);
        } else if let Some((name, attrs)) = component_tag(t) {
            self.component(name, attrs, n);
        } else if self.in_bare_tabs() {
            if !t.is_empty() {
                self.error(n, "content inside `<Tabs>` must be inside a `<TabItem>`");
            }
        } else {
            self.top().push_line(line, n);
        }
        Ok(())
    }

    /// Inside a code fence everything is code, up to the closing fence. True when `t` is code.
    fn code_fence(&mut self, t: &str, line: usize) -> bool {
        match self.fence {
            Some(Fence { marker, len, .. }) => {
                if t.len() >= len && t.chars().all(|x| x == marker) {
                    self.fence = None;
                }
                true
            }
            None => {
                self.fence = fence_open(t, line);
                self.fence.is_some()
            }
        }
    }

    fn open(&mut self, container: Container) -> Result<(), TooDeep> {
        let line = container.line();
        if self.in_bare_tabs() && !matches!(container, Container::TabItem { .. }) {
            self.error(line, "content inside `<Tabs>` must be inside a `<TabItem>`");
        }
        // The root and each `<TabItem>` (one level with its `<Tabs>`) do not count.
        let depth =
            self.stack.iter().filter(|o| !matches!(o.container, Container::Root | Container::TabItem { .. })).count();
        if depth >= MAX_BLOCK_NESTING && !matches!(container, Container::TabItem { .. }) {
            let what = container.describe();
            self.error(
                line,
                format!("{what} nested {} deep: containers nest at most {MAX_BLOCK_NESTING} deep ({SEE})", depth + 1),
            );
            return Err(TooDeep);
        }
        self.top().flush();
        self.stack.push(Open::new(container));
        Ok(())
    }

    fn admonition(&mut self, rest: &str, n: usize) -> Result<(), TooDeep> {
        match parse_admonition(rest) {
            Ok((kind, title)) => self.open(Container::Admonition { kind, title, line: n }),
            Err(m) => {
                self.error(n, m);
                Ok(())
            }
        }
    }

    fn tabs(&mut self, attr_text: &str, n: usize) -> Result<(), TooDeep> {
        let list = match attrs::parse(attr_text) {
            Ok(list) => list,
            Err(m) => {
                self.error(n, format!("`<Tabs>`: {m}"));
                return Ok(());
            }
        };
        let mut group_id = None;
        for (k, v) in list {
            match (k.as_str(), v) {
                ("groupId", AttrValue::Str(s)) => group_id = Some(s),
                ("queryString" | "lazy" | "className", _) => {}
                (k, _) => self.error(n, format!("`<Tabs>` has no attribute `{k}` (known: groupId)")),
            }
        }
        self.open(Container::Tabs { group_id, line: n, items: Vec::new() })
    }

    fn tab_item(&mut self, attr_text: &str, n: usize) -> Result<(), TooDeep> {
        if !self.in_bare_tabs() {
            self.error(n, "`<TabItem>` must be directly inside `<Tabs>`");
            return Ok(());
        }
        let list = match attrs::parse(attr_text) {
            Ok(list) => list,
            Err(m) => {
                self.error(n, format!("`<TabItem>`: {m}"));
                return Ok(());
            }
        };
        let (mut value, mut label, mut default) = (None, None, false);
        for (k, v) in list {
            match (k.as_str(), v) {
                ("value", AttrValue::Str(s)) => value = Some(s),
                ("label", AttrValue::Str(s)) => label = Some(s),
                ("default", AttrValue::Bool(b)) => default = b,
                ("attributes", _) => {}
                (k, _) => self.error(n, format!("`<TabItem>` has no attribute `{k}` (known: value, label, default)")),
            }
        }
        match value {
            Some(value) => {
                let label = label.unwrap_or_else(|| value.clone());
                self.open(Container::TabItem { value, label, default, line: n })
            }
            None => {
                self.error(n, "`<TabItem>` needs a `value` attribute");
                Ok(())
            }
        }
    }

    fn summary(&mut self, text: &str, n: usize) {
        let top = self.top();
        match &mut top.container {
            Container::Details { summary: slot @ None, .. }
                if top.children.is_empty() && top.buffer.trim().is_empty() =>
            {
                *slot = Some(text.trim().to_string())
            }
            _ => self.error(n, "`<summary>` must be the first line inside `<details>`"),
        }
    }

    fn truncate(&mut self, n: usize) {
        if !self.allow_truncate {
            self.error(n, "`<!--truncate-->` only applies to blog posts");
        } else if self.stack.len() > 1 {
            self.error(n, "`<!--truncate-->` must be at the top level, not inside a container");
        } else {
            let top = self.top();
            top.flush();
            top.children.push(Node::Truncate);
        }
    }

    fn component(&mut self, name: &str, attr_text: &str, n: usize) {
        match component(name, attr_text) {
            Ok(c) => {
                if self.in_bare_tabs() {
                    self.error(n, "content inside `<Tabs>` must be inside a `<TabItem>`");
                }
                let top = self.top();
                top.flush();
                top.children.push(Node::Component(c));
            }
            Err(m) => self.error(n, m),
        }
    }

    /// Closes the innermost container if `matches` accepts it; otherwise reports the mismatch.
    fn close(&mut self, n: usize, closer: &str, matches: impl Fn(&Container) -> bool) {
        if self.stack.len() == 1 || !matches(&self.top().container) {
            let inside = self.top().container.describe();
            self.error(n, format!("`{closer}` does not close anything here (inside {inside})"));
            return;
        }
        self.pop();
    }

    /// Makes the innermost container a node of its parent.
    fn pop(&mut self) {
        let mut open = self.stack.pop().expect("never the root");
        open.flush();
        let children = open.children;
        let node = match open.container {
            Container::Admonition { kind, title, line } => Node::Admonition { kind, title, line, children },
            Container::Tabs { group_id, items, line } => {
                if items.is_empty() {
                    self.error(line, "`<Tabs>` has no `<TabItem>`");
                }
                Node::Tabs { group_id, items }
            }
            Container::TabItem { value, label, default, line } => {
                if let Container::Tabs { items, .. } = &mut self.top().container {
                    items.push(TabNode { value, label, default, line, children });
                }
                return;
            }
            Container::Details { summary, line } => {
                Node::Details { summary: summary.unwrap_or_default(), line, children }
            }
            Container::Root => unreachable!("the root is never popped"),
        };
        self.top().children.push(node);
    }

    fn finish(mut self) -> Parsed {
        while self.stack.len() > 1 {
            let open = &self.stack[self.stack.len() - 1].container;
            let (what, line) = (open.describe(), open.line());
            self.error(line, format!("{what} opened here is never closed"));
            self.pop();
        }
        if let Some(fence) = self.fence {
            // CommonMark closes an unclosed fence at the end of the document; say so, since it
            // usually swallows the rest of the page.
            self.error(fence.line, "a code fence opened here is never closed");
        }
        let mut root = self.stack.pop().expect("the root");
        root.flush();
        Parsed { nodes: root.children, errors: self.errors }
    }
}

fn fence_open(t: &str, line: usize) -> Option<Fence> {
    let marker = t.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let len = t.chars().take_while(|x| *x == marker).count();
    (len >= 3 && !(marker == '`' && t[len..].contains('`'))).then_some(Fence { marker, len, line })
}

fn parse_admonition(rest: &str) -> Result<(AdmonitionKind, Option<String>), String> {
    let name_len = rest.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(rest.len());
    let kind = match &rest[..name_len] {
        "note" => AdmonitionKind::Note,
        "tip" => AdmonitionKind::Tip,
        "info" => AdmonitionKind::Info,
        "caution" | "warning" => AdmonitionKind::Caution,
        "danger" => AdmonitionKind::Danger,
        other => return Err(format!("unknown admonition `:::{other}` (known: note, tip, info, caution, danger)")),
    };
    let rest = rest[name_len..].trim();
    let title = if let Some(inner) = rest.strip_prefix('[') {
        Some(inner.strip_suffix(']').ok_or("admonition title `[…` is missing its `]`")?.trim().to_string())
    } else if rest.is_empty() {
        None
    } else {
        Some(rest.to_string())
    };
    Ok((kind, title.filter(|t| !t.is_empty())))
}

/// `<Name attrs>` (an opening tag on its own line): returns the attribute text.
fn opening_tag<'a>(t: &'a str, name: &str) -> Option<&'a str> {
    let rest = t.strip_prefix('<')?.strip_prefix(name)?;
    if !(rest.starts_with('>') || rest.starts_with(char::is_whitespace)) {
        return None;
    }
    let inner = rest.strip_suffix('>')?;
    (!inner.ends_with('/')).then_some(inner)
}

fn is_truncate(t: &str) -> bool {
    t.strip_prefix("<!--").and_then(|r| r.strip_suffix("-->")).is_some_and(|r| r.trim() == "truncate")
}

/// `<Name … />` with a capitalised name, alone on its line.
fn component_tag(t: &str) -> Option<(&str, &str)> {
    let rest = t.strip_prefix('<')?;
    if !rest.starts_with(|c: char| c.is_ascii_uppercase()) {
        return None;
    }
    let inner = rest.strip_suffix("/>")?;
    let name_len = inner.find(|c: char| !c.is_ascii_alphanumeric()).unwrap_or(inner.len());
    Some((&inner[..name_len], &inner[name_len..]))
}

fn component(name: &str, attr_text: &str) -> Result<Component, String> {
    let attrs = attrs::parse(attr_text).map_err(|m| format!("`<{name}>`: {m}"))?;
    let mut obj = serde_json::Map::new();
    obj.insert("name".into(), name.into());
    for (k, v) in attrs {
        let v = match v {
            AttrValue::Str(s) => serde_json::Value::String(s),
            AttrValue::Bool(b) => serde_json::Value::Bool(b),
        };
        obj.insert(k, v);
    }
    serde_json::from_value(serde_json::Value::Object(obj)).map_err(|e| {
        let m = e.to_string();
        if m.starts_with(&format!("unknown variant `{name}`")) {
            let known = m.split("expected one of ").nth(1).unwrap_or("").to_string();
            format!("unknown component `<{name} />` (registered: {known})")
        } else {
            format!("component `<{name} />`: {m}")
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(body: &str) -> Vec<(usize, String)> {
        parse(body, 1, false).errors
    }

    #[test]
    fn nesting_stops_at_the_limit() {
        let at_limit = ":::note\n".repeat(MAX_BLOCK_NESTING) + &":::\n".repeat(MAX_BLOCK_NESTING);
        assert_eq!(errors(&at_limit), vec![]);
        let past = ":::note\n".repeat(MAX_BLOCK_NESTING + 1) + "x\n" + &":::\n".repeat(MAX_BLOCK_NESTING + 1);
        let e = errors(&past);
        assert_eq!(e.len(), 1, "{e:?}");
        assert_eq!(e[0].0, MAX_BLOCK_NESTING + 1);
        assert!(e[0].1.contains("nested 17 deep"), "{e:?}");
    }

    #[test]
    fn tabs_count_once_with_their_items() {
        let level = "<Tabs>\n<TabItem value=\"a\">\n";
        let end = "</TabItem>\n</Tabs>\n";
        let body = level.repeat(MAX_BLOCK_NESTING) + &end.repeat(MAX_BLOCK_NESTING);
        assert_eq!(errors(&body), vec![]);
        assert_eq!(errors(&(level.repeat(MAX_BLOCK_NESTING + 1) + &end.repeat(MAX_BLOCK_NESTING + 1))).len(), 1);
    }

    #[test]
    fn hundred_thousand_openers_end_quickly() {
        let body = "<details>\n".repeat(100_000);
        let start = std::time::Instant::now();
        let e = errors(&body);
        assert_eq!(e.len(), 1);
        assert!(start.elapsed().as_secs() < 1);
    }

    #[test]
    fn containers_directly_in_tabs_are_errors() {
        let e = errors("<Tabs>\n:::note\nx\n:::\n<TabItem value=\"a\">\n</TabItem>\n</Tabs>");
        assert_eq!(e[0], (2, "content inside `<Tabs>` must be inside a `<TabItem>`".into()));
    }

    #[test]
    fn unclosed_containers_name_their_opening_line() {
        let e = errors("text\n\n:::note\n<details>\nnever closed");
        assert_eq!(e.len(), 2);
        assert!(e.contains(&(3, "`:::` admonition opened here is never closed".into())), "{e:?}");
        assert!(e.contains(&(4, "`<details>` opened here is never closed".into())), "{e:?}");
        assert_eq!(errors("```js\nx"), vec![(1, "a code fence opened here is never closed".into())]);
    }

    #[test]
    fn fences_hide_containers() {
        let p = parse("````md\n:::note\n<Tabs>\n````\n", 1, false);
        assert!(p.errors.is_empty());
        assert!(matches!(&p.nodes[..], [Node::Markdown { .. }]));
    }
}
