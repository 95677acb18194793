//! What the public-API tests share: a small valid configuration and parse helpers.

#![allow(dead_code)] // Each test crate uses part of this.

use site_config::{Config, ConfigError};
use std::path::Path;

/// A small valid configuration; tests change one thing in it.
pub const MINIMAL: &str = r##"
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

pub fn parse(text: &str) -> Result<Config, ConfigError> {
    Config::parse(Path::new("site.toml"), text)
}

pub fn error_of(text: &str) -> ConfigError {
    parse(text).expect_err("configuration should be rejected")
}

/// The text of line `n` (1-based), for messages and checks.
pub fn line(text: &str, n: Option<usize>) -> &str {
    n.and_then(|n| text.lines().nth(n.checked_sub(1)?)).unwrap_or("(no line)")
}

/// The 1-based line of the only line that contains `needle`.
pub fn line_containing(text: &str, needle: &str) -> usize {
    let found: Vec<usize> = text.lines().enumerate().filter(|(_, l)| l.contains(needle)).map(|(i, _)| i + 1).collect();
    assert_eq!(found.len(), 1, "`{needle}` should be on exactly one line");
    found[0]
}

/// The repository's own configuration files: the site's and the build tests' fixture.
pub fn repository_configs() -> [std::path::PathBuf; 2] {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    [root.join("site.toml"), root.join("fixtures/site/site.toml")]
}
