//! From text to typed [`Config`]: TOML syntax, then serde, with every error placed on the line of
//! the key it is about.

use crate::locate::LineStarts;
use crate::{Config, ConfigError, Locator, SidebarEntry};
use serde::Deserialize;
use serde::de::IgnoredAny;
use std::path::Path;
use toml::Spanned;
use toml::de::{DeTable, DeValue, ValueDeserializer};

/// Parses the TOML syntax, keeping the spans of keys and values.
pub(crate) fn document<'i>(path: &Path, text: &'i str) -> Result<Spanned<DeTable<'i>>, ConfigError> {
    DeTable::parse(text).map_err(|e| ConfigError {
        file: path.to_path_buf(),
        field: String::new(),
        line: e.span().map(|s| LineStarts::new(text).line_at(s.start)),
        message: e.message().trim().to_string(),
    })
}

/// Reads the parsed document into the typed configuration.
pub(crate) fn config(
    path: &Path,
    text: &str,
    document: Spanned<DeTable<'_>>,
    locator: &Locator,
) -> Result<Config, ConfigError> {
    // Unknown keys are refused by serde (`deny_unknown_fields` on every table and variant).
    let de = toml::de::Deserializer::from(document);
    serde_path_to_error::deserialize(de).map_err(|e| placed_error(path, text, e, locator))
}

/// A serde error, on the line of the key it is about.
fn placed_error(
    path: &Path,
    text: &str,
    error: serde_path_to_error::Error<toml::de::Error>,
    locator: &Locator,
) -> ConfigError {
    let field = path_of(&error);
    let inner = error.into_inner();
    let message = inner.message().trim();
    // The error path only: parse again rather than keep a copy of every document.
    let document = DeTable::parse(text).expect("the text parsed before");
    if message.starts_with(UNTAGGED_SIDEBAR_ENTRY) {
        let (field, line, message) = match value_at(document.get_ref(), &field) {
            Some(entry) => failing_entry(text, field, entry, locator),
            None => (field.clone(), locator.line_of(&field), SIDEBAR_ENTRY_SHAPES.to_string()),
        };
        return ConfigError { file: path.to_path_buf(), field, line, message };
    }
    let field = key_in_error(document.get_ref(), &field, message).unwrap_or(field);
    let line = locator.exact_line_of(&field).or_else(|| inner.span().map(|s| LineStarts::new(text).line_at(s.start)));
    ConfigError {
        file: path.to_path_buf(),
        line: line.or_else(|| locator.line_of(&field)),
        message: explain(&field, message),
        field,
    }
}

fn path_of<E>(error: &serde_path_to_error::Error<E>) -> String {
    match error.path().to_string() {
        root if root == "." => String::new(),
        field => field,
    }
}

const UNTAGGED_SIDEBAR_ENTRY: &str = "data did not match any variant of untagged enum SidebarEntry";

/// serde's messages for enums say "variant"; readers of a config file think in the key's terms:
/// "unknown type `fancy`", "unknown position `middle`".
fn explain(field: &str, message: &str) -> String {
    match message.strip_prefix("unknown variant ") {
        Some(rest) => {
            let key = field.rsplit(['.', ']']).next().filter(|k| !k.is_empty()).unwrap_or("value");
            format!("unknown {key} {rest}")
        }
        None => message.to_string(),
    }
}

/// Inside a tagged enum's table (a navbar item, `[search]`) serde reports errors at the table,
/// without the key. The key is named by the message (an unknown field) or holds what the message
/// says was unexpected; this finds it (`navbar.items[1].label`) when only one key fits, looking
/// at the table's own keys first, then at those of the tables inside it.
fn key_in_error(root: &DeTable<'_>, field: &str, message: &str) -> Option<String> {
    let named = named_key(message);
    if let Some(key) = named
        && (field == key || field.ends_with(&format!(".{key}")))
    {
        return Some(field.to_string()); // Outside tagged enums the path already ends with the key.
    }
    let unexpected = unexpected_value(message);
    let fits = |key: &str, value: &DeValue<'_>| match (named, &unexpected) {
        (Some(name), _) => key == name,
        (None, Some(unexpected)) => describes(unexpected, value),
        (None, None) => false,
    };
    let table = match field {
        "" => root,
        _ => value_at(root, field)?.get_ref().as_table()?,
    };
    let mut own = Vec::new();
    keys_that_fit(table, field, &fits, &mut own, false);
    if own.len() == 1 {
        return own.pop();
    }
    let mut nested = Vec::new();
    keys_that_fit(table, field, &fits, &mut nested, true);
    (nested.len() == 1).then(|| nested.remove(0))
}

/// The paths of the keys under `table` (and, when `deep`, under the tables and arrays inside it)
/// that `fits` accepts.
fn keys_that_fit(
    table: &DeTable<'_>,
    path: &str,
    fits: &dyn Fn(&str, &DeValue<'_>) -> bool,
    out: &mut Vec<String>,
    deep: bool,
) {
    for (key, value) in table {
        let key_path = if path.is_empty() { key.get_ref().to_string() } else { format!("{path}.{}", key.get_ref()) };
        if fits(key.get_ref(), value.get_ref()) {
            out.push(key_path.clone());
        }
        if deep {
            nested_keys_that_fit(value.get_ref(), &key_path, fits, out);
        }
    }
}

fn nested_keys_that_fit(
    value: &DeValue<'_>,
    path: &str,
    fits: &dyn Fn(&str, &DeValue<'_>) -> bool,
    out: &mut Vec<String>,
) {
    match value {
        DeValue::Table(table) => keys_that_fit(table, path, fits, out, true),
        DeValue::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                nested_keys_that_fit(item.get_ref(), &format!("{path}[{i}]"), fits, out);
            }
        }
        _ => {}
    }
}

/// The key an "unknown field" message names.
fn named_key(message: &str) -> Option<&str> {
    message.strip_prefix("unknown field `")?.split('`').next()
}

/// serde's description of the value it did not expect: `string "yes"`, ``integer `1` ``.
fn unexpected_value(message: &str) -> Option<String> {
    if let Some(rest) = message.strip_prefix("unknown variant `") {
        return Some(format!("string {:?}", rest.split('`').next()?));
    }
    let rest = message.strip_prefix("invalid type: ").or_else(|| message.strip_prefix("invalid value: "))?;
    Some(rest.split(", expected").next()?.to_string())
}

/// Whether serde's description of an unexpected value (`string "yes"`, `integer `1``) is `value`.
fn describes(unexpected: &str, value: &DeValue<'_>) -> bool {
    match value {
        DeValue::String(s) => unexpected == format!("string {s:?}"),
        DeValue::Integer(i) => {
            i64::from_str_radix(i.as_str(), i.radix()).is_ok_and(|n| unexpected == format!("integer `{n}`"))
        }
        DeValue::Float(_) => unexpected.starts_with("floating point"),
        DeValue::Boolean(b) => unexpected == format!("boolean `{b}`"),
        DeValue::Array(_) => unexpected == "sequence",
        DeValue::Table(_) | DeValue::Datetime(_) => false,
    }
}

/// What a sidebar entry can be.
const SIDEBAR_ENTRY_SHAPES: &str = "expected a doc id (\"guides/testing\"), a category ({ category = \"…\", items = […] }), \
     a labelled doc ({ doc = \"…\", label = \"…\" }) or a link ({ label = \"…\", href = \"…\" })";

/// serde only says that a sidebar entry matched no shape, at the outermost category. This finds
/// the innermost entry that fails and, from its keys, the shape it means and the key that is
/// wrong: the field, line and message of what is wrong with `entry`.
fn failing_entry(
    text: &str,
    field: String,
    entry: &Spanned<DeValue<'_>>,
    locator: &Locator,
) -> (String, Option<usize>, String) {
    let shapes = || (field.clone(), locator.line_of(&field), SIDEBAR_ENTRY_SHAPES.to_string());
    let Some(table) = entry.get_ref().as_table() else { return shapes() };
    let children = table.get("items").and_then(|items| items.get_ref().as_array());
    for (i, child) in children.into_iter().flat_map(|c| c.iter()).enumerate() {
        if SidebarEntry::deserialize(ValueDeserializer::from(child.clone())).is_err() {
            return failing_entry(text, format!("{field}.items[{i}]"), child, locator);
        }
    }
    let shape_error = if table.contains_key("category") {
        check_shape::<CategoryShape>(entry)
    } else if table.contains_key("doc") {
        check_shape::<LabelledDocShape>(entry)
    } else if table.contains_key("href") {
        check_shape::<LinkShape>(entry)
    } else {
        return shapes();
    };
    let Some((inner, span, message)) = shape_error else { return shapes() };
    let field = match named_key(&message) {
        Some(key) => format!("{field}.{key}"),
        None if inner.is_empty() => field,
        None => format!("{field}.{inner}"),
    };
    let line = locator.exact_line_of(&field).or_else(|| span.map(|s| LineStarts::new(text).line_at(s.start)));
    (field, line, message)
}

/// Deserializes an entry as one shape: the inner field, span and message of the error, if any.
fn check_shape<'de, T: Deserialize<'de>>(
    entry: &Spanned<DeValue<'de>>,
) -> Option<(String, Option<std::ops::Range<usize>>, String)> {
    let error = serde_path_to_error::deserialize::<_, T>(ValueDeserializer::from(entry.clone())).err()?;
    let inner = path_of(&error);
    let error = error.into_inner();
    Some((inner, error.span(), error.message().trim().to_string()))
}

// The shapes of a sidebar entry, field for field as in `SidebarEntry`, to name the wrong key.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct CategoryShape {
    category: String,
    #[serde(default)]
    collapsed: Option<bool>,
    items: Vec<IgnoredAny>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct LabelledDocShape {
    doc: String,
    label: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct LinkShape {
    label: String,
    href: String,
}

/// The value at a field path such as `sidebars[0].items[3]`.
fn value_at<'a, 'i>(root: &'a DeTable<'i>, field: &str) -> Option<&'a Spanned<DeValue<'i>>> {
    let mut current: Option<&Spanned<DeValue<'i>>> = None;
    for segment in field.split('.') {
        let (key, indices) = split_indices(segment)?;
        let mut value = match current {
            None => root.get(key)?,
            Some(table) => table.get_ref().get(key)?,
        };
        for i in indices {
            value = value.get_ref().get(i)?;
        }
        current = Some(value);
    }
    current
}

/// `items[1][2]` → (`items`, [1, 2]).
fn split_indices(segment: &str) -> Option<(&str, Vec<usize>)> {
    let (key, rest) = segment.split_once('[').map_or((segment, ""), |(k, r)| (k, r));
    let indices = rest
        .split('[')
        .filter(|s| !s.is_empty())
        .map(|s| s.strip_suffix(']')?.parse().ok())
        .collect::<Option<Vec<usize>>>()?;
    Some((key, indices))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_indices_reads_every_index() {
        assert_eq!(split_indices("items"), Some(("items", vec![])));
        assert_eq!(split_indices("items[1][20]"), Some(("items", vec![1, 20])));
        assert_eq!(split_indices("items[x]"), None);
    }

    #[test]
    fn value_at_follows_keys_and_indices() {
        let doc = DeTable::parse("[[s]]\nitems = [\"a\", { items = [\"b\", \"c\"] }]\n").unwrap();
        let v = value_at(doc.get_ref(), "s[0].items[1].items[1]").unwrap();
        assert_eq!(v.get_ref().as_str(), Some("c"));
        assert!(value_at(doc.get_ref(), "s[0].items[5]").is_none());
        assert!(value_at(doc.get_ref(), "t").is_none());
    }

    #[test]
    fn enum_variants_read_as_the_keys_terms() {
        let explained = explain("navbar.items[1].type", "unknown variant `fancy`, expected `link`");
        assert_eq!(explained, "unknown type `fancy`, expected `link`");
        assert_eq!(
            explain("a.position", "unknown variant `x`, expected `left`"),
            "unknown position `x`, expected `left`"
        );
        assert_eq!(explain("", "unknown variant `x`, expected `y`"), "unknown value `x`, expected `y`");
        assert_eq!(explain("a", "missing field `x`"), "missing field `x`");
    }
}
