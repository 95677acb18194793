//! Property tests of `Config::parse`: whatever the text (random bytes, valid TOML with random keys
//! and values, a real configuration with one thing changed), it returns within a time limit
//! without panicking, and every error that names a field has a line inside the file.
//!
//! `cargo test -p site-config` runs proptest's default 256 cases per property. A long run sets
//! proptest's own variable, `PROPTEST_CASES`:
//!
//!     PROPTEST_CASES=20000 cargo test -p site-config --release --test robustness
//!
//! A failing case is shrunk and printed, and its seed saved in `robustness.proptest-regressions`
//! beside this file so that later runs try it first: commit that file with the fix.

mod common;

use common::repository_configs;
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::FileFailurePersistence;
use site_config::{Config, ConfigError};
use std::path::Path;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;
use toml::{Table, Value};

/// Far above the milliseconds a parse takes, even in a debug build on a busy machine.
const TIME_LIMIT: Duration = Duration::from_secs(20);

/// Parses on another thread: a parse that never returns fails the test instead of hanging it.
fn parse_in_time(text: &str) -> Result<Config, ConfigError> {
    let (done, result) = mpsc::channel();
    let owned = text.to_string();
    std::thread::spawn(move || {
        // After a time-out no one listens any more.
        let _ = done.send(Config::parse(Path::new("site.toml"), &owned));
    });
    match result.recv_timeout(TIME_LIMIT) {
        Ok(result) => result,
        Err(RecvTimeoutError::Timeout) => panic!("Config::parse took over {TIME_LIMIT:?} on:\n{text}"),
        Err(RecvTimeoutError::Disconnected) => panic!("Config::parse panicked (message above) on:\n{text}"),
    }
}

/// Parses and checks that an error naming a field has a line, and that any line is in the file.
fn parse_checked(text: &str) -> Result<Config, ConfigError> {
    let result = parse_in_time(text);
    if let Err(e) = &result {
        let lines = text.split('\n').count();
        assert!(e.field.is_empty() || e.line.is_some(), "no line for a field: {e}\nin:\n{text}");
        assert!(e.line.is_none_or(|l| (1..=lines).contains(&l)), "line outside the {lines} lines: {e}\nin:\n{text}");
        assert!(!e.message.is_empty(), "empty message: {e}");
    }
    result
}

/// Keys of the configuration, so that random documents reach into its structs and enums.
const KEYS: &[&str] = &[
    "site",
    "title",
    "tagline",
    "url",
    "base_url",
    "locale",
    "favicon",
    "navbar",
    "logo",
    "alt",
    "src",
    "src_dark",
    "hide_on_scroll",
    "items",
    "type",
    "label",
    "position",
    "to",
    "href",
    "active_base_path",
    "icon",
    "doc_id",
    "footer",
    "groups",
    "copyright",
    "announcement",
    "id",
    "content",
    "background_color",
    "text_color",
    "is_closeable",
    "color_mode",
    "default_mode",
    "toc",
    "min_heading_level",
    "max_heading_level",
    "docs",
    "original_site_url",
    "home_doc",
    "plugin_id",
    "versions",
    "name",
    "banner",
    "sidebars",
    "category",
    "collapsed",
    "doc",
    "blog",
    "description",
    "posts_per_page",
    "show_reading_time",
    "search",
    "backend",
    "app_id",
    "index_name",
    "api_key",
    "host",
    "facet_filters",
    "external_url_regex",
    "analytics",
    "script_url",
    "home",
    "hero_title",
    "hero_tagline",
    "action_label",
    "action_doc",
    "features",
    "image",
    "image_dark",
    "image_alt",
];

/// Strings the configuration gives meaning to, and arbitrary ones.
const WORDS: &[&str] = &[
    "link",
    "doc",
    "dropdown",
    "left",
    "right",
    "github",
    "language",
    "light",
    "dark",
    "local",
    "hosted",
    "zh-hans",
    "/",
    "/zh/",
    "/blog",
    "https://example.com",
    "https://example.com/zh",
    "/img/logo.svg",
    "intro",
    "#fff",
    "",
];

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => proptest::sample::select(KEYS).prop_map(str::to_string),
        1 => "[a-z_]{1,8}",
        1 => any::<String>(),
    ]
}

fn scalar() -> impl Strategy<Value = Value> {
    prop_oneof![
        3 => proptest::sample::select(WORDS).prop_map(|w| Value::String(w.into())),
        1 => any::<String>().prop_map(Value::String),
        1 => any::<i64>().prop_map(Value::Integer),
        1 => (0i64..10).prop_map(Value::Integer),
        1 => any::<f64>().prop_map(Value::Float),
        1 => any::<bool>().prop_map(Value::Boolean),
        1 => Just(Value::Datetime("1979-05-27T07:32:00Z".parse().unwrap())),
    ]
}

fn value() -> impl Strategy<Value = Value> {
    scalar().prop_recursive(5, 48, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            proptest::collection::btree_map(key(), inner, 0..6).prop_map(|m| Value::Table(m.into_iter().collect())),
        ]
    })
}

fn document() -> impl Strategy<Value = Table> {
    proptest::collection::btree_map(key(), value(), 0..10).prop_map(|m| m.into_iter().collect())
}

/// One step into a TOML value: a key of a table or an index of an array.
#[derive(Debug, Clone)]
enum Step {
    Key(String),
    Index(usize),
}

/// The paths of every value in `table` (not the root), and of the tables among them.
fn paths(table: &Table, prefix: &mut Vec<Step>, values: &mut Vec<Vec<Step>>, tables: &mut Vec<Vec<Step>>) {
    for (k, v) in table {
        prefix.push(Step::Key(k.clone()));
        value_paths(v, prefix, values, tables);
        prefix.pop();
    }
}

fn value_paths(value: &Value, prefix: &mut Vec<Step>, values: &mut Vec<Vec<Step>>, tables: &mut Vec<Vec<Step>>) {
    values.push(prefix.clone());
    match value {
        Value::Table(t) => {
            tables.push(prefix.clone());
            paths(t, prefix, values, tables);
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                prefix.push(Step::Index(i));
                value_paths(item, prefix, values, tables);
                prefix.pop();
            }
        }
        _ => {}
    }
}

fn value_at_mut<'a>(table: &'a mut Table, path: &[Step]) -> &'a mut Value {
    let (Step::Key(first), rest) = path.split_first().unwrap() else { unreachable!("paths start with a key") };
    rest.iter().fold(table.get_mut(first).unwrap(), |v, step| match step {
        Step::Key(k) => v.get_mut(k.as_str()).unwrap(),
        Step::Index(i) => v.get_mut(*i).unwrap(),
    })
}

/// One change to a valid configuration.
#[derive(Debug, Clone)]
enum Mutation {
    Replace(Index, Value),
    Remove(Index),
    AddUnknownKey(Index, Value),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        3 => (any::<Index>(), value()).prop_map(|(i, v)| Mutation::Replace(i, v)),
        1 => any::<Index>().prop_map(Mutation::Remove),
        1 => (any::<Index>(), value()).prop_map(|(i, v)| Mutation::AddUnknownKey(i, v)),
    ]
}

const UNKNOWN_KEY: &str = "zz_not_a_config_key";

/// Applies `mutation` to the configuration; true when it added [`UNKNOWN_KEY`].
fn mutate(config: &mut Table, mutation: Mutation) -> bool {
    let (mut values, mut tables) = (Vec::new(), vec![Vec::new()]);
    paths(config, &mut Vec::new(), &mut values, &mut tables);
    match mutation {
        Mutation::Replace(i, v) => *value_at_mut(config, &values[i.index(values.len())]) = v,
        Mutation::Remove(i) => {
            let path = &values[i.index(values.len())];
            let (last, parent) = path.split_last().unwrap();
            let container = if parent.is_empty() { None } else { Some(value_at_mut(config, parent)) };
            match (container, last) {
                (None, Step::Key(k)) => drop(config.remove(k)),
                (Some(Value::Table(t)), Step::Key(k)) => drop(t.remove(k)),
                (Some(Value::Array(a)), Step::Index(i)) => drop(a.remove(*i)),
                _ => unreachable!("a path step matches its container"),
            }
        }
        Mutation::AddUnknownKey(i, v) => {
            let path = &tables[i.index(tables.len())];
            let table = if path.is_empty() { config } else { value_at_mut(config, path).as_table_mut().unwrap() };
            table.insert(UNKNOWN_KEY.into(), v);
            return true;
        }
    }
    false
}

fn repository_tables() -> Vec<Table> {
    repository_configs().iter().map(|f| toml::from_str(&std::fs::read_to_string(f).unwrap()).unwrap()).collect()
}

proptest! {
    // `ProptestConfig::default()` reads `PROPTEST_CASES`; failing seeds are kept beside this file.
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("proptest-regressions"))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_bytes_are_rejected_cleanly(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        let _ = parse_checked(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn random_text_is_rejected_cleanly(text in "[\\[\\]{}=,.\"'#a-z0-9 \n\t_-]{0,400}") {
        let _ = parse_checked(&text);
    }

    #[test]
    fn random_toml_documents_are_handled(doc in document()) {
        let text = toml::to_string(&doc);
        prop_assume!(text.is_ok());
        let _ = parse_checked(&text.unwrap());
    }

    #[test]
    fn a_configuration_with_one_change_is_handled(which in any::<Index>(), change in mutation()) {
        let mut tables = repository_tables();
        let config = &mut tables[which.index(2)];
        let added_unknown_key = mutate(config, change);
        let text = toml::to_string(&*config).unwrap();
        let result = parse_checked(&text);
        if added_unknown_key {
            // The key's own line, whatever table it went into (the first, when its value is a
            // table written as `[….zz_not_a_config_key]` headers).
            let e = result.expect_err("an unknown key is an error");
            let first = text.lines().position(|l| l.contains(UNKNOWN_KEY)).map(|i| i + 1);
            prop_assert!(e.message.starts_with(&format!("unknown field `{UNKNOWN_KEY}`")), "{}", e);
            prop_assert!(e.field.ends_with(UNKNOWN_KEY), "{}", e);
            prop_assert_eq!(e.line, first, "{}\nin:\n{}", e, text);
        }
    }
}

#[test]
fn the_repository_configurations_survive_serialising_again() {
    // The mutation test reads the configurations back through toml::to_string; unchanged, they
    // must still be valid, or every mutation would fail for another reason.
    for table in repository_tables() {
        parse_checked(&toml::to_string(&table).unwrap()).unwrap();
    }
}
