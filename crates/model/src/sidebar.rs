//! Sidebars from the configuration, with every doc id checked against the content.

use crate::docs::Docs;
use crate::missing_doc;
use site_config::{Config, ConfigError, SidebarEntry};
use site_schema::{Breadcrumb, PageLink, Sidebar, SidebarItem};
use std::collections::HashMap;
use std::path::Path;

/// Where a doc sits: its sidebar, the categories above it, its neighbours in reading order.
#[derive(Debug, Clone, Default)]
pub struct Placement {
    pub sidebar: String,
    pub breadcrumbs: Vec<Breadcrumb>,
    pub previous: Option<PageLink>,
    pub next: Option<PageLink>,
}

pub struct Sidebars {
    pub trees: HashMap<String, std::sync::Arc<Sidebar>>,
    pub placements: HashMap<String, Placement>,
    /// A doc listed more than once: legal, but paging and breadcrumbs follow only its first place.
    pub warnings: Vec<ConfigError>,
}

/// A doc in reading order: its id, its label, the categories above it.
struct Listed {
    id: String,
    /// The configuration field that lists it (`sidebars[0].items[2]`), for messages.
    field: String,
    label: String,
    breadcrumbs: Vec<Breadcrumb>,
}

/// The walk through one sidebar's entries.
struct Walk<'a> {
    config: &'a Config,
    file: &'a Path,
    docs: &'a Docs<'a>,
    /// The categories around the entry being walked; each takes its first doc's route.
    breadcrumbs: Vec<Breadcrumb>,
    order: Vec<Listed>,
    errors: Vec<ConfigError>,
}

/// Resolves every configured sidebar. A doc id with no doc is an error ("docs data not found").
pub fn resolve(config: &Config, config_file: &Path, docs: &Docs) -> Result<Sidebars, Vec<ConfigError>> {
    let sidebars = &config.sidebars;
    let mut errors = Vec::new();
    let mut trees = HashMap::new();
    let mut placements: HashMap<String, Placement> = HashMap::new();
    let mut first_listed: HashMap<String, String> = HashMap::new();
    let mut warnings = Vec::new();
    for (i, sb) in sidebars.iter().enumerate() {
        let mut walk =
            Walk { config, file: config_file, docs, breadcrumbs: Vec::new(), order: Vec::new(), errors: Vec::new() };
        let items = walk.entries(&format!("sidebars[{i}].items"), &sb.items);
        let link = |j: usize| {
            let listed: &Listed = &walk.order[j];
            PageLink { title: listed.label.clone(), route: docs[listed.id.as_str()].route.clone() }
        };
        for (n, listed) in walk.order.iter().enumerate() {
            if let Some(first) = first_listed.get(&listed.id) {
                let message = format!(
                    "doc `{}` is already listed at {first}; its paging and breadcrumbs follow that first place only",
                    listed.id
                );
                warnings.push(config.error(config_file, &listed.field, message));
            } else {
                first_listed.insert(listed.id.clone(), listed.field.clone());
            }
            // The first sidebar that lists a doc owns it.
            placements.entry(listed.id.clone()).or_insert_with(|| Placement {
                sidebar: sb.id.clone(),
                breadcrumbs: listed.breadcrumbs.clone(),
                previous: (n > 0).then(|| link(n - 1)),
                next: (n + 1 < walk.order.len()).then(|| link(n + 1)),
            });
        }
        errors.append(&mut walk.errors);
        trees.insert(sb.id.clone(), Sidebar { id: sb.id.clone(), items }.into());
    }
    if errors.is_empty() { Ok(Sidebars { trees, placements, warnings }) } else { Err(errors) }
}

impl Walk<'_> {
    fn entries(&mut self, field: &str, list: &[SidebarEntry]) -> Vec<SidebarItem> {
        let mut out = Vec::new();
        for (j, entry) in list.iter().enumerate() {
            let field = format!("{field}[{j}]");
            match entry {
                SidebarEntry::Doc(id) => out.extend(self.doc(&field, id, None)),
                SidebarEntry::LabelledDoc { doc, label } => out.extend(self.doc(&field, doc, Some(label))),
                SidebarEntry::Link { label, href } => {
                    out.push(SidebarItem::Link { label: label.clone(), href: href.clone() })
                }
                SidebarEntry::Category { category, collapsed, items } => {
                    self.breadcrumbs.push(Breadcrumb { label: category.clone(), route: None });
                    let items = self.entries(&format!("{field}.items"), items);
                    self.breadcrumbs.pop();
                    let collapsed = collapsed.unwrap_or(true);
                    out.push(SidebarItem::Category { label: category.clone(), collapsed, items });
                }
            }
        }
        out
    }

    fn doc(&mut self, field: &str, id: &str, label: Option<&String>) -> Option<SidebarItem> {
        let Some(doc) = self.docs.get(id) else {
            self.errors.push(missing_doc(self.config, self.file, field, id));
            return None;
        };
        let fm = &doc.doc.front_matter;
        let label = label
            .cloned()
            .or_else(|| fm.sidebar_label.clone())
            .or_else(|| fm.title.clone())
            .unwrap_or_else(|| id.to_string());
        // The first doc of a category is where its breadcrumb leads.
        for b in self.breadcrumbs.iter_mut().filter(|b| b.route.is_none()) {
            b.route = Some(doc.route.clone());
        }
        let breadcrumbs = self.breadcrumbs.clone();
        self.order.push(Listed { id: id.to_string(), field: field.to_string(), label: label.clone(), breadcrumbs });
        Some(SidebarItem::Doc { label, route: doc.route.clone() })
    }
}
