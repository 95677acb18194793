//! The card's design: an opaque deep-blue background (it reads on light and dark chat apps
//! alike), the section in a quieter light blue above a white title, the logo on a white badge
//! and the site name in the bottom-left corner, and a faint outline of the logo on the right.

use anyhow::{Context, Result};
use resvg::tiny_skia::{
    Color, FillRule, GradientStop, LinearGradient, Mask, MaskType, Paint, PathBuilder, Pixmap, Point, Rect, SpreadMode,
    Transform,
};
use resvg::usvg;

use crate::encode::Changed;
use crate::font::Face;
use crate::layout::{self, Line, TitleBox};

pub const WIDTH: u32 = 1200;
pub const HEIGHT: u32 = 630;

const MARGIN: f32 = 80.0;
const TEXT_WIDTH: f32 = WIDTH as f32 - 2.0 * MARGIN;
/// Title sizes in px, largest first; the smallest still reads at a chat preview's width.
pub const TITLE_SIZES: [f32; 5] = [76.0, 68.0, 60.0, 54.0, 48.0];
pub const TITLE_MAX_LINES: usize = 3;
const TITLE_LINE_HEIGHT: f32 = 1.28;
const SECTION_SIZE: f32 = 32.0;
const SITE_NAME_SIZE: f32 = 34.0;
/// The section's baseline, under the accent bar at the top.
const SECTION_BASELINE: f32 = 142.0;
const ACCENT_BAR: (f32, f32, f32, f32) = (MARGIN, 80.0, 64.0, 8.0);
/// The logo badge: centre and radius; the site name stands to its right.
const BADGE: (f32, f32, f32) = (MARGIN + 36.0, HEIGHT as f32 - 80.0 - 36.0, 36.0);
/// The title is centred between the section and the footer, with room to breathe on both.
const TITLE_AREA: (f32, f32) = (SECTION_BASELINE + 34.0, BADGE.1 - BADGE.2 - 38.0);
/// Where the CJK em box sits around the baseline: its centre, as a fraction of the size.
const EM_BOX_CENTRE: f32 = 0.38;

const BACKGROUND_TOP_LEFT: [u8; 3] = [0x10, 0x22, 0x50];
const BACKGROUND_BOTTOM_RIGHT: [u8; 3] = [0x1f, 0x4f, 0xb8];
const TITLE_COLOR: [u8; 3] = [0xff, 0xff, 0xff];
const SECTION_COLOR: [u8; 3] = [0x9e, 0xc0, 0xff];
const ACCENT_COLOR: [u8; 3] = [0x7a, 0xa7, 0xff];
const SITE_NAME_COLOR: [u8; 3] = [0xe3, 0xe9, 0xf5];
const BADGE_COLOR: [u8; 3] = [0xff, 0xff, 0xff];

fn rgb([r, g, b]: [u8; 3]) -> Color {
    Color::from_rgba8(r, g, b, 255)
}

/// Which font a text part uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weight {
    Bold,
    Regular,
}

/// One line of text placed on the card: its glyphs, size, pen origin (x, baseline) and colour.
pub struct TextPart {
    pub weight: Weight,
    pub line: Line,
    pub size: f32,
    pub x: f32,
    pub baseline: f32,
    pub color: Color,
}

/// Everything that differs between two cards.
pub struct Composition {
    pub title: Vec<TextPart>,
    pub title_truncated: bool,
    pub section: Option<TextPart>,
    pub site_name: TextPart,
}

pub fn compose(bold: &Face, regular: &Face, text: &crate::CardText) -> Composition {
    let title = layout::normalize(&text.title, bold);
    let frame = TitleBox {
        width: TEXT_WIDTH,
        height: TITLE_AREA.1 - TITLE_AREA.0,
        sizes: &TITLE_SIZES,
        line_height: TITLE_LINE_HEIGHT,
        max_lines: TITLE_MAX_LINES,
    };
    let block = layout::fit_title(&title, bold, &frame);
    let line_height = block.size * TITLE_LINE_HEIGHT;
    let height = line_height * block.lines.len() as f32;
    // The block's first em box starts where the centred block starts.
    let top = (TITLE_AREA.0 + TITLE_AREA.1 - height) / 2.0;
    let first_baseline = top + (line_height / 2.0) + EM_BOX_CENTRE * block.size;
    let title = block.lines.into_iter().enumerate().map(|(i, line)| TextPart {
        weight: Weight::Bold,
        line,
        size: block.size,
        x: MARGIN,
        baseline: first_baseline + i as f32 * line_height,
        color: rgb(TITLE_COLOR),
    });
    let section = text.section.as_deref().map(|s| layout::normalize(s, regular)).filter(|s| !s.is_empty());
    let section = section.map(|s| TextPart {
        weight: Weight::Regular,
        line: layout::fit_line(&s, regular, TEXT_WIDTH / SECTION_SIZE),
        size: SECTION_SIZE,
        x: MARGIN,
        baseline: SECTION_BASELINE,
        color: rgb(SECTION_COLOR),
    });
    let site_name_x = BADGE.0 + BADGE.2 + 22.0;
    let site_name = layout::normalize(&text.site_name, bold);
    let site_name = TextPart {
        weight: Weight::Bold,
        line: layout::fit_line(&site_name, bold, (WIDTH as f32 - MARGIN - site_name_x) / SITE_NAME_SIZE),
        size: SITE_NAME_SIZE,
        x: site_name_x,
        baseline: BADGE.1 + EM_BOX_CENTRE * SITE_NAME_SIZE,
        color: rgb(SITE_NAME_COLOR),
    };
    Composition { title: title.collect(), title_truncated: block.truncated, section, site_name }
}

/// Fails unless the logo parses as SVG.
pub fn check_logo(logo_svg: &[u8]) -> Result<()> {
    parse_logo(logo_svg).map(drop)
}

fn parse_logo(logo_svg: &[u8]) -> Result<usvg::Tree> {
    usvg::Tree::from_data(logo_svg, &usvg::Options::default()).context("the card logo is not a valid SVG")
}

/// The part every card shares, drawn once: background, logo outline, logo badge.
pub fn background(logo_svg: &[u8]) -> Result<Pixmap> {
    let logo = parse_logo(logo_svg)?;
    let mut card = Pixmap::new(WIDTH, HEIGHT).expect("the card size is not zero");
    let stops =
        vec![GradientStop::new(0.0, rgb(BACKGROUND_TOP_LEFT)), GradientStop::new(1.0, rgb(BACKGROUND_BOTTOM_RIGHT))];
    let gradient = LinearGradient::new(
        Point::from_xy(0.0, 0.0),
        Point::from_xy(0.0, HEIGHT as f32),
        stops,
        SpreadMode::Pad,
        Transform::identity(),
    )
    .expect("two distinct points and stops");
    let everywhere = Rect::from_xywh(0.0, 0.0, WIDTH as f32, HEIGHT as f32).expect("a positive rect");
    card.fill_rect(everywhere, &Paint { shader: gradient, ..Paint::default() }, Transform::identity(), None);
    draw_watermark(&mut card, &logo);
    draw_badge(&mut card, &logo);
    Ok(card)
}

/// The logo's shape, large and faint, half off the right edge: white through the logo's alpha.
fn draw_watermark(card: &mut Pixmap, logo: &usvg::Tree) {
    let size = 620.0;
    let mut shape = Pixmap::new(WIDTH, HEIGHT).expect("the card size is not zero");
    let scale = size / logo.size().width().max(logo.size().height());
    let placed = Transform::from_scale(scale, scale).post_translate(WIDTH as f32 - size * 0.62, -size * 0.16);
    resvg::render(logo, placed, &mut shape.as_mut());
    let mask = Mask::from_pixmap(shape.as_ref(), MaskType::Alpha);
    let everywhere = Rect::from_xywh(0.0, 0.0, WIDTH as f32, HEIGHT as f32).expect("a positive rect");
    let faint = solid(Color::from_rgba8(255, 255, 255, 11));
    card.fill_rect(everywhere, &faint, Transform::identity(), Some(&mask));
}

fn draw_badge(card: &mut Pixmap, logo: &usvg::Tree) {
    let (cx, cy, r) = BADGE;
    let circle = PathBuilder::from_circle(cx, cy, r).expect("a positive radius");
    card.fill_path(&circle, &solid(rgb(BADGE_COLOR)), FillRule::Winding, Transform::identity(), None);
    let size = r * 1.5;
    let scale = size / logo.size().width().max(logo.size().height());
    let placed = Transform::from_scale(scale, scale).post_translate(cx - size / 2.0, cy - size / 2.0);
    resvg::render(logo, placed, &mut card.as_mut());
}

/// The short bar that leads into the section (left out with the section).
pub fn paint_accent(card: &mut Pixmap, changed: &mut Changed) {
    let (x, y, w, h) = ACCENT_BAR;
    let bar = Rect::from_xywh(x, y, w, h).expect("a positive rect");
    card.fill_rect(bar, &solid(rgb(ACCENT_COLOR)), Transform::identity(), None);
    // Its edges are anti-aliased into the rows around it.
    changed.mark(y.floor() as i32 - 1, h.ceil() as usize + 2);
}

fn solid(color: Color) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(color);
    paint.anti_alias = true;
    paint
}
