//! Code fences: the info string (`jsx title="App.jsx" {1,4-6} showLineNumbers`) and the
//! Docusaurus magic comments (`// highlight-next-line`, `// highlight-start` … `-end`).

use crate::limits::MAX_CODE_LINES;
use site_schema::CodeBlock;

#[derive(Debug, Default, PartialEq)]
pub struct FenceInfo {
    pub lang: String,
    pub title: Option<String>,
    pub highlight: Vec<u32>,
    pub line_numbers: bool,
}

/// Parses a fence's info string. Unknown words are returned as warnings.
pub fn parse_info(info: &str) -> Result<(FenceInfo, Vec<String>), String> {
    let mut out = FenceInfo::default();
    let mut warnings = Vec::new();
    let info = info.trim();
    // The language may be glued to a range: ```js{1,3}
    let lang_end = info.find(|c: char| c.is_whitespace() || c == '{').unwrap_or(info.len());
    out.lang = info[..lang_end].to_string();
    let mut rest = info[lang_end..].trim_start();
    // Every `{…}` of the meta, parsed together so that the lines are merged once.
    let mut ranges = String::new();
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('{') {
            let end = r.find('}').ok_or("line range `{…` is missing its `}`")?;
            ranges.push_str(&r[..end]);
            ranges.push(',');
            rest = &r[end + 1..];
        } else if let Some(r) = rest.strip_prefix("title=") {
            let q = r.chars().next().filter(|c| *c == '"' || *c == '\'').ok_or("`title=` needs a quoted value")?;
            let end = r[1..].find(q).ok_or("`title=` value is missing its closing quote")? + 1;
            out.title = Some(r[1..end].to_string());
            rest = &r[end + 1..];
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            match &rest[..end] {
                "showLineNumbers" => out.line_numbers = true,
                // Our content test skips parsing such blocks; nothing changes in the page.
                "fragment" => {}
                w => warnings.push(format!(
                    "unknown word `{w}` in the code fence (known: title=\"…\", {{1,3-5}}, showLineNumbers, fragment)"
                )),
            }
            rest = &rest[end..];
        }
        rest = rest.trim_start();
    }
    out.highlight = parse_ranges(&ranges)?;
    Ok((out, warnings))
}

/// `1,4-6` → `[1, 4, 5, 6]`. Ranges are merged before they are expanded, so no meta string
/// can make a list longer than the page's code line limit.
fn parse_ranges(s: &str) -> Result<Vec<u32>, String> {
    let mut ranges = Vec::new();
    for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let bad = || format!("bad line range `{part}` (expected numbers like 1,4-6)");
        let number = |n: &str| n.trim().parse::<u32>().map_err(|_| bad());
        let (a, b) = match part.split_once('-') {
            Some((a, b)) => (number(a)?, number(b)?),
            None => (number(part)?, number(part)?),
        };
        if a == 0 || b < a {
            return Err(bad());
        }
        if b as usize > MAX_CODE_LINES {
            return Err(format!("line range `{part}` goes past line {MAX_CODE_LINES}, the most a page may hold"));
        }
        ranges.push((a, b));
    }
    ranges.sort_unstable();
    let mut lines: Vec<u32> = Vec::new();
    for (a, b) in ranges {
        let from = lines.last().map_or(a, |&last| a.max(last + 1));
        lines.extend(from..=b);
    }
    Ok(lines)
}

/// Removes magic-comment lines from `code`, returning the code and the lines they mark.
pub fn magic_comments(code: &str) -> Result<(String, Vec<u32>), String> {
    let mut out = Vec::new();
    let mut marked = Vec::new();
    let mut next = false;
    let mut block_start: Option<usize> = None;
    for line in code.split('\n') {
        match magic(line) {
            Some("highlight-next-line") => next = true,
            Some("highlight-start") => block_start = Some(out.len()),
            Some("highlight-end") => {
                let start = block_start.take().ok_or("`highlight-end` without `highlight-start`")?;
                marked.extend((start + 1..=out.len()).map(|n| n as u32));
            }
            _ => {
                out.push(line);
                if next {
                    marked.push(out.len() as u32);
                    next = false;
                }
            }
        }
    }
    if block_start.is_some() {
        return Err("`highlight-start` without `highlight-end`".into());
    }
    Ok((out.join("\n"), marked))
}

fn magic(line: &str) -> Option<&str> {
    let t = line.trim();
    let inner = t
        .strip_prefix("//")
        .or_else(|| t.strip_prefix('#'))
        .or_else(|| t.strip_prefix("{/*").and_then(|r| r.strip_suffix("*/}")))
        .or_else(|| t.strip_prefix("/*").and_then(|r| r.strip_suffix("*/")))?
        .trim();
    matches!(inner, "highlight-next-line" | "highlight-start" | "highlight-end").then_some(inner)
}

/// Builds the highlighted block. `lang` must already be a known language.
pub fn block(info: FenceInfo, code: &str) -> Result<CodeBlock, String> {
    let code = code.strip_suffix('\n').unwrap_or(code);
    let lang = site_highlight::canonical_language(&info.lang).unwrap_or("text");
    // Magic comments are comments of the block's own language; Markdown and plain text
    // (often showing other code blocks verbatim) keep every line.
    let (code, mut marked) =
        if matches!(lang, "md" | "text" | "diff") { (code.to_string(), Vec::new()) } else { magic_comments(code)? };
    let lines = site_highlight::highlight(&info.lang, &code);
    let mut highlight = info.highlight;
    highlight.append(&mut marked);
    highlight.sort_unstable();
    highlight.dedup();
    if let Some(&max) = highlight.last()
        && max as usize > lines.len()
    {
        return Err(format!("line {max} is highlighted but the block has only {} lines", lines.len()));
    }
    Ok(CodeBlock { lang: lang.to_string(), title: info.title, lines, highlight, line_numbers: info.line_numbers })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_string() {
        let (i, w) = parse_info(r#"jsx title="App.jsx" {1,4-6} showLineNumbers fragment"#).unwrap();
        assert_eq!(i.lang, "jsx");
        assert_eq!(i.title.as_deref(), Some("App.jsx"));
        assert_eq!(i.highlight, vec![1, 4, 5, 6]);
        assert!(i.line_numbers);
        assert!(w.is_empty());
        let (i, _) = parse_info("js{2}").unwrap();
        assert_eq!((i.lang.as_str(), i.highlight), ("js", vec![2]));
        let (_, w) = parse_info("js wat").unwrap();
        assert_eq!(w.len(), 1);
        assert!(parse_info("js {3-1}").is_err());
        assert!(parse_info("js title=App").is_err());
    }

    #[test]
    fn ranges_are_merged_and_bounded() {
        assert_eq!(parse_ranges("4-6, 1, 5-7, 2").unwrap(), vec![1, 2, 4, 5, 6, 7]);
        assert!(parse_ranges("1-4294967295").unwrap_err().contains("goes past line 10000"));
        let start = std::time::Instant::now();
        let many = vec!["1-10000"; 50_000].join(",");
        assert_eq!(parse_ranges(&many).unwrap().len(), 10_000);
        assert!(start.elapsed().as_secs() < 1, "{:?}", start.elapsed());
    }

    #[test]
    fn magic_comments_stay_in_markdown_and_text_blocks() {
        let info = FenceInfo { lang: "md".into(), ..Default::default() };
        let b = block(info, "```js\n// highlight-next-line\nx\n```").unwrap();
        assert_eq!(b.lines.len(), 4);
        assert!(b.highlight.is_empty());
        let info = FenceInfo { lang: "js".into(), ..Default::default() };
        let b = block(info, "// highlight-next-line\nx").unwrap();
        assert_eq!((b.lines.len(), b.highlight.clone()), (1, vec![1]));
    }

    #[test]
    fn magic_comment_lines() {
        let code = "a\n// highlight-next-line\nb\nc\n{/* highlight-start */}\nd\ne\n{/* highlight-end */}\nf";
        let (out, marked) = magic_comments(code).unwrap();
        assert_eq!(out, "a\nb\nc\nd\ne\nf");
        assert_eq!(marked, vec![2, 4, 5]);
        assert!(magic_comments("// highlight-start\nx").is_err());
    }
}
