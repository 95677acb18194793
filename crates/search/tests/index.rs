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
            content: content.into(),
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

/// Every file under `dir`, with its bytes.
fn tree(dir: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    walkdir_files(dir)
        .into_iter()
        .map(|p| (p.strip_prefix(dir).unwrap().display().to_string(), std::fs::read(&p).unwrap()))
        .collect()
}

fn walkdir_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().map(Result::unwrap) {
        if e.file_type().unwrap().is_dir() { out.extend(walkdir_files(&e.path())) } else { out.push(e.path()) }
    }
    out
}

#[test]
fn shards_are_merged_indexes_and_an_edit_reindexes_only_its_own() {
    let (cache, a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let write = |pages: &[PageData], out: &Path| {
        site_search::write_index_cached(pages, &titles(pages), "zh-hans", 2, out, Some((cache.path(), "salt")), None)
            .unwrap()
    };
    let mut pages = site();
    for name in ["selector", "snapshot", "loadable", "atom-family"] {
        let body = vec![Block::Paragraph { children: text(&format!("{name} 的说明。")) }];
        pages.push(doc(&format!("/docs/api-reference/core/{name}"), name, body, &[]));
    }
    write(&pages, a.path());
    let manifest: SearchManifest =
        serde_json::from_slice(&std::fs::read(a.path().join("pagefind/search-manifest.json")).unwrap()).unwrap();
    // Six pages in shards of about two: the first carries the runtime, the others only their index.
    let count = manifest.shards.len() + 1;
    assert!(count >= 2, "{manifest:?}");
    assert_eq!(manifest.page_shards.len(), 6);
    for (n, folder) in manifest.shards.iter().enumerate() {
        assert_eq!(folder, &format!("shard-{}/", n + 1));
        let dir = a.path().join("pagefind").join(folder);
        let pages = manifest.page_shards.iter().filter(|&&s| s == n + 1).count();
        assert_eq!(std::fs::read_dir(dir.join("fragment")).unwrap().count(), pages, "{folder}");
        assert!(dir.join("pagefind-entry.json").is_file() && !dir.join("pagefind.js").exists());
    }
    // The shards' entries (beside them: the pages' readings and the compressed files).
    let entries = || {
        std::fs::read_dir(cache.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .filter(|n| n != "pages" && n != "gzip")
            .collect::<std::collections::BTreeSet<_>>()
    };
    let before = entries();
    assert_eq!(before.len(), count);

    // From the cache: the same bytes.
    write(&pages, b.path());
    assert_eq!(tree(a.path()), tree(b.path()));
    assert_eq!(entries(), before);

    // One page's text changes: its shard is indexed again, the others come from the cache.
    let Page::Doc(doc) = &mut pages[2].page else { unreachable!() };
    doc.content = add_block(&doc.content, Block::Paragraph { children: text("新加的一句。") });
    write(&pages, tempfile::tempdir().unwrap().path());
    let after = entries();
    assert_eq!(after.len(), count, "the replaced shard's entry is pruned");
    assert_eq!(after.intersection(&before).count(), count - 1, "one shard indexed again, the others kept");
}

/// The kept files of `folder` in the cache, with when each was last written.
fn kept(cache: &Path, folder: &str) -> std::collections::BTreeMap<String, std::time::SystemTime> {
    std::fs::read_dir(cache.join(folder))
        .unwrap()
        .map(Result::unwrap)
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e.metadata().unwrap().modified().unwrap()))
        .collect()
}

#[test]
fn an_edit_inside_a_shard_reads_and_compresses_only_what_changed_and_writes_the_same_index() {
    let cache = tempfile::tempdir().unwrap();
    let write = |pages: &[PageData], out: &Path, cache: Option<&Path>| {
        let cache = cache.map(|c| (c, "salt"));
        site_search::write_index_cached(pages, &titles(pages), "zh-hans", 400, out, cache, None).unwrap()
    };
    let mut pages = site();
    for name in ["selector", "snapshot", "loadable", "atom-family"] {
        let body =
            vec![Block::Paragraph { children: text(&format!("{name} 的说明：一段足够长的文字。")) }];
        pages.push(doc(&format!("/docs/api-reference/core/{name}"), name, body, &[]));
    }
    let indexed = write(&pages, tempfile::tempdir().unwrap().path(), Some(cache.path())).pages;
    let (read, gzipped) = (kept(cache.path(), "pages"), kept(cache.path(), "gzip"));
    assert_eq!(read.len(), indexed, "one reading a page: {read:?}");

    // One page's text changes; one shard holds every page, so the whole shard is indexed again.
    std::thread::sleep(std::time::Duration::from_millis(20));
    let Page::Doc(doc) = &mut pages[3].page else { unreachable!() };
    doc.content = add_block(&doc.content, Block::Paragraph { children: text("新加的一句。") });
    let (kept_out, fresh_out) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    write(&pages, kept_out.path(), Some(cache.path()));
    let (read_again, gzipped_again) = (kept(cache.path(), "pages"), kept(cache.path(), "gzip"));
    let unchanged = |before: &std::collections::BTreeMap<_, _>, after: &std::collections::BTreeMap<_, _>| {
        after.iter().filter(|(name, when)| before.get(*name) == Some(*when)).count()
    };
    // Only the edited page is read again; the replaced reading is pruned.
    assert_eq!(read_again.len(), indexed);
    assert_eq!(unchanged(&read, &read_again), indexed - 1);
    // The files that did not change (other pages' fragments) come from the kept copies.
    assert!(unchanged(&gzipped, &gzipped_again) >= indexed - 1, "{gzipped:?} {gzipped_again:?}");
    assert!(gzipped_again.len() < gzipped.len() + gzipped.len() / 2, "replaced files are pruned");

    // The same bytes as an index written without anything kept.
    write(&pages, fresh_out.path(), None);
    assert_eq!(tree(kept_out.path()), tree(fresh_out.path()));
}

#[test]
fn the_readings_of_a_shard_taken_whole_from_the_cache_are_kept_for_its_next_edit() {
    let cache = tempfile::tempdir().unwrap();
    let write = |pages: &[PageData]| {
        let out = tempfile::tempdir().unwrap();
        let cache = Some((cache.path(), "salt"));
        let stats = site_search::write_index_cached(pages, &titles(pages), "zh-hans", 2, out.path(), cache, None);
        let manifest: SearchManifest =
            serde_json::from_slice(&std::fs::read(out.path().join("pagefind/search-manifest.json")).unwrap()).unwrap();
        (stats.unwrap().pages, manifest)
    };
    let mut pages = site();
    for name in ["selector", "snapshot", "loadable", "atom-family"] {
        let body = vec![Block::Paragraph { children: text(&format!("{name} 的说明。")) }];
        pages.push(doc(&format!("/docs/api-reference/core/{name}"), name, body, &[]));
    }
    let (indexed, manifest) = write(&pages);
    assert!(!manifest.shards.is_empty(), "more than one shard: {manifest:?}");
    // A page of the manifest's position `p`, as an index into `pages`.
    let page_at = |p: usize| pages.iter().position(|d| d.route == manifest.pages[p].route).unwrap();
    let first = page_at(manifest.page_shards.iter().position(|&s| s == 0).unwrap());
    let other = page_at(manifest.page_shards.iter().position(|&s| s != 0).unwrap());
    let edit = |pages: &mut Vec<PageData>, i: usize, words: &str| {
        let Page::Doc(doc) = &mut pages[i].page else { unreachable!() };
        doc.content = add_block(&doc.content, Block::Paragraph { children: text(words) });
    };

    // An edit in the first shard: the other shards come whole from the cache.
    edit(&mut pages, first, "第一处修改。");
    std::thread::sleep(std::time::Duration::from_millis(20));
    write(&pages);
    let read = kept(cache.path(), "pages");
    assert_eq!(read.len(), indexed, "every page keeps its reading, the untouched shards' too");

    // Then an edit in another shard reads only that page.
    edit(&mut pages, other, "第二处修改。");
    std::thread::sleep(std::time::Duration::from_millis(20));
    write(&pages);
    let read_again = kept(cache.path(), "pages");
    let unchanged = read_again.iter().filter(|(name, when)| read.get(*name) == Some(*when)).count();
    assert_eq!(unchanged, indexed - 1, "{read:?}\n{read_again:?}");
}

#[test]
fn cached_index_files_damaged_in_place_are_rebuilt_not_deployed() {
    let cache = tempfile::tempdir().unwrap();
    let write = |pages: &[PageData], cache: Option<&Path>| {
        let out = tempfile::tempdir().unwrap();
        let cache = cache.map(|c| (c, "salt"));
        site_search::write_index_cached(pages, &titles(pages), "zh-hans", 2, out.path(), cache, None).unwrap();
        out
    };
    // The site's files are links to the cache's: rewriting them in place rewrites the cache.
    let damage = |out: &Path| {
        for f in walkdir_files(&out.join("pagefind")) {
            let mut file = std::fs::OpenOptions::new().write(true).open(out.join(&f)).unwrap();
            std::io::Write::write_all(&mut file, b"garbage").unwrap();
        }
    };
    let mut pages = site();
    for name in ["selector", "snapshot", "loadable", "atom-family"] {
        let body = vec![Block::Paragraph { children: text(&format!("{name} 的说明。")) }];
        pages.push(doc(&format!("/docs/api-reference/core/{name}"), name, body, &[]));
    }
    let fresh = tree(write(&pages, None).path());

    // Every shard whole from the cache: each damaged entry is indexed again.
    damage(write(&pages, Some(cache.path())).path());
    assert_eq!(tree(write(&pages, Some(cache.path())).path()), fresh);
    // And kept again, whole: the next build takes it from the cache.
    assert_eq!(tree(write(&pages, Some(cache.path())).path()), fresh);

    // A shard indexed again after an edit: its unchanged files' kept gzip are checked too.
    damage(write(&pages, Some(cache.path())).path());
    let Page::Doc(doc) = &mut pages[2].page else { unreachable!() };
    doc.content = add_block(&doc.content, Block::Paragraph { children: text("新加的一句。") });
    assert_eq!(tree(write(&pages, Some(cache.path())).path()), tree(write(&pages, None).path()));
}

/// `body` with `block` added at its end.
fn add_block(body: &site_schema::Body, block: Block) -> site_schema::Body {
    let mut blocks = body.blocks().unwrap();
    blocks.push(block);
    blocks.into()
}
