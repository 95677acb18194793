//! Every error names the line of the key it is about, and the build can ask for the line of any
//! field path to report problems it finds later.

mod common;

use common::{error_of, line, line_containing, parse, repository_configs};
use site_config::Config;
use std::path::Path;

/// Every kind of table the configuration has, each written out so its keys have lines of their own.
const FULL: &str = r##"[site]
title = "站点"
tagline = "标语"
url = "https://example.com"
base_url = "/"
locale = "zh-hans"
favicon = "/img/favicon.svg"

[navbar]
title = "站点"
logo = { alt = "标志", src = "/img/logo.svg", src_dark = "/img/logo-dark.svg" }
hide_on_scroll = false

[[navbar.items]]
type = "doc"
label = "文档"
doc_id = "intro"

[[navbar.items]]
type = "link"
label = "博客"
to = "/blog"

[[navbar.items]]
type = "dropdown"
label = "更多"
items = [
  { label = "关于", to = "/about" },
  { label = "外部", href = "https://example.org" },
]

[footer]
copyright = "©"

[[footer.groups]]
title = "学习"
items = [
  { label = "指南", to = "/docs/guide" },
]

[announcement]
id = "a1"
content = "公告"
background_color = "#20232a"
text_color = "#fff"
is_closeable = true

[color_mode]
default_mode = "dark"

[toc]
min_heading_level = 2
max_heading_level = 4

[docs]
home_doc = "intro"
versions = [
  { name = "current", label = "当前版本" },
]

[[sidebars]]
id = "docs"
items = [
  "intro",
  { category = "分类", items = [
    "a/b",
    { doc = "c", label = "C" },
    { label = "外部", href = "https://example.org" },
  ] },
]

[blog]
title = "博客"
description = "说明"
posts_per_page = 10
show_reading_time = true

[search]
backend = "hosted"
app_id = "APP"
index_name = "docs"
api_key = "key"
external_url_regex = "example\\.org"

[analytics]
script_url = "https://stats.example.com/script.js"

[home]
title = "首页"
description = "说明"
hero_title = "站点"
hero_tagline = "标语"
action_label = "开始"
action_doc = "intro"

[[home.features]]
title = "特点"
description = "说明"
image = "/img/a.svg"
image_dark = "/img/a-dark.svg"
image_alt = "图"
"##;

#[test]
fn the_full_configuration_is_valid() {
    parse(FULL).unwrap();
}

/// Inserts `bogus_key = 1` at `anchor` (an exact piece of FULL, replaced by `with`).
fn with_unknown_key(anchor: &str, with: &str) -> String {
    assert!(FULL.contains(anchor), "`{anchor}` is not in FULL");
    FULL.replacen(anchor, with, 1)
}

#[test]
fn an_unknown_key_in_any_table_points_at_its_own_line() {
    let cases = [
        ("[site]\n", "bogus_key = 1\n[site]\n", ""),
        ("locale = \"zh-hans\"\n", "locale = \"zh-hans\"\nbogus_key = 1\n", "site."),
        ("hide_on_scroll = false\n", "hide_on_scroll = false\nbogus_key = 1\n", "navbar."),
        ("alt = \"标志\",", "alt = \"标志\", bogus_key = 1,", "navbar.logo."),
        ("doc_id = \"intro\"\n", "doc_id = \"intro\"\nbogus_key = 1\n", "navbar.items[0]."),
        ("to = \"/blog\"\n", "to = \"/blog\"\nbogus_key = 1\n", "navbar.items[1]."),
        ("label = \"更多\"\n", "label = \"更多\"\nbogus_key = 1\n", "navbar.items[2]."),
        ("{ label = \"关于\",", "{ label = \"关于\", bogus_key = 1,", "navbar.items[2].items[0]."),
        ("copyright = \"©\"\n", "copyright = \"©\"\nbogus_key = 1\n", "footer."),
        ("title = \"学习\"\n", "title = \"学习\"\nbogus_key = 1\n", "footer.groups[0]."),
        ("{ label = \"指南\",", "{ label = \"指南\", bogus_key = 1,", "footer.groups[0].items[0]."),
        ("is_closeable = true\n", "is_closeable = true\nbogus_key = 1\n", "announcement."),
        ("default_mode = \"dark\"\n", "default_mode = \"dark\"\nbogus_key = 1\n", "color_mode."),
        ("max_heading_level = 4\n", "max_heading_level = 4\nbogus_key = 1\n", "toc."),
        ("home_doc = \"intro\"\n", "home_doc = \"intro\"\nbogus_key = 1\n", "docs."),
        ("{ name = \"current\",", "{ name = \"current\", bogus_key = 1,", "docs.versions[0]."),
        ("id = \"docs\"\n", "id = \"docs\"\nbogus_key = 1\n", "sidebars[0]."),
        ("{ category = \"分类\",", "{ category = \"分类\", bogus_key = 1,", "sidebars[0].items[1]."),
        ("{ doc = \"c\",", "{ doc = \"c\", bogus_key = 1,", "sidebars[0].items[1].items[1]."),
        (
            "{ label = \"外部\", href = \"https://example.org\" },\n  ] }",
            "{ label = \"外部\", bogus_key = 1, href = \"https://example.org\" },\n  ] }",
            "sidebars[0].items[1].items[2].",
        ),
        ("show_reading_time = true\n", "show_reading_time = true\nbogus_key = 1\n", "blog."),
        ("api_key = \"key\"\n", "api_key = \"key\"\nbogus_key = 1\n", "search."),
        (
            "backend = \"hosted\"\napp_id = \"APP\"\nindex_name = \"docs\"\napi_key = \"key\"\n",
            "backend = \"local\"\nbogus_key = 1\n",
            "search.",
        ),
        ("script_url", "bogus_key = 1\nscript_url", "analytics."),
        ("action_doc = \"intro\"\n", "action_doc = \"intro\"\nbogus_key = 1\n", "home."),
        ("image_alt = \"图\"\n", "image_alt = \"图\"\nbogus_key = 1\n", "home.features[0]."),
    ];
    for (anchor, with, table) in cases {
        let text = with_unknown_key(anchor, with);
        let e = error_of(&text);
        let want = line_containing(&text, "bogus_key");
        assert_eq!(e.line, Some(want), "{e}\n  line {:?}: {}", e.line, line(&text, e.line));
        assert_eq!(e.field, format!("{table}bogus_key"), "{e}");
        assert!(e.message.starts_with("unknown field `bogus_key`"), "{e}");
    }
}

#[test]
fn a_wrong_value_in_any_table_points_at_its_key() {
    let cases = [
        ("doc_id = \"intro\"", "doc_id = 7", "navbar.items[0].doc_id"),
        ("to = \"/blog\"", "to = true", "navbar.items[1].to"),
        ("{ label = \"关于\",", "{ label = 9,", "navbar.items[2].items[0].label"),
        ("api_key = \"key\"", "api_key = 1.5", "search.api_key"),
        ("type = \"link\"", "type = \"fancy\"", "navbar.items[1].type"),
        ("backend = \"hosted\"", "backend = \"remote\"", "search.backend"),
        ("default_mode = \"dark\"", "default_mode = \"dim\"", "color_mode.default_mode"),
        ("max_heading_level = 4", "max_heading_level = 400", "toc.max_heading_level"),
        ("{ doc = \"c\", label = \"C\" }", "{ doc = \"c\", label = 3 }", "sidebars[0].items[1].items[1].label"),
        ("posts_per_page = 10", "posts_per_page = \"10\"", "blog.posts_per_page"),
    ];
    for (from, to, field) in cases {
        let text = FULL.replacen(from, to, 1);
        let e = error_of(&text);
        assert_eq!(e.field, field, "{e}");
        assert_eq!(e.line, Some(line_containing(&text, to)), "{e}");
    }
}

#[test]
fn a_wrong_value_that_two_keys_could_hold_points_at_their_table() {
    // `label` and `items` both hold arrays: which one serde rejected, its message does not say.
    let text = FULL.replacen("label = \"更多\"", "label = [\"更多\"]", 1);
    let e = error_of(&text);
    assert_eq!((e.field.as_str(), e.line), ("navbar.items[2]", Some(24)), "{e}");
    assert!(e.message.contains("invalid type: sequence, expected a string"), "{e}");
}

#[test]
fn a_missing_key_points_at_its_table() {
    let text = FULL.replacen("doc_id = \"intro\"\n", "", 1);
    let e = error_of(&text);
    assert_eq!((e.field.as_str(), e.line), ("navbar.items[0]", Some(14)), "{e}");
    assert!(e.message.contains("missing field `doc_id`"), "{e}");
}

#[test]
fn validation_errors_point_at_the_key_they_are_about() {
    let cases = [
        ("to = \"/about\"", "to = \"about\"", "navbar.items[2].items[0].to", "to = \"about\""),
        (
            "to = \"/blog\"",
            "to = \"/blog\"\nhref = \"https://a.org\"",
            "navbar.items[1]",
            "[[navbar.items]]\ntype = \"link\"",
        ),
        ("to = \"/docs/guide\"", "href = \"/docs/guide\"", "footer.groups[0].items[0].href", "href = \"/docs/guide\""),
        ("text_color = \"#fff\"", "text_color = \"#ffff0\"", "announcement.text_color", "text_color"),
        ("max_heading_level = 4", "max_heading_level = 1", "toc", "[toc]"),
        ("posts_per_page = 10", "posts_per_page = 0", "blog.posts_per_page", "posts_per_page"),
        (
            "external_url_regex = \"example\\\\.org\"",
            "external_url_regex = \"\"",
            "search.external_url_regex",
            "external_url_regex",
        ),
        ("src_dark = \"/img/logo-dark.svg\"", "src_dark = \"logo-dark.svg\"", "navbar.logo.src_dark", "logo = {"),
        (
            "image_dark = \"/img/a-dark.svg\"",
            "image_dark = \"a-dark.svg\"",
            "home.features[0].image_dark",
            "image_dark",
        ),
        (
            "versions = [\n  { name = \"current\", label = \"当前版本\" },\n]",
            "versions = []",
            "docs.versions",
            "versions = []",
        ),
        ("[blog]", "[[sidebars]]\nid = \"docs\"\nitems = []\n\n[blog]", "sidebars[1].id", "id = \"docs\"\nitems = []"),
    ];
    for (from, to, field, needle) in cases {
        let text = FULL.replacen(from, to, 1);
        let e = error_of(&text);
        assert_eq!(e.field, field, "{e}");
        let want = text[..text.find(needle).expect(needle)].matches('\n').count() + 1;
        assert_eq!(e.line, Some(want), "{e}\n  line {:?}: {}", e.line, line(&text, e.line));
    }
}

#[test]
fn the_build_finds_lines_in_arrays_of_tables_and_inline_arrays() {
    let [site, _] = repository_configs();
    let text = std::fs::read_to_string(&site).unwrap();
    let config = Config::load(&site).unwrap();
    // An element of an array of tables: its `[[…]]` header; a key in it: its own line.
    let third_item = text.match_indices("[[navbar.items]]").nth(2).unwrap().0;
    assert_eq!(config.line_of("navbar.items[2]"), Some(text[..third_item].matches('\n').count() + 1));
    assert_eq!(
        config.line_of("navbar.items[2].doc_id"),
        Some(line_containing(&text, "doc_id = \"recoil-sync/introduction\""))
    );
    // Entries of inline arrays, nested: each entry's own line.
    let entry = "sidebars[0].items[3].items[1].items[2]";
    assert_eq!(config.line_of(entry), Some(line_containing(&text, "\"api-reference/core/Loadable\"")));
    assert_eq!(config.line_of("sidebars[0].items[3].items[1]"), Some(line_containing(&text, "{ category = \"状态\"")));
    assert_eq!(config.line_of("footer.groups[1].items[1]"), Some(line_containing(&text, "twitter.com/recoiljs")));
    assert_eq!(config.line_of("footer.groups[1].items[1].href"), Some(line_containing(&text, "twitter.com/recoiljs")));
    // A field the file leaves to its default: the line of the table around it.
    assert_eq!(config.line_of("navbar.items[0].position"), config.line_of("navbar.items[0]"));
    assert_eq!(config.locator().exact_line_of("navbar.items[0].position"), None);
}

#[test]
fn errors_found_later_carry_the_line_of_their_field() {
    let config = parse(FULL).unwrap();
    let e = config.error(Path::new("site.toml"), "sidebars[0].items[1].items[1]", "docs data not found: no doc `c`");
    assert_eq!(e.line, Some(line_containing(FULL, "{ doc = \"c\"")));
    assert_eq!(
        e.to_string(),
        format!("site.toml:{}: sidebars[0].items[1].items[1]: docs data not found: no doc `c`", e.line.unwrap())
    );
    let e = config.locator().error(Path::new("site.toml"), "home.action_doc", "no doc");
    assert_eq!(e.line, Some(line_containing(FULL, "action_doc")));
    let e = config.error(Path::new("site.toml"), "site.favicon", "no file at static/img/favicon.svg");
    assert_eq!(e.line, Some(7));
}
