//! `site.schema.json`, the JSON Schema editors use for `site.toml`: current with the types, and
//! it accepts the repository's configurations and rejects what `Config::parse` rejects by shape.

mod common;

use common::{MINIMAL, repository_configs};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn schema_file() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../site.schema.json")
}

#[test]
fn the_committed_schema_is_what_the_types_generate() {
    let want = site_config::json_schema();
    if std::env::var_os("UPDATE_SCHEMA").is_some() {
        std::fs::write(schema_file(), &want).unwrap();
    }
    let have = std::fs::read_to_string(schema_file()).unwrap_or_default();
    assert!(
        have == want,
        "site.schema.json is out of date; run `UPDATE_SCHEMA=1 cargo test -p site-config --test schema`"
    );
}

fn validator() -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(&site_config::json_schema()).unwrap();
    jsonschema::draft7::new(&schema).expect("the schema is valid draft 7")
}

/// TOML text as the JSON value editors validate.
fn as_json(text: &str) -> Value {
    serde_json::to_value(toml::from_str::<toml::Table>(text).unwrap()).unwrap()
}

fn schema_errors(text: &str) -> Vec<String> {
    validator().iter_errors(&as_json(text)).map(|e| format!("{} at {}", e, e.instance_path())).collect()
}

#[test]
fn both_repository_configurations_validate_and_name_the_schema_on_their_first_line() {
    for file in repository_configs() {
        let text = std::fs::read_to_string(&file).unwrap();
        assert_eq!(schema_errors(&text), Vec::<String>::new(), "{}", file.display());
        let first = text.lines().next().unwrap();
        let target =
            first.strip_prefix("#:schema ").unwrap_or_else(|| panic!("{}: first line {first:?}", file.display()));
        let resolved = file.parent().unwrap().join(target);
        assert_eq!(resolved.canonicalize().unwrap(), schema_file().canonicalize().unwrap(), "{}", file.display());
    }
}

#[test]
fn the_schema_rejects_unknown_keys_types_and_missing_fields() {
    assert_eq!(schema_errors(MINIMAL), Vec::<String>::new());
    for (from, to, at) in [
        ("[footer]", "[footer]\ncolour = 1", "/footer"),
        ("doc_id = \"intro\"", "doc_id = \"intro\"\nextra = 1", "/navbar/items/0"),
        ("{ doc = \"c\", label = \"C\" }", "{ doc = \"c\", label = \"C\", note = 1 }", "/sidebars/0/items/1"),
        ("type = \"link\"", "type = \"fancy\"", "/navbar/items/1"),
        ("posts_per_page = 10", "posts_per_page = 0", "/blog/posts_per_page"),
        ("\ntagline = \"标语\"\n", "\n", "/site"),
        ("base_url = \"/\"", "base_url = \"zh\"", "/site/base_url"),
        ("url = \"https://example.com\"", "url = \"https://example.com/zh\"", "/site/url"),
    ] {
        let errors = schema_errors(&MINIMAL.replacen(from, to, 1));
        assert!(errors.iter().any(|e| e.ends_with(&format!(" at {at}"))), "{to}: {errors:?}");
    }
}

#[test]
fn descriptions_enums_and_defaults_come_from_the_types() {
    let schema: Value = serde_json::from_str(&site_config::json_schema()).unwrap();
    let defs = &schema["definitions"];
    assert_eq!(schema["$schema"], "http://json-schema.org/draft-07/schema#");
    assert_eq!(defs["Site"]["properties"]["favicon"]["default"], "/img/favicon.svg");
    assert!(defs["Site"]["properties"]["url"]["description"].as_str().unwrap().starts_with("Origin the site"));
    assert_eq!(defs["Position"]["enum"], serde_json::json!(["left", "right"]));
    assert_eq!(defs["ThemeName"]["enum"], serde_json::json!(["light", "dark"]));
    assert_eq!(
        schema["properties"]["toc"]["default"],
        serde_json::json!({ "min_heading_level": 2, "max_heading_level": 3 })
    );
    assert_eq!(schema["properties"]["search"]["default"], serde_json::json!({ "backend": "local" }));
    let kinds: Vec<&Value> =
        defs["NavItem"]["oneOf"].as_array().unwrap().iter().map(|v| &v["properties"]["type"]["const"]).collect();
    assert_eq!(kinds, ["link", "doc", "dropdown"]);
    assert!(!serde_json::to_string(&schema).unwrap().contains("null"), "TOML has no null");
}
