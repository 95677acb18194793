//! The public API: the bundle `write_index` writes from page data.

use site_schema::*;
use std::path::Path;

fn head(title: &str) -> Head {
    Head {
        title: title.into(),
        description: String::new(),
        canonical: String::new(),
        og_type: "article".into(),
        noindex: false,
        image: None,
        json_ld: None,
    }
}

/// The title entries the site model gives these pages.
fn titles(pages: &[PageData]) -> Vec<SearchTitle> {
    let words = site_model::Words::load(&site_testkit::frontend().join("src/i18n/zh-hans.json")).unwrap();
    site_model::search_titles(pages, &words)
}

fn doc(route: &str, title: &str, content: Vec<Block>, keywords: &[&str]) -> PageData {
    PageData {
        route: route.into(),
        head: head(title),
        page: Page::Doc(DocPage {
            id: route.trim_start_matches("/docs/").into(),
            title: title.into(),
            description: "一句话描述".into(),
            content,
            toc: vec![],
            hide_toc: false,
            sidebar: None,
            breadcrumbs: ["API 参考", "状态"].map(|l| Breadcrumb { label: l.into(), route: None }).to_vec(),
            previous: None,
            next: None,
            tags: vec![],
            keywords: keywords.iter().map(|k| k.to_string()).collect(),
            original_url: None,
            version: "current".into(),
            source: SourceInfo::default(),
        }),
        components: vec![],
    }
}

fn text(s: &str) -> Vec<Inline> {
    vec![Inline::Text(s.into())]
}

fn site() -> Vec<PageData> {
    vec![
        PageData { route: "/".into(), head: head("首页"), page: Page::NotFound, components: vec![] },
        doc(
            "/docs/api-reference/core/atom",
            "atom(options)：定义原子",
            vec![
                Block::Paragraph { children: text("原子是状态的单位。") },
                Block::Heading { level: 2, id: "默认值".into(), children: text("默认值") },
                Block::Paragraph {
                    children: text("每个原子都有一个默认值，可以用 useResetRecoilState 重置。")
                },
            ],
            &["全局状态"],
        ),
        doc("/docs/guides/testing", "测试", vec![Block::Paragraph { children: text("在组件外测试选择器。") }], &[]),
    ]
}

fn index(dir: &Path) -> (site_search::IndexStats, SearchManifest) {
    let pages = site();
    let stats = site_search::write_index(&pages, &titles(&pages), "zh-hans", dir).unwrap();
    let manifest = std::fs::read(dir.join("pagefind/search-manifest.json")).unwrap();
    (stats, serde_json::from_slice(&manifest).unwrap())
}

#[test]
fn docs_and_posts_are_indexed_in_manifest_order_with_the_runtime() {
    let dir = tempfile::tempdir().unwrap();
    let (stats, manifest) = index(dir.path());
    assert_eq!(stats.pages, 2, "the not-found page is not searchable");
    let routes: Vec<&str> = manifest.pages.iter().map(|p| p.route.as_str()).collect();
    assert_eq!(routes, ["/docs/api-reference/core/atom", "/docs/guides/testing"]);
    assert_eq!(manifest.pages[0].section.as_deref(), Some("API 参考 › 状态"));
    let bundle = dir.path().join("pagefind");
    for file in ["pagefind.js", "pagefind-worker.js", "pagefind-entry.json", "wasm.unknown.pagefind"] {
        assert!(bundle.join(file).is_file(), "{file} missing");
    }
    for folder in ["index", "fragment"] {
        assert!(std::fs::read_dir(bundle.join(folder)).unwrap().next().is_some(), "{folder}/ is empty");
    }
    // The site has its own interface: Pagefind's are not deployed.
    assert!(!bundle.join("pagefind-ui.js").exists() && !bundle.join("pagefind-component-ui.js").exists());
    let probes: Vec<&str> = manifest.probes.split(' ').collect();
    for p in ["原", "子", "默", "全", "a", "at", "u", "us"] {
        assert!(probes.contains(&p), "probe {p} missing from {probes:?}");
    }
}

/// The front end is written for one Pagefind runtime; the build must ship that one.
#[test]
fn the_runtime_the_build_ships_is_the_one_the_front_end_is_written_for() {
    let dir = tempfile::tempdir().unwrap();
    let (_, manifest) = index(dir.path());
    let entry: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("pagefind/pagefind-entry.json")).unwrap()).unwrap();
    let shipped = entry["version"].as_str().unwrap();
    let ts = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../frontend/src/search/pagefind.ts");
    let source = std::fs::read_to_string(&ts).unwrap();
    let front_end = source
        .lines()
        .find_map(|l| l.strip_prefix("export const PAGEFIND_VERSION = '")?.strip_suffix("';"))
        .unwrap_or_else(|| panic!("{}: no `export const PAGEFIND_VERSION = '…';` line", ts.display()));
    assert_eq!(
        shipped,
        front_end,
        "the build ships Pagefind {shipped}'s runtime but {} is written for {front_end}: check the front end \
         against the new runtime, then update PAGEFIND_VERSION there and in crates/search/src/lib.rs",
        ts.display()
    );
    assert_eq!(manifest.pagefind_version, shipped);
    assert_eq!(site_search::PAGEFIND_VERSION, shipped);
}
