//! The site data (the same on every page) from the configuration: navbar, footer,
//! announcement, colour mode, docs settings, blog settings, search, analytics.

use crate::docs::Docs;
use crate::{Problems, missing_doc};
use site_config::{Config, ConfigError, LinkItem, NavItem as ConfNavItem, Search};
use site_schema::*;
use std::path::Path;

pub fn site_data(config: &Config, file: &Path, docs: &Docs, problems: &mut Problems) -> Option<SiteData> {
    let mut errors = Vec::new();
    let items = nav_items(config, file, docs, &mut errors);
    let announcement = announcement(config, file, &mut errors);
    if !errors.is_empty() {
        problems.config_errors(errors);
        return None;
    }
    let navbar = &config.navbar;
    let logo =
        Logo { alt: navbar.logo.alt.clone(), src: navbar.logo.src.clone(), src_dark: navbar.logo.src_dark.clone() };
    Some(SiteData {
        title: config.site.title.clone(),
        tagline: config.site.tagline.clone(),
        url: config.site.url.clone(),
        base_url: config.site.base_url.clone(),
        locale: config.site.locale.clone(),
        favicon: config.site.favicon.clone(),
        offline: config.site.offline,
        navbar: Navbar { title: navbar.title.clone(), logo, hide_on_scroll: navbar.hide_on_scroll, items },
        footer: footer(config),
        announcement,
        color_mode: color_mode(config),
        toc: TocLevels { min: config.toc.min_heading_level, max: config.toc.max_heading_level },
        docs: docs_settings(config),
        blog: BlogSettings {
            title: config.blog.title.clone(),
            posts_per_page: config.blog.posts_per_page,
            show_reading_time: config.blog.show_reading_time,
        },
        search: search(config),
        analytics: config.analytics.script_url.clone().map(|script_url| Analytics { script_url }),
        dev: false,
    })
}

fn target(l: &LinkItem) -> LinkTarget {
    match (&l.to, &l.href) {
        (Some(to), _) => LinkTarget::Internal { to: to.clone() },
        (_, Some(href)) => LinkTarget::External { href: href.clone() },
        _ => unreachable!("validated by site-config"),
    }
}

fn nav_items(config: &Config, file: &Path, docs: &Docs, errors: &mut Vec<ConfigError>) -> Vec<NavItem> {
    let mut items = Vec::new();
    for (i, item) in config.navbar.items.iter().enumerate() {
        match item {
            ConfNavItem::Link { label, position: p, to, href, active_base_path, icon } => items.push(NavItem::Link {
                label: label.clone(),
                position: *p,
                target: target(&LinkItem { label: label.clone(), to: to.clone(), href: href.clone() }),
                active_base_path: active_base_path.clone().or_else(|| to.clone()),
                icon: *icon,
            }),
            ConfNavItem::Doc { label, position: p, doc_id, active_base_path } => match docs.get(doc_id.as_str()) {
                Some(doc) => items.push(NavItem::Link {
                    label: label.clone(),
                    position: *p,
                    target: LinkTarget::Internal { to: doc.route.clone() },
                    active_base_path: active_base_path.clone().or_else(|| Some(doc.route.clone())),
                    icon: None,
                }),
                None => errors.push(missing_doc(config, file, &format!("navbar.items[{i}].doc_id"), doc_id)),
            },
            ConfNavItem::Dropdown { label, position: p, items: links } => items.push(NavItem::Dropdown {
                label: label.clone(),
                position: *p,
                items: links.iter().map(|l| DropdownItem { label: l.label.clone(), target: target(l) }).collect(),
            }),
        }
    }
    items
}

fn announcement(config: &Config, file: &Path, errors: &mut Vec<ConfigError>) -> Option<Announcement> {
    let a = config.announcement.as_ref()?;
    match site_markdown::inline_html::parse(&a.content) {
        Ok(content) => Some(Announcement {
            id: a.id.clone(),
            content,
            background_color: a.background_color.clone(),
            text_color: a.text_color.clone(),
            is_closeable: a.is_closeable,
        }),
        Err(message) => {
            errors.push(config.error(file, "announcement.content", message));
            None
        }
    }
}

fn footer(config: &Config) -> Footer {
    let groups = config
        .footer
        .groups
        .iter()
        .map(|g| FooterGroup {
            title: g.title.clone(),
            items: g.items.iter().map(|l| DropdownItem { label: l.label.clone(), target: target(l) }).collect(),
        })
        .collect();
    Footer { groups, copyright: config.footer.copyright.clone() }
}

fn color_mode(config: &Config) -> ColorMode {
    let c = &config.color_mode;
    ColorMode {
        default_mode: c.default_mode,
        disable_switch: c.disable_switch,
        respect_prefers_color_scheme: c.respect_prefers_color_scheme,
    }
}

fn docs_settings(config: &Config) -> DocsSettings {
    let versions = config
        .docs
        .versions
        .iter()
        .map(|v| DocsVersion { name: v.name.clone(), label: v.label.clone(), path: "/docs".into(), banner: v.banner })
        .collect();
    DocsSettings {
        original_site_url: config.docs.original_site_url.clone(),
        plugin_id: config.docs.plugin_id.clone(),
        versions,
    }
}

fn search(config: &Config) -> SearchSettings {
    match &config.search {
        Search::Local { .. } => SearchSettings::Local,
        Search::Hosted { app_id, index_name, api_key, host, facet_filters, external_url_regex } => {
            SearchSettings::Hosted {
                app_id: app_id.clone(),
                index_name: index_name.clone(),
                api_key: api_key.clone(),
                host: host.clone().unwrap_or_else(|| format!("https://{app_id}-dsn.algolia.net")),
                facet_filters: facet_filters.clone(),
                external_url_regex: external_url_regex.clone(),
            }
        }
    }
}
