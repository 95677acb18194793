//! Words as a reader's browser splits them: the Unicode word segmenter with its dictionary
//! for Chinese (ICU4X here; the browser's `Intl.Segmenter` is ICU4C, and Pagefind segments the
//! page text with the same ICU4X segmenter).

use icu_segmenter::WordSegmenter;
use icu_segmenter::options::WordBreakInvariantOptions;
use std::collections::BTreeSet;

/// The word-like segments of `text` (letters, numbers, Chinese words), in order.
pub fn words(text: &str) -> impl Iterator<Item = &str> {
    let mut breaks = WordSegmenter::new_dictionary(WordBreakInvariantOptions::default()).segment_str(text);
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

/// Short prefixes that together reach every word of the text: every Chinese character (Pagefind
/// also indexes the pairs of characters inside a word, so any character can start an indexed
/// word), and the first one and two letters of every other word and of its parts (`useRecoilState`
/// is indexed as itself and as `use`, `recoil`, `state`). Searching for a prefix loads the index
/// chunks holding the words it starts.
#[derive(Debug, Default)]
pub struct Prefixes(BTreeSet<String>);

impl Prefixes {
    pub fn add_text(&mut self, text: &str) {
        for word in words(text) {
            if word.is_ascii() {
                self.add_latin(word);
            } else {
                for c in word.chars().filter(|c| c.is_alphanumeric()) {
                    self.0.extend(c.to_lowercase().map(String::from));
                }
            }
        }
    }

    fn add_latin(&mut self, word: &str) {
        let mut part_start = true;
        let mut prev_lower = false;
        for (i, c) in word.char_indices() {
            if !c.is_ascii_alphanumeric() {
                part_start = true;
                continue;
            }
            if part_start || (prev_lower && c.is_ascii_uppercase()) {
                let part: String = word[i..].chars().take_while(char::is_ascii_alphanumeric).take(2).collect();
                let part = part.to_ascii_lowercase();
                self.0.insert(part[..1].to_owned());
                self.0.insert(part);
            }
            part_start = false;
            prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        }
    }

    pub fn extend(&mut self, prefixes: impl IntoIterator<Item = String>) {
        self.0.extend(prefixes);
    }

    pub fn into_words(self) -> Vec<String> {
        self.0.into_iter().collect()
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
    fn prefixes_cover_chinese_characters_and_latin_words_and_parts() {
        let mut p = Prefixes::default();
        p.add_text("用 useRecoilState 读写状态，RecoilRoot 与 x");
        let q = p.query();
        for want in ["用", "读", "写", "状", "态", "u", "us", "r", "re", "s", "st", "x"] {
            assert!(q.split(' ').any(|w| w == want), "{want} missing from {q}");
        }
        assert!(!q.contains("Re"), "prefixes are lower case: {q}");
    }
}
