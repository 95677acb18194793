//! Glyphs drawn once and reused: each glyph's coverage at a size and a quarter-pixel offset is
//! rasterized the first time a card needs it and blended onto every card after. Filling each
//! title's outlines again was about a third of a card's time; most cards share most glyphs.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use resvg::tiny_skia::{FillRule, Mask, PathBuilder, Pixmap, Transform};

use crate::card::{TextPart, Weight};
use crate::encode::Changed;
use crate::font::Face;

/// Horizontal positions are kept to a quarter pixel; a glyph is drawn at most four ways a size.
const STEPS: f32 = 4.0;

/// The most coverage bytes kept: past it, new glyphs are drawn for the card at hand only. A
/// glyph at the largest title size takes at most about 6 KB (a byte a pixel of its box); a
/// site's titles use a few thousand characters.
const BUDGET: usize = 48 << 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key {
    weight: Weight,
    id: u32,
    size: u32,
    step: u8,
}

/// A glyph's coverage (0–255 a pixel) and where its top-left pixel sits from the pen position.
struct Coverage {
    left: i32,
    top: i32,
    width: usize,
    alpha: Vec<u8>,
}

/// The glyphs drawn so far, shared by the threads that draw cards.
#[derive(Default)]
pub struct Glyphs {
    drawn: RwLock<(HashMap<Key, Arc<Coverage>>, usize)>,
}

impl Glyphs {
    /// Blends `part`'s glyphs onto `card` in its colour, marking the rows it changes.
    pub fn paint(&self, card: &mut Pixmap, part: &TextPart, face: &Face, changed: &mut Changed) {
        let color = part.color.to_color_u8();
        let rgb = [color.red(), color.green(), color.blue()];
        let baseline = part.baseline.round();
        for glyph in &part.line.glyphs {
            let x = part.x + glyph.x * part.size;
            let (pen_x, step) = quantize(x);
            let pen_y = (baseline - glyph.y * part.size).round() as i32;
            let key = Key { weight: part.weight, id: glyph.id, size: part.size.to_bits(), step };
            if let Some(coverage) = self.coverage(key, face, part.size) {
                let top = pen_y + coverage.top;
                changed.mark(top, coverage.alpha.len() / coverage.width);
                blend(card, &coverage, pen_x + coverage.left, top, rgb);
            }
        }
    }

    fn coverage(&self, key: Key, face: &Face, size: f32) -> Option<Arc<Coverage>> {
        if let Some(found) = self.drawn.read().expect("no thread panics holding it").0.get(&key) {
            return Some(found.clone());
        }
        let drawn = Arc::new(rasterize(face, key.id, size, f32::from(key.step) / STEPS)?);
        let mut cache = self.drawn.write().expect("no thread panics holding it");
        let (kept, bytes) = &mut *cache;
        // Another thread may have drawn the same glyph meanwhile: keep (and count) one.
        if let Some(found) = kept.get(&key) {
            return Some(found.clone());
        }
        if *bytes + drawn.alpha.len() <= BUDGET {
            *bytes += drawn.alpha.len();
            kept.insert(key, drawn.clone());
        }
        Some(drawn)
    }
}

/// The whole pixel at or left of `x` and the quarter past it (a position rounding up to the
/// next pixel is that pixel's step 0).
fn quantize(x: f32) -> (i32, u8) {
    let quarters = (x * STEPS).round() as i32;
    (quarters.div_euclid(STEPS as i32), quarters.rem_euclid(STEPS as i32) as u8)
}

/// The glyph's coverage with its pen at (`offset`, 0); None for a glyph with no outline (a
/// space).
fn rasterize(face: &Face, id: u32, size: f32, offset: f32) -> Option<Coverage> {
    let mut path = PathBuilder::new();
    face.draw(id, size, offset, 0.0, &mut path);
    let path = path.finish()?;
    let bounds = path.bounds();
    // One pixel of room on each side for the anti-aliased edge.
    let (left, top) = (bounds.left().floor() as i32 - 1, bounds.top().floor() as i32 - 1);
    let width = (bounds.right().ceil() as i32 + 1 - left).max(1) as u32;
    let height = (bounds.bottom().ceil() as i32 + 1 - top).max(1) as u32;
    let mut mask = Mask::new(width, height)?;
    mask.fill_path(&path, FillRule::Winding, true, Transform::from_translate(-left as f32, -top as f32));
    Some(Coverage { left, top, width: width as usize, alpha: mask.data().to_vec() })
}

/// Source-over of `rgb` through `coverage` at (`x`, `y`) on the opaque `card`, clipped to it.
/// Each row is clipped once; inside a glyph (coverage 255) the colour is set as it is.
fn blend(card: &mut Pixmap, coverage: &Coverage, x: i32, y: i32, rgb: [u8; 3]) {
    let (card_width, card_height) = (card.width() as i32, card.height() as i32);
    // The glyph's columns inside the card.
    let (first, end) = ((-x).max(0), (card_width - x).min(coverage.width as i32));
    if first >= end {
        return;
    }
    let pixels = card.data_mut();
    for (row, alphas) in coverage.alpha.chunks_exact(coverage.width).enumerate() {
        let cy = y + row as i32;
        if !(0..card_height).contains(&cy) {
            continue;
        }
        let at = ((cy * card_width + x + first) * 4) as usize;
        let drawn = &mut pixels[at..at + (end - first) as usize * 4];
        for (pixel, &a) in drawn.chunks_exact_mut(4).zip(&alphas[first as usize..end as usize]) {
            match a {
                0 => {}
                255 => pixel[..3].copy_from_slice(&rgb),
                _ => {
                    let (a, keep) = (u32::from(a), 255 - u32::from(a));
                    for (channel, &c) in pixel[..3].iter_mut().zip(&rgb) {
                        *channel = div255(u32::from(c) * a + u32::from(*channel) * keep);
                    }
                }
            }
        }
    }
}

/// `v / 255`, rounded, for `v` up to 255 × 255.
fn div255(v: u32) -> u8 {
    ((v + 128 + ((v + 128) >> 8)) >> 8) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_snap_to_quarters_and_carry_into_the_next_pixel() {
        assert_eq!(quantize(10.0), (10, 0));
        assert_eq!(quantize(10.26), (10, 1));
        assert_eq!(quantize(10.5), (10, 2));
        assert_eq!(quantize(10.9), (11, 0));
        assert_eq!(quantize(-0.3), (-1, 3));
    }

    #[test]
    fn blending_is_exact_at_the_ends_and_rounds_between() {
        assert_eq!(div255(255 * 255), 255);
        assert_eq!(div255(0), 0);
        assert!((0..=255 * 255).step_by(97).all(|v| div255(v) == ((v as f32) / 255.0).round() as u8));
    }
}
