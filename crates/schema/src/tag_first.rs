//! Reading back the internally tagged node enums ([`crate::Block`], [`crate::InlineNode`]: a JSON
//! object whose `"t"` names the variant) without serde's buffering. The derived reader of an
//! internally tagged enum cannot know where the tag is, so it first copies the whole object,
//! and everything nested in it, into an in-memory tree, then reads the variant from the copy.
//! The engine writes the tag first (serde's tagged writer always does), so here the tag is read
//! first and the variant's fields straight from the JSON after it.
//!
//! [`tag_first!`] defines such an enum once: the enum itself (written with the tag, as before)
//! and an externally tagged mirror of it, for which serde derives a reader of a variant by name
//! (`remote`); [`Node`] hands that reader the tag as the name and the object's other entries.

use serde::de::{self, DeserializeSeed, Deserializer, EnumAccess, IgnoredAny, MapAccess, VariantAccess, Visitor};
use serde_json::Value;
use std::fmt;

/// Defines `enum $name`, internally tagged by `"t"` with camelCase variants and fields, whose
/// `Deserialize` reads the tag first, through the derived mirror `$mirror` (see the module).
macro_rules! tag_first {
    (mirror $mirror:ident of $remote:literal; $(#[$attr:meta])* pub enum $name:ident { $($variants:tt)* }) => {
        $(#[$attr])*
        #[derive(Serialize)]
        #[serde(tag = "t", rename_all = "camelCase", rename_all_fields = "camelCase")]
        pub enum $name { $($variants)* }

        /// The variants again, for serde's derived reader of a variant by its name.
        #[derive(Deserialize)]
        #[serde(remote = $remote, rename_all = "camelCase", rename_all_fields = "camelCase")]
        #[allow(dead_code)]
        enum $mirror { $($variants)* }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$name, D::Error> {
                struct Object;
                impl<'de> serde::de::Visitor<'de> for Object {
                    type Value = $name;

                    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        f.write_str(concat!("a ", $remote, " object with its type (\"t\") first"))
                    }

                    fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<$name, A::Error> {
                        match $crate::tag_first::Node::after_tag(map)? {
                            Ok(node) => $mirror::deserialize(node),
                            Err(value) => $mirror::deserialize(value).map_err(serde::de::Error::custom),
                        }
                    }
                }
                d.deserialize_map(Object)
            }
        }
    };
}
pub(crate) use tag_first;

/// A node object read up to its tag's value: to the mirror's reader, an externally tagged enum
/// whose variant name is the tag's value and whose fields are the object's other entries.
pub struct Node<A>(A);

/// The entries of a node object whose tag was not first, the tag moved to the front.
pub type Reordered<'de> = Node<de::value::MapDeserializer<'de, std::vec::IntoIter<(String, Value)>, serde_json::Error>>;

impl<'de, A: MapAccess<'de>> Node<A> {
    /// Reads the object's first key. When it is not `"t"` (an object from elsewhere than the
    /// engine's writer: a `serde_json::Value`'s sorted map), the object is read whole and comes
    /// back with `"t"` moved first, as serde's buffering reader would have read it.
    pub fn after_tag(mut map: A) -> Result<Result<Node<A>, Reordered<'de>>, A::Error> {
        let mut entries = match map.next_key_seed(IsTag)? {
            Some(None) => return Ok(Ok(Node(map))),
            Some(Some(key)) => vec![(key, map.next_value::<Value>()?)],
            None => Vec::new(),
        };
        while let Some(entry) = map.next_entry::<String, Value>()? {
            entries.push(entry);
        }
        let Some(tag) = entries.iter().position(|(key, _)| key == "t") else {
            return Err(de::Error::custom("a node object must have its type in \"t\""));
        };
        entries[..=tag].rotate_right(1);
        let mut reordered = de::value::MapDeserializer::new(entries.into_iter());
        // Past the key "t", where a node's reading starts.
        reordered.next_key::<IgnoredAny>().map_err(de::Error::custom)?;
        Ok(Err(Node(reordered)))
    }
}

impl<'de, A: MapAccess<'de>> Deserializer<'de> for Node<A> {
    type Error = A::Error;

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        visitor.visit_enum(self)
    }

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, A::Error> {
        Err(de::Error::custom("a node object is read as an enum"))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option
        unit unit_struct newtype_struct seq tuple tuple_struct map struct identifier ignored_any
    }
}

impl<'de, A: MapAccess<'de>> EnumAccess<'de> for Node<A> {
    type Error = A::Error;
    type Variant = Node<A>;

    fn variant_seed<V: DeserializeSeed<'de>>(mut self, seed: V) -> Result<(V::Value, Node<A>), A::Error> {
        // The tag's value, read as the variant's name.
        let variant = self.0.next_value_seed(seed)?;
        Ok((variant, self))
    }
}

impl<'de, A: MapAccess<'de>> VariantAccess<'de> for Node<A> {
    type Error = A::Error;

    /// A variant without fields (`rule`, `break`): anything else in the object is ignored, as
    /// serde's tagged reader ignores it.
    fn unit_variant(mut self) -> Result<(), A::Error> {
        while self.0.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(())
    }

    /// A variant holding a struct (`code`, `component`): the object's other entries are its.
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, A::Error> {
        seed.deserialize(de::value::MapAccessDeserializer::new(self.0))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, _visitor: V) -> Result<V::Value, A::Error> {
        Err(de::Error::custom("node variants have named fields"))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        visitor.visit_map(self.0)
    }
}

/// A key: None when it is `"t"` (read without copying it), else the key.
struct IsTag;

impl<'de> DeserializeSeed<'de> for IsTag {
    type Value = Option<String>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<String>, D::Error> {
        d.deserialize_str(self)
    }
}

impl Visitor<'_> for IsTag {
    type Value = Option<String>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a key")
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<Option<String>, E> {
        Ok((key != "t").then(|| key.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use crate::{AdmonitionKind, Block, Component, Inline, InlineNode};

    fn read(json: &str) -> Result<Block, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }

    #[test]
    fn the_tag_anywhere_reads_the_same_as_the_tag_first() {
        let block = Block::Admonition {
            kind: AdmonitionKind::Tip,
            title: Some(vec![Inline::Node(InlineNode::Code { text: "x".into() })]),
            children: vec![
                Block::Rule,
                Block::Component(Component::LinkButton { href: "/".into(), label: "l".into() }),
            ],
        };
        let written = serde_json::to_string(&block).unwrap();
        assert!(written.starts_with(r#"{"t":"admonition""#), "{written}");
        assert_eq!(read(&written).unwrap(), block);
        let moved = r#"{"kind":"tip","children":[{"t":"rule"},{"name":"LinkButton","href":"/","label":"l","t":"component"}],
            "title":[{"text":"x","t":"code"}],"t":"admonition"}"#;
        assert_eq!(read(moved).unwrap(), block);
        assert_eq!(serde_json::from_value::<Block>(serde_json::to_value(&block).unwrap()).unwrap(), block);
    }

    #[test]
    fn a_variant_without_fields_ignores_extra_entries_either_way() {
        assert_eq!(read(r#"{"t":"rule","x":[1,{"y":2}]}"#).unwrap(), Block::Rule);
        assert_eq!(read(r#"{"x":1,"t":"rule"}"#).unwrap(), Block::Rule);
    }

    #[test]
    fn objects_without_a_known_string_tag_and_other_shapes_are_errors() {
        for bad in [
            r#"{}"#,
            r#"{"children":[]}"#,
            r#"{"t":"nope","children":[]}"#,
            r#"{"children":[],"t":3}"#,
            r#"{"t":"paragraph"}"#,
            r#"{"t":"paragraph","children":"x"}"#,
            r#"{"t":"paragraph","children":[{"t":"em"}]}"#,
            r#"["paragraph"]"#,
            r#""rule""#,
            "null",
        ] {
            assert!(read(bad).is_err(), "{bad}");
        }
    }
}
