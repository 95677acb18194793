//! Structured data for search engines (schema.org JSON-LD): a `TechArticle` with its
//! `BreadcrumbList` on doc pages, a `BlogPosting` on posts.

use crate::canonical;
use serde_json::{Value, json};
use site_config::Config;
use site_schema::{BlogPostPage, DocPage, Page, PageData};

/// Sets `head.json_ld` on every doc page and post.
pub fn add(pages: &mut [PageData], config: &Config) {
    for p in pages {
        let url = p.head.canonical.clone();
        let value = match &p.page {
            Page::Doc(d) => Some(doc(d, &url, config)),
            Page::BlogPost(b) => Some(post(b, &url, config)),
            _ => None,
        };
        p.head.json_ld = value.map(|v| v.to_string());
    }
}

fn website(config: &Config) -> Value {
    json!({"@type": "WebSite", "name": config.site.title, "url": canonical(config, "/")})
}

fn doc(d: &DocPage, url: &str, config: &Config) -> Value {
    let mut article = json!({
        "@type": "TechArticle",
        "headline": d.title,
        "description": d.description,
        "url": url,
        "inLanguage": "zh-Hans",
        "isPartOf": website(config),
    });
    if let Some(date) = &d.source.last_updated {
        article["dateModified"] = json!(date);
    }
    // Categories that lead somewhere, then the page itself.
    let mut items: Vec<(String, String)> = d
        .breadcrumbs
        .iter()
        .filter_map(|b| b.route.as_ref().map(|r| (b.label.clone(), canonical(config, r))))
        .collect();
    items.push((d.title.clone(), url.to_string()));
    let list: Vec<Value> = items
        .iter()
        .enumerate()
        .map(|(i, (name, item))| json!({"@type": "ListItem", "position": i + 1, "name": name, "item": item}))
        .collect();
    json!({
        "@context": "https://schema.org",
        "@graph": [article, {"@type": "BreadcrumbList", "itemListElement": list}],
    })
}

fn post(b: &BlogPostPage, url: &str, config: &Config) -> Value {
    let authors: Vec<Value> = b.authors.iter().map(|a| json!({"@type": "Person", "name": a})).collect();
    json!({
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        "headline": b.title,
        "description": b.description,
        "url": url,
        "inLanguage": "zh-Hans",
        "datePublished": b.date,
        "dateModified": b.source.last_updated.as_deref().unwrap_or(&b.date),
        "author": authors,
        "isPartOf": {"@type": "Blog", "name": config.blog.title, "url": canonical(config, "/blog")},
    })
}
