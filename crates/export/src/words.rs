//! The words the Markdown twins and llms.txt show, read from the theme's one table of words
//! (`frontend/src/i18n/zh-hans.json`), so no string a reader sees is written twice.

use serde::Deserialize;
use site_schema::AdmonitionKind;
use std::path::Path;

/// Templates hold `{name}` placeholders, filled with `site_model::fill`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Words {
    pub admonition_note: String,
    pub admonition_tip: String,
    pub admonition_info: String,
    pub admonition_caution: String,
    pub admonition_danger: String,
    /// The llms.txt section of the blog.
    pub blog_section: String,
    /// Stands in for a live demo: `{url}` is the page that runs it.
    pub markdown_demo: String,
    /// `{date}`, ISO.
    pub markdown_post_date: String,
    /// `{authors}`.
    pub markdown_post_authors: String,
    /// The paragraph of llms.txt under the summary: `{full}` is the URL of llms-full.txt.
    pub llms_details: String,
}

impl Words {
    /// Reads the words table; an error names the file, the line and what is wrong.
    pub fn load(path: &Path) -> Result<Words, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        serde_json::from_str(&text).map_err(|e| format!("{}:{}: {e}", path.display(), e.line()))
    }

    /// The name an admonition of `kind` shows when it has no title.
    pub fn admonition(&self, kind: AdmonitionKind) -> &str {
        match kind {
            AdmonitionKind::Note => &self.admonition_note,
            AdmonitionKind::Tip => &self.admonition_tip,
            AdmonitionKind::Info => &self.admonition_info,
            AdmonitionKind::Caution => &self.admonition_caution,
            AdmonitionKind::Danger => &self.admonition_danger,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_theme_table_has_every_word_the_export_needs() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../frontend/src/i18n/zh-hans.json");
        let words = Words::load(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(words.admonition(AdmonitionKind::Tip), "提示");
        assert!(words.markdown_demo.contains("{url}"), "{}", words.markdown_demo);
        assert!(words.llms_details.contains("{full}"), "{}", words.llms_details);
    }

    #[test]
    fn a_missing_word_names_the_file_and_the_key() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("zh-hans.json");
        std::fs::write(&path, "{\"admonitionNote\": \"备注\"}").unwrap();
        let e = Words::load(&path).unwrap_err();
        assert!(e.contains("zh-hans.json:1:") && e.contains("missing field `admonitionTip`"), "{e}");
    }
}
