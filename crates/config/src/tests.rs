use super::*;

const MINIMAL: &str = r##"
[site]
title = "站点"
tagline = "标语"
url = "https://example.com"
base_url = "/"
locale = "zh-hans"

[navbar]
title = "站点"
logo = { alt = "标志", src = "/img/logo.svg" }

[[navbar.items]]
type = "doc"
label = "文档"
doc_id = "intro"

[[navbar.items]]
type = "link"
label = "博客"
to = "/blog"

[footer]
copyright = "©"

[announcement]
id = "a1"
content = 'Hi <a href="https://jotai.org">Jotai</a>'
background_color = "#20232a"
text_color = "#fff"
is_closeable = false

[docs]
home_doc = "intro"

[[sidebars]]
id = "docs"
items = ["intro", { category = "分类", items = ["a/b", { doc = "c", label = "C" }] }]

[blog]
title = "博客"
description = "说明"
posts_per_page = 10
show_reading_time = true

[home]
title = "首页"
description = "说明"
hero_title = "站点"
hero_tagline = "标语"
action_label = "开始"
action_doc = "intro"
features = []
"##;

fn parse(text: &str) -> Result<Config, ConfigError> {
    Config::parse(Path::new("site.toml"), text)
}

fn error_of(text: &str) -> ConfigError {
    parse(text).expect_err("configuration should be rejected")
}

#[test]
fn minimal_configuration_parses_with_defaults() {
    let c = parse(MINIMAL).unwrap();
    assert_eq!(c.toc.min_heading_level, 2);
    assert_eq!(c.toc.max_heading_level, 3);
    assert_eq!(c.color_mode.default_mode, Theme::Light);
    assert!(!c.color_mode.disable_switch);
    assert!(matches!(c.search, Search::Local));
    assert_eq!(c.docs.versions[0].name, "current");
    assert_eq!(c.sidebars[0].items.len(), 2);
    assert!(matches!(&c.sidebars[0].items[1], SidebarEntry::Category { items, .. } if items.len() == 2));
}

#[test]
fn the_repository_configuration_is_valid() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../site.toml");
    let c = Config::load(&path).unwrap();
    assert_eq!(c.sidebars.len(), 4);
    assert_eq!(c.blog.posts_per_page, 10);
    assert!(!c.announcement.unwrap().is_closeable);
}

#[test]
fn unknown_navbar_item_type_names_field_and_expected_types() {
    let text = MINIMAL.replace("type = \"link\"", "type = \"fancy\"");
    let e = error_of(&text);
    assert_eq!(e.file, Path::new("site.toml"));
    assert!(e.field.starts_with("navbar.items"), "{e}");
    assert!(e.message.contains("unknown type `fancy`"), "{e}");
    assert!(e.message.contains("`link`") && e.message.contains("`dropdown`"), "{e}");
    assert!(e.line.is_some(), "{e}");
}

#[test]
fn base_url_needs_leading_and_trailing_slash() {
    for bad in ["zh/", "/zh", "zh", ""] {
        let text = MINIMAL.replace("base_url = \"/\"", &format!("base_url = \"{bad}\""));
        let e = error_of(&text);
        assert_eq!(e.field, "site.base_url", "{e}");
        assert!(e.message.contains("starts and ends with `/`"), "{e}");
        assert_eq!(e.line, Some(6), "{e}");
    }
    let ok = MINIMAL.replace("base_url = \"/\"", "base_url = \"/zh/\"");
    assert_eq!(parse(&ok).unwrap().site.base_url, "/zh/");
}

#[test]
fn only_zh_hans_locale() {
    let e = error_of(&MINIMAL.replace("zh-hans", "en"));
    assert_eq!(e.field, "site.locale");
}

#[test]
fn unknown_field_is_named() {
    let e = error_of(&MINIMAL.replace("[footer]", "[footer]\ncolour = 1"));
    assert!(e.field.starts_with("footer"), "{e}");
    assert!(e.message.contains("unknown field `colour`"), "{e}");
}

#[test]
fn missing_required_field() {
    let e = error_of(&MINIMAL.replacen("\ntagline = \"标语\"\n", "\n", 1));
    assert!(e.message.contains("missing field `tagline`"), "{e}");
}

#[test]
fn toml_syntax_error_has_line() {
    let e = error_of("[site\ntitle = 1");
    assert_eq!(e.line, Some(1), "{e}");
}

#[test]
fn link_needs_exactly_one_target() {
    let e = error_of(&MINIMAL.replace("to = \"/blog\"", "to = \"/blog\"\nhref = \"https://x.org\""));
    assert_eq!(e.field, "navbar.items[1]");
    let e = error_of(&MINIMAL.replace("to = \"/blog\"", "to = \"blog\""));
    assert_eq!(e.field, "navbar.items[1].to");
}

#[test]
fn toc_levels_are_checked() {
    let e = error_of(&format!("{MINIMAL}\n[toc]\nmin_heading_level = 4\nmax_heading_level = 3\n"));
    assert_eq!(e.field, "toc");
}

#[test]
fn bad_sidebar_entry_explains_the_shapes() {
    let e = error_of(&MINIMAL.replace("\"a/b\"", "{ nope = 1 }"));
    assert!(e.field.starts_with("sidebars"), "{e}");
    assert!(e.message.contains("expected a doc id"), "{e}");
}

#[test]
fn announcement_colours_are_checked() {
    let e = error_of(&MINIMAL.replace("#20232a", "not a colour;"));
    assert_eq!(e.field, "announcement.background_color");
}

#[test]
fn display_names_file_line_field_and_message() {
    let e = error_of(&MINIMAL.replace("base_url = \"/\"", "base_url = \"zh\""));
    let shown = e.to_string();
    assert!(shown.starts_with("site.toml:6: site.base_url: expected"), "{shown}");
}
