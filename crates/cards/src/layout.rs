//! Text layout in em units: break opportunities from UAX #14 (between CJK characters, after
//! spaces, never inside a Latin word), greedy wrapping, balanced lines, splitting a name that
//! is too long for a line on its own, and an ellipsis after the last allowed line.

use std::ops::Range;

use unicode_linebreak::linebreaks;

use crate::font::{PlacedGlyph, Shaped, Shaper};

const ELLIPSIS: &str = "…";
/// Rounding slack when comparing widths.
const EPSILON: f32 = 1e-4;

/// One laid-out line: glyphs from x = 0 and the width of their ink advance, in em.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Line {
    pub glyphs: Vec<PlacedGlyph>,
    pub width: f32,
}

/// A title fitted into its box: the size chosen (px) and its lines.
#[derive(Clone, Debug, PartialEq)]
pub struct TextBlock {
    pub size: f32,
    pub lines: Vec<Line>,
    pub truncated: bool,
}

/// The box a title must fit: its width and height in px, the sizes to try from largest to
/// smallest, the line height (a multiple of the size) and the most lines it may take.
pub struct TitleBox<'a> {
    pub width: f32,
    pub height: f32,
    pub sizes: &'a [f32],
    pub line_height: f32,
    pub max_lines: usize,
}

impl TitleBox<'_> {
    /// How many lines of `size` px fit, at least one.
    fn lines_at(&self, size: f32) -> usize {
        let fit = (self.height / (size * self.line_height) + EPSILON).floor() as usize;
        fit.clamp(1, self.max_lines)
    }
}

/// An unbreakable piece of text and the width of the space after it (zero when none).
#[derive(Clone, Debug)]
struct Segment {
    text: String,
    shaped: Shaped,
    space: f32,
    /// A piece of a name split because it was too long; the next piece continues it.
    joined: bool,
}

/// Whitespace (newlines, tabs) becomes single spaces; characters the font cannot draw (emoji,
/// controls, variation selectors) are left out rather than drawn as empty boxes.
pub fn normalize(text: &str, shaper: &impl Shaper) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_whitespace() {
            if !out.is_empty() && !out.ends_with(' ') {
                out.push(' ');
            }
        } else if shaper.has_char(c) {
            out.push(c);
        }
    }
    out.truncate(out.trim_end().len());
    out
}

/// Lays out a title at the largest size at which it fits `frame` without breaking a word; else
/// the largest at which it fits with long names broken at their humps; else at the smallest
/// size, cut after the last line with an ellipsis.
pub fn fit_title(text: &str, shaper: &impl Shaper, frame: &TitleBox) -> TextBlock {
    let segments = segments(text, shaper);
    let smallest = *frame.sizes.last().expect("a frame has at least one size");
    for &size in frame.sizes {
        let width = frame.width / size;
        let lines = wrap(&segments, width);
        if lines.len() <= frame.lines_at(size) && segments.iter().all(|s| s.shaped.advance <= width + EPSILON) {
            let lines = arrange(&segments, width, lines.len());
            return block(size, &segments, &lines);
        }
    }
    for &size in frame.sizes {
        let width = frame.width / size;
        let split = split_long_words(&segments, width, shaper);
        let lines = wrap(&split, width);
        if lines.len() <= frame.lines_at(size) {
            let lines = arrange(&split, width, lines.len());
            return block(size, &split, &lines);
        }
    }
    truncated(&segments, smallest, frame, shaper)
}

/// One line of `text` at most `width` em wide, ending in an ellipsis when cut.
pub fn fit_line(text: &str, shaper: &impl Shaper, width: f32) -> Line {
    let shaped = shaper.shape(text);
    let line = Line { width: shaped.advance, glyphs: shaped.glyphs };
    if line.width <= width + EPSILON { line } else { ellipsize(line, width, shaper) }
}

fn segments(text: &str, shaper: &impl Shaper) -> Vec<Segment> {
    let space = shaper.shape(" ").advance;
    let mut segments = Vec::new();
    let mut start = 0;
    for (end, _) in linebreaks(text) {
        let piece = &text[start..end];
        start = end;
        let word = piece.trim_end();
        if word.is_empty() {
            continue;
        }
        let space = if word.len() < piece.len() { space } else { 0.0 };
        segments.push(Segment { text: word.to_string(), shaped: shaper.shape(word), space, joined: false });
    }
    segments
}

/// Greedy wrapping: each line takes segments while they fit. Returns ranges of segments.
fn wrap(segments: &[Segment], width: f32) -> Vec<Range<usize>> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut used = 0.0;
    for (i, segment) in segments.iter().enumerate() {
        let advance = segment.shaped.advance;
        if i > start && used + segments[i - 1].space + advance > width + EPSILON {
            lines.push(start..i);
            start = i;
        }
        used = if i == start { advance } else { used + segments[i - 1].space + advance };
    }
    if start < segments.len() {
        lines.push(start..segments.len());
    }
    lines
}

/// Chooses where `count` lines break: the least sum of squared unused width (lines of even
/// length, no character alone on the last one), plus a cost for breaking inside a name or
/// between two CJK characters and a bonus for breaking after a clause's punctuation.
fn arrange(segments: &[Segment], width: f32, count: usize) -> Vec<Range<usize>> {
    let n = segments.len();
    // cost[k][i]: the least cost of setting the first i segments in k lines; start[k][i]:
    // where the k-th line then starts.
    let mut cost = vec![vec![f32::INFINITY; n + 1]; count + 1];
    let mut start = vec![vec![0; n + 1]; count + 1];
    cost[0][0] = 0.0;
    for k in 1..=count {
        for end in 1..=n {
            let mut used = 0.0;
            for first in (0..end).rev() {
                used += segments[first].shaped.advance + if first + 1 < end { segments[first].space } else { 0.0 };
                if used > width + EPSILON {
                    break;
                }
                let slack = (width - used) / width;
                let ending = if end < n { break_cost(&segments[end - 1]) } else { 0.0 };
                let total = cost[k - 1][first] + slack * slack + ending;
                if total < cost[k][end] {
                    cost[k][end] = total;
                    start[k][end] = first;
                }
            }
        }
    }
    if cost[count][n].is_infinite() {
        return wrap(segments, width);
    }
    let mut lines = Vec::with_capacity(count);
    let mut end = n;
    for k in (1..=count).rev() {
        lines.push(start[k][end]..end);
        end = start[k][end];
    }
    lines.reverse();
    lines
}

/// The cost of a line break right after `segment`.
fn break_cost(segment: &Segment) -> f32 {
    let last = segment.text.chars().next_back().unwrap_or(' ');
    if segment.joined {
        0.5
    } else if matches!(last, '：' | '，' | '。' | '；' | '！' | '？' | '、' | ':' | ',' | ';') {
        -0.3
    } else if segment.space > 0.0 {
        0.0
    } else {
        0.05
    }
}

fn block(size: f32, segments: &[Segment], lines: &[Range<usize>]) -> TextBlock {
    TextBlock { size, lines: lines.iter().map(|r| line_of(&segments[r.clone()])).collect(), truncated: false }
}

fn line_of(segments: &[Segment]) -> Line {
    let mut line = Line::default();
    for (i, segment) in segments.iter().enumerate() {
        if i > 0 {
            line.width += segments[i - 1].space;
        }
        let x = line.width;
        line.glyphs.extend(segment.shaped.glyphs.iter().map(|g| PlacedGlyph { x: g.x + x, ..g.clone() }));
        line.width += segment.shaped.advance;
    }
    line
}

/// Replaces each segment wider than `width` by its pieces: camel-case humps and the points
/// after `_ . / -`, and single characters where a piece alone is still too wide.
fn split_long_words(segments: &[Segment], width: f32, shaper: &impl Shaper) -> Vec<Segment> {
    let mut out = Vec::with_capacity(segments.len());
    for segment in segments {
        if segment.shaped.advance <= width + EPSILON {
            out.push(segment.clone());
            continue;
        }
        let start = out.len();
        for piece in word_pieces(&segment.text) {
            let shaped = shaper.shape(piece);
            if shaped.advance <= width + EPSILON {
                out.push(Segment { text: piece.to_string(), shaped, space: 0.0, joined: true });
            } else {
                out.extend(piece.char_indices().map(|(i, c)| {
                    let text = &piece[i..i + c.len_utf8()];
                    Segment { text: text.to_string(), shaped: shaper.shape(text), space: 0.0, joined: true }
                }));
            }
        }
        if let Some(last) = out[start..].last_mut() {
            last.space = segment.space;
            last.joined = false;
        }
    }
    out
}

/// `useRecoilBridgeAcrossReactRoots_UNSTABLE()` → use, Recoil, Bridge, …, Roots_, UNSTABLE().
fn word_pieces(word: &str) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut start = 0;
    let mut previous: Option<char> = None;
    for (i, c) in word.char_indices() {
        let hump = c.is_uppercase() && previous.is_some_and(|p| p.is_lowercase() || p.is_ascii_digit());
        let after_joiner = previous.is_some_and(|p| matches!(p, '_' | '.' | '/' | '-'));
        if i > start && (hump || after_joiner) {
            pieces.push(&word[start..i]);
            start = i;
        }
        previous = Some(c);
    }
    pieces.push(&word[start..]);
    pieces
}

/// The first lines at the smallest size, the last one cut and ended with an ellipsis.
fn truncated(segments: &[Segment], size: f32, frame: &TitleBox, shaper: &impl Shaper) -> TextBlock {
    let width = frame.width / size;
    let split = split_long_words(segments, width, shaper);
    let ranges = wrap(&split, width);
    let mut lines: Vec<Line> = ranges.iter().take(frame.lines_at(size)).map(|r| line_of(&split[r.clone()])).collect();
    if let Some(last) = lines.pop() {
        lines.push(ellipsize(last, width, shaper));
    }
    TextBlock { size, lines, truncated: true }
}

/// Drops glyphs from the end until the ellipsis fits, then any space or punctuation left
/// dangling before it, and appends the ellipsis.
fn ellipsize(mut line: Line, width: f32, shaper: &impl Shaper) -> Line {
    let ellipsis = shaper.shape(ELLIPSIS);
    while line.glyphs.last().is_some_and(|g| g.x + g.advance + ellipsis.advance > width + EPSILON) {
        line.glyphs.pop();
    }
    while line.glyphs.last().is_some_and(|g| g.ch.is_whitespace() || is_dangling(g.ch)) {
        line.glyphs.pop();
    }
    let x = line.glyphs.last().map_or(0.0, |g| g.x + g.advance);
    line.glyphs.extend(ellipsis.glyphs.into_iter().map(|g| PlacedGlyph { x: g.x + x, ..g }));
    line.width = x + ellipsis.advance;
    line
}

/// Punctuation that should not stand right before an ellipsis.
fn is_dangling(c: char) -> bool {
    matches!(
        c,
        '，' | '、' | '。' | '：' | '；' | '（' | '《' | '“' | '‘' | ',' | ':' | ';' | '(' | '_' | '.' | '/' | '-'
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::font::is_cjk;

    /// CJK characters are 1 em wide, everything else half; the glyph id is the code point.
    struct Fixed;

    impl Shaper for Fixed {
        fn shape(&self, text: &str) -> Shaped {
            let mut shaped = Shaped::default();
            for c in text.chars() {
                let advance = if is_cjk(c) { 1.0 } else { 0.5 };
                shaped.glyphs.push(PlacedGlyph { id: c as u32, x: shaped.advance, y: 0.0, advance, ch: c });
                shaped.advance += advance;
            }
            shaped
        }
        fn has_char(&self, c: char) -> bool {
            (c as u32) < 0x1F000 && !c.is_control() && !(0xFE00..=0xFE0F).contains(&(c as u32))
        }
    }

    fn text_of(line: &Line) -> String {
        line.glyphs.iter().map(|g| char::from_u32(g.id).unwrap()).collect()
    }

    fn lines(block: &TextBlock) -> Vec<String> {
        block.lines.iter().map(text_of).collect()
    }

    fn frame(width: f32, sizes: &[f32]) -> TitleBox<'_> {
        TitleBox { width, height: 100.0, sizes, line_height: 1.0, max_lines: 3 }
    }

    #[test]
    fn chinese_wraps_between_characters_into_balanced_lines() {
        // 11 characters in lines of at most 10: greedy would leave one alone on line two.
        let block = fit_title("一二三四五六七八九十甲", &Fixed, &frame(10.0, &[1.0]));
        assert_eq!(lines(&block), ["一二三四五六", "七八九十甲"]);
        assert!(!block.truncated);
    }

    #[test]
    fn a_latin_word_moves_whole_to_the_next_line() {
        let block = fit_title("状态 useRecoilState 读写", &Fixed, &frame(8.0, &[1.0]));
        assert_eq!(lines(&block), ["状态", "useRecoilState", "读写"]);
    }

    #[test]
    fn a_break_after_the_colon_wins_over_even_lines() {
        let block = fit_title("<Root>：为状态提供上下文存储", &Fixed, &frame(12.0, &[1.0]));
        assert_eq!(lines(&block), ["<Root>：", "为状态提供上下文存储"]);
    }

    #[test]
    fn closing_punctuation_never_starts_a_line() {
        let block = fit_title("一二三四五：六七", &Fixed, &frame(5.0, &[1.0]));
        assert!(block.lines.iter().all(|l| !text_of(l).starts_with('：')), "{:?}", lines(&block));
    }

    #[test]
    fn a_smaller_size_is_taken_before_a_word_is_broken() {
        // 25 half-em characters: 12.5 em; at size 1 the frame is 10 em, at size 0.5 it is 20 em.
        let block = fit_title("useRecoilStateLoadable()x", &Fixed, &frame(10.0, &[1.0, 0.5]));
        assert_eq!(block.size, 0.5);
        assert_eq!(lines(&block), ["useRecoilStateLoadable()x"]);
    }

    #[test]
    fn a_name_too_long_at_every_size_breaks_at_its_humps() {
        let block = fit_title("useRecoilBridgeAcrossReactRoots_UNSTABLE()", &Fixed, &frame(10.0, &[1.0]));
        assert_eq!(lines(&block), ["useRecoilBridge", "AcrossReact", "Roots_UNSTABLE()"]);
        assert!(block.lines.iter().all(|l| l.width <= 10.0));
    }

    #[test]
    fn a_hump_longer_than_a_line_breaks_between_characters() {
        let block = fit_title("ABCDEFGHIJKLMNOPQRSTUVWXYZ", &Fixed, &frame(5.0, &[1.0]));
        assert_eq!(lines(&block), ["ABCDEFGHI", "JKLMNOPQR", "STUVWXYZ"]);
    }

    #[test]
    fn more_than_three_lines_end_in_an_ellipsis_within_the_width() {
        let text = "一二三四五，六七八九十，一二三四五，六七八九十";
        let block = fit_title(text, &Fixed, &frame(5.0, &[1.0]));
        assert!(block.truncated);
        assert_eq!(lines(&block), ["一二三四", "五，六七八", "九十，一…"]);
        assert!(block.lines.iter().all(|l| l.width <= 5.0 + EPSILON));
    }

    #[test]
    fn punctuation_before_the_ellipsis_is_dropped() {
        let line = fit_line("一二三，四五六", &Fixed, 4.5);
        assert_eq!(text_of(&line), "一二三…");
        assert_eq!(line.width, 3.5);
    }

    #[test]
    fn a_line_that_fits_is_kept_whole() {
        let line = fit_line("API 参考 › State", &Fixed, 20.0);
        assert_eq!(text_of(&line), "API 参考 › State");
    }

    #[test]
    fn whitespace_collapses_and_characters_without_glyphs_are_left_out() {
        assert_eq!(normalize("  Recoil\n 0.7 🎉\u{FE0F}发布\t", &Fixed), "Recoil 0.7 发布");
        assert_eq!(normalize("🎉", &Fixed), "");
    }

    #[test]
    fn an_empty_title_has_no_lines() {
        let block = fit_title("", &Fixed, &frame(10.0, &[1.0]));
        assert!(block.lines.is_empty());
    }
}
