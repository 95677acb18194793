//! A page's content as the site model keeps it: its JSON, made once when the page is compiled.
//!
//! Every page is kept from the content stage to the end of a build (the page data, the search
//! index and the Markdown twins read it). As trees, the bodies of a 10 024-page site took about
//! 750 MB (`check`: 947 MB peak, 197 MB with the trees dropped); as JSON, what the prerender is
//! sent and `page-data/` holds anyway, 162 MB. The few that walk a body (the Markdown twin, the
//! search index) parse it back, one page at a time: [`Body::blocks`].

use crate::{Block, Component};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;
use std::collections::BTreeSet;
use std::sync::Arc;

/// Blocks, kept as their JSON. Shared, not copied, between the compiled file and the pages that
/// show it (its own, a blog list). On the wire, the list itself.
#[derive(Clone)]
pub struct Body(Arc<Packed>);

/// Also the form the build cache keeps a body in ([`kept`]).
#[derive(Serialize, Deserialize)]
struct Packed {
    json: Box<RawValue>,
    /// The registry names of the components in it, sorted: their code loads before the page
    /// renders, and finding them is a walk of the tree.
    components: Vec<String>,
}

impl Body {
    pub fn new(blocks: &[Block]) -> Body {
        // Written straight to raw JSON: `RawValue::from_string` would parse it all again.
        let json = serde_json::value::to_raw_value(blocks).expect("a document tree is always JSON");
        let mut names = BTreeSet::new();
        components(blocks, &mut names);
        Body(Arc::new(Packed { json, components: names.into_iter().map(str::to_owned).collect() }))
    }

    /// The blocks, parsed back. An error only when the JSON came from a damaged build cache.
    pub fn blocks(&self) -> Result<Vec<Block>, Damaged> {
        serde_json::from_str(self.0.json.get()).map_err(Damaged)
    }

    pub fn json(&self) -> &str {
        self.0.json.get()
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
        self.json() == other.json()
    }
}

impl std::fmt::Debug for Body {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.json())
    }
}

/// The JSON as it is, not parsed and written again.
impl Serialize for Body {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.json.serialize(s)
    }
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

    pub fn serialize<S: Serializer>(body: &Body, s: S) -> Result<S::Ok, S::Error> {
        body.0.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Body, D::Error> {
        Arc::<Packed>::deserialize(d).map(Body)
    }

    /// [`kept`] for an optional body.
    pub mod option {
        use super::*;

        pub fn serialize<S: Serializer>(body: &Option<Body>, s: S) -> Result<S::Ok, S::Error> {
            body.as_ref().map(|b| &b.0).serialize(s)
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Body>, D::Error> {
            Ok(Option::<Arc<Packed>>::deserialize(d)?.map(Body))
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
        let back: Body = serde_json::from_str(body.json()).unwrap();
        assert_eq!(back, body);
        assert_eq!(back.components(), ["CharacterCounterDemo"]);
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
