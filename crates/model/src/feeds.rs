//! `sitemap.xml` and the blog feeds (RSS 2.0 and Atom).

use crate::{FeedItem, Site, canonical};
use site_config::Config;

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

pub fn sitemap(config: &Config, site: &Site) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for route in &site.sitemap {
        out.push_str(&format!("  <url><loc>{}</loc></url>\n", esc(&canonical(config, route))));
    }
    out.push_str("</urlset>\n");
    out
}

fn rfc3339(d: jiff::civil::Date) -> String {
    format!("{d}T00:00:00Z")
}

fn rfc2822(d: jiff::civil::Date) -> String {
    let ts = d.to_zoned(jiff::tz::TimeZone::UTC).expect("valid date");
    jiff::fmt::rfc2822::to_string(&ts).unwrap_or_else(|_| d.to_string())
}

pub fn rss(config: &Config, items: &[FeedItem]) -> String {
    let blog = canonical(config, "/blog");
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\">\n<channel>\n  <title>{} · {}</title>\n  <link>{}</link>\n  <description>{}</description>\n  <language>zh-hans</language>\n  <atom:link href=\"{}\" rel=\"self\" type=\"application/rss+xml\"/>\n",
        esc(&config.site.title),
        esc(&config.blog.title),
        esc(&blog),
        esc(&config.blog.description),
        esc(&canonical(config, "/blog/rss.xml")),
    );
    if let Some(latest) = items.first() {
        out.push_str(&format!("  <lastBuildDate>{}</lastBuildDate>\n", rfc2822(latest.date)));
    }
    for i in items {
        let url = canonical(config, &i.route);
        out.push_str(&format!(
            "  <item>\n    <title>{}</title>\n    <link>{}</link>\n    <guid>{}</guid>\n    <pubDate>{}</pubDate>\n    <description>{}</description>\n",
            esc(&i.title),
            esc(&url),
            esc(&url),
            rfc2822(i.date),
            esc(&i.description)
        ));
        for t in &i.tags {
            out.push_str(&format!("    <category>{}</category>\n", esc(t)));
        }
        out.push_str("  </item>\n");
    }
    out.push_str("</channel>\n</rss>\n");
    out
}

pub fn atom(config: &Config, items: &[FeedItem]) -> String {
    let updated = items.first().map_or_else(|| "1970-01-01T00:00:00Z".into(), |i| rfc3339(i.date));
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"zh-hans\">\n  <id>{}</id>\n  <title>{} · {}</title>\n  <subtitle>{}</subtitle>\n  <updated>{updated}</updated>\n  <link rel=\"alternate\" href=\"{}\"/>\n  <link rel=\"self\" href=\"{}\"/>\n",
        esc(&canonical(config, "/blog")),
        esc(&config.site.title),
        esc(&config.blog.title),
        esc(&config.blog.description),
        esc(&canonical(config, "/blog")),
        esc(&canonical(config, "/blog/atom.xml")),
    );
    for i in items {
        let url = canonical(config, &i.route);
        out.push_str(&format!(
            "  <entry>\n    <title>{}</title>\n    <id>{}</id>\n    <link href=\"{}\"/>\n    <updated>{}</updated>\n    <summary>{}</summary>\n",
            esc(&i.title),
            esc(&url),
            esc(&url),
            rfc3339(i.date),
            esc(&i.description)
        ));
        for t in &i.tags {
            out.push_str(&format!("    <category term=\"{}\"/>\n", esc(t)));
        }
        out.push_str("  </entry>\n");
    }
    out.push_str("</feed>\n");
    out
}
