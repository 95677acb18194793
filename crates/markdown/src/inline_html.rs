//! A small HTML subset for configuration strings (the announcement bar): text, `<a href>`,
//! `<b>`/`<strong>`, `<i>`/`<em>`, `<code>` and the five basic entities. Anything else is an
//! error, so the front end never needs to inject raw HTML.

use crate::limits::MAX_INLINE_NESTING;
use site_schema::{Inline, InlineNode};

pub fn parse(html: &str) -> Result<Vec<Inline>, String> {
    // Each open element: its tag name, href for links, and its children so far.
    let mut stack: Vec<(String, Option<String>, Vec<Inline>)> = vec![(String::new(), None, Vec::new())];
    let mut rest = html;
    while !rest.is_empty() {
        let Some(lt) = rest.find('<') else {
            push_text(&mut stack.last_mut().unwrap().2, &decode(rest)?);
            break;
        };
        push_text(&mut stack.last_mut().unwrap().2, &decode(&rest[..lt])?);
        let gt = rest[lt..].find('>').ok_or("`<` without a closing `>`")? + lt;
        let tag = rest[lt + 1..gt].trim();
        rest = &rest[gt + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let name = name.trim().to_ascii_lowercase();
            let (open, href, children) =
                stack.pop().filter(|_| !stack.is_empty()).ok_or(format!("`</{name}>` closes nothing"))?;
            if open != name || stack.is_empty() {
                return Err(format!("`</{name}>` does not match `<{open}>`"));
            }
            let node = match name.as_str() {
                "a" => InlineNode::Link { href: href.unwrap_or_default(), internal: false, children },
                "b" | "strong" => InlineNode::Strong { children },
                "i" | "em" => InlineNode::Em { children },
                "code" => InlineNode::Code { text: plain(&children) },
                _ => unreachable!(),
            };
            stack.last_mut().unwrap().2.push(Inline::Node(node));
            continue;
        }
        let (name, attrs) = tag.split_once(char::is_whitespace).unwrap_or((tag, ""));
        let name = name.to_ascii_lowercase();
        // The root is not an element; the page renders the rest recursively.
        if stack.len() > MAX_INLINE_NESTING {
            return Err(format!("`<{name}>`: tags nest at most {MAX_INLINE_NESTING} deep"));
        }
        match name.as_str() {
            "a" => {
                let href = attr(attrs, "href").ok_or("`<a>` needs an `href`")?;
                stack.push((name, Some(href), Vec::new()));
            }
            "b" | "strong" | "i" | "em" | "code" => stack.push((name, None, Vec::new())),
            other => return Err(format!("`<{other}>` is not allowed here (allowed: a, b, strong, i, em, code)")),
        }
    }
    if stack.len() != 1 {
        return Err(format!("`<{}>` is never closed", stack.last().unwrap().0));
    }
    let mut out = stack.pop().unwrap().2;
    // Links to site paths are internal, so the front end adds the base URL.
    mark_internal(&mut out);
    Ok(out)
}

fn mark_internal(v: &mut [Inline]) {
    for i in v {
        if let Inline::Node(n) = i {
            match n {
                InlineNode::Link { href, internal, children } => {
                    *internal = href.starts_with('/');
                    mark_internal(children);
                }
                InlineNode::Strong { children } | InlineNode::Em { children } => mark_internal(children),
                _ => {}
            }
        }
    }
}

fn attr(attrs: &str, name: &str) -> Option<String> {
    let i = attrs.find(&format!("{name}="))?;
    let v = &attrs[i + name.len() + 1..];
    let q = v.chars().next().filter(|c| *c == '"' || *c == '\'')?;
    let end = v[1..].find(q)? + 1;
    decode(&v[1..end]).ok()
}

fn decode(s: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let semi = rest[amp..].find(';').ok_or("`&` must start an entity such as `&amp;`")? + amp;
        out.push(match &rest[amp + 1..semi] {
            "amp" => '&',
            "lt" => '<',
            "gt" => '>',
            "quot" => '"',
            "#39" | "apos" => '\'',
            e => return Err(format!("unknown entity `&{e};`")),
        });
        rest = &rest[semi + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

fn push_text(v: &mut Vec<Inline>, t: &str) {
    if t.is_empty() {
        return;
    }
    match v.last_mut() {
        Some(Inline::Text(s)) => s.push_str(t),
        _ => v.push(Inline::Text(t.to_string())),
    }
}

fn plain(v: &[Inline]) -> String {
    v.iter()
        .map(|i| match i {
            Inline::Text(t) => t.clone(),
            Inline::Node(_) => String::new(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn announcement_with_link() {
        let v = parse(r#"停止开发，迁移到 <a href="https://jotai.org" target="_blank">Jotai</a> &amp; <b>更多</b>。"#)
            .unwrap();
        assert_eq!(v[0], Inline::Text("停止开发，迁移到 ".into()));
        assert_eq!(
            v[1],
            Inline::Node(InlineNode::Link {
                href: "https://jotai.org".into(),
                internal: false,
                children: vec![Inline::Text("Jotai".into())]
            })
        );
        assert_eq!(v[2], Inline::Text(" & ".into()));
        assert!(matches!(&v[3], Inline::Node(InlineNode::Strong { .. })));
    }

    #[test]
    fn rejects_other_markup() {
        assert!(parse("<script>x</script>").is_err());
        assert!(parse("<a>x</a>").is_err());
        assert!(parse("<b>x").is_err());
        assert!(parse("x</b>").is_err());
        assert!(parse("<b>x</i>").is_err());
        assert!(parse("a & b").is_err());
        assert!(parse(r#"<img src=x onerror=alert(1)>"#).is_err());
    }

    #[test]
    fn nesting_is_bounded() {
        let at_limit = "<b>".repeat(MAX_INLINE_NESTING) + "x" + &"</b>".repeat(MAX_INLINE_NESTING);
        assert!(parse(&at_limit).is_ok());
        let deep = "<b>".repeat(100_000) + "x" + &"</b>".repeat(100_000);
        assert!(parse(&deep).unwrap_err().contains("nest at most 16 deep"));
    }

    #[test]
    fn internal_links() {
        let v = parse(r#"<a href="/docs/x">x</a>"#).unwrap();
        assert!(matches!(&v[0], Inline::Node(InlineNode::Link { internal: true, .. })));
    }
}
