//! Words as a reader's browser splits them: the Unicode word segmenter with its dictionary
//! for Chinese (ICU4X here; the browser's `Intl.Segmenter` is ICU4C, and Pagefind segments the
//! page text with the same ICU4X segmenter).

use icu_segmenter::options::WordBreakInvariantOptions;
use icu_segmenter::{WordSegmenter, WordSegmenterBorrowed};
use std::collections::BTreeSet;
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
pub struct Prefixes(BTreeSet<String>);

impl Prefixes {
    /// Adds the prefixes of `word`, a word as the index holds it (Pagefind's normalized form:
    /// lower case, letters and digits).
    pub fn add_word(&mut self, word: &str) {
        let mut chars = word.chars();
        let Some(first) = chars.next() else { return };
        self.add(first.to_lowercase());
        if let Some(second) = chars.next().filter(|c| first.is_ascii_alphanumeric() && c.is_ascii_alphanumeric()) {
            self.add([first.to_ascii_lowercase(), second.to_ascii_lowercase()].into_iter());
        }
    }

    /// Adds a prefix, made on the stack: every word of every page comes here, and nearly all
    /// their prefixes are known already (a new string each time was about 1 % of a 10 000-page
    /// build's CPU).
    fn add(&mut self, prefix: impl Iterator<Item = char>) {
        // At most two characters, each lower-cased to at most three of four bytes.
        let (mut buf, mut len) = ([0u8; 24], 0);
        for c in prefix {
            len += c.encode_utf8(&mut buf[len..]).len();
        }
        let prefix = std::str::from_utf8(&buf[..len]).expect("made of whole characters");
        if !self.0.contains(prefix) {
            self.0.insert(prefix.to_owned());
        }
    }

    /// One search query holding every prefix.
    pub fn query(&self) -> String {
        self.0.iter().map(String::as_str).collect::<Vec<_>>().join(" ")
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
