//! The JSON Schema of `site.toml`, generated from the config types, for editors (Taplo and the
//! editor plugins built on it read `#:schema ./site.schema.json` on the file's first line).

use crate::Config;
use schemars::generate::SchemaSettings;
use serde_json::Value;

/// `site.schema.json`: the JSON Schema (draft 7, which every TOML editor plugin reads) of
/// [`Config`], with descriptions from the doc comments, pretty-printed, ending in a newline.
pub fn json_schema() -> String {
    let schema = SchemaSettings::draft07().into_generator().into_root_schema_for::<Config>();
    let mut schema = schema.to_value();
    without_null(&mut schema);
    sort_keys(&mut schema);
    let mut text = serde_json::to_string_pretty(&schema).expect("a schema is plain JSON");
    text.push('\n');
    text
}

/// TOML has no null: an optional field is one left out, so `null` is dropped from types, from
/// `anyOf` alternatives and from defaults, lest editors offer it.
fn without_null(value: &mut Value) {
    match value {
        Value::Object(object) => {
            if object.get("default").is_some_and(Value::is_null) {
                object.remove("default");
            }
            if let Some(default) = object.get_mut("default") {
                drop_null_entries(default);
            }
            if let Some(Value::Array(types)) = object.get("type")
                && types.iter().any(|t| t == "null")
            {
                let rest: Vec<Value> = types.iter().filter(|t| *t != "null").cloned().collect();
                let single = rest.len() == 1;
                object.insert("type".into(), if single { rest[0].clone() } else { Value::Array(rest) });
            }
            if let Some(Value::Array(any_of)) = object.get_mut("anyOf") {
                any_of.retain(|s| s.get("type").is_none_or(|t| t != "null"));
                if any_of.len() == 1 {
                    let only = any_of.remove(0);
                    object.remove("anyOf");
                    object.insert("allOf".into(), Value::Array(vec![only]));
                }
            }
            object.values_mut().for_each(without_null);
        }
        Value::Array(items) => items.iter_mut().for_each(without_null),
        _ => {}
    }
}

/// `{"script_url": null}` → `{}`, inside arrays too.
fn drop_null_entries(value: &mut Value) {
    match value {
        Value::Object(object) => {
            object.retain(|_, v| !v.is_null());
            object.values_mut().for_each(drop_null_entries);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_null_entries),
        _ => {}
    }
}

/// Keys in sorted order whether or not serde_json keeps insertion order (its `preserve_order`
/// feature, which another crate in a build may turn on), so the file is the same in every build.
fn sort_keys(value: &mut Value) {
    match value {
        Value::Object(object) => {
            let mut entries: Vec<(String, Value)> = std::mem::take(object).into_iter().collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            for (key, mut v) in entries {
                sort_keys(&mut v);
                object.insert(key, v);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(sort_keys),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keys_are_sorted_at_every_level() {
        let mut value = json!({ "b": 1, "a": [{ "d": 1, "c": 2 }] });
        sort_keys(&mut value);
        assert_eq!(serde_json::to_string(&value).unwrap(), r#"{"a":[{"c":2,"d":1}],"b":1}"#);
    }

    #[test]
    fn null_leaves_types_alternatives_and_defaults() {
        let mut schema = json!({
            "properties": {
                "a": { "type": ["string", "null"], "default": null },
                "b": { "anyOf": [{ "$ref": "#/definitions/B" }, { "type": "null" }] },
                "c": { "default": { "x": null, "y": [{ "z": null, "w": 1 }] } },
                "d": { "type": ["string", "integer", "null"] }
            }
        });
        without_null(&mut schema);
        assert_eq!(
            schema,
            json!({
                "properties": {
                    "a": { "type": "string" },
                    "b": { "allOf": [{ "$ref": "#/definitions/B" }] },
                    "c": { "default": { "y": [{ "w": 1 }] } },
                    "d": { "type": ["string", "integer"] }
                }
            })
        );
    }
}
