//! A page's content as the site model keeps it: its JSON, made once when the page is compiled,
//! and held compressed.
//!
//! Every page is kept from the content stage to the end of a build (the page data, the search
//! index and the Markdown twins read it). As trees, the bodies of a 10 024-page site took about
//! 750 MB (`check`: 947 MB peak, 197 MB with the trees dropped); as JSON, what the prerender is
//! sent and `page-data/` holds anyway, about 205 MB (`check`: 409 MB peak, 201 MB with every
//! body empty). So the JSON is held as LZ4, which each reader expands for a moment: a body is
//! read a few times a build (its page's data twice, the Markdown twin, the search index). The
//! few that walk a body parse it back, one page at a time: [`Body::blocks`].

use crate::{Block, Component};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;
use std::cell::Cell;
use std::collections::BTreeSet;
use std::sync::Arc;

/// Blocks, kept as their JSON. Shared, not copied, between the compiled file and the pages that
/// show it (its own, a blog list). On the wire, the list itself.
#[derive(Clone)]
pub struct Body(Arc<Packed>);

struct Packed {
    /// The JSON as LZ4 (lz4_flex's block format, its length first). Always the LZ4 of valid JSON:
    /// it is made here from blocks, or from JSON the cache's reader checked ([`kept`]).
    lz4: Box<[u8]>,
    /// The registry names of the components in it, sorted: their code loads before the page
    /// renders, and finding them is a walk of the tree.
    components: Vec<String>,
}

impl Packed {
    fn new(json: &str, components: Vec<String>) -> Packed {
        Packed { lz4: lz4_flex::compress_prepend_size(json.as_bytes()).into_boxed_slice(), components }
    }

    fn bytes(&self) -> Vec<u8> {
        lz4_flex::decompress_size_prepended(&self.lz4).expect("a body's LZ4 is made here")
    }

    fn json(&self) -> String {
        String::from_utf8(self.bytes()).expect("a body's JSON is made here from a str")
    }
}

impl Body {
    pub fn new(blocks: &[Block]) -> Body {
        let json = serde_json::to_string(blocks).expect("a document tree is always JSON");
        let mut names = BTreeSet::new();
        components(blocks, &mut names);
        Body(Arc::new(Packed::new(&json, names.into_iter().map(str::to_owned).collect())))
    }

    /// The blocks, parsed back. An error only when the JSON came from a damaged build cache.
    pub fn blocks(&self) -> Result<Vec<Block>, Damaged> {
        // From the bytes: the parser checks the UTF-8 of each string it reads anyway.
        serde_json::from_slice(&self.0.bytes()).map_err(Damaged)
    }

    /// The JSON of the blocks, expanded anew on each call.
    pub fn json(&self) -> String {
        self.0.json()
    }

    /// Bytes that stand for the JSON, for a hash of it: the same for the same JSON and different
    /// for any other (lossless and deterministic; a different LZ4 crate is a different engine,
    /// and the engine's caches name their engine). Cheaper to hash than the JSON expanded.
    pub fn fingerprint(&self) -> &[u8] {
        &self.0.lz4
    }

    /// The registry names of the components it embeds, sorted.
    pub fn components(&self) -> &[String] {
        &self.0.components
    }
}

impl From<Vec<Block>> for Body {
    fn from(blocks: Vec<Block>) -> Body {
        Body::new(&blocks)
    }
}

impl Default for Body {
    fn default() -> Body {
        Body::new(&[])
    }
}

/// A body that does not parse back into blocks. The engine wrote every body it reads, so only
/// a damaged build cache (whose bodies are read back unparsed, [`kept`]) can hold one.
#[derive(Debug)]
pub struct Damaged(serde_json::Error);

impl std::fmt::Display for Damaged {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the page's body does not parse: the build cache is damaged, remove .cache/docsite ({})", self.0)
    }
}

impl std::error::Error for Damaged {}

fn components<'a>(blocks: &'a [Block], names: &mut BTreeSet<&'a str>) {
    for b in blocks {
        match b {
            Block::Component(c) => {
                names.insert(Component::name(c));
            }
            Block::Admonition { children, .. } | Block::Quote { children } | Block::Details { children, .. } => {
                components(children, names)
            }
            Block::Tabs { items, .. } => items.iter().for_each(|i| components(&i.children, names)),
            Block::List { items, .. } => items.iter().for_each(|i| components(&i.children, names)),
            Block::Footnotes { items } => items.iter().for_each(|f| components(&f.children, names)),
            _ => {}
        }
    }
}

impl PartialEq for Body {
    fn eq(&self, other: &Body) -> bool {
        // The same body shared: `dev` compares every page with the one it rendered after each
        // edit, and an unchanged page's body is the compiled file's own, held in memory.
        Arc::ptr_eq(&self.0, &other.0) || self.0.lz4 == other.0.lz4
    }
}

impl std::fmt::Debug for Body {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.json())
    }
}

/// The JSON as it is, not parsed into a tree and written again (serde_json checks it on the way).
/// Inside [`key_json`], the hex of its fingerprint instead.
impl Serialize for Body {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if STAND_IN.get() {
            return s.serialize_str(&hex(self.fingerprint()));
        }
        RawValue::from_string(self.json()).map_err(serde::ser::Error::custom)?.serialize(s)
    }
}

thread_local! {
    /// Set while [`key_json`] serializes on this thread.
    static STAND_IN: Cell<bool> = const { Cell::new(false) };
}

/// `value` as JSON to hash for a key, each body in it written as the hex of its
/// [`Body::fingerprint`] (a string, where a body's JSON is a list): the same bytes for the same
/// value and different ones for any other, without expanding a body and checking its JSON. A
/// page's key was its full JSON; at 10 024 pages that was about 1 % of a cold build's CPU, and
/// a warm build keys every page.
pub fn key_json<T: Serialize>(value: &T) -> serde_json::Result<Vec<u8>> {
    /// Clears the flag however serializing ends.
    struct Reset(bool);
    impl Drop for Reset {
        fn drop(&mut self) {
            STAND_IN.set(self.0);
        }
    }
    let _reset = Reset(STAND_IN.replace(true));
    serde_json::to_vec(value)
}

/// By table, not `format!` per byte as the engine's short hashes are: a fingerprint is kilobytes.
fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    out
}

/// Through the tree, so it works in any place (raw JSON cannot be read inside an internally
/// tagged enum such as `Page`); the build cache reads its own form faster ([`kept`]).
impl<'de> Deserialize<'de> for Body {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Body, D::Error> {
        Ok(Body::new(&Vec::<Block>::deserialize(d)?))
    }
}

/// The form the build cache keeps a body in (`#[serde(with = "site_schema::body::kept")]`):
/// the components and the JSON, read back without a parse into a tree. Only for fields of
/// plain structs, read by serde_json.
pub mod kept {
    use super::*;

    /// The kept form: the JSON itself (written as it is by [`Body`]'s `Serialize`, read without
    /// a parse into a tree) and the components.
    #[derive(Serialize)]
    struct Written<'a> {
        json: &'a Body,
        components: &'a [String],
    }

    impl<'a> Written<'a> {
        fn of(body: &'a Body) -> Written<'a> {
            Written { json: body, components: &body.0.components }
        }
    }

    #[derive(Deserialize)]
    struct Read {
        json: Box<RawValue>,
        components: Vec<String>,
    }

    impl From<Read> for Body {
        fn from(Read { json, components }: Read) -> Body {
            Body(Arc::new(Packed::new(json.get(), components)))
        }
    }

    pub fn serialize<S: Serializer>(body: &Body, s: S) -> Result<S::Ok, S::Error> {
        Written::of(body).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Body, D::Error> {
        Read::deserialize(d).map(Body::from)
    }

    /// [`kept`] for an optional body.
    pub mod option {
        use super::*;

        pub fn serialize<S: Serializer>(body: &Option<Body>, s: S) -> Result<S::Ok, S::Error> {
            body.as_ref().map(Written::of).serialize(s)
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Body>, D::Error> {
            Ok(Option::<Read>::deserialize(d)?.map(Body::from))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AdmonitionKind, Inline};

    fn sample() -> Vec<Block> {
        vec![
            Block::Paragraph { children: vec![Inline::Text("一段话".into())] },
            Block::Admonition {
                kind: AdmonitionKind::Note,
                title: None,
                children: vec![Block::Component(Component::CharacterCounterDemo)],
            },
        ]
    }

    #[test]
    fn a_body_is_written_as_its_blocks_and_read_back_to_them() {
        let body = Body::new(&sample());
        assert_eq!(body.json(), serde_json::to_string(&sample()).unwrap());
        assert_eq!(serde_json::to_string(&body).unwrap(), body.json());
        assert_eq!(body.blocks().unwrap(), sample());
        let back: Body = serde_json::from_str(&body.json()).unwrap();
        assert_eq!(back, body);
        assert_eq!(back.components(), ["CharacterCounterDemo"]);
    }

    #[test]
    fn a_body_is_held_smaller_than_its_json_and_its_fingerprint_tells_bodies_apart() {
        let long: Vec<Block> = (0..200).flat_map(|_| sample()).collect();
        let body = Body::new(&long);
        assert!(body.fingerprint().len() * 3 < body.json().len(), "{} bytes held", body.fingerprint().len());
        assert_eq!(body.blocks().unwrap(), long);
        assert_eq!(Body::new(&long).fingerprint(), body.fingerprint());
        let mut other = long.clone();
        other[399] = Block::Paragraph { children: vec![Inline::Text("一段化".into())] };
        assert_ne!(Body::new(&other).fingerprint(), body.fingerprint());
        assert_ne!(Body::new(&other), body);
    }

    #[test]
    fn key_json_stands_each_body_in_by_its_fingerprint_and_only_while_it_runs() {
        #[derive(Serialize)]
        struct Holder {
            title: &'static str,
            bodies: Vec<Body>,
        }
        let holder = |text: &str| Holder {
            title: "页",
            bodies: vec![
                Body::new(&sample()),
                Body::new(&[Block::Paragraph { children: vec![Inline::Text(text.into())] }]),
            ],
        };
        let key = key_json(&holder("甲")).unwrap();
        assert_eq!(key_json(&holder("甲")).unwrap(), key, "the same value, the same bytes");
        assert_ne!(key_json(&holder("乙")).unwrap(), key, "another body, other bytes");
        let expected = format!(r#"{{"title":"页","bodies":["{}","#, hex(Body::new(&sample()).fingerprint()));
        assert!(String::from_utf8(key.clone()).unwrap().starts_with(&expected));
        // Outside it, a body is its JSON again, also after a serialization that failed.
        let json = serde_json::to_string(&holder("甲")).unwrap();
        assert!(json.contains(&Body::new(&sample()).json()), "{json}");
        let mut failing = std::collections::HashMap::new();
        failing.insert(vec![1u8], Body::new(&sample()));
        assert!(key_json(&failing).is_err(), "a map with a list for a key is not JSON");
        assert_eq!(serde_json::to_string(&holder("甲")).unwrap(), json);
    }

    #[test]
    fn a_kept_body_that_is_not_json_is_refused() {
        #[derive(Deserialize)]
        struct Holder {
            #[serde(with = "kept")]
            _body: Body,
        }
        let damaged = r#"{"_body":{"json":[{"type":"paragraph","children":[}],"components":[]}}"#;
        assert!(serde_json::from_str::<Holder>(damaged).is_err());
    }

    #[test]
    fn the_kept_form_carries_the_components_without_a_tree() {
        #[derive(Serialize, Deserialize)]
        struct Holder {
            #[serde(with = "kept")]
            body: Body,
            #[serde(with = "kept::option")]
            none: Option<Body>,
        }
        let json = serde_json::to_string(&Holder { body: Body::new(&sample()), none: None }).unwrap();
        let back: Holder = serde_json::from_str(&json).unwrap();
        assert_eq!(back.body, Body::new(&sample()));
        assert_eq!(back.body.components(), ["CharacterCounterDemo"]);
        assert!(back.none.is_none());
    }
}
