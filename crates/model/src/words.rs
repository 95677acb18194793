//! The words of the pages the engine generates (docs redirect, tag indexes, the blog archive,
//! search, not found) and of the search section labels. They come from the theme's one table
//! of words, `frontend/src/i18n/zh-hans.json`, so no string a reader sees is written twice.

use serde::Deserialize;
use std::path::Path;

/// Templates hold `{name}` placeholders, filled by [`fill`].
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Words {
    pub docs_title: String,
    pub docs_description: String,
    pub doc_tags: String,
    pub doc_tags_description: String,
    pub tag_title: String,
    pub doc_tag_description: String,
    pub list_page_title: String,
    pub archive_title: String,
    pub archive_description: String,
    pub blog_tags: String,
    pub blog_tags_description: String,
    pub blog_tag_description: String,
    pub search_page_title: String,
    pub search_description: String,
    pub not_found_title: String,
    pub not_found_description: String,
    /// The blog's section label (search results, llms.txt).
    pub blog_section: String,
    pub admonition_note: String,
    pub admonition_tip: String,
    pub admonition_info: String,
    pub admonition_caution: String,
    pub admonition_danger: String,
    /// Stands in for a live demo in a page's Markdown twin: `{url}` is the page that runs it.
    pub markdown_demo: String,
    /// `{date}`, ISO.
    pub markdown_post_date: String,
    /// `{authors}`.
    pub markdown_post_authors: String,
    /// The paragraph of llms.txt under the summary: `{full}` is the URL of llms-full.txt.
    pub llms_details: String,
}

impl Words {
    /// Reads the words table; an error names the file and what is wrong.
    pub fn load(path: &Path) -> Result<Words, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        serde_json::from_str(&text).map_err(|e| format!("{}:{}: {e}", path.display(), e.line()))
    }
}

impl Words {
    /// The name an admonition of `kind` shows when it has no title.
    pub fn admonition(&self, kind: site_schema::AdmonitionKind) -> &str {
        use site_schema::AdmonitionKind::*;
        match kind {
            Note => &self.admonition_note,
            Tip => &self.admonition_tip,
            Info => &self.admonition_info,
            Caution => &self.admonition_caution,
            Danger => &self.admonition_danger,
        }
    }
}

/// `template` with each `{name}` replaced by its value.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = template.to_string();
    for (name, value) in values {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_placeholders() {
        assert_eq!(
            fill("带有“{tag}”标签的 {n} 篇文档。", &[("tag", "原子"), ("n", "3")]),
            "带有“原子”标签的 3 篇文档。"
        );
        assert_eq!(fill("{title}（第 {n} 页）", &[("n", "2"), ("title", "博客")]), "博客（第 2 页）");
    }

    #[test]
    fn the_theme_table_has_every_word_the_engine_needs() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../frontend/src/i18n/zh-hans.json");
        let words = Words::load(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(words.not_found_title, "找不到页面");
        assert_eq!(words.admonition(site_schema::AdmonitionKind::Tip), "提示");
        assert!(words.markdown_demo.contains("{url}"), "{}", words.markdown_demo);
        assert!(words.llms_details.contains("{full}"), "{}", words.llms_details);
    }

    #[test]
    fn a_missing_word_names_the_file_and_the_key() {
        let dir = std::env::temp_dir().join(format!("words-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("zh-hans.json");
        std::fs::write(&path, "{\"docsTitle\": \"文档\"}").unwrap();
        let e = Words::load(&path).unwrap_err();
        assert!(e.contains("zh-hans.json") && e.contains("missing field `docsDescription`"), "{e}");
        let _ = std::fs::remove_dir_all(dir);
    }
}
