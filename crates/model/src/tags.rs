//! Tags: their routes, and the index of pages that carry each.

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

pub fn tag_slug(label: &str) -> String {
    let slug: String = label
        .trim()
        .to_lowercase()
        .chars()
        .map(|c| if c.is_alphanumeric() || c == '.' || c == '_' { c } else { '-' })
        .collect();
    slug.split('-').filter(|s| !s.is_empty()).collect::<Vec<_>>().join("-")
}

pub fn links(prefix: &str, tags: &[String]) -> Vec<TagLink> {
    tags.iter().map(|t| TagLink { label: t.clone(), route: format!("{prefix}/{}", tag_slug(t)) }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_keep_chinese_and_dots() {
        assert_eq!(tag_slug("发布"), "发布");
        assert_eq!(tag_slug(" Recoil Sync "), "recoil-sync");
        assert_eq!(tag_slug("0.7.6"), "0.7.6");
    }
}
