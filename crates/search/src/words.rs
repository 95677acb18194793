//! Words as a reader's browser splits them: the Unicode word segmenter with its dictionary
//! for Chinese (ICU4X here; the browser's `Intl.Segmenter` is ICU4C, and Pagefind segments the
//! page text with the same ICU4X segmenter).

use icu_segmenter::options::WordBreakInvariantOptions;
use icu_segmenter::{WordSegmenter, WordSegmenterBorrowed};
use std::collections::{BTreeSet, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::LazyLock;

/// The word-like segments of `text` (letters, numbers, Chinese words), in order.
pub fn words(text: &str) -> impl Iterator<Item = &str> {
    // One segmenter for the process: a new one per call cost more than short texts' segmenting.
    static SEGMENTER: LazyLock<WordSegmenterBorrowed<'static>> =
        LazyLock::new(|| WordSegmenter::new_dictionary(WordBreakInvariantOptions::default()));
    let mut breaks = SEGMENTER.segment_str(text);
    let mut start = breaks.next().unwrap_or(0);
    std::iter::from_fn(move || {
        loop {
            let end = breaks.next()?;
            let word = &text[start..end];
            start = end;
            if breaks.is_word_like() {
                return Some(word);
            }
        }
    })
}

/// `text` with its words separated by spaces. Pagefind splits metadata on spaces only, so a
/// Chinese title must be segmented before it is indexed as metadata.
pub fn spaced(text: &str) -> String {
    words(text).collect::<Vec<_>>().join(" ")
}

/// Short prefixes that together reach every word of an index: the first character of each
/// word, and for a word in Latin letters or digits its first two as well. Searching for a prefix
/// loads the index chunks holding the words it starts, so preloading them all loads the index.
#[derive(Debug, Default)]
pub struct Prefixes {
    /// Each word's first character and its second (0: none) as they came, seen before: every
    /// word of every page comes here and nearly all their prefixes are known already, so this
    /// is looked up first, as two numbers (a set of strings compared bytes about a dozen times
    /// a word: about 4 % of the index's CPU).
    seen: HashSet<(char, char), BuildHasherDefault<PairHasher>>,
    prefixes: BTreeSet<String>,
}

impl Prefixes {
    /// Adds the prefixes of `word`, a word as the index holds it (Pagefind's normalized form:
    /// lower case, letters and digits).
    pub fn add_word(&mut self, word: &str) {
        let mut chars = word.chars();
        let Some(first) = chars.next() else { return };
        let second = chars.next().filter(|c| first.is_ascii_alphanumeric() && c.is_ascii_alphanumeric());
        if !self.seen.insert((first, second.unwrap_or('\0'))) {
            return;
        }
        self.prefixes.insert(first.to_lowercase().collect());
        if let Some(second) = second {
            self.prefixes.insert([first.to_ascii_lowercase(), second.to_ascii_lowercase()].iter().collect());
        }
    }

    /// One search query holding every prefix.
    pub fn query(&self) -> String {
        self.prefixes.iter().map(String::as_str).collect::<Vec<_>>().join(" ")
    }
}

/// A hash of two characters: one multiplication (the default hasher's rounds cost more than
/// the look-up they spare; the pairs come from a site's own words, not from an adversary).
#[derive(Default)]
struct PairHasher(u64);

impl Hasher for PairHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u32(u32::from(b));
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.0 = (self.0.rotate_left(32) ^ u64::from(n)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_is_split_into_words_and_punctuation_dropped() {
        assert_eq!(spaced("atom(options)：定义原子"), "atom options 定义 原子");
        assert_eq!(spaced("  "), "");
    }

    #[test]
    fn prefixes_start_every_word_and_latin_words_by_two_letters_too() {
        let mut p = Prefixes::default();
        for w in ["状态", "态管", "userecoilstate", "use", "x", "077", "é"] {
            p.add_word(w);
        }
        assert_eq!(p.query(), "0 07 u us x é 态 状");
    }
}
