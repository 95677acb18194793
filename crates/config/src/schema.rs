//! The JSON Schema of `site.toml`, generated from the config types, for editors (Taplo and the
//! editor plugins built on it read `#:schema ./site.schema.json` on the file's first line).

use crate::Config;
use schemars::generate::SchemaSettings;

/// `site.schema.json`: the JSON Schema (draft 7, which every TOML editor plugin reads) of
/// [`Config`], with descriptions from the doc comments, pretty-printed, ending in a newline.
pub fn json_schema() -> String {
    let schema = SchemaSettings::draft07().into_generator().into_root_schema_for::<Config>();
    let mut text = serde_json::to_string_pretty(&schema).expect("a schema is plain JSON");
    text.push('\n');
    text
}
