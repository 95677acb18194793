//! A card as PNG, filtering only the rows its text changed: every card is the shared
//! background with a few lines of text on it, and a row's Paeth filter depends only on that row
//! and the one above, so where neither changed the background's filtered row is copied. The
//! filter over the whole card was about a fifth of a card's time.

use anyhow::{Context, Result};
use resvg::tiny_skia::Pixmap;

/// Bytes a pixel as drawn (RGBA).
const DRAWN: usize = 4;
/// Bytes a pixel as encoded (RGB: the card is opaque, and without the alpha byte there is a
/// quarter less to filter and deflate).
const PIXEL: usize = 3;

/// The rows of a card its text changed.
pub struct Changed(Vec<bool>);

impl Changed {
    pub fn none(height: u32) -> Changed {
        Changed(vec![false; height as usize])
    }

    /// Marks `count` rows from `top` (the part inside the card).
    pub fn mark(&mut self, top: i32, count: usize) {
        let start = top.max(0) as usize;
        let end = (top + count as i32).max(0) as usize;
        for row in self.0.iter_mut().take(end).skip(start) {
            *row = true;
        }
    }

    /// Puts the changed rows of `card` back as they are in `background`.
    pub fn restore(&self, card: &mut Pixmap, background: &Pixmap) {
        let row = card.width() as usize * DRAWN;
        let rows = card.data_mut().chunks_exact_mut(row).zip(background.data().chunks_exact(row));
        for ((drawn, original), _) in rows.zip(&self.0).filter(|(_, changed)| **changed) {
            drawn.copy_from_slice(original);
        }
    }

    /// Whether row `y`'s filtered bytes differ from the background's.
    fn refilter(&self, y: usize) -> bool {
        self.0[y] || (y > 0 && self.0[y - 1])
    }
}

/// The background's rows as RGB, and each filtered (its filter type byte first): what an
/// unchanged row of every card is, and what the row under a changed one is filtered against.
pub struct FilteredBackground {
    rgb: Vec<u8>,
    filtered: Vec<u8>,
}

impl FilteredBackground {
    pub fn of(background: &Pixmap) -> FilteredBackground {
        let mut rgb = Vec::with_capacity(background.data().len() / DRAWN * PIXEL);
        background.data().chunks_exact(background.width() as usize * DRAWN).for_each(|row| push_rgb(row, &mut rgb));
        let row = background.width() as usize * PIXEL;
        let mut filtered = Vec::with_capacity((row + 1) * background.height() as usize);
        let mut previous: &[u8] = &[];
        for current in rgb.chunks_exact(row) {
            paeth_row(current, previous, &mut filtered);
            previous = current;
        }
        FilteredBackground { rgb, filtered }
    }
}

/// Appends the RGB of an opaque RGBA row (premultiplied by an alpha of 255: the colour itself).
fn push_rgb(rgba: &[u8], out: &mut Vec<u8>) {
    out.extend(rgba.chunks_exact(DRAWN).flat_map(|p| [p[0], p[1], p[2]]));
}

/// The card drawn on `background` (whose rows are `filtered`), with `changed` rows, as PNG:
/// RGB, Paeth filter, fast deflate (fdeflate). About 1 ms a card where the default level takes
/// 25–30 ms, for a file about 1.8 times larger (~65 KiB).
pub fn png(card: &Pixmap, filtered: &FilteredBackground, changed: &Changed) -> Result<Vec<u8>> {
    let row = card.width() as usize * PIXEL;
    let mut deflate = fdeflate::Compressor::new(Vec::with_capacity(96 * 1024)).context("starting deflate")?;
    let mut line = Vec::with_capacity(row + 1);
    // The RGB of the changed row above and of this one, when they are not the background's.
    let (mut above, mut here) = (Vec::with_capacity(row), Vec::with_capacity(row));
    let background = |y: usize| &filtered.rgb[y * row..(y + 1) * row];
    for (y, drawn) in card.data().chunks_exact(card.width() as usize * DRAWN).enumerate() {
        if changed.refilter(y) {
            here.clear();
            if changed.0[y] {
                push_rgb(drawn, &mut here);
            } else {
                here.extend_from_slice(background(y));
            }
            let previous: &[u8] = match y {
                0 => &[],
                _ if changed.0[y - 1] => &above,
                _ => background(y - 1),
            };
            line.clear();
            paeth_row(&here, previous, &mut line);
            deflate.write_data(&line)
        } else {
            deflate.write_data(&filtered.filtered[y * (row + 1)..(y + 1) * (row + 1)])
        }
        .context("compressing the card")?;
        std::mem::swap(&mut above, &mut here);
    }
    let image = deflate.finish().context("compressing the card")?;
    let mut out = Vec::with_capacity(image.len() + 64);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&card.width().to_be_bytes());
    header.extend_from_slice(&card.height().to_be_bytes());
    // 8 bits a channel, RGB (2), deflate, adaptive filtering (the method), no interlace.
    header.extend_from_slice(&[8, 2, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &header);
    chunk(&mut out, b"IDAT", &image);
    chunk(&mut out, b"IEND", &[]);
    Ok(out)
}

/// A PNG chunk: length, type, data, CRC of type and data.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    out.extend_from_slice(&crc.finalize().to_be_bytes());
}

/// Appends `current` filtered with Paeth against `previous` (empty for the first row: zeros),
/// its filter type byte first.
fn paeth_row(current: &[u8], previous: &[u8], out: &mut Vec<u8>) {
    out.push(4);
    let zeros;
    let previous = if previous.is_empty() {
        zeros = vec![0; current.len()];
        &zeros[..]
    } else {
        previous
    };
    // The first pixel has no left neighbour (a = c = 0): Paeth picks the byte above.
    out.extend(current[..PIXEL].iter().zip(previous).map(|(&x, &b)| x.wrapping_sub(b)));
    let (left, above_left) = (&current[..current.len() - PIXEL], &previous[..previous.len() - PIXEL]);
    let rest = current[PIXEL..].iter().zip(&previous[PIXEL..]).zip(left.iter().zip(above_left));
    out.extend(rest.map(|((&x, &b), (&a, &c))| x.wrapping_sub(predict(a, b, c))));
}

/// The Paeth predictor (PNG specification, 9.4): whichever of left, above and above-left is
/// nearest to left + above − above-left, in that order on ties.
fn predict(a: u8, b: u8, c: u8) -> u8 {
    let (a16, b16, c16) = (i16::from(a), i16::from(b), i16::from(c));
    let (pa, pb, pc) = ((b16 - c16).abs(), (a16 - c16).abs(), (a16 + b16 - 2 * c16).abs());
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The predictor as the specification writes it.
    fn spec(a: u8, b: u8, c: u8) -> u8 {
        let p = i32::from(a) + i32::from(b) - i32::from(c);
        let (pa, pb, pc) = ((p - i32::from(a)).abs(), (p - i32::from(b)).abs(), (p - i32::from(c)).abs());
        if pa <= pb && pa <= pc {
            a
        } else if pb <= pc {
            b
        } else {
            c
        }
    }

    #[test]
    fn the_predictor_is_the_specifications_for_every_input() {
        for a in 0..=255u8 {
            for b in (0..=255u8).step_by(3) {
                for c in (0..=255u8).step_by(5) {
                    assert_eq!(predict(a, b, c), spec(a, b, c), "{a} {b} {c}");
                }
            }
        }
    }

    fn decode(png_bytes: &[u8]) -> Vec<u8> {
        let mut reader = png::Decoder::new(std::io::Cursor::new(png_bytes)).read_info().expect("a PNG header");
        let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
        reader.next_frame(&mut pixels).expect("PNG image data");
        pixels
    }

    #[test]
    fn a_card_decodes_to_its_pixels_with_its_unchanged_rows_taken_from_the_background() {
        let mut background = Pixmap::new(37, 20).unwrap();
        for (i, byte) in background.data_mut().iter_mut().enumerate() {
            *byte = if i % 4 == 3 { 255 } else { (i * 7 % 251) as u8 };
        }
        let filtered = FilteredBackground::of(&background);
        let mut card = background.clone();
        let mut changed = Changed::none(20);
        for y in [0usize, 6, 7, 19] {
            card.data_mut()[y * 37 * 4..(y + 1) * 37 * 4].iter_mut().for_each(|b| *b = b.wrapping_add(90) | 1);
            changed.mark(y as i32, 1);
        }
        let rgb = |p: &Pixmap| {
            let mut out = Vec::new();
            push_rgb(p.data(), &mut out);
            out
        };
        assert_eq!(decode(&png(&card, &filtered, &changed).unwrap()), rgb(&card));
        assert_eq!(decode(&png(&background, &filtered, &Changed::none(20)).unwrap()), rgb(&background));
    }

    #[test]
    fn only_changed_rows_and_the_rows_under_them_are_filtered_again() {
        let mut changed = Changed::none(10);
        changed.mark(-3, 5);
        changed.mark(8, 9);
        let refiltered: Vec<usize> = (0..10).filter(|&y| changed.refilter(y)).collect();
        assert_eq!(refiltered, [0, 1, 2, 8, 9]);
    }
}
