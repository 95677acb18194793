//! Tags: their routes, and the index of pages that carry each.

use site_markdown::tag_slug;
use site_schema::{TagCount, TagLink};
use std::collections::BTreeMap;

/// Pages by tag route: the tag's label and the pages (in content order).
pub type TagIndex<T> = BTreeMap<String, (String, Vec<T>)>;

/// Adds a page (`item`) under each of its tags.
pub fn index<T: Clone>(tags: &mut TagIndex<T>, labels: &[String], links: &[TagLink], item: &T) {
    for (label, link) in labels.iter().zip(links) {
        tags.entry(link.route.clone()).or_insert_with(|| (label.clone(), Vec::new())).1.push(item.clone());
    }
}

/// The tag index: each tag (by route) with its label and how many pages carry it.
pub fn counts<T>(tags: &TagIndex<T>) -> Vec<TagCount> {
    tags.iter()
        .map(|(route, (label, pages))| TagCount {
            label: label.clone(),
            route: route.clone(),
            count: pages.len() as u32,
        })
        .collect()
}

pub fn links(prefix: &str, tags: &[String]) -> Vec<TagLink> {
    tags.iter().map(|t| TagLink { label: t.clone(), route: format!("{prefix}/{}", tag_slug(t)) }).collect()
}
