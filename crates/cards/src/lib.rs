//! Social cards (Open Graph images): one 1200×630 PNG per page with its title, section, the
//! site name and the logo, drawn in Rust at build time (HarfRust shaping, read-fonts outlines,
//! tiny-skia rasterising, resvg for the logo) with Noto Sans SC from the npm package
//! `@expo-google-fonts/noto-sans-sc` (SIL OFL 1.1), installed by `npm ci` in `frontend/`.
//!
//! A card's file name is its key, a hash of everything that changes the image, so a build
//! renders only cards it has not rendered before ([`render_missing`]).

mod batch;
mod card;
mod encode;
mod font;
mod glyphs;
mod key;
mod layout;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use anyhow::{Result, anyhow};
use resvg::tiny_skia::Pixmap;

pub use batch::{Batch, render_missing};
pub use card::{HEIGHT, TITLE_MAX_LINES, TITLE_SIZES, WIDTH};
pub use key::{LAYOUT_VERSION, card_key};

use card::{Composition, TextPart, Weight};
use encode::{Changed, FilteredBackground};
use font::Face;
use glyphs::Glyphs;

/// The npm package the font comes from (a devDependency of `frontend/`).
pub const FONT_PACKAGE: &str = "@expo-google-fonts/noto-sans-sc";

/// The text of one card.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CardText {
    pub title: String,
    /// Where the page sits, e.g. "API 参考 › State", "博客"; drawn above the title.
    pub section: Option<String>,
    pub site_name: String,
}

/// The two font files a card uses: bold for the title and site name, regular for the section.
#[derive(Clone, Debug)]
pub struct FontFiles {
    pub bold: PathBuf,
    pub regular: PathBuf,
}

impl FontFiles {
    /// The files inside `node_modules` (e.g. `frontend/node_modules`).
    pub fn in_node_modules(node_modules: &Path) -> FontFiles {
        let package = node_modules.join(FONT_PACKAGE);
        FontFiles {
            bold: package.join("700Bold/NotoSansSC_700Bold.ttf"),
            regular: package.join("400Regular/NotoSansSC_400Regular.ttf"),
        }
    }
}

/// A text line's box on the card in px (top-left origin): the pen advance across, the font's
/// line box (ascent + descent) down.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LineBox {
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
}

/// Where a card's text lands, for tests and for checking a title before rendering it.
#[derive(Clone, Debug, PartialEq)]
pub struct CardLayout {
    pub title_size: f32,
    pub title: Vec<LineBox>,
    /// The title did not fit in [`TITLE_MAX_LINES`] lines and ends in an ellipsis.
    pub title_truncated: bool,
    pub section: Option<LineBox>,
    pub site_name: LineBox,
}

/// Draws cards; create once, render from many threads. Creating it reads only the fonts'
/// identities (for the keys); the fonts and the shared background are loaded on the first
/// card drawn, so a build whose cards are all cached never loads them.
pub struct Renderer {
    fonts: FontFiles,
    logo_svg: Vec<u8>,
    fingerprint: String,
    loaded: OnceLock<Result<Loaded, String>>,
}

/// What drawing needs: the two fonts, the background every card starts from, and that
/// background with each site name on it.
struct Loaded {
    bold: Face,
    regular: Face,
    background: Pixmap,
    /// By site name. Every card of a site bears the same name: drawn once, its rows are the
    /// background's for every card (drawing it on each was about a fifth of a card's time).
    backdrops: Mutex<HashMap<String, Arc<Backdrop>>>,
    glyphs: Glyphs,
}

/// The background with a site name on it: what a card's title and section are drawn on.
struct Backdrop {
    pixmap: Pixmap,
    /// Its filtered rows and compressed pieces, shared by every card's unchanged rows.
    filtered: FilteredBackground,
    /// Copies of it to draw on, one for each thread drawing at once.
    spare: Mutex<Vec<Pixmap>>,
}

impl Renderer {
    /// `logo_svg` is the site's logo (`static/img/logo.svg`). Fails when a font file is
    /// missing (the message says to run `npm ci` in `frontend/`) or the logo is not SVG.
    pub fn new(fonts: &FontFiles, logo_svg: &[u8]) -> Result<Renderer> {
        let identities = [font::identity(&fonts.bold)?, font::identity(&fonts.regular)?];
        card::check_logo(logo_svg)?;
        Ok(Renderer {
            fonts: fonts.clone(),
            logo_svg: logo_svg.to_vec(),
            fingerprint: key::fingerprint(logo_svg, &[&identities[0], &identities[1]]),
            loaded: OnceLock::new(),
        })
    }

    /// Identifies the logo, the fonts and the layout version; part of every card key.
    pub fn fingerprint(&self) -> &str {
        &self.fingerprint
    }

    /// The card's key: hex, the name of its file (`og/<key>.png`).
    pub fn key(&self, text: &CardText) -> String {
        card_key(text, &self.fingerprint)
    }

    /// Lays the card out without drawing it.
    pub fn layout(&self, text: &CardText) -> Result<CardLayout> {
        let loaded = self.loaded()?;
        let composition = card::compose(&loaded.bold, &loaded.regular, text);
        Ok(CardLayout {
            title_size: composition.title.first().map_or(0.0, |p| p.size),
            title: composition.title.iter().map(|p| loaded.line_box(p)).collect(),
            title_truncated: composition.title_truncated,
            section: composition.section.as_ref().map(|p| loaded.line_box(p)),
            site_name: loaded.line_box(&composition.site_name),
        })
    }

    /// The card as PNG bytes.
    pub fn render(&self, text: &CardText) -> Result<Vec<u8>> {
        let loaded = self.loaded()?;
        let composition = card::compose(&loaded.bold, &loaded.regular, text);
        let backdrop = loaded.backdrop(&text.site_name, &composition.site_name);
        // Cards are drawn on spare copies of the backdrop, each put back after its card by
        // copying the rows the card changed: a whole new copy was about a tenth of a card's time.
        let spare = backdrop.spare.lock().expect("no thread panics holding it").pop();
        let mut pixmap = spare.unwrap_or_else(|| backdrop.pixmap.clone());
        let mut changed = Changed::none(card::HEIGHT);
        loaded.paint(&mut pixmap, &composition, &mut changed);
        let png = encode::png(&pixmap, &backdrop.filtered, &changed);
        changed.restore(&mut pixmap, &backdrop.pixmap);
        backdrop.spare.lock().expect("no thread panics holding it").push(pixmap);
        Ok(png)
    }

    fn loaded(&self) -> Result<&Loaded> {
        let loaded = self.loaded.get_or_init(|| {
            let (fonts, background) = rayon::join(
                || rayon::join(|| Face::load(&self.fonts.bold), || Face::load(&self.fonts.regular)),
                || card::background(&self.logo_svg),
            );
            let load = || {
                let background = background?;
                Ok::<_, anyhow::Error>(Loaded {
                    bold: fonts.0?,
                    regular: fonts.1?,
                    background,
                    backdrops: Mutex::default(),
                    glyphs: Glyphs::default(),
                })
            };
            load().map_err(|e| format!("{e:#}"))
        });
        loaded.as_ref().map_err(|e| anyhow!("{e}"))
    }
}

impl Loaded {
    /// The backdrop of cards bearing `name` (laid out as `part`), drawn on first use.
    fn backdrop(&self, name: &str, part: &TextPart) -> Arc<Backdrop> {
        let mut backdrops = self.backdrops.lock().expect("no thread panics holding it");
        let made = backdrops.entry(name.to_owned()).or_insert_with(|| {
            let mut pixmap = self.background.clone();
            self.glyphs.paint(&mut pixmap, part, self.face(part.weight), &mut Changed::none(card::HEIGHT));
            Arc::new(Backdrop { filtered: FilteredBackground::of(&pixmap), pixmap, spare: Mutex::default() })
        });
        Arc::clone(made)
    }

    /// Draws what a card has beyond its backdrop: the title, the section and its accent.
    fn paint(&self, pixmap: &mut Pixmap, composition: &Composition, changed: &mut Changed) {
        if composition.section.is_some() {
            card::paint_accent(pixmap, changed);
        }
        for part in composition.title.iter().chain(&composition.section) {
            self.glyphs.paint(pixmap, part, self.face(part.weight), changed);
        }
    }

    fn face(&self, weight: Weight) -> &Face {
        match weight {
            Weight::Bold => &self.bold,
            Weight::Regular => &self.regular,
        }
    }

    fn line_box(&self, part: &TextPart) -> LineBox {
        let face = self.face(part.weight);
        LineBox {
            x: part.x,
            y: part.baseline - face.ascent * part.size,
            width: part.line.width * part.size,
            height: (face.ascent + face.descent) * part.size,
        }
    }
}
