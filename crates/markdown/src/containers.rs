//! The container pass: finds admonitions, tabs, collapsible sections, component embeds and the
//! blog truncate marker line by line (outside code fences), and leaves the Markdown between them
//! for CommonMark.

use crate::attrs::{self, AttrValue};
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
    pub children: Vec<Node>,
}

enum Frame {
    Root,
    Admonition { kind: AdmonitionKind, title: Option<String>, line: usize },
    Tabs { group_id: Option<String>, line: usize, items: Vec<TabNode> },
    TabItem { value: String, label: String, default: bool, line: usize },
    Details { summary: Option<String>, line: usize },
}

impl Frame {
    fn describe(&self) -> &'static str {
        match self {
            Frame::Root => "document",
            Frame::Admonition { .. } => "`:::` admonition",
            Frame::Tabs { .. } => "`<Tabs>`",
            Frame::TabItem { .. } => "`<TabItem>`",
            Frame::Details { .. } => "`<details>`",
        }
    }
}

struct Level {
    frame: Frame,
    children: Vec<Node>,
    buffer: String,
    buffer_line: usize,
}

impl Level {
    fn new(frame: Frame) -> Level {
        Level { frame, children: Vec::new(), buffer: String::new(), buffer_line: 0 }
    }

    fn flush(&mut self) {
        if !self.buffer.trim().is_empty() {
            self.children.push(Node::Markdown { text: std::mem::take(&mut self.buffer), first_line: self.buffer_line });
        }
        self.buffer.clear();
    }
}

/// Parses `body` (which starts at file line `first_line`). Errors go to `error(line, message)`.
pub fn parse(body: &str, first_line: usize, allow_truncate: bool, error: &mut dyn FnMut(usize, String)) -> Vec<Node> {
    let mut stack = vec![Level::new(Frame::Root)];
    let mut fence: Option<(char, usize)> = None;

    for (i, raw) in body.split('\n').enumerate() {
        let line_no = first_line + i;
        let line = raw.trim_end_matches('\r');
        let t = line.trim();

        // Inside a code fence everything is code, until the closing fence.
        if let Some((c, n)) = fence {
            if t.len() >= n && t.chars().all(|x| x == c) {
                fence = None;
            }
            push_line(stack.last_mut().unwrap(), line, line_no);
            continue;
        }
        if let Some(open) = fence_open(t) {
            fence = Some(open);
            push_line(stack.last_mut().unwrap(), line, line_no);
            continue;
        }

        let depth = stack.len();
        let top = stack.last_mut().unwrap();
        // Between `<Tabs>` and its `<TabItem>`s only blank lines are allowed.
        let in_bare_tabs = matches!(top.frame, Frame::Tabs { .. });

        if let Some(rest) = t.strip_prefix(":::").filter(|r| r.starts_with(|c: char| c.is_ascii_alphabetic())) {
            match parse_admonition(rest) {
                Ok((kind, title)) => open(&mut stack, Frame::Admonition { kind, title, line: line_no }),
                Err(m) => error(line_no, m),
            }
        } else if t.len() >= 3 && t.chars().all(|c| c == ':') {
            close(&mut stack, line_no, |f| matches!(f, Frame::Admonition { .. }), ":::", error);
        } else if let Some(a) = tag(t, "Tabs") {
            match attrs::parse(a) {
                Ok(list) => {
                    let mut group_id = None;
                    for (k, v) in list {
                        match (k.as_str(), v) {
                            ("groupId", AttrValue::Str(s)) => group_id = Some(s),
                            ("queryString" | "lazy" | "className", _) => {}
                            (k, _) => error(line_no, format!("`<Tabs>` has no attribute `{k}` (known: groupId)")),
                        }
                    }
                    open(&mut stack, Frame::Tabs { group_id, line: line_no, items: Vec::new() })
                }
                Err(m) => error(line_no, format!("`<Tabs>`: {m}")),
            }
        } else if t == "</Tabs>" {
            close(&mut stack, line_no, |f| matches!(f, Frame::Tabs { .. }), "</Tabs>", error);
        } else if let Some(a) = tag(t, "TabItem") {
            if !in_bare_tabs {
                error(line_no, "`<TabItem>` must be directly inside `<Tabs>`".into());
                continue;
            }
            match attrs::parse(a) {
                Ok(list) => {
                    let (mut value, mut label, mut default) = (None, None, false);
                    for (k, v) in list {
                        match (k.as_str(), v) {
                            ("value", AttrValue::Str(s)) => value = Some(s),
                            ("label", AttrValue::Str(s)) => label = Some(s),
                            ("default", AttrValue::Bool(b)) => default = b,
                            ("attributes", _) => {}
                            (k, _) => error(
                                line_no,
                                format!("`<TabItem>` has no attribute `{k}` (known: value, label, default)"),
                            ),
                        }
                    }
                    match value {
                        Some(value) => {
                            let label = label.unwrap_or_else(|| value.clone());
                            open(&mut stack, Frame::TabItem { value, label, default, line: line_no })
                        }
                        None => error(line_no, "`<TabItem>` needs a `value` attribute".into()),
                    }
                }
                Err(m) => error(line_no, format!("`<TabItem>`: {m}")),
            }
        } else if t == "</TabItem>" {
            close(&mut stack, line_no, |f| matches!(f, Frame::TabItem { .. }), "</TabItem>", error);
        } else if t == "<details>" || t == "<details open>" {
            open(&mut stack, Frame::Details { summary: None, line: line_no });
        } else if t == "</details>" {
            close(&mut stack, line_no, |f| matches!(f, Frame::Details { .. }), "</details>", error);
        } else if let Some(s) = t.strip_prefix("<summary>").and_then(|s| s.strip_suffix("</summary>")) {
            match &mut top.frame {
                Frame::Details { summary: slot @ None, .. }
                    if top.children.is_empty() && top.buffer.trim().is_empty() =>
                {
                    *slot = Some(s.trim().to_string())
                }
                _ => error(line_no, "`<summary>` must be the first line inside `<details>`".into()),
            }
        } else if is_truncate(t) {
            if !allow_truncate {
                error(line_no, "`<!--truncate-->` only applies to blog posts".into());
            } else if depth > 1 {
                error(line_no, "`<!--truncate-->` must be at the top level, not inside a container".into());
            } else {
                top.flush();
                top.children.push(Node::Truncate);
            }
        } else if let Some((name, a)) = component_tag(t) {
            match component(name, a) {
                Ok(c) => {
                    if in_bare_tabs {
                        error(line_no, "content inside `<Tabs>` must be inside a `<TabItem>`".into());
                    }
                    top.flush();
                    top.children.push(Node::Component(c));
                }
                Err(m) => error(line_no, m),
            }
        } else if in_bare_tabs {
            if !t.is_empty() {
                error(line_no, "content inside `<Tabs>` must be inside a `<TabItem>`".into());
            }
        } else {
            push_line(top, line, line_no);
        }
    }

    while stack.len() > 1 {
        let level = stack.last().unwrap();
        let (what, line) = match &level.frame {
            Frame::Admonition { line, .. } => ("`:::` admonition", *line),
            Frame::Tabs { line, .. } => ("`<Tabs>`", *line),
            Frame::TabItem { line, .. } => ("`<TabItem>`", *line),
            Frame::Details { line, .. } => ("`<details>`", *line),
            Frame::Root => unreachable!(),
        };
        error(line, format!("{what} opened here is never closed"));
        let last = first_line + body.split('\n').count();
        close(&mut stack, last, |_| true, "end of file", &mut |_, _| {});
    }
    if fence.is_some() {
        // CommonMark closes an unclosed fence at the end of the document; say so, since it
        // usually swallows the rest of the page.
        error(first_line + body.split('\n').count() - 1, "a code fence is never closed".into());
    }
    let mut root = stack.pop().unwrap();
    root.flush();
    root.children
}

fn push_line(level: &mut Level, line: &str, line_no: usize) {
    if level.buffer.is_empty() {
        level.buffer_line = line_no;
    }
    level.buffer.push_str(line);
    level.buffer.push('\n');
}

fn open(stack: &mut Vec<Level>, frame: Frame) {
    stack.last_mut().unwrap().flush();
    stack.push(Level::new(frame));
}

/// Closes the innermost frame if `matches` accepts it; otherwise reports the mismatch.
fn close(
    stack: &mut Vec<Level>,
    line_no: usize,
    matches: impl Fn(&Frame) -> bool,
    closer: &str,
    error: &mut dyn FnMut(usize, String),
) {
    if stack.len() == 1 || !matches(&stack.last().unwrap().frame) {
        let inside = stack.last().unwrap().frame.describe();
        error(line_no, format!("`{closer}` does not close anything here (inside {inside})"));
        return;
    }
    let mut level = stack.pop().unwrap();
    level.flush();
    let parent = stack.last_mut().unwrap();
    match level.frame {
        Frame::Admonition { kind, title, line, .. } => {
            parent.children.push(Node::Admonition { kind, title, line, children: level.children })
        }
        Frame::Tabs { group_id, items, line } => {
            if items.is_empty() {
                error(line, "`<Tabs>` has no `<TabItem>`".into());
            }
            parent.children.push(Node::Tabs { group_id, items })
        }
        Frame::TabItem { value, label, default, .. } => {
            if let Frame::Tabs { items, .. } = &mut parent.frame {
                items.push(TabNode { value, label, default, children: level.children });
            }
        }
        Frame::Details { summary, line } => parent.children.push(Node::Details {
            summary: summary.unwrap_or_else(|| "详情".into()),
            line,
            children: level.children,
        }),
        Frame::Root => unreachable!(),
    }
}

fn fence_open(t: &str) -> Option<(char, usize)> {
    let c = t.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let n = t.chars().take_while(|x| *x == c).count();
    (n >= 3 && !(c == '`' && t[n..].contains('`'))).then_some((c, n))
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
fn tag<'a>(t: &'a str, name: &str) -> Option<&'a str> {
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
