//! Card keys: a hash of everything that changes a card's pixels, so that equal cards share a
//! file and a card rendered by an earlier build is reused.

use sha2::{Digest, Sha256};

use crate::CardText;

/// Bump when the design, the layout or the encoding changes, so every card is drawn again (3:
/// RGB instead of RGBA; 4: the background's pieces compressed once, `encode.rs`; 5: the site
/// name's rows among them; 6: the Sub filter instead of Paeth).
pub const LAYOUT_VERSION: u32 = 6;

/// Hex characters in a key: 64 bits, no collision in any number of pages a site has.
const KEY_HEX_LEN: usize = 16;

/// Identifies the logo, the fonts (by their identities) and the layout version.
pub(crate) fn fingerprint(logo_svg: &[u8], font_identities: &[&str]) -> String {
    let mut hash = Sha256::new();
    field(&mut hash, b"site-cards fingerprint");
    field(&mut hash, &LAYOUT_VERSION.to_le_bytes());
    field(&mut hash, logo_svg);
    for identity in font_identities {
        field(&mut hash, identity.as_bytes());
    }
    hex(&hash.finalize())
}

/// The key of the card for `text` drawn by a renderer with `fingerprint`
/// ([`Renderer::fingerprint`](crate::Renderer::fingerprint)): 16 hex characters.
pub fn card_key(text: &CardText, fingerprint: &str) -> String {
    let mut hash = Sha256::new();
    field(&mut hash, fingerprint.as_bytes());
    field(&mut hash, text.title.as_bytes());
    match &text.section {
        Some(section) => {
            hash.update([1]);
            field(&mut hash, section.as_bytes());
        }
        None => hash.update([0]),
    }
    field(&mut hash, text.site_name.as_bytes());
    let mut key = hex(&hash.finalize());
    key.truncate(KEY_HEX_LEN);
    key
}

/// Length-prefixed, so that moving text from one field to the next changes the hash.
fn field(hash: &mut Sha256, bytes: &[u8]) {
    hash.update((bytes.len() as u64).to_le_bytes());
    hash.update(bytes);
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(title: &str, section: Option<&str>) -> CardText {
        CardText { title: title.into(), section: section.map(Into::into), site_name: "Recoil 中文文档".into() }
    }

    #[test]
    fn text_moved_between_fields_gives_another_key() {
        let a = CardText { title: "ab".into(), section: Some("c".into()), site_name: "d".into() };
        let b = CardText { title: "a".into(), section: Some("bc".into()), site_name: "d".into() };
        assert_ne!(card_key(&a, "f"), card_key(&b, "f"));
    }

    #[test]
    fn no_section_and_an_empty_one_differ() {
        assert_ne!(card_key(&text("原子", None), "f"), card_key(&text("原子", Some("")), "f"));
    }

    #[test]
    fn keys_are_short_lowercase_hex() {
        let key = card_key(&text("原子", None), "f");
        assert_eq!(key.len(), KEY_HEX_LEN);
        assert!(key.chars().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()));
    }

    #[test]
    fn the_fingerprint_covers_logo_and_each_font() {
        let base = fingerprint(b"<svg/>", &["bold", "regular"]);
        assert_eq!(base, fingerprint(b"<svg/>", &["bold", "regular"]));
        assert_ne!(base, fingerprint(b"<svg />", &["bold", "regular"]));
        assert_ne!(base, fingerprint(b"<svg/>", &["bold2", "regular"]));
        assert_ne!(base, fingerprint(b"<svg/>", &["regular", "bold"]));
    }
}
