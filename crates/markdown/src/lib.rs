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
pub mod limits;
mod slug;

pub use frontmatter::FrontMatter;
pub use slug::tag_slug;

use site_schema::{Block, Body, Inline};
use std::path::{Path, PathBuf};

/// A problem found in a content file, with the line it is on (1-based, counting the whole
/// file including front matter).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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

/// What a link resolver decided about one link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolved {
    /// Keep the link: the href to store and whether it is a route of this site.
    Link { href: String, internal: bool },
    /// Drop the link and keep its text, with a warning: a target worth only a warning (a
    /// relative `.md` link to no file) must not ship as a dead link.
    Unlinked { warning: String },
}

/// Resolves the links of a document. Called once per link and image, in document order.
pub trait Links {
    /// Resolves `href`, written on file line `line`. An `Err` is an error on that line.
    fn resolve(&mut self, href: &str, line: usize) -> Result<Resolved, String>;
}

/// Leaves every link as written; internal when it starts with `/` or `#`.
pub struct KeepLinks;

impl Links for KeepLinks {
    fn resolve(&mut self, href: &str, _line: usize) -> Result<Resolved, String> {
        Ok(Resolved::Link { href: href.to_string(), internal: href.starts_with('/') || href.starts_with('#') })
    }
}

/// A heading anywhere in the document (inside containers too), for anchors and the TOC.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Heading {
    pub level: u8,
    pub id: String,
    pub children: Vec<Inline>,
    /// Top-level headings form the table of contents; headings inside tabs, admonitions and
    /// collapsible sections do not.
    pub top_level: bool,
}

/// A compiled Markdown file. The tree is kept as its JSON ([`site_schema::Body`]), with what
/// the site model takes from it (anchors, the first paragraph, a post's summary) taken once here.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Document {
    pub front_matter: FrontMatter,
    #[serde(with = "site_schema::body::kept")]
    pub content: Body,
    pub headings: Vec<Heading>,
    /// Number of top-level blocks before `<!--truncate-->`, when the marker is present.
    pub truncate_at: Option<usize>,
    /// Those blocks: a post's summary in the blog's lists.
    #[serde(with = "site_schema::body::kept::option")]
    pub summary: Option<Body>,
    /// The plain text of the first paragraph (a page's description when its front matter has
    /// none).
    pub lead: Option<String>,
    /// The ids of the footnotes, which `#fragment` links may point to as to headings.
    pub footnote_ids: Vec<String>,
    /// Han characters and Latin words in the body, for reading time.
    pub han_chars: usize,
    pub latin_words: usize,
}

impl Document {
    /// Packs a compiled tree, taking from it what the site model needs.
    fn new(
        front_matter: FrontMatter,
        blocks: &[Block],
        headings: Vec<Heading>,
        truncate_at: Option<usize>,
        (han_chars, latin_words): (usize, usize),
    ) -> Self {
        let lead = blocks.iter().find_map(|b| match b {
            Block::Paragraph { children } => Some(cmark::plain_text(children)),
            _ => None,
        });
        let footnote_ids = blocks
            .iter()
            .filter_map(|b| match b {
                Block::Footnotes { items } => Some(items),
                _ => None,
            })
            .flatten()
            .map(|f| f.id.clone())
            .collect();
        Document {
            front_matter,
            content: Body::new(blocks),
            headings,
            truncate_at,
            summary: truncate_at.map(|n| Body::new(&blocks[..n.min(blocks.len())])),
            lead,
            footnote_ids,
            han_chars,
            latin_words,
        }
    }

    /// Every id a `#fragment` may point to on this page: headings and footnotes.
    pub fn anchor_ids(&self) -> impl Iterator<Item = &str> {
        self.headings.iter().map(|h| h.id.as_str()).chain(self.footnote_ids.iter().map(String::as_str))
    }

    /// Reading time in whole minutes, at least 1. Chinese is counted by character (about 300
    /// a minute for technical text), Latin text by word (about 200 a minute).
    pub fn reading_minutes(&self) -> u32 {
        let minutes = self.han_chars as f64 / 300.0 + self.latin_words as f64 / 200.0;
        (minutes.ceil() as u32).max(1)
    }
}

/// Where a content file lives, which decides the front matter it may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourceKind {
    /// `content/docs/**.md`
    Doc,
    /// `content/blog/YYYY-MM-DD-slug.md`
    BlogPost,
    /// `content/pages/*.md`
    Standalone,
}

/// The text of a content file's bytes: checks the page size limit and that it is UTF-8.
pub fn source_text<'a>(file: &Path, bytes: &'a [u8]) -> Result<&'a str, Diagnostic> {
    let diag = |line: usize, message: String| Diagnostic { file: file.to_path_buf(), line: Some(line), message };
    if bytes.len() > limits::MAX_PAGE_BYTES {
        return Err(diag(1, page_too_large()));
    }
    std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = good.len() - good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1) + 1;
        diag(
            line,
            format!(
                "not valid UTF-8 (the first bad byte is byte {column} of this line): save the file as UTF-8 \
                 (in most editors: \"Save with encoding\" → UTF-8)"
            ),
        )
    })
}

fn page_too_large() -> String {
    let max = limits::MAX_PAGE_BYTES / 1024;
    format!("the file is larger than {max} KiB, the most a page may be: split it into several pages ({})", limits::SEE)
}

/// Compiles `text` (the whole file) read from `file`. Errors carry every problem found (up to
/// [`limits::MAX_ERRORS_PER_FILE`]), not only the first; warnings are appended to `warnings`
/// either way.
pub fn compile(
    file: &Path,
    text: &str,
    kind: SourceKind,
    links: &mut dyn Links,
    warnings: &mut Vec<Diagnostic>,
) -> Result<Document, Vec<Diagnostic>> {
    let diagnostics = |list: Vec<(usize, String)>| diagnostics(file, list);
    if text.len() > limits::MAX_PAGE_BYTES {
        return Err(diagnostics(vec![(1, page_too_large())]));
    }
    let split = frontmatter::split(text).map_err(|e| diagnostics(vec![e]))?;
    let front_matter = frontmatter::parse(split.yaml, kind);
    let mut errors = front_matter.as_ref().err().cloned().unwrap_or_default();

    let tree = containers::parse(split.body, split.body_line, kind == SourceKind::BlogPost);
    errors.extend(tree.errors);
    let mut ctx = cmark::Context::new(links);
    let content = ctx.compile_tree(&tree.nodes);
    errors.append(&mut ctx.errors);
    warnings.extend(diagnostics(std::mem::take(&mut ctx.warnings)));
    let front_matter = match front_matter {
        Ok(fm) if errors.is_empty() => fm,
        _ => return Err(diagnostics(errors)),
    };
    let words = count_words(split.body);
    Ok(Document::new(front_matter, &content, ctx.headings, ctx.truncate_at, words))
}

/// `(line, message)` pairs as diagnostics of `file`, by line, at most
/// [`limits::MAX_ERRORS_PER_FILE`] of them.
fn diagnostics(file: &Path, mut list: Vec<(usize, String)>) -> Vec<Diagnostic> {
    list.sort_by_key(|(line, _)| *line);
    let more = list.len().saturating_sub(limits::MAX_ERRORS_PER_FILE);
    if more > 0 {
        list.truncate(limits::MAX_ERRORS_PER_FILE);
        let line = list.last().map_or(1, |(l, _)| *l);
        list.push((line, format!("… and {more} more problems after this line, not shown")));
    }
    list.into_iter().map(|(line, message)| Diagnostic { file: file.to_path_buf(), line: Some(line), message }).collect()
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
