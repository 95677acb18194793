//! Heading ids, as GitHub (and Docusaurus) make them: lower-cased, punctuation dropped,
//! spaces turned into `-`, letters of every script kept; repeats get `-1`, `-2`, ….

use std::collections::HashMap;

#[derive(Default)]
pub struct Slugger {
    seen: HashMap<String, usize>,
}

impl Slugger {
    /// The slug of `text`, unique within this slugger.
    pub fn slug(&mut self, text: &str) -> String {
        let base = slugify(text);
        self.unique(base)
    }

    /// Registers an explicit id (`{#id}`) so later generated ids do not collide with it.
    pub fn unique(&mut self, base: String) -> String {
        let mut id = base.clone();
        while let Some(n) = self.seen.get(&id).copied() {
            let next = n + 1;
            self.seen.insert(id.clone(), next);
            id = format!("{base}-{next}");
        }
        self.seen.insert(id.clone(), 0);
        id
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
        let mut s = Slugger::default();
        assert_eq!(s.slug("示例"), "示例");
        assert_eq!(s.slug("示例"), "示例-1");
        assert_eq!(s.slug("示例"), "示例-2");
        assert_eq!(s.unique("x".into()), "x");
        assert_eq!(s.slug("X"), "x-1");
    }
}
