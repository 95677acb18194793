//! The titles of the pages the search index holds (docs and blog posts), which the search
//! interface loads first so that a query naming a page shows it at once.

use crate::Words;
use site_schema::{Page, PageData, SearchKind, SearchTitle};

pub fn titles(pages: &[PageData], words: &Words) -> Vec<SearchTitle> {
    pages
        .iter()
        .filter_map(|p| match &p.page {
            Page::Doc(d) => Some(SearchTitle {
                route: p.route.clone(),
                title: d.title.clone(),
                section: (!d.breadcrumbs.is_empty())
                    .then(|| d.breadcrumbs.iter().map(|b| b.label.as_str()).collect::<Vec<_>>().join(" › ")),
                kind: SearchKind::Docs,
            }),
            Page::BlogPost(b) => Some(SearchTitle {
                route: p.route.clone(),
                title: b.title.clone(),
                section: Some(words.blog_section.clone()),
                kind: SearchKind::Blog,
            }),
            _ => None,
        })
        .collect()
}
