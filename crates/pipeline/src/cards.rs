//! Social cards: each page gets the 1200×630 PNG of its title and section (`site-cards`),
//! named by a hash of what it shows and kept in the site's cache folder, so a build draws only
//! the cards no earlier build drew. The pages' heads point at `og/<key>.png`.

use anyhow::{Context, Result};
use site_cards::{CardText, FontFiles, Renderer};
use site_model::{Site, Words, canonical};
use site_schema::{Page, PageData};
use std::path::{Path, PathBuf};

/// Where cards live between builds.
pub fn cache_dir(root: &Path) -> PathBuf {
    crate::cache::dir(root).join("cards")
}

/// The text a page's card shows: its own title, and where it sits.
fn card_text(page: &PageData, site_title: &str, words: &Words) -> CardText {
    let suffix = format!(" | {site_title}");
    let title = page.head.title.strip_suffix(&suffix).unwrap_or(&page.head.title).to_string();
    let section = match &page.page {
        Page::Doc(d) if !d.breadcrumbs.is_empty() => {
            Some(d.breadcrumbs.iter().map(|b| b.label.as_str()).collect::<Vec<_>>().join(" › "))
        }
        Page::BlogPost(_) | Page::BlogList(_) | Page::BlogArchive { .. } => Some(words.blog_section.clone()),
        _ => None,
    };
    CardText { title, section, site_name: site_title.to_string() }
}

/// Points every page's head at its card; the cards the cache lacks are drawn by what this
/// returns ([`Drawing::draw`]), which the build runs beside its other stages.
pub fn add(
    site: &mut Site,
    config: &site_config::Config,
    words: &Words,
    root: &Path,
    frontend: &Path,
) -> Result<Drawing> {
    let logo = std::fs::read(root.join("static").join(config.navbar.logo.src.trim_start_matches('/')))
        .with_context(|| format!("reading the logo {} for the social cards", config.navbar.logo.src))?;
    let renderer = Renderer::new(&FontFiles::in_node_modules(&frontend.join("node_modules")), &logo)?;
    let texts: Vec<CardText> = site.pages.iter().map(|p| card_text(p, &config.site.title, words)).collect();
    for (page, text) in site.pages.iter_mut().zip(&texts) {
        page.head.image = Some(canonical(config, &format!("/og/{}.png", renderer.key(text))));
    }
    Ok(Drawing { renderer, texts, dir: cache_dir(root) })
}

/// The cards of a build, to draw where the cache lacks them.
pub struct Drawing {
    renderer: Renderer,
    texts: Vec<CardText>,
    dir: PathBuf,
}

impl Drawing {
    /// Draws the missing cards on threads of their own (in the global pool they would hold up
    /// the export and the prerender, which use it); how many.
    pub fn draw(self) -> Result<usize> {
        let pool = rayon::ThreadPoolBuilder::new().thread_name(|i| format!("cards-{i}")).build()?;
        Ok(pool.install(|| site_cards::render_missing(&self.renderer, &self.texts, &self.dir))?.rendered)
    }
}

/// Copies the cards the pages use into the built site's `og/` folder.
pub fn copy(site: &Site, root: &Path, out: &Path) -> Result<()> {
    let dir = out.join("og");
    std::fs::create_dir_all(&dir)?;
    let cache = cache_dir(root);
    // The folder is new (the build's staging folder): a card is placed once, however many
    // pages share it, without asking the disk for each page whether it is there.
    let mut placed = std::collections::HashSet::new();
    for name in site.pages.iter().filter_map(|p| p.head.image.as_deref()).filter_map(|u| u.rsplit('/').next()) {
        if placed.insert(name) {
            // A link: the cards are never written in place (a new card has a new name).
            crate::cache::place(&cache.join(name), &dir.join(name))
                .with_context(|| format!("copying the card {name}"))?;
        }
    }
    Ok(())
}
