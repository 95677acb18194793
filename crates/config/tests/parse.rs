//! Reading and checking configuration text through the public API.

mod common;

use common::{MINIMAL, error_of, line_containing, parse, repository_configs};
use site_config::{Config, Search, SidebarEntry, ThemeName};
use std::path::Path;

#[test]
fn minimal_configuration_parses_with_defaults() {
    let c = parse(MINIMAL).unwrap();
    assert_eq!(c.toc.min_heading_level, 2);
    assert_eq!(c.toc.max_heading_level, 3);
    assert_eq!(c.color_mode.default_mode, ThemeName::Light);
    assert!(!c.color_mode.disable_switch);
    assert!(matches!(c.search, Search::Local { .. }));
    assert_eq!(c.docs.versions[0].name, "current");
    assert_eq!(c.site.favicon, "/img/favicon.svg");
    assert_eq!(c.sidebars[0].items.len(), 2);
    assert!(matches!(&c.sidebars[0].items[1], SidebarEntry::Category { items, .. } if items.len() == 2));
}

#[test]
fn the_repository_configurations_are_valid() {
    let [site, fixture] = repository_configs();
    let c = Config::load(&site).unwrap();
    assert_eq!(c.sidebars.len(), 4);
    assert_eq!(c.blog.posts_per_page, 10);
    assert!(!c.announcement.unwrap().is_closeable);
    assert_eq!(c.site.favicon, "/img/favicon.svg");
    Config::load(&fixture).unwrap();
}

#[test]
fn unknown_navbar_item_type_names_field_and_expected_types() {
    let text = MINIMAL.replace("type = \"link\"", "type = \"fancy\"");
    let e = error_of(&text);
    assert_eq!(e.file, Path::new("site.toml"));
    assert_eq!(e.field, "navbar.items[1].type", "{e}");
    assert!(e.message.contains("unknown type `fancy`"), "{e}");
    assert!(e.message.contains("`link`") && e.message.contains("`dropdown`"), "{e}");
    assert_eq!(e.line, Some(line_containing(&text, "fancy")), "{e}");
}

#[test]
fn an_unknown_enum_value_is_named_by_its_key() {
    let e = error_of(&MINIMAL.replace("to = \"/blog\"", "to = \"/blog\"\nposition = \"middle\""));
    assert_eq!(e.field, "navbar.items[1].position");
    assert!(e.message.starts_with("unknown position `middle`, expected `left` or `right`"), "{e}");
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
fn site_url_is_an_origin_without_a_path() {
    for bad in ["https://example.com/zh", "https://example.com/zh/"] {
        let e = error_of(&MINIMAL.replace("url = \"https://example.com\"", &format!("url = \"{bad}\"")));
        assert_eq!((e.field.as_str(), e.line), ("site.url", Some(5)), "{e}");
        assert!(e.message.contains("`base_url` to `/zh/`"), "{e}");
    }
    for bad in ["example.com", "https://example.com/", "https://example.com?x=1"] {
        let e = error_of(&MINIMAL.replace("url = \"https://example.com\"", &format!("url = \"{bad}\"")));
        assert_eq!(e.field, "site.url", "{e}");
        assert!(e.message.contains("expected an origin"), "{e}");
    }
    let ok = MINIMAL.replace("url = \"https://example.com\"", "url = \"http://localhost:8080\"");
    parse(&ok).unwrap();
}

#[test]
fn favicon_is_a_site_path_defaulting_to_the_svg() {
    let text = MINIMAL.replace("locale = \"zh-hans\"", "locale = \"zh-hans\"\nfavicon = \"/favicon.ico\"");
    assert_eq!(parse(&text).unwrap().site.favicon, "/favicon.ico");
    for bad in ["favicon.ico", "https://example.com/favicon.ico", "/img/"] {
        let text = MINIMAL.replace("locale = \"zh-hans\"", &format!("locale = \"zh-hans\"\nfavicon = \"{bad}\""));
        let e = error_of(&text);
        assert_eq!(e.field, "site.favicon", "{e}");
        assert_eq!(e.line, Some(line_containing(&text, "favicon =")), "{e}");
        assert!(e.message.contains("a file under `static/`"), "{e}");
    }
}

#[test]
fn logo_and_feature_images_are_site_paths() {
    let e = error_of(&MINIMAL.replace("src = \"/img/logo.svg\"", "src = \"img/logo.svg\""));
    assert_eq!(e.field, "navbar.logo.src", "{e}");
    let dark = "src = \"/img/logo.svg\", src_dark = \"https://cdn.example.com/logo.svg\"";
    let e = error_of(&MINIMAL.replace("src = \"/img/logo.svg\"", dark));
    assert_eq!(e.field, "navbar.logo.src_dark", "{e}");
    let feature = "features = [{ title = \"t\", description = \"d\", image = \"/a.svg\", image_dark = \"a.svg\", image_alt = \"\" }]";
    let e = error_of(&MINIMAL.replace("features = []", feature));
    assert_eq!(e.field, "home.features[0].image_dark", "{e}");
}

#[test]
fn only_zh_hans_locale() {
    let e = error_of(&MINIMAL.replace("zh-hans", "en"));
    assert_eq!(e.field, "site.locale");
}

#[test]
fn unknown_field_is_named() {
    let e = error_of(&MINIMAL.replace("[footer]", "[footer]\ncolour = 1"));
    assert_eq!(e.field, "footer.colour", "{e}");
    assert!(e.message.contains("unknown field `colour`"), "{e}");
}

#[test]
fn sidebar_entries_have_no_unknown_keys() {
    let e = error_of(&MINIMAL.replace("{ doc = \"c\", label = \"C\" }", "{ doc = \"c\", label = \"C\", note = 1 }"));
    assert_eq!(e.field, "sidebars[0].items[1].items[1].note", "{e}");
    assert!(e.message.contains("unknown field `note`"), "{e}");
    let e = error_of(&MINIMAL.replace("{ category = \"分类\",", "{ category = \"分类\", open = true,"));
    assert_eq!(e.field, "sidebars[0].items[1].open", "{e}");
}

#[test]
fn missing_required_field() {
    let e = error_of(&MINIMAL.replacen("\ntagline = \"标语\"\n", "\n", 1));
    assert!(e.message.contains("missing field `tagline`"), "{e}");
    assert_eq!((e.field.as_str(), e.line), ("site", Some(2)), "{e}");
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
    assert_eq!(e.field, "sidebars[0].items[1].items[0]", "{e}");
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

#[test]
fn edit_url_is_a_url_template_with_the_path() {
    let with =
        |value: &str| MINIMAL.replace("locale = \"zh-hans\"", &format!("locale = \"zh-hans\"\nedit_url = \"{value}\""));
    for bad in ["https://github.com/o/r/edit/main/", "github.com/o/r/{path}", "ftp://x.org/{path}"] {
        let e = error_of(&with(bad));
        assert_eq!((e.field.as_str(), e.line), ("site.edit_url", Some(8)), "{e}");
        assert!(e.message.contains("`{path}`"), "{e}");
    }
    let c = parse(&with("https://github.com/o/r/edit/main/{path}")).unwrap();
    assert_eq!(c.site.edit_url.as_deref(), Some("https://github.com/o/r/edit/main/{path}"));
    assert!(c.site.offline && c.site.social_cards, "both on by default");
    assert!(
        parse(&MINIMAL.replace("locale = \"zh-hans\"", "locale = \"zh-hans\"\noffline = false"))
            .map(|c| !c.site.offline)
            .unwrap()
    );
}

#[test]
fn the_local_search_takes_a_shard_size_above_zero_and_nothing_else() {
    let with = |extra: &str| format!("{MINIMAL}\n[search]\nbackend = \"local\"\n{extra}\n");
    assert_eq!(parse(&with("shard_pages = 30")).unwrap().search.shard_pages(), Some(30));
    assert_eq!(parse(&with("")).unwrap().search.shard_pages(), None);
    let e = error_of(&with("shard_pages = 0"));
    assert_eq!(e.field, "search.shard_pages", "{e}");
    assert!(e.message.contains("above 0"), "{e}");
    let e = error_of(&with("shards = 3"));
    assert_eq!(e.field, "search.shards", "{e}");
    assert!(e.line.is_some(), "{e}");
}
