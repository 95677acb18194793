//! One font file: loading, shaping (HarfRust) and glyph outlines (read-fonts), in em units so
//! that a title is shaped once and laid out at any size.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

use anyhow::{Context, Result, anyhow};
use harfrust::{Buffer, Direction, Font, GlyphId, Script, ShapeOptions, ShapePlan, ShaperFont};
use read_fonts::model::glyph::outline::{DrawMemory, DrawOptions, OutlineGlyphs, PathSink};
use read_fonts::tables::head::Head;
use read_fonts::{FontData, FontRead, TableDirectory, TopLevelTable};
use resvg::tiny_skia::PathBuilder;

/// A glyph placed on a line, in em units from the start of its run.
#[derive(Clone, Debug, PartialEq)]
pub struct PlacedGlyph {
    pub id: u32,
    pub x: f32,
    pub y: f32,
    pub advance: f32,
    /// The first character of the glyph's cluster (trimming before an ellipsis looks at it).
    pub ch: char,
}

/// Shaped text: glyphs in em units and the total advance.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Shaped {
    pub glyphs: Vec<PlacedGlyph>,
    pub advance: f32,
}

/// What layout needs from a font: shaping and coverage. Tests substitute a fixed-width fake.
pub trait Shaper {
    fn shape(&self, text: &str) -> Shaped;
    fn has_char(&self, c: char) -> bool;
}

/// A loaded font file, shared by every card (HarfRust's `Font` is thread-safe).
pub struct Face {
    font: Font,
    latin: ShapePlan,
    han: ShapePlan,
    units_per_em: f32,
    /// The font's line box (hhea) in em units: height above and depth below the baseline.
    pub ascent: f32,
    pub descent: f32,
}

impl Face {
    pub fn load(path: &Path) -> Result<Face> {
        let data = std::fs::read(path).with_context(|| missing_font(path))?;
        let font = Font::new(data, 0).ok_or_else(|| anyhow!("{}: not a TrueType/OpenType font", path.display()))?;
        let metrics = font.metrics();
        let units_per_em = f32::from(metrics.units_per_em);
        let line = metrics.hhea_line.or(metrics.typo_line);
        let (ascent, descent) = match line {
            Some(line) => (line.ascender.to_f32() / units_per_em, -line.descender.to_f32() / units_per_em),
            None => (0.88, 0.12),
        };
        let plan = |script| ShapePlan::new(&font, Direction::LeftToRight, Some(script), None, &[]);
        let (latin, han) = (plan(Script::LATIN), plan(Script::HAN));
        Ok(Face { font, latin, han, units_per_em, ascent, descent })
    }

    /// Adds the outline of glyph `id` at `size` px, with its pen at (`x`, `baseline`).
    pub fn draw(&self, id: u32, size: f32, x: f32, baseline: f32, path: &mut PathBuilder) {
        let options = DrawOptions::new().with_ppem(Some(size));
        let mut sink = OffsetSink { path, x, y: baseline };
        draw_glyph(&self.font.outline_glyphs(), id, &options, &mut Vec::new(), &mut sink);
    }

    fn shape_run(&self, text: &str, script: Script, glyphs: &mut Shaped) {
        let mut buffer = Buffer::new();
        buffer.push_str(text);
        buffer.set_direction(Direction::LeftToRight);
        buffer.set_script(Some(script));
        let plan = if script == Script::HAN { &self.han } else { &self.latin };
        let shaper = ShaperFont::new(&self.font);
        // The plan was built for this font, direction and script, so shaping cannot fail.
        if harfrust::shape(&shaper, &mut buffer, ShapeOptions::new().plan(Some(plan))).is_err() {
            return;
        }
        let scale = 1.0 / self.units_per_em;
        for (info, pos) in buffer.glyph_infos().iter().zip(buffer.glyph_positions()) {
            let ch = text[info.cluster as usize..].chars().next().unwrap_or(' ');
            glyphs.glyphs.push(PlacedGlyph {
                id: info.glyph_id,
                x: glyphs.advance + pos.x_offset as f32 * scale,
                y: pos.y_offset as f32 * scale,
                advance: pos.x_advance as f32 * scale,
                ch,
            });
            glyphs.advance += pos.x_advance as f32 * scale;
        }
    }
}

impl Shaper for Face {
    /// Shapes `text` run by run: CJK runs with the Han plan, the rest with the Latin one (so
    /// Latin kerning applies).
    fn shape(&self, text: &str) -> Shaped {
        let mut shaped = Shaped::default();
        for (run, script) in script_runs(text) {
            self.shape_run(run, script, &mut shaped);
        }
        shaped
    }

    fn has_char(&self, c: char) -> bool {
        self.font.charmap().map_unicode(c).is_some_and(|id| id.to_u32() != 0)
    }
}

fn draw_glyph(outlines: &OutlineGlyphs, id: u32, options: &DrawOptions, memory: &mut Vec<u8>, sink: &mut OffsetSink) {
    let Some(outline) = outlines.get(GlyphId::new(id)) else { return };
    memory.resize(memory.len().max(outline.required_memory_size()), 0);
    // A malformed glyph is left out rather than failing the card.
    let _ = outline.draw(options, DrawMemory::Buffer(memory), sink);
}

/// Splits text into runs of CJK and other characters; spaces and ASCII punctuation stay with
/// the run they are in.
pub(crate) fn script_runs(text: &str) -> Vec<(&str, Script)> {
    let mut runs = Vec::new();
    let mut start = 0;
    let mut current: Option<Script> = None;
    for (i, c) in text.char_indices() {
        let script = if is_cjk(c) { Script::HAN } else { Script::LATIN };
        if c == ' ' || current == Some(script) {
            continue;
        }
        if let Some(previous) = current {
            runs.push((&text[start..i], previous));
            start = i;
        }
        current = Some(script);
    }
    if start < text.len() {
        runs.push((&text[start..], current.unwrap_or(Script::LATIN)));
    }
    runs
}

/// CJK ideographs, kana, CJK symbols and punctuation, and full-width forms.
pub(crate) fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x2E80..=0x2FFF | 0x3000..=0x303F | 0x3040..=0x30FF | 0x3100..=0x31FF | 0x3200..=0x9FFF
        | 0xF900..=0xFAFF | 0xFE30..=0xFE4F | 0xFF00..=0xFFEF | 0x20000..=0x3FFFF)
}

/// Names this exact font file in card keys: its revision and checksum adjustment (a checksum
/// of the whole file) from the `head` table, and its length. Reads only the table directory
/// and `head`, so a build whose cards are all cached never reads the 10 MB font.
pub fn identity(path: &Path) -> Result<String> {
    let not_a_font = || format!("{}: not a TrueType/OpenType font", path.display());
    let mut file = File::open(path).with_context(|| missing_font(path))?;
    let length = file.metadata().with_context(|| missing_font(path))?.len();
    let mut directory = Vec::with_capacity(DIRECTORY_PREFIX);
    (&mut file).take(DIRECTORY_PREFIX as u64).read_to_end(&mut directory).with_context(|| missing_font(path))?;
    let directory = TableDirectory::read(FontData::new(&directory)).with_context(not_a_font)?;
    let record = directory.table_records().iter().find(|r| r.tag() == Head::TAG).with_context(not_a_font)?;
    let mut head = vec![0; record.length() as usize];
    file.seek(SeekFrom::Start(u64::from(record.offset())))
        .and_then(|_| file.read_exact(&mut head))
        .with_context(not_a_font)?;
    let head = Head::read(FontData::new(&head)).with_context(not_a_font)?;
    Ok(format!("{}:{:08x}:{length}", head.font_revision().to_f64(), head.checksum_adjustment()))
}

/// Bytes read for the table directory: 12 + 16 per table covers 255 tables.
const DIRECTORY_PREFIX: usize = 4096;

fn missing_font(path: &Path) -> String {
    format!(
        "{}: cannot read the card font; run `npm ci` in frontend/ (the font comes from the npm package {})",
        path.display(),
        crate::FONT_PACKAGE
    )
}

/// Moves glyph outlines (y up, origin at the pen) into the card's space (y down).
struct OffsetSink<'a> {
    path: &'a mut PathBuilder,
    x: f32,
    y: f32,
}

impl PathSink for OffsetSink<'_> {
    fn move_to(&mut self, x: f32, y: f32) {
        self.path.move_to(self.x + x, self.y - y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.path.line_to(self.x + x, self.y - y);
    }
    fn quad_to(&mut self, cx0: f32, cy0: f32, x: f32, y: f32) {
        self.path.quad_to(self.x + cx0, self.y - cy0, self.x + x, self.y - y);
    }
    fn curve_to(&mut self, cx0: f32, cy0: f32, cx1: f32, cy1: f32, x: f32, y: f32) {
        let (ox, oy) = (self.x, self.y);
        self.path.cubic_to(ox + cx0, oy - cy0, ox + cx1, oy - cy1, ox + x, oy - y);
    }
    fn close(&mut self) {
        self.path.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_split_cjk_from_latin_and_keep_spaces_inside() {
        let runs: Vec<_> =
            script_runs("原子（atom）与 Recoil 0.7").into_iter().map(|(t, s)| (t, s == Script::HAN)).collect();
        assert_eq!(runs, [("原子（", true), ("atom", false), ("）与 ", true), ("Recoil 0.7", false)]);
    }

    #[test]
    fn a_leading_space_starts_the_first_run() {
        assert_eq!(script_runs(" a"), [(" a", Script::LATIN)]);
        assert!(script_runs("").is_empty());
    }
}
