//! The patched Pagefind skips the grapheme segmenter for runs made only of the characters
//! `breaks_around` names (vendor/pagefind/PATCHED.md): between any two of them there must be a
//! cluster boundary. Checked here against the segmenter Pagefind uses, for every such character.

use pagefind::api::breaks_around;
use unicode_segmentation::UnicodeSegmentation;

fn clusters(text: &str) -> usize {
    text.graphemes(true).count()
}

#[test]
fn every_such_character_is_a_cluster_beside_any_other() {
    let set: Vec<char> = (0..=char::MAX as u32).filter_map(char::from_u32).filter(|&c| breaks_around(c)).collect();
    assert!(set.len() > 20_000, "the set covers CJK ideographs: {} characters", set.len());
    // Every character on both sides of a few neighbours, and beside itself.
    let neighbours = ['a', '~', '中', '。', '“', '©', 'é', '！'];
    for &c in &set {
        for n in neighbours.iter().chain([&c]) {
            let text: String = [*n, c, *n, c, c].iter().collect();
            assert_eq!(clusters(&text), 5, "{text:?} (U+{:04X})", c as u32);
        }
    }
    // And a spread of pairs from the whole set.
    for &a in set.iter().step_by(211) {
        for &b in set.iter().step_by(193) {
            assert_eq!(clusters(&format!("{a}{b}{a}")), 3, "U+{:04X} U+{:04X}", a as u32, b as u32);
        }
    }
}

#[test]
fn characters_that_join_a_cluster_are_not_in_it() {
    // A combining acute, a CJK tone mark (Extend), a soft hyphen and a zero-width space
    // (controls), a zero-width joiner, a Hangul syllable, a regional indicator, Thai's sara am
    // (SpacingMark), a Devanagari vowel sign.
    for c in ['\u{301}', '\u{302A}', '\u{AD}', '\u{200B}', '\u{200D}', '한', '\u{1F1E6}', '\u{0E33}', '\u{093F}', ' ']
    {
        assert!(!breaks_around(c), "U+{:04X}", c as u32);
    }
    assert_eq!(clusters("e\u{301}"), 1, "what the check is for");
}
