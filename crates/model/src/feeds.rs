//! `sitemap.xml` and the blog feeds, written by crates that implement the formats: RSS 2.0
//! (`rss`), Atom (`atom_syndication`, RFC 4287) and the sitemap protocol (through `quick-xml`).

use crate::{FeedItem, Site, canonical};
use atom_syndication as atom;
use quick_xml::Writer;
use quick_xml::events::{BytesDecl, BytesText, Event};
use site_config::Config;
use site_schema::{Page, PageData};
use std::collections::HashMap;

/// Every route of the sitemap with the date its page last changed, where there is one.
pub fn sitemap(config: &Config, site: &Site) -> String {
    let dates: HashMap<&str, &str> =
        site.pages.iter().filter_map(|p| Some((p.route.as_str(), last_modified(p)?))).collect();
    let mut w = Writer::new_with_indent(Vec::new(), b' ', 2);
    let _ = w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)));
    let urlset = w.create_element("urlset").with_attribute(("xmlns", "http://www.sitemaps.org/schemas/sitemap/0.9"));
    let _ = urlset.write_inner_content(|w| {
        for route in &site.sitemap {
            w.create_element("url").write_inner_content(|w| {
                w.create_element("loc").write_text_content(BytesText::new(&canonical(config, route)))?;
                if let Some(date) = dates.get(route.as_str()) {
                    w.create_element("lastmod").write_text_content(BytesText::new(date))?;
                }
                Ok(())
            })?;
        }
        Ok(())
    });
    String::from_utf8(w.into_inner()).expect("the writer writes UTF-8") + "\n"
}

/// When a doc or post last changed: its history date, or a post's own date.
fn last_modified(page: &PageData) -> Option<&str> {
    match &page.page {
        Page::Doc(d) => d.source.last_updated.as_deref(),
        Page::BlogPost(b) => Some(b.source.last_updated.as_deref().unwrap_or(&b.date)),
        _ => None,
    }
}

fn rfc3339(d: jiff::civil::Date) -> String {
    format!("{d}T00:00:00Z")
}

fn rfc2822(d: jiff::civil::Date) -> String {
    let ts = d.to_zoned(jiff::tz::TimeZone::UTC).expect("valid date");
    jiff::fmt::rfc2822::to_string(&ts).unwrap_or_else(|_| d.to_string())
}

fn feed_title(config: &Config) -> String {
    format!("{} · {}", config.site.title, config.blog.title)
}

pub fn rss(config: &Config, items: &[FeedItem]) -> String {
    let self_link = rss::extension::atom::Link {
        href: canonical(config, "/blog/rss.xml"),
        rel: "self".into(),
        mime_type: Some("application/rss+xml".into()),
        ..Default::default()
    };
    let items: Vec<rss::Item> = items
        .iter()
        .map(|i| {
            let url = canonical(config, &i.route);
            rss::Item {
                title: Some(i.title.clone()),
                link: Some(url.clone()),
                guid: Some(rss::Guid { value: url, permalink: true }),
                pub_date: Some(rfc2822(i.date)),
                description: Some(i.description.clone()),
                categories: i.tags.iter().map(|t| rss::Category { name: t.clone(), domain: None }).collect(),
                ..Default::default()
            }
        })
        .collect();
    let channel = rss::Channel {
        title: feed_title(config),
        link: canonical(config, "/blog"),
        description: config.blog.description.clone(),
        language: Some(config.site.locale.clone()),
        last_build_date: items.first().and_then(|i| i.pub_date.clone()),
        items,
        atom_ext: Some(rss::extension::atom::AtomExtension { links: vec![self_link] }),
        ..Default::default()
    };
    let bytes = channel.pretty_write_to(Vec::new(), b' ', 2).expect("writing to memory cannot fail");
    String::from_utf8(bytes).expect("the writer writes UTF-8") + "\n"
}

fn atom_date(d: jiff::civil::Date) -> atom::FixedDateTime {
    rfc3339(d).parse().expect("an RFC 3339 date")
}

fn atom_link(href: String, rel: &str) -> atom::Link {
    atom::Link { href, rel: rel.into(), ..Default::default() }
}

pub fn atom(config: &Config, items: &[FeedItem]) -> String {
    // RFC 4287 §4.1.1: a feed names its author unless every entry does.
    let author =
        atom::Person { name: config.site.title.clone(), uri: Some(canonical(config, "/")), ..Default::default() };
    let entries = items
        .iter()
        .map(|i| {
            let url = canonical(config, &i.route);
            atom::Entry {
                title: atom::Text::plain(i.title.clone()),
                id: url.clone(),
                updated: atom_date(i.date),
                published: Some(atom_date(i.date)),
                links: vec![atom_link(url, "alternate")],
                summary: Some(atom::Text::plain(i.description.clone())),
                categories: i.tags.iter().map(|t| atom::Category { term: t.clone(), ..Default::default() }).collect(),
                ..Default::default()
            }
        })
        .collect();
    let feed = atom::Feed {
        title: atom::Text::plain(feed_title(config)),
        id: canonical(config, "/blog"),
        updated: items.first().map_or_else(|| atom_date(jiff::civil::date(1970, 1, 1)), |i| atom_date(i.date)),
        authors: vec![author],
        subtitle: Some(atom::Text::plain(config.blog.description.clone())),
        links: vec![
            atom_link(canonical(config, "/blog"), "alternate"),
            atom_link(canonical(config, "/blog/atom.xml"), "self"),
        ],
        lang: Some(config.site.locale.clone()),
        entries,
        ..Default::default()
    };
    let config = atom::WriteConfig { write_document_declaration: true, indent_size: Some(2) };
    let bytes = feed.write_with_config(Vec::new(), config).expect("writing to memory cannot fail");
    String::from_utf8(bytes).expect("the writer writes UTF-8") + "\n"
}

#[cfg(test)]
mod tests {
    /// What a feed reader would check: the Atom feed parses back with an author and its
    /// entries; the RSS feed parses back with its items.
    #[test]
    fn feeds_parse_back_with_what_readers_need() {
        let loaded = site_pipeline_free_fixture();
        let (config, items) = (&loaded.0, &loaded.1);
        let atom_text = super::atom(config, items);
        let feed: atom_syndication::Feed = atom_text.parse().unwrap_or_else(|e| panic!("{e}: {atom_text}"));
        assert_eq!(feed.authors[0].name, "站点");
        assert_eq!(feed.entries.len(), 2);
        assert_eq!(feed.entries[0].links[0].href, "https://example.com/blog/2022/01/02/b");
        let rss_text = super::rss(config, items);
        let channel = rss::Channel::read_from(rss_text.as_bytes()).unwrap();
        assert_eq!(channel.items.len(), 2);
        assert_eq!(channel.items[0].title.as_deref(), Some("乙 & <B>"));
        assert!(rss_text.contains("乙 &amp; &lt;B&gt;"), "{rss_text}");
    }

    fn site_pipeline_free_fixture() -> (site_config::Config, Vec<crate::FeedItem>) {
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/site/site.toml"),
        )
        .unwrap();
        let mut config = site_config::Config::parse(std::path::Path::new("site.toml"), &text).unwrap();
        config.site.title = "站点".into();
        let item = |title: &str, route: &str, day| crate::FeedItem {
            title: title.into(),
            route: route.into(),
            date: jiff::civil::date(2022, 1, day),
            description: "说明".into(),
            tags: vec!["发布".into()],
        };
        (config, vec![item("乙 & <B>", "/blog/2022/01/02/b", 2), item("甲", "/blog/2022/01/01/a", 1)])
    }
}
