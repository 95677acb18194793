//! `/llms.txt` (the llmstxt.org format: an H1, a one-paragraph summary in a blockquote, a
//! detail paragraph, then H2 sections of Markdown link lists) and `/llms-full.txt` (every twin
//! in the same order, in one file).

use crate::Words;
use crate::printer::{Context, Printer};
use crate::urls::{self, destination};
use site_model::Site;
use site_schema::{LinkTarget, NavItem, Page, PageData, Sidebar, SidebarItem};
use std::collections::{HashMap, HashSet};

/// The section llmstxt.org readers may skip when context is short: its name is part of the
/// format, not a word of the site.
const OPTIONAL_SECTION: &str = "Optional";

/// The site in reading order: each sidebar's docs, the posts newest first, then the docs that no
/// sidebar lists. Pages are indexes into `site.pages`.
pub(crate) struct ReadingOrder<'a> {
    pub sections: Vec<Section<'a>>,
    pub posts: Vec<usize>,
    pub unlisted: Vec<usize>,
}

pub(crate) struct Section<'a> {
    pub name: &'a str,
    pub entries: Vec<Entry<'a>>,
}

impl Section<'_> {
    /// The docs the section lists, in order.
    fn pages(&self) -> impl Iterator<Item = usize> + '_ {
        self.entries.iter().filter_map(|e| match e {
            Entry::Page(i) => Some(*i),
            Entry::Link { .. } => None,
        })
    }
}

pub(crate) enum Entry<'a> {
    Page(usize),
    /// A sidebar link to another site.
    Link {
        label: &'a str,
        href: &'a str,
    },
}

impl<'a> ReadingOrder<'a> {
    pub fn of(site: &'a Site) -> Self {
        let docs: HashMap<&str, usize> = site
            .pages
            .iter()
            .enumerate()
            .filter(|(_, p)| matches!(p.page, Page::Doc(_)))
            .map(|(i, p)| (p.route.as_str(), i))
            .collect();
        let sections: Vec<Section> = site
            .sidebars
            .iter()
            .map(|sidebar| {
                let mut entries = Vec::new();
                flatten(&sidebar.items, &docs, &mut entries);
                Section { name: section_name(site, sidebar), entries }
            })
            .collect();
        let listed: HashSet<usize> = sections.iter().flat_map(Section::pages).collect();
        // The model lists posts newest first.
        let posts = indexes(&site.pages, |p| matches!(p.page, Page::BlogPost(_)));
        let unlisted = indexes(&site.pages, |p| matches!(p.page, Page::Doc(_)))
            .into_iter()
            .filter(|i| !listed.contains(i))
            .collect();
        ReadingOrder { sections, posts, unlisted }
    }

    /// Every doc once (the first sidebar that lists it places it), then the posts.
    pub fn pages(&self) -> Vec<usize> {
        let mut seen = HashSet::new();
        let sidebar_docs = self.sections.iter().flat_map(Section::pages);
        sidebar_docs
            .chain(self.unlisted.iter().copied())
            .chain(self.posts.iter().copied())
            .filter(|i| seen.insert(*i))
            .collect()
    }
}

fn indexes(pages: &[PageData], keep: impl Fn(&PageData) -> bool) -> Vec<usize> {
    pages.iter().enumerate().filter(|(_, p)| keep(p)).map(|(i, _)| i).collect()
}

/// Categories flattened, in sidebar order.
fn flatten<'a>(items: &'a [SidebarItem], docs: &HashMap<&str, usize>, out: &mut Vec<Entry<'a>>) {
    for item in items {
        match item {
            SidebarItem::Doc { route, .. } => out.extend(docs.get(route.as_str()).map(|&i| Entry::Page(i))),
            SidebarItem::Category { items, .. } => flatten(items, docs, out),
            SidebarItem::Link { label, href } => out.push(Entry::Link { label, href }),
        }
    }
}

/// A sidebar is named by the navbar item that leads into it (the reader knows it by that name),
/// else by its first category, else by its id.
fn section_name<'a>(site: &'a Site, sidebar: &'a Sidebar) -> &'a str {
    let mut routes = Vec::new();
    collect_routes(&sidebar.items, &mut routes);
    let leads_in = |target: &LinkTarget| matches!(target, LinkTarget::Internal { to } if routes.contains(&to.as_str()));
    let from_navbar = site.data.navbar.items.iter().find_map(|item| match item {
        NavItem::Link { label, target, .. } if leads_in(target) => Some(label.as_str()),
        NavItem::Dropdown { items, .. } => items.iter().find(|d| leads_in(&d.target)).map(|d| d.label.as_str()),
        NavItem::Link { .. } => None,
    });
    let first_category = || {
        sidebar.items.iter().find_map(|i| match i {
            SidebarItem::Category { label, .. } => Some(label.as_str()),
            _ => None,
        })
    };
    from_navbar.or_else(first_category).unwrap_or(&sidebar.id)
}

fn collect_routes<'a>(items: &'a [SidebarItem], out: &mut Vec<&'a str>) {
    for item in items {
        match item {
            SidebarItem::Doc { route, .. } => out.push(route),
            SidebarItem::Category { items, .. } => collect_routes(items, out),
            SidebarItem::Link { .. } => {}
        }
    }
}

/// The one-paragraph summary: the home page's description, else the tagline.
fn summary(site: &Site) -> &str {
    let home = site.pages.iter().find(|p| matches!(p.page, Page::Home(_)));
    home.map(|p| p.head.description.as_str()).filter(|d| !d.trim().is_empty()).unwrap_or(&site.data.tagline)
}

fn print_top(p: &mut Printer, site: &Site) {
    p.raw("# ");
    p.text_on_one_line(&site.data.title, Context::Heading);
    p.end_block();
    let mark = p.open("> ", "> ");
    p.text_on_one_line(summary(site), Context::Paragraph);
    p.close(mark);
}

pub(crate) fn llms_txt(site: &Site, order: &ReadingOrder, words: &Words, root: &str) -> String {
    let mut p = Printer::new(words, root, "/", 4096 + 200 * site.pages.len());
    print_top(&mut p, site);
    p.end_block();
    let full = format!("<{root}/{}>", crate::LLMS_FULL_TXT);
    match words.llms_details.split_once("{full}") {
        Some((before, after)) => {
            p.text(before, Context::Paragraph);
            p.raw(&full);
            p.text(after, Context::Paragraph);
        }
        None => p.text(&words.llms_details, Context::Paragraph),
    }
    for section in &order.sections {
        let entries = section.entries.iter().map(|e| match e {
            Entry::Page(i) => Listed::Page(&site.pages[*i]),
            Entry::Link { label, href } => Listed::Link { label, href },
        });
        print_section(&mut p, section.name, entries);
    }
    let posts = order.posts.iter().map(|&i| Listed::Page(&site.pages[i]));
    print_section(&mut p, &words.blog_section, posts);
    let unlisted = order.unlisted.iter().map(|&i| Listed::Page(&site.pages[i]));
    print_section(&mut p, OPTIONAL_SECTION, unlisted);
    p.newline();
    p.out
}

enum Listed<'a> {
    Page(&'a PageData),
    Link { label: &'a str, href: &'a str },
}

/// `## name` and one `- [Title](twin URL): description` line per entry; nothing when empty.
fn print_section<'a>(p: &mut Printer, name: &str, entries: impl Iterator<Item = Listed<'a>>) {
    let mut entries = entries.peekable();
    if entries.peek().is_none() {
        return;
    }
    p.end_block();
    p.raw("## ");
    p.text_on_one_line(name, Context::Heading);
    p.end_block();
    for (i, entry) in entries.enumerate() {
        if i > 0 {
            p.newline();
        }
        let (title, url, description) = match entry {
            Listed::Page(page) => {
                let (title, description) = title_and_description(page);
                (title, urls::markdown_url(p.root, &page.route), description)
            }
            Listed::Link { label, href } => (label, href.to_string(), ""),
        };
        p.raw("- [");
        p.text_on_one_line(title, Context::Paragraph);
        p.raw("](");
        p.raw(&destination(&url, true));
        p.raw(")");
        if !description.trim().is_empty() {
            p.raw(": ");
            p.text_on_one_line(description, Context::Paragraph);
        }
    }
}

fn title_and_description(page: &PageData) -> (&str, &str) {
    match &page.page {
        Page::Doc(d) => (&d.title, &d.description),
        Page::BlogPost(b) => (&b.title, &b.description),
        _ => (&page.head.title, &page.head.description),
    }
}

/// The H1 and summary of llms.txt, then each page's twin after a front-matter-like block
/// naming its page (`---`, `url: …`, `---`), so a reader can cite where a passage comes from.
pub(crate) fn llms_full_txt(
    site: &Site,
    order: &ReadingOrder,
    twins: &[Option<String>],
    words: &Words,
    root: &str,
) -> String {
    let pages = order.pages();
    let size: usize = pages.iter().filter_map(|&i| twins[i].as_ref()).map(|t| t.len() + 128).sum();
    let mut p = Printer::new(words, root, "/", 1024 + size);
    print_top(&mut p, site);
    p.newline();
    for i in pages {
        let Some(twin) = &twins[i] else { continue };
        p.out.push_str("\n---\nurl: ");
        p.out.push_str(root);
        p.out.push_str(&site.pages[i].route);
        p.out.push_str("\n---\n\n");
        p.out.push_str(twin);
    }
    p.out
}
