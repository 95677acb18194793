//! Link checking: every internal link in content and configuration must reach a route (and a
//! heading, when it has an anchor) or a file. A broken link fails the build, naming the source
//! file and line and the target.

use crate::{Inputs, Problems, Site};
use site_config::Config;
use site_content::{LinkKind, LinkRecord};
use site_schema::{DropdownItem, Inline, InlineNode, LinkTarget, NavItem, Page};
use std::collections::{HashMap, HashSet};
use std::path::Path;

struct Targets<'a> {
    routes: HashSet<&'a str>,
    anchors: &'a HashMap<String, Vec<String>>,
    /// Site paths of static and generated files: `/img/logo.svg`, `/blog/rss.xml`.
    files: &'a HashSet<String>,
}

impl<'a> Targets<'a> {
    fn new(site: &'a Site, files: &'a HashSet<String>) -> Self {
        Targets { routes: site.pages.iter().map(|p| p.route.as_str()).collect(), anchors: &site.anchors, files }
    }

    /// Why `route#anchor` does not resolve, or `None` when it does.
    fn problem(&self, route: &str, anchor: Option<&str>, kind: LinkKind) -> Option<String> {
        if kind == LinkKind::Asset {
            return (!self.files.contains(route)).then(|| format!("no file at {route} (static/ or generated)"));
        }
        let route = if route.len() > 1 { route.trim_end_matches('/') } else { route };
        if !self.routes.contains(route) {
            return Some(format!("no page at {route}"));
        }
        let anchor = anchor?;
        let ids = self.anchors.get(route);
        match ids {
            Some(ids) if ids.iter().any(|i| i == anchor) => None,
            Some(_) => Some(format!("no heading with id `#{anchor}` on {route}")),
            None => Some(format!("{route} has no headings to link to (`#{anchor}`)")),
        }
    }
}

/// Every internal link of the content and of the configuration.
pub fn check(inputs: &Inputs, site: &Site, problems: &mut Problems) {
    let targets = Targets::new(site, inputs.files);
    check_content(&targets, &inputs.content.links, problems);
    check_config(&targets, site, inputs.config, inputs.config_file, problems);
}

fn check_content(targets: &Targets, links: &[LinkRecord], problems: &mut Problems) {
    for l in links {
        if let Some(why) = targets.problem(&l.route, l.anchor.as_deref(), l.kind) {
            problems.error(format!("{}:{}: broken link `{}`: {why}", l.source.display(), l.line, l.written));
        }
    }
}

/// Links that come from the configuration (navbar, footer, announcement, home page, logo).
fn check_config(targets: &Targets, site: &Site, config: &Config, config_file: &Path, problems: &mut Problems) {
    let mut errors = Vec::new();
    let mut check = |field: String, route: &str, kind: LinkKind| {
        let (path, anchor) = route.split_once('#').map_or((route, None), |(p, a)| (p, Some(a)));
        let path = path.split('?').next().unwrap_or(path);
        let why = if kind == LinkKind::Page && path.len() > 1 && path.ends_with('/') {
            // Static hosts serve `/x` from `x.html`; `/x/` would look for a folder.
            Some(format!("write `{}` without the trailing slash", route.replacen(path, path.trim_end_matches('/'), 1)))
        } else {
            targets.problem(path, anchor, kind)
        };
        if let Some(why) = why {
            errors.push(config.error(config_file, field, format!("broken link `{route}`: {why}")));
        }
    };
    let data = &site.data;
    let internal = |items: &[DropdownItem]| -> Vec<(usize, String)> {
        items
            .iter()
            .enumerate()
            .filter_map(|(j, i)| match &i.target {
                LinkTarget::Internal { to } => Some((j, to.clone())),
                LinkTarget::External { .. } => None,
            })
            .collect()
    };
    for (i, item) in data.navbar.items.iter().enumerate() {
        match item {
            NavItem::Link { target: LinkTarget::Internal { to }, .. } => {
                check(format!("navbar.items[{i}].to"), to, LinkKind::Page)
            }
            NavItem::Link { .. } => {}
            NavItem::Dropdown { items, .. } => {
                for (j, to) in internal(items) {
                    check(format!("navbar.items[{i}].items[{j}].to"), &to, LinkKind::Page);
                }
            }
        }
    }
    for (i, g) in data.footer.groups.iter().enumerate() {
        for (j, to) in internal(&g.items) {
            check(format!("footer.groups[{i}].items[{j}].to"), &to, LinkKind::Page);
        }
    }
    if let Some(a) = &data.announcement {
        for href in internal_links(&a.content) {
            check("announcement.content".into(), &href, LinkKind::Page);
        }
    }
    check("site.favicon".into(), &config.site.favicon, LinkKind::Asset);
    check("navbar.logo.src".into(), &data.navbar.logo.src, LinkKind::Asset);
    if let Some(dark) = &data.navbar.logo.src_dark {
        check("navbar.logo.src_dark".into(), dark, LinkKind::Asset);
    }
    for p in &site.pages {
        if let Page::Home(home) = &p.page {
            for (i, f) in home.features.iter().enumerate() {
                check(format!("home.features[{i}].image"), &f.image, LinkKind::Asset);
                check(format!("home.features[{i}].image_dark"), &f.image_dark, LinkKind::Asset);
            }
        }
    }
    problems.config_errors(errors);
}

fn internal_links(inlines: &[Inline]) -> Vec<String> {
    let mut out = Vec::new();
    for i in inlines {
        if let Inline::Node(n) = i {
            match n {
                InlineNode::Link { href, internal: true, children } => {
                    out.push(href.clone());
                    out.extend(internal_links(children));
                }
                InlineNode::Link { children, .. } | InlineNode::Strong { children } | InlineNode::Em { children } => {
                    out.extend(internal_links(children))
                }
                _ => {}
            }
        }
    }
    out
}
