//! Text taken from a compiled document: its description and its table of contents.

use site_markdown::Document;
use site_schema::{Inline, InlineNode, TocItem};

/// The heading levels of the table of contents, from the configuration.
pub fn toc_levels(config: &site_config::Config) -> (u8, u8) {
    (config.toc.min_heading_level, config.toc.max_heading_level)
}

/// The front matter description, or the start of the first paragraph.
pub fn description_of(doc: &Document) -> String {
    if let Some(d) = doc.front_matter.description.as_ref().filter(|d| !d.trim().is_empty()) {
        return d.trim().to_string();
    }
    let text = doc.lead.clone().unwrap_or_else(|| doc.front_matter.title.clone().unwrap_or_default());
    let mut out: String = text.chars().take(120).collect();
    if text.chars().count() > 120 {
        out.push('…');
    }
    out
}

/// The top-level headings between the configured levels.
pub fn toc(doc: &Document, (min, max): (u8, u8)) -> Vec<TocItem> {
    doc.headings
        .iter()
        .filter(|h| h.top_level && h.level >= min && h.level <= max)
        .map(|h| TocItem { id: h.id.clone(), level: h.level, children: strip_links(&h.children) })
        .collect()
}

/// TOC entries are links themselves; links inside headings become plain text there.
fn strip_links(inlines: &[Inline]) -> Vec<Inline> {
    inlines
        .iter()
        .flat_map(|i| match i {
            Inline::Node(InlineNode::Link { children, .. }) => strip_links(children),
            Inline::Node(InlineNode::FootnoteRef { .. }) => vec![],
            other => vec![other.clone()],
        })
        .collect()
}
