//! Heading ids, as GitHub (and Docusaurus) make them: lower-cased, punctuation dropped,
//! spaces turned into `-`, letters of every script kept; repeats get `-1`, `-2`, …. And the
//! slug of a tag, which names its page.

use std::collections::HashMap;

/// The heading ids of one page. Automatic ids are numbered among themselves only, so an
/// explicit `{#id}` never shifts them; an explicit id must differ from every other id.
#[derive(Default)]
pub struct HeadingIds {
    /// Every id given out: the line of its heading and whether it was written `{#id}`.
    taken: HashMap<String, (usize, bool)>,
    /// For each automatic base slug, the next suffix to try.
    next_suffix: HashMap<String, usize>,
}

impl HeadingIds {
    /// The automatic id of a heading with `text`, on `line`.
    pub fn automatic(&mut self, text: &str, line: usize) -> Result<String, String> {
        let base = slugify(text);
        if base.is_empty() {
            return Err(format!("heading `{text}` gives an empty id; add one with `{{#id}}`"));
        }
        let mut n = self.next_suffix.get(&base).copied().unwrap_or(0);
        let id = loop {
            let candidate = if n == 0 { base.clone() } else { format!("{base}-{n}") };
            n += 1;
            match self.taken.get(&candidate) {
                None => break candidate,
                Some((_, false)) => continue,
                Some((explicit_line, true)) => {
                    return Err(format!(
                        "this heading's automatic id `{candidate}` is the `{{#{candidate}}}` of line \
                         {explicit_line}; give one of them another id"
                    ));
                }
            }
        };
        self.next_suffix.insert(base, n);
        self.taken.insert(id.clone(), (line, false));
        Ok(id)
    }

    /// An explicit id (`## 参数 {#params}`) on `line`.
    pub fn explicit(&mut self, id: &str, line: usize) -> Result<String, String> {
        if id.is_empty() {
            return Err("empty heading id `{#}`".into());
        }
        match self.taken.get(id) {
            None => {
                self.taken.insert(id.to_string(), (line, true));
                Ok(id.to_string())
            }
            Some((other, true)) => Err(format!("heading id `{{#{id}}}` is also set on line {other}; ids must differ")),
            Some((other, false)) => Err(format!(
                "heading id `{{#{id}}}` is already the automatic id of the heading on line {other}; choose another"
            )),
        }
    }
}

pub fn slugify(text: &str) -> String {
    text.trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

/// The last segment of a tag's page route (`/docs/tags/<slug>`): lower-cased, runs of anything
/// but letters, digits, `.` and `_` turned into one `-`. Empty when the tag has no such
/// character, which front matter rejects.
pub fn tag_slug(label: &str) -> String {
    let slug: String = label
        .trim()
        .to_lowercase()
        .chars()
        .map(|c| if c.is_alphanumeric() || c == '.' || c == '_' { c } else { '-' })
        .collect();
    slug.split('-').filter(|s| !s.is_empty()).collect::<Vec<_>>().join("-")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn github_style() {
        assert_eq!(slugify("Hello World"), "hello-world");
        assert_eq!(slugify("异步查询 API"), "异步查询-api");
        assert_eq!(slugify("`atom()` 的参数：key"), "atom-的参数key");
        assert_eq!(slugify("useRecoilState(state)"), "userecoilstatestate");
        assert_eq!(slugify("a -- b"), "a----b");
    }

    #[test]
    fn repeats_are_numbered() {
        let mut ids = HeadingIds::default();
        assert_eq!(ids.automatic("示例", 1).unwrap(), "示例");
        assert_eq!(ids.automatic("示例", 2).unwrap(), "示例-1");
        assert_eq!(ids.automatic("示例", 3).unwrap(), "示例-2");
        assert_eq!(ids.automatic("示例-1", 4).unwrap(), "示例-1-1");
    }

    #[test]
    fn explicit_ids_must_be_unique() {
        let mut ids = HeadingIds::default();
        assert_eq!(ids.explicit("x", 1).unwrap(), "x");
        assert!(ids.explicit("x", 2).unwrap_err().contains("also set on line 1"));
        assert!(ids.automatic("X", 3).unwrap_err().contains("`{#x}` of line 1"));
        assert_eq!(ids.automatic("y", 4).unwrap(), "y");
        assert!(ids.explicit("y", 5).unwrap_err().contains("automatic id of the heading on line 4"));
        assert!(ids.automatic("!!", 6).unwrap_err().contains("empty id"));
    }

    #[test]
    fn many_repeats_stay_linear() {
        let mut ids = HeadingIds::default();
        let start = std::time::Instant::now();
        for line in 0..20_000 {
            ids.automatic("重复", line).unwrap();
        }
        assert!(start.elapsed().as_secs() < 2);
    }

    #[test]
    fn tag_slugs() {
        assert_eq!(tag_slug("Recoil Sync"), "recoil-sync");
        assert_eq!(tag_slug("  原子 / 状态 "), "原子-状态");
        assert_eq!(tag_slug("v0.7"), "v0.7");
        assert_eq!(tag_slug("？？"), "");
    }
}
