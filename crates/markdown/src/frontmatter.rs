//! YAML front matter between `---` lines, read with serde-saphyr (a panic-free YAML
//! deserializer with budgets against alias bombs).

use crate::SourceKind;
use crate::limits::{MAX_YAML_ALIASES, MAX_YAML_DEPTH, SEE};
use serde::Deserialize;
use serde_saphyr::Spanned;
use serde_saphyr::budget::BudgetBreach;

/// The fields a content file may set; see content/README.md.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize, serde::Deserialize)]
pub struct FrontMatter {
    pub title: Option<String>,
    pub description: Option<String>,
    pub sidebar_label: Option<String>,
    pub tags: Vec<String>,
    pub hide_table_of_contents: bool,
    /// Accepted for Docusaurus compatibility; routes always come from file paths.
    pub id: Option<String>,
    pub slug: Option<String>,
    pub authors: Vec<String>,
    /// Extra words for search and `<meta name="keywords">`.
    pub keywords: Vec<String>,
}

/// The YAML as written, with the lines of the values that are checked after parsing.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Written {
    title: Option<String>,
    description: Option<String>,
    sidebar_label: Option<Spanned<String>>,
    #[serde(default)]
    tags: Vec<Spanned<Option<String>>>,
    #[serde(default)]
    hide_table_of_contents: bool,
    id: Option<String>,
    slug: Option<String>,
    #[serde(default)]
    authors: Vec<Spanned<String>>,
    #[serde(default)]
    keywords: Vec<String>,
}

/// A file split at its front matter.
#[derive(Debug)]
pub struct Split<'a> {
    pub yaml: &'a str,
    pub body: &'a str,
    /// File line of the body's first line.
    pub body_line: usize,
}

/// Finds the front matter. An error here is fatal: without it there is no body either.
pub fn split(text: &str) -> Result<Split<'_>, (usize, String)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let Some(rest) = text.strip_prefix("---\n").or_else(|| text.strip_prefix("---\r\n")) else {
        return Err((
            1,
            "missing front matter: the file must start with `---`, a YAML block with `title` and \
             `description`, and `---`"
                .into(),
        ));
    };
    let mut offset = 0;
    for line in rest.split_inclusive('\n') {
        if line.trim_end() == "---" {
            let body_start = offset + line.len();
            let body_line = 2 + rest[..body_start].matches('\n').count();
            return Ok(Split { yaml: &rest[..offset], body: &rest[body_start..], body_line });
        }
        offset += line.len();
    }
    Err((1, "front matter is not closed: no line `---` after the opening one".into()))
}

/// Parses and checks the YAML (which starts on file line 2). Returns every problem found.
pub fn parse(yaml: &str, kind: SourceKind) -> Result<FrontMatter, Vec<(usize, String)>> {
    if let Some(line) = tab_indented_line(yaml) {
        let message = "front matter: this line is indented with a tab; YAML indentation must use spaces";
        return Err(vec![(line, message.into())]);
    }
    let written: Written = if yaml.trim().is_empty() {
        empty()
    } else {
        serde_saphyr::from_str_with_options(yaml, options()).map_err(|e| vec![yaml_error(yaml, &e)])?
    };
    check(written, kind)
}

fn empty() -> Written {
    Written {
        title: None,
        description: None,
        sidebar_label: None,
        tags: Vec::new(),
        hide_table_of_contents: false,
        id: None,
        slug: None,
        authors: Vec::new(),
        keywords: Vec::new(),
    }
}

fn options() -> serde_saphyr::Options {
    serde_saphyr::options! {
        // `yes`/`on` are strings, as in YAML 1.2: `hide_table_of_contents: yes` is an error.
        strict_booleans: true,
        budget: serde_saphyr::budget! {
            max_aliases: MAX_YAML_ALIASES,
            max_depth: MAX_YAML_DEPTH,
        },
    }
}

/// File line of the first YAML line whose indentation holds a tab.
fn tab_indented_line(yaml: &str) -> Option<usize> {
    let index = yaml.lines().position(|l| {
        let indent = &l[..l.len() - l.trim_start().len()];
        indent.contains('\t') && !l.trim().is_empty()
    })?;
    Some(index + 2)
}

/// A YAML error as `(file line, message)`, with a hint where one helps.
fn yaml_error(yaml: &str, e: &serde_saphyr::Error) -> (usize, String) {
    let e = e.without_snippet();
    let yaml_line = e.location().map_or(1, |l| (l.line() as usize).max(1));
    let line = yaml_line + 1;
    if let serde_saphyr::Error::Budget { breach, .. } = e {
        return (line, budget_message(breach));
    }
    let message = e.to_string();
    // The message ends with "at line X, column Y"; our file line says it already.
    let message = message.rsplit_once(" at line ").map_or(message.as_str(), |(m, _)| m);
    let message = match message {
        m if m.starts_with("duplicate mapping key") => {
            let key = m.split(", set ").next().unwrap_or(m).trim_start_matches("duplicate mapping key: ");
            format!("`{key}` is set twice")
        }
        m if m.starts_with("cannot deserialize null") => "a value is missing after `:` or `- `".into(),
        m => m.to_string(),
    };
    // Only a syntax error can come from a value that needed quotes.
    let syntax = ["not allowed", "cannot start", "while scanning", "did not find"].iter().any(|s| message.contains(s));
    let hint = yaml.lines().nth(yaml_line - 1).filter(|_| syntax).and_then(quoting_hint);
    match hint {
        Some(hint) => (line, format!("front matter: {message}; {hint}")),
        None => (line, format!("front matter: {message}")),
    }
}

fn budget_message(breach: &BudgetBreach) -> String {
    match breach {
        BudgetBreach::Aliases { .. } => format!(
            "front matter uses more than {MAX_YAML_ALIASES} YAML aliases (`*name`); write the values out ({SEE})"
        ),
        BudgetBreach::Depth { .. } => {
            format!("front matter nests YAML lists or maps more than {MAX_YAML_DEPTH} deep ({SEE})")
        }
        other => format!("front matter is too large for YAML to read safely ({other:?}; {SEE})"),
    }
}

/// `description: 用法: x` → write `description: "用法: x"`: a plain YAML value may not hold
/// `: ` (or start with a character YAML reserves).
fn quoting_hint(line: &str) -> Option<String> {
    let (key, value) = line.split_once(": ")?;
    let value = value.trim();
    let key = key.trim_end();
    let plain = !value.is_empty() && !value.starts_with(['"', '\'', '[', '{', '|', '>']);
    let risky = value.contains(": ") || value.contains(" #") || value.starts_with(['@', '`', '%', '*', '&', '!']);
    if key.contains(char::is_whitespace) || !plain || !risky {
        return None;
    }
    let quoted = if value.contains('"') {
        format!("'{}'", value.replace('\'', "''"))
    } else {
        format!("\"{}\"", value.replace('\\', "\\\\"))
    };
    Some(format!("a value containing `: ` or starting with a YAML symbol must be quoted: write `{key}: {quoted}`"))
}

/// The rules serde cannot express: required fields, non-empty tags, per-kind fields.
fn check(w: Written, kind: SourceKind) -> Result<FrontMatter, Vec<(usize, String)>> {
    let mut errors = Vec::new();
    let blank = |s: &Option<String>| s.as_deref().is_none_or(|t| t.trim().is_empty());
    if blank(&w.title) {
        errors.push((2, "front matter: `title` is required (the page's h1 and `<title>`)".to_string()));
    }
    if blank(&w.description) {
        errors.push((2, "front matter: `description` is required (one sentence for search and link previews)".into()));
    }
    let mut tags = Vec::new();
    for tag in w.tags {
        let line = tag.referenced.line() as usize + 1;
        match tag.value {
            Some(t) if t.chars().any(char::is_alphanumeric) => tags.push(t),
            Some(t) if !t.trim().is_empty() => errors
                .push((line, format!("front matter: tag `{t}` has no letter or digit, so it cannot name a tag page"))),
            _ => errors.push((line, "front matter: empty tag; write the tag or remove the entry".into())),
        }
    }
    if let Some(label) = &w.sidebar_label
        && kind != SourceKind::Doc
    {
        let line = label.referenced.line() as usize + 1;
        errors.push((line, "front matter: `sidebar_label` only applies to docs".into()));
    }
    if let Some(author) = w.authors.first()
        && kind != SourceKind::BlogPost
    {
        let line = author.referenced.line() as usize + 1;
        errors.push((line, "front matter: `authors` only applies to blog posts".into()));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(FrontMatter {
        title: w.title,
        description: w.description,
        sidebar_label: w.sidebar_label.map(|s| s.value),
        tags,
        hide_table_of_contents: w.hide_table_of_contents,
        id: w.id,
        slug: w.slug,
        authors: w.authors.into_iter().map(|a| a.value).collect(),
        keywords: w.keywords,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(yaml: &str) -> Vec<(usize, String)> {
        parse(yaml, SourceKind::Doc).expect_err("should fail")
    }

    const OK: &str = "title: 原子\ndescription: 一句话。\n";

    #[test]
    fn fields() {
        let fm = parse(
            &format!("{OK}sidebar_label: atom()\ntags: [原子, 状态]\nhide_table_of_contents: true\n"),
            SourceKind::Doc,
        )
        .unwrap();
        assert_eq!(fm.title.as_deref(), Some("原子"));
        assert_eq!(fm.sidebar_label.as_deref(), Some("atom()"));
        assert_eq!(fm.tags, vec!["原子", "状态"]);
        assert!(fm.hide_table_of_contents);
    }

    #[test]
    fn split_finds_the_body_line() {
        let s = split("---\ntitle: t\n---\nbody").unwrap();
        assert_eq!((s.yaml, s.body, s.body_line), ("title: t\n", "body", 4));
        assert!(split("# hi").unwrap_err().1.contains("missing front matter"));
        assert!(split("---\ntitle: a\n").unwrap_err().1.contains("not closed"));
    }

    #[test]
    fn unquoted_colon_gets_a_quoting_hint() {
        let e = errors("title: 用法\ndescription: 用法: x\n");
        assert_eq!(e[0].0, 3);
        assert!(e[0].1.contains(r#"write `description: "用法: x"`"#), "{e:?}");
    }

    #[test]
    fn tab_indentation_is_named() {
        let e = errors("title: a\ntags:\n\t- x\n");
        assert_eq!(
            e,
            vec![(4, "front matter: this line is indented with a tab; YAML indentation must use spaces".into())]
        );
    }

    #[test]
    fn unknown_field_lists_the_known_ones() {
        let e = errors(&format!("{OK}colour: red\n"));
        assert_eq!(e[0].0, 4);
        assert!(e[0].1.contains("unknown field `colour`"), "{e:?}");
        assert!(e[0].1.contains("title, description, sidebar_label, tags"), "{e:?}");
    }

    #[test]
    fn title_and_description_are_required() {
        let e = errors("sidebar_label: x\n");
        assert!(e.iter().any(|(_, m)| m.contains("`title` is required")), "{e:?}");
        assert!(e.iter().any(|(_, m)| m.contains("`description` is required")), "{e:?}");
        assert!(errors("title: a\ndescription: \"  \"\n")[0].1.contains("`description` is required"));
    }

    #[test]
    fn empty_tags_are_errors_on_their_line() {
        let e = errors(&format!("{OK}tags:\n  - x\n  - \n  - \"\"\n  - \"？\"\n"));
        let lines: Vec<usize> = e.iter().map(|(l, _)| *l).collect();
        assert_eq!(lines, vec![6, 7, 8], "{e:?}");
        assert!(e[0].1.contains("empty tag"));
        assert!(e[2].1.contains("no letter or digit"));
        assert!(errors(&format!("{OK}tags: [\"\"]\n"))[0].1.contains("empty tag"));
    }

    #[test]
    fn fields_that_belong_to_other_kinds() {
        let e = parse(&format!("{OK}sidebar_label: x\n"), SourceKind::BlogPost).unwrap_err();
        assert_eq!(e, vec![(4, "front matter: `sidebar_label` only applies to docs".into())]);
        let e = parse(&format!("{OK}authors: [a]\n"), SourceKind::Doc).unwrap_err();
        assert_eq!(e[0].0, 4);
        assert!(parse(&format!("{OK}authors: [a]\n"), SourceKind::BlogPost).is_ok());
    }

    #[test]
    fn alias_bombs_stop_at_the_budget() {
        let aliases = ["*a"; MAX_YAML_ALIASES + 1].join(", ");
        let e = errors(&format!("{OK}keywords: [&a x, {aliases}]\n"));
        assert!(e[0].1.contains("more than 10 YAML aliases"), "{e:?}");
        let lol = "keywords: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
        let levels: String = (b'b'..=b'i')
            .map(|c| {
                format!("{}: &{} [{}]\n", c as char, c as char, vec![format!("*{}", (c - 1) as char); 9].join(", "))
            })
            .collect();
        let start = std::time::Instant::now();
        let e = errors(&format!("{OK}{lol}{levels}"));
        assert!(start.elapsed().as_secs() < 1, "{:?}", start.elapsed());
        assert_eq!(e.len(), 1);
        let few = parse(&format!("{OK}keywords: [&a x, *a, *a]\n"), SourceKind::Doc).unwrap();
        assert_eq!(few.keywords, vec!["x", "x", "x"]);
    }

    #[test]
    fn deep_yaml_is_an_error_not_a_crash() {
        let e = errors(&format!("{OK}keywords: {}{}\n", "[".repeat(100_000), "]".repeat(100_000)));
        assert_eq!(e[0].0, 4, "{e:?}");
    }

    #[test]
    fn booleans_are_yaml_1_2() {
        let e = errors(&format!("{OK}hide_table_of_contents: yes\n"));
        assert!(e[0].1.contains("true/false"), "{e:?}");
    }

    #[test]
    fn no_quoting_hint_for_data_errors() {
        let e = errors(&format!("{OK}x0: &b [*a]\n"));
        assert!(e[0].1.starts_with("front matter: unknown field `x0`"), "{e:?}");
        assert!(!e[0].1.contains("quoted"), "{e:?}");
    }

    #[test]
    fn duplicate_keys_are_named() {
        let e = errors(&format!("{OK}title: b\n"));
        assert_eq!(e[0], (4, "front matter: `title` is set twice".into()));
    }
}
