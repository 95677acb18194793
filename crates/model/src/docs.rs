//! Doc pages, the `/docs` route, and the docs tag pages.

use crate::pages::{Origin, Pages};
use crate::sidebar::{Placement, Sidebars};
use crate::tags::{self, TagIndex};
use crate::{Problems, fill, missing_doc, text};
use site_content::{Content, Doc};
use site_schema::*;
use std::collections::HashMap;

/// Docs by id.
pub type Docs<'a> = HashMap<&'a str, &'a Doc>;

pub fn by_id(content: &Content) -> Docs<'_> {
    content.docs.iter().map(|d| (d.id.as_str(), d)).collect()
}

const TAGS_ROUTE: &str = "/docs/tags";

pub fn doc_pages(pages: &mut Pages, sidebars: &Sidebars) {
    let inputs = pages.inputs;
    for doc in &inputs.content.docs {
        let placement = sidebars.placements.get(&doc.id).cloned().unwrap_or_default();
        let page = doc_page(pages, doc, placement, sidebars);
        let (title, description) = (page.title.clone(), page.description.clone());
        pages.anchors.insert(doc.route.clone(), doc.doc.anchor_ids().map(str::to_string).collect());
        pages.push(Origin::File(doc.source.clone()), doc.route.clone(), title, description, Page::Doc(page));
    }
}

fn doc_page(pages: &Pages, doc: &Doc, placement: Placement, sidebars: &Sidebars) -> DocPage {
    let config = pages.inputs.config;
    let fm = &doc.doc.front_matter;
    let Placement { sidebar, breadcrumbs, previous, next } = placement;
    DocPage {
        id: doc.id.clone(),
        title: fm.title.clone().unwrap_or_default(),
        description: text::description_of(&doc.doc),
        content: doc.doc.content.clone(),
        toc: text::toc(&doc.doc, text::toc_levels(config)),
        hide_toc: fm.hide_table_of_contents,
        sidebar: sidebars.trees.get(&sidebar).cloned(),
        breadcrumbs,
        previous,
        next,
        tags: tags::links(TAGS_ROUTE, &fm.tags),
        keywords: fm.keywords.clone(),
        original_url: config
            .docs
            .original_site_url
            .as_ref()
            .map(|u| format!("{}{}", u.trim_end_matches('/'), doc.route)),
        version: config.docs.versions[0].name.clone(),
        source: crate::pages::source_info(pages.inputs, &doc.source),
    }
}

/// `/docs` leads to the configured home doc.
pub fn docs_redirect(pages: &mut Pages, docs: &Docs, problems: &mut Problems) -> Option<()> {
    let inputs = pages.inputs;
    let Some(home) = docs.get(inputs.config.docs.home_doc.as_str()) else {
        problems.config_errors(vec![missing_doc(
            inputs.config,
            inputs.config_file,
            "docs.home_doc",
            &inputs.config.docs.home_doc,
        )]);
        return None;
    };
    let words = inputs.words;
    let description = fill(&words.docs_description, &[("site", &inputs.config.site.title)]);
    let page = Page::Redirect { to: home.route.clone() };
    pages.push(Origin::Generated("the docs redirect"), "/docs".into(), words.docs_title.clone(), description, page);
    Some(())
}

/// The docs tag index and one page per tag.
pub fn tag_pages(pages: &mut Pages) {
    let inputs = pages.inputs;
    let mut index: TagIndex<DocSummary> = TagIndex::new();
    for doc in &inputs.content.docs {
        let fm = &doc.doc.front_matter;
        let summary = DocSummary {
            title: fm.title.clone().unwrap_or_default(),
            route: doc.route.clone(),
            description: text::description_of(&doc.doc),
        };
        tags::index(&mut index, &fm.tags, &tags::links(TAGS_ROUTE, &fm.tags), &summary);
    }
    if index.is_empty() {
        return;
    }
    let words = inputs.words;
    let page = Page::DocTags { tags: tags::counts(&index) };
    let (title, description) = (words.doc_tags.clone(), words.doc_tags_description.clone());
    pages.push(Origin::Generated("the docs tag index"), TAGS_ROUTE.into(), title, description, page);
    for (route, (label, docs)) in index {
        let title = fill(&words.tag_title, &[("tag", &label)]);
        let description = fill(&words.doc_tag_description, &[("tag", &label), ("n", &docs.len().to_string())]);
        let page = Page::DocTag { tag: label, docs, all_tags_route: TAGS_ROUTE.into() };
        pages.push(Origin::Generated("a docs tag page"), route, title, description, page);
    }
}
