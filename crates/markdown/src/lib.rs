//! Compiles one Markdown file (Docusaurus flavour, see `content/README.md`) to the typed
//! document tree of `site-schema`.
//!
//! The pipeline is a short chain: front matter → container pass (admonitions, tabs, details,
//! components, the truncate marker; line-based, code-fence aware) → CommonMark/GFM for the
//! Markdown inside each container → typed blocks, with code highlighted on the way.
//! Links are handed to the caller's [`Links`] resolver, which knows the site's routes.

mod attrs;
mod cmark;
mod code;
mod containers;
mod frontmatter;
pub mod inline_html;
mod slug;

pub use frontmatter::FrontMatter;
pub use slug::Slugger;

use site_schema::{Block, Inline};
use std::path::{Path, PathBuf};

/// A problem found in a content file, with the line it is on (1-based, counting the whole
/// file including front matter).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub file: PathBuf,
    pub line: Option<usize>,
    pub message: String,
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.file.display(), line, self.message),
            None => write!(f, "{}: {}", self.file.display(), self.message),
        }
    }
}

/// Resolves the links of a document. Called once per link and image, in document order.
pub trait Links {
    /// Returns the href to store and whether it is an internal route.
    fn resolve(&mut self, href: &str, line: usize) -> (String, bool);
}

/// Leaves every link as written; internal when it starts with `/` or `#`.
pub struct KeepLinks;

impl Links for KeepLinks {
    fn resolve(&mut self, href: &str, _line: usize) -> (String, bool) {
        (href.to_string(), href.starts_with('/') || href.starts_with('#'))
    }
}

/// A heading anywhere in the document (inside containers too), for anchors and the TOC.
#[derive(Debug, Clone, PartialEq)]
pub struct Heading {
    pub level: u8,
    pub id: String,
    pub children: Vec<Inline>,
    /// Top-level headings form the table of contents; headings inside tabs, admonitions and
    /// collapsible sections do not.
    pub top_level: bool,
}

/// A compiled Markdown file.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    pub front_matter: FrontMatter,
    pub content: Vec<Block>,
    pub headings: Vec<Heading>,
    /// Number of top-level blocks before `<!--truncate-->`, when the marker is present.
    pub truncate_at: Option<usize>,
    /// Han characters and Latin words in the body, for reading time.
    pub han_chars: usize,
    pub latin_words: usize,
}

impl Document {
    /// Every id a `#fragment` may point to on this page: headings and footnotes.
    pub fn anchor_ids(&self) -> impl Iterator<Item = &str> {
        let footnotes = self.content.iter().filter_map(|b| match b {
            Block::Footnotes { items } => Some(items),
            _ => None,
        });
        self.headings.iter().map(|h| h.id.as_str()).chain(footnotes.flatten().map(|f| f.id.as_str()))
    }

    /// Reading time in whole minutes, at least 1. Chinese is counted by character (about 300
    /// a minute for technical text), Latin text by word (about 200 a minute).
    pub fn reading_minutes(&self) -> u32 {
        let minutes = self.han_chars as f64 / 300.0 + self.latin_words as f64 / 200.0;
        (minutes.ceil() as u32).max(1)
    }
}

/// What the compiler should accept: docs, blog posts and pages differ in front matter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Doc,
    BlogPost,
    Page,
}

/// Compiles `text` (the whole file) read from `file`. Errors carry every problem found, not
/// only the first; warnings are appended to `warnings` either way.
pub fn compile(
    file: &Path,
    text: &str,
    kind: Kind,
    links: &mut dyn Links,
    warnings: &mut Vec<Diagnostic>,
) -> Result<Document, Vec<Diagnostic>> {
    let diag = |line: Option<usize>, message: String| Diagnostic { file: file.to_path_buf(), line, message };
    let (front_matter, body, body_line) =
        frontmatter::split(text, kind).map_err(|(line, m)| vec![diag(Some(line), m)])?;

    let mut errors = Vec::new();
    let tree =
        containers::parse(body, body_line, kind == Kind::BlogPost, &mut |line, m| errors.push(diag(Some(line), m)));
    let mut ctx = cmark::Context::new(links);
    let content = ctx.compile_tree(&tree);
    for (line, m) in ctx.take_errors() {
        errors.push(diag(Some(line), m));
    }
    for (line, m) in ctx.take_warnings() {
        warnings.push(diag(Some(line), m));
    }
    if !errors.is_empty() {
        errors.sort_by_key(|d| d.line);
        return Err(errors);
    }
    let (han_chars, latin_words) = count_words(body);
    Ok(Document { front_matter, truncate_at: ctx.truncate_at, headings: ctx.headings, content, han_chars, latin_words })
}

fn count_words(text: &str) -> (usize, usize) {
    let mut han = 0;
    let mut words = 0;
    let mut in_word = false;
    for c in text.chars() {
        if is_han(c) {
            han += 1;
            in_word = false;
        } else if c.is_ascii_alphanumeric() {
            if !in_word {
                words += 1;
            }
            in_word = true;
        } else {
            in_word = false;
        }
    }
    (han, words)
}

/// CJK ideographs (the common blocks).
pub fn is_han(c: char) -> bool {
    matches!(c as u32, 0x4E00..=0x9FFF | 0x3400..=0x4DBF | 0x20000..=0x2A6DF | 0xF900..=0xFAFF)
}

/// Characters after which a soft line break should not become a space: Han characters and
/// full-width punctuation.
pub(crate) fn is_cjk_like(c: char) -> bool {
    is_han(c) || matches!(c as u32, 0x3000..=0x303F | 0xFF00..=0xFFEF | 0x2018..=0x201F)
}

#[cfg(test)]
mod tests;
