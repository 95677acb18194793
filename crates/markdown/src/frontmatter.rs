//! YAML front matter between `---` lines.

use crate::Kind;
use serde::Deserialize;

#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FrontMatter {
    pub title: Option<String>,
    pub description: Option<String>,
    pub sidebar_label: Option<String>,
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(default)]
    pub hide_table_of_contents: bool,
    /// Accepted for Docusaurus compatibility; routes always come from file paths.
    pub id: Option<String>,
    pub slug: Option<String>,
    #[serde(default)]
    pub authors: Vec<String>,
    /// Extra words for search and `<meta name="keywords">`.
    #[serde(default)]
    pub keywords: Vec<String>,
}

/// Splits off and parses the front matter. Returns it, the body, and the body's first line.
pub fn split(text: &str, kind: Kind) -> Result<(FrontMatter, &str, usize), (usize, String)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let Some(rest) = text.strip_prefix("---\n").or_else(|| text.strip_prefix("---\r\n")) else {
        return Err((
            1,
            "missing front matter: the file must start with `---`, a YAML block with at least `title`, and `---`"
                .into(),
        ));
    };
    let mut offset = 0;
    let mut end = None;
    for line in rest.split_inclusive('\n') {
        if line.trim_end() == "---" {
            end = Some((offset, offset + line.len()));
            break;
        }
        offset += line.len();
    }
    let Some((yaml_end, body_start)) = end else {
        return Err((1, "front matter is not closed: no line `---` after the opening one".into()));
    };
    let yaml = &rest[..yaml_end];
    let body = &rest[body_start..];
    let body_line = 2 + rest[..body_start].matches('\n').count();
    let fm: FrontMatter = if yaml.trim().is_empty() {
        FrontMatter::default()
    } else {
        serde_norway::from_str(yaml).map_err(|e| {
            let line = e.location().map_or(2, |l| l.line() + 1);
            let msg = e.to_string();
            // serde_norway appends " at line X column Y"; our line number says it already.
            let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
            (line, format!("front matter: {msg}"))
        })?
    };
    if fm.title.as_deref().is_none_or(|t| t.trim().is_empty()) {
        return Err((2, "front matter: `title` is required".into()));
    }
    if kind != Kind::Doc && fm.sidebar_label.is_some() {
        return Err((2, "front matter: `sidebar_label` only applies to docs".into()));
    }
    if kind != Kind::BlogPost && !fm.authors.is_empty() {
        return Err((2, "front matter: `authors` only applies to blog posts".into()));
    }
    Ok((fm, body, body_line))
}
