//! The page list being assembled, the head every page gets, and the pages that are neither docs
//! nor blog: home, standalone pages, search and not found.

use crate::docs::Docs;
use crate::{FeedItem, Inputs, Problems, Site, missing_doc, text};
use site_schema::*;
use std::collections::HashMap;
use std::path::PathBuf;

/// What made a route.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// A content file (path as messages show it).
    File(PathBuf),
    /// A page the engine generates, described for messages ("the blog archive").
    Generated(&'static str),
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::File(p) => write!(f, "{}", p.display()),
            Origin::Generated(what) => write!(f, "{what} (generated)"),
        }
    }
}

/// The pages of the site in the order they are written, and where each came from.
pub struct Pages<'a> {
    pub inputs: &'a Inputs<'a>,
    pub list: Vec<PageData>,
    pub origins: Vec<Origin>,
    pub anchors: HashMap<String, Vec<String>>,
}

impl<'a> Pages<'a> {
    pub fn new(inputs: &'a Inputs<'a>) -> Self {
        Pages { inputs, list: Vec::new(), origins: Vec::new(), anchors: HashMap::new() }
    }

    /// Adds a page; its head comes from its title and description.
    pub fn push(&mut self, origin: Origin, route: String, title: String, description: String, page: Page) {
        let config = self.inputs.config;
        let site_title = &config.site.title;
        let head = Head {
            title: if &title == site_title { title } else { format!("{title} | {site_title}") },
            description,
            canonical: canonical(config, &route),
            og_type: if matches!(page, Page::BlogPost(_)) { "article".into() } else { "website".into() },
            noindex: matches!(page, Page::NotFound | Page::Redirect { .. }),
            image: None,
            json_ld: None,
        };
        let components = crate::components::of(&page);
        self.list.push(PageData { route, head, page, components });
        self.origins.push(origin);
    }

    /// The finished site; two pages claiming one route are an error naming both.
    pub fn finish(self, data: SiteData, problems: &mut Problems) -> Site {
        let mut origins: HashMap<String, Origin> = HashMap::new();
        for (p, origin) in self.list.iter().zip(self.origins) {
            if let Some(first) = origins.get(&p.route) {
                problems.error(format!("two pages want the route {}: {first} and {origin}", p.route));
            } else {
                origins.insert(p.route.clone(), origin);
            }
        }
        let sitemap = self
            .list
            .iter()
            .filter(|p| !matches!(p.page, Page::NotFound | Page::Redirect { .. } | Page::Search))
            .map(|p| p.route.clone())
            .collect();
        let feed = feed(self.inputs);
        let search_titles = crate::search_titles::titles(&self.list, self.inputs.words);
        Site {
            data,
            pages: self.list,
            origins,
            anchors: self.anchors,
            sitemap,
            feed,
            sidebars: Vec::new(),
            search_titles,
        }
    }
}

/// Where a content file's text is kept: when it last changed.
pub fn source_info(inputs: &Inputs, source: &std::path::Path) -> SourceInfo {
    let path = source.to_string_lossy().replace('\\', "/");
    SourceInfo {
        edit_url: inputs.config.site.edit_url.as_ref().map(|t| t.replace("{path}", &path)),
        last_updated: inputs.last_updated.get(source).cloned(),
    }
}

/// The absolute URL of a route.
pub fn canonical(config: &site_config::Config, route: &str) -> String {
    let base = config.site.base_url.trim_end_matches('/');
    if route == "/" { format!("{}{}/", config.site.url, base) } else { format!("{}{}{}", config.site.url, base, route) }
}

pub fn home(pages: &mut Pages, docs: &Docs, problems: &mut Problems) -> Option<()> {
    let inputs = pages.inputs;
    let home = &inputs.config.home;
    let Some(action) = docs.get(home.action_doc.as_str()) else {
        problems.config_errors(vec![missing_doc(
            inputs.config,
            inputs.config_file,
            "home.action_doc",
            &home.action_doc,
        )]);
        return None;
    };
    let features = home
        .features
        .iter()
        .map(|f| Feature {
            title: f.title.clone(),
            description: f.description.clone(),
            image: f.image.clone(),
            image_dark: f.image_dark.clone(),
            image_alt: f.image_alt.clone(),
        })
        .collect();
    let secondary = match (&home.secondary_label, &home.secondary_doc) {
        (Some(label), Some(id)) => match docs.get(id.as_str()) {
            Some(doc) => Some(PageLink { title: label.clone(), route: doc.route.clone() }),
            None => {
                problems.config_errors(vec![missing_doc(inputs.config, inputs.config_file, "home.secondary_doc", id)]);
                return None;
            }
        },
        (None, None) => None,
        _ => {
            let m = "`secondary_label` and `secondary_doc` go together: set both or neither";
            problems.config_errors(vec![inputs.config.error(inputs.config_file, "home.secondary_doc", m)]);
            return None;
        }
    };
    let hero = Hero {
        title: home.hero_title.clone(),
        tagline: home.hero_tagline.clone(),
        action_label: home.action_label.clone(),
        action_route: action.route.clone(),
        secondary,
    };
    let page = Page::Home(HomePage { hero, features });
    pages.push(Origin::Generated("the home page"), "/".into(), home.title.clone(), home.description.clone(), page);
    Some(())
}

/// `content/pages/*.md`.
pub fn standalone_pages(pages: &mut Pages) {
    let inputs = pages.inputs;
    let toc_levels = text::toc_levels(inputs.config);
    for p in &inputs.content.pages {
        let fm = &p.doc.front_matter;
        let title = fm.title.clone().unwrap_or_default();
        let description = text::description_of(&p.doc);
        pages.anchors.insert(p.route.clone(), p.doc.anchor_ids().map(str::to_string).collect());
        let page = Page::Standalone(StandalonePage {
            title: title.clone(),
            description: description.clone(),
            content: p.doc.content.clone(),
            toc: text::toc(&p.doc, toc_levels),
            hide_toc: fm.hide_table_of_contents,
        });
        pages.push(Origin::File(p.source.clone()), p.route.clone(), title, description, page);
    }
}

pub fn search_and_not_found(pages: &mut Pages) {
    let words = pages.inputs.words;
    let site = &pages.inputs.config.site.title;
    let description = crate::fill(&words.search_description, &[("site", site)]);
    pages.push(
        Origin::Generated("the search page"),
        "/search".into(),
        words.search_page_title.clone(),
        description,
        Page::Search,
    );
    pages.push(
        Origin::Generated("the not-found page"),
        "/404".into(),
        words.not_found_title.clone(),
        words.not_found_description.clone(),
        Page::NotFound,
    );
}

fn feed(inputs: &Inputs) -> Vec<FeedItem> {
    inputs
        .content
        .posts
        .iter()
        .map(|p| FeedItem {
            title: p.doc.front_matter.title.clone().unwrap_or_default(),
            route: p.route.clone(),
            date: p.date,
            description: text::description_of(&p.doc),
            tags: p.doc.front_matter.tags.clone(),
        })
        .collect()
}
