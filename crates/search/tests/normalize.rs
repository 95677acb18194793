//! The patched Pagefind normalizes text in one pass (vendor/pagefind/PATCHED.md); its original
//! three regular expressions are kept as `normalize_content_by_patterns`. The two must agree on
//! any text, above all on runs of whitespace and line breaks of every kind.

use pagefind::api::{normalize_content, normalize_content_by_patterns};
use proptest::prelude::*;

/// Text made mostly of the characters the patterns treat specially, with ordinary ones between.
fn text() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "\n", "\r", "\r\n", "\t", " ", "  ", "\u{a0}", "\u{3000}", "\u{2028}", "\u{b}", "\u{c}", "\u{85}", "&amp;",
        "&#10;", "&nbsp;", "&lt;", "a", "原子", "x y", "é",
    ]);
    prop::collection::vec(pieces, 0..24).prop_map(|p| p.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]
    #[test]
    fn one_pass_agrees_with_the_patterns(text in text()) {
        prop_assert_eq!(normalize_content(&text), normalize_content_by_patterns(&text));
    }
}

#[test]
fn known_cases() {
    for text in
        ["\nHello  Wor\n ld? \n \n", "a\r\rb", "a\r\n\r\nb", "a\n\r\nb", "a\tb", "a\rb", "a \u{a0}b", "", " \n "]
    {
        assert_eq!(normalize_content(text), normalize_content_by_patterns(text), "{text:?}");
    }
    assert_eq!(normalize_content("\nHello  Wor\n ld? \n \n"), "Hello Wor ld?");
}
