//! Sidebars from the configuration, with every doc id checked against the content.

use site_config::{ConfigError, SidebarConfig, SidebarEntry};
use site_content::Doc;
use site_schema::{PageLink, Sidebar, SidebarItem};
use std::collections::HashMap;
use std::path::Path;

/// Where a doc sits: its sidebar, the categories above it, its neighbours in reading order.
#[derive(Debug, Clone, Default)]
pub struct Placement {
    pub sidebar: String,
    pub breadcrumbs: Vec<String>,
    pub previous: Option<PageLink>,
    pub next: Option<PageLink>,
}

pub struct Sidebars {
    pub trees: HashMap<String, Sidebar>,
    pub placements: HashMap<String, Placement>,
}

/// Resolves every configured sidebar. A doc id with no doc is an error ("docs data not found").
pub fn resolve(
    config_file: &Path,
    sidebars: &[SidebarConfig],
    docs: &HashMap<&str, &Doc>,
) -> Result<Sidebars, Vec<ConfigError>> {
    let mut errors = Vec::new();
    let mut trees = HashMap::new();
    let mut placements: HashMap<String, Placement> = HashMap::new();
    for (i, sb) in sidebars.iter().enumerate() {
        let mut order: Vec<(String, String, Vec<String>)> = Vec::new(); // (doc id, label, breadcrumbs)
        let items = entries(
            config_file,
            &format!("sidebars[{i}].items"),
            &sb.items,
            docs,
            &mut Vec::new(),
            &mut order,
            &mut errors,
        );
        for (n, (id, _, crumbs)) in order.iter().enumerate() {
            let link = |j: usize| {
                let (id, label, _) = &order[j];
                PageLink { title: label.clone(), route: docs[id.as_str()].route.clone() }
            };
            if placements.contains_key(id) {
                // The first sidebar that lists a doc owns it.
                continue;
            }
            placements.insert(
                id.clone(),
                Placement {
                    sidebar: sb.id.clone(),
                    breadcrumbs: crumbs.clone(),
                    previous: (n > 0).then(|| link(n - 1)),
                    next: (n + 1 < order.len()).then(|| link(n + 1)),
                },
            );
        }
        trees.insert(sb.id.clone(), Sidebar { id: sb.id.clone(), items });
    }
    if errors.is_empty() { Ok(Sidebars { trees, placements }) } else { Err(errors) }
}

#[allow(clippy::too_many_arguments)]
fn entries(
    file: &Path,
    field: &str,
    list: &[SidebarEntry],
    docs: &HashMap<&str, &Doc>,
    crumbs: &mut Vec<String>,
    order: &mut Vec<(String, String, Vec<String>)>,
    errors: &mut Vec<ConfigError>,
) -> Vec<SidebarItem> {
    let mut out = Vec::new();
    for (j, entry) in list.iter().enumerate() {
        let field = format!("{field}[{j}]");
        let mut doc_item = |id: &str, label: Option<&str>, errors: &mut Vec<ConfigError>| match docs.get(id) {
            Some(doc) => {
                let fm = &doc.doc.front_matter;
                let label = label
                    .map(str::to_string)
                    .or_else(|| fm.sidebar_label.clone())
                    .or_else(|| fm.title.clone())
                    .unwrap_or_else(|| id.to_string());
                order.push((id.to_string(), label.clone(), crumbs.clone()));
                Some(SidebarItem::Doc { label, route: doc.route.clone() })
            }
            None => {
                errors.push(ConfigError {
                    file: file.to_path_buf(),
                    field: field.clone(),
                    line: None,
                    message: format!("docs data not found: no doc with id `{id}` (expected content/docs/{id}.md)"),
                });
                None
            }
        };
        match entry {
            SidebarEntry::Doc(id) => out.extend(doc_item(id, None, errors)),
            SidebarEntry::LabelledDoc { doc, label } => out.extend(doc_item(doc, Some(label), errors)),
            SidebarEntry::Link { label, href } => {
                out.push(SidebarItem::Link { label: label.clone(), href: href.clone() })
            }
            SidebarEntry::Category { category, collapsed, items } => {
                crumbs.push(category.clone());
                let items = entries(file, &format!("{field}.items"), items, docs, crumbs, order, errors);
                crumbs.pop();
                out.push(SidebarItem::Category {
                    label: category.clone(),
                    collapsed: collapsed.unwrap_or(true),
                    items,
                });
            }
        }
    }
    out
}
