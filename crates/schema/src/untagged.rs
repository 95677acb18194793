//! Reading back [`Inline`], whose variants the wire tells apart by JSON type alone (a string or a
//! node object; `code_line.rs` reads code lines the same way). Serde's derived
//! `untagged` buffers each value and tries the variants in turn, and every miss formats an error
//! message: parsing bodies back (the Markdown twins, the search index) spent more time making
//! those messages than reading the JSON. Here the JSON type picks the variant directly.

use crate::{Inline, InlineNode};
use serde::de::{self, Deserialize, Deserializer, MapAccess, Visitor};
use std::fmt;

impl<'de> Deserialize<'de> for Inline {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Inline, D::Error> {
        struct Shape;
        impl<'de> Visitor<'de> for Shape {
            type Value = Inline;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a text string or an inline node object")
            }

            fn visit_str<E: de::Error>(self, s: &str) -> Result<Inline, E> {
                Ok(Inline::Text(s.to_owned()))
            }

            fn visit_string<E: de::Error>(self, s: String) -> Result<Inline, E> {
                Ok(Inline::Text(s))
            }

            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Inline, A::Error> {
                InlineNode::deserialize(de::value::MapAccessDeserializer::new(map)).map(Inline::Node)
            }
        }
        d.deserialize_any(Shape)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Block, Inline, InlineNode};

    /// What serde's derived `untagged` read, and what must still come back: every shape, inside
    /// the internally tagged enums that buffer their content (`Block`, `InlineNode`).
    #[test]
    fn inlines_come_back_as_written_in_every_shape() {
        let inlines = vec![
            Inline::Text("文字 \"quoted\" \\ \u{2028}".into()),
            Inline::Node(InlineNode::Strong { children: vec![Inline::Text("粗".into())] }),
            Inline::Node(InlineNode::Link {
                href: "/docs/x".into(),
                internal: true,
                children: vec![Inline::Node(InlineNode::Code { text: "atom()".into() }), Inline::Text("!".into())],
            }),
            Inline::Node(InlineNode::Break),
        ];
        let block = Block::Paragraph { children: inlines.clone() };
        let json = serde_json::to_string(&block).unwrap();
        assert_eq!(serde_json::from_str::<Block>(&json).unwrap(), block);
        // Read alone too (not buffered by an enclosing tag), from a string and from a value.
        let json = serde_json::to_string(&inlines).unwrap();
        assert_eq!(serde_json::from_str::<Vec<Inline>>(&json).unwrap(), inlines);
        let value = serde_json::to_value(&inlines).unwrap();
        assert_eq!(serde_json::from_value::<Vec<Inline>>(value).unwrap(), inlines);
    }

    #[test]
    fn other_shapes_are_errors_not_guesses() {
        for bad in ["1", "null", "[\"x\"]", "{\"t\":\"nope\"}", "{\"text\":\"no tag\"}", "true"] {
            assert!(serde_json::from_str::<Inline>(bad).is_err(), "inline {bad}");
        }
    }
}
