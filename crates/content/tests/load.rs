//! The public API: a content folder through `load`.

use site_content::*;
use site_schema::{Block, Inline, InlineNode};
use std::path::Path;

fn write(root: &Path, rel: &str, text: &str) {
    let p = root.join(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

const PAGE: &str = "---\ntitle: 页\ndescription: 说明。\n---\n";

#[test]
fn routes_from_paths_and_post_dates() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "content/docs/introduction/motivation.md", &format!("{PAGE}[下一页](./core-concepts.md)"));
    write(root, "content/docs/introduction/core-concepts.md", PAGE);
    write(root, "content/docs/refine/api/Primitive_Checkers.md", PAGE);
    write(root, "content/docs/README.md", "not a page");
    write(root, "content/blog/2022-10-11-recoil-0.7.6-release.md", PAGE);
    write(root, "content/blog/2020-05-30-0.0.8-released.mdx", PAGE);
    write(root, "content/pages/resources.md", PAGE);
    let c = load(root, &root.join("content")).unwrap();
    let routes: Vec<_> = c.docs.iter().map(|d| d.route.as_str()).collect();
    assert_eq!(
        routes,
        vec![
            "/docs/introduction/core-concepts",
            "/docs/introduction/motivation",
            "/docs/refine/api/Primitive_Checkers"
        ]
    );
    assert_eq!(c.docs[2].id, "refine/api/Primitive_Checkers");
    let posts: Vec<_> = c.posts.iter().map(|p| p.route.as_str()).collect();
    assert_eq!(posts, vec!["/blog/2022/10/11/recoil-0.7.6-release", "/blog/2020/05/30/0.0.8-released"]);
    assert_eq!(c.pages[0].route, "/resources");
    assert_eq!(c.links.len(), 1);
    assert_eq!(c.links[0].route, "/docs/introduction/core-concepts");
    assert_eq!(c.docs[0].source, Path::new("content/docs/introduction/core-concepts.md"));
}

#[test]
fn errors_from_every_file_are_collected_with_paths() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "content/docs/a.md", &format!("{PAGE}\n<Nope />"));
    write(root, "content/docs/b.md", "no front matter");
    write(root, "content/docs/c.md", PAGE);
    let e = load(root, &root.join("content")).unwrap_err();
    let shown: Vec<String> = e.iter().map(|d| d.to_string()).collect();
    assert_eq!(shown.len(), 2, "{shown:?}");
    assert!(shown[0].starts_with("content/docs/a.md:6: unknown component"), "{shown:?}");
    assert!(shown[1].starts_with("content/docs/b.md:1: missing front matter"), "{shown:?}");
}

#[test]
fn bad_blog_file_name_and_bad_characters() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "content/blog/2022-13-45-x.md", PAGE);
    write(root, "content/docs/有空格 的.md", PAGE);
    let e = load(root, &root.join("content")).unwrap_err();
    assert!(e.iter().any(|d| d.message.contains("YYYY-MM-DD-slug")));
    assert!(e.iter().any(|d| d.message.contains("letters, digits")));
}

#[test]
fn broken_relative_markdown_link_is_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "content/docs/a.md", &format!("{PAGE}\n[x](./missing.md)"));
    let c = load(root, &root.join("content")).unwrap();
    assert_eq!(c.warnings.len(), 1);
    assert!(c.warnings[0].to_string().starts_with("content/docs/a.md:6: broken Markdown link `./missing.md`"));
    // Its text stays, without a link that would lead nowhere.
    assert_eq!(
        c.docs[0].doc.content.blocks().unwrap(),
        vec![Block::Paragraph { children: vec![Inline::Text("x".into())] }]
    );
    assert!(c.links.is_empty());
}

#[test]
fn working_relative_markdown_link_becomes_the_route() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "content/docs/a.md", &format!("{PAGE}\n[x](./b.md#参数)"));
    write(root, "content/docs/b.md", PAGE);
    let c = load(root, &root.join("content")).unwrap();
    let link =
        InlineNode::Link { href: "/docs/b#参数".into(), internal: true, children: vec![Inline::Text("x".into())] };
    assert_eq!(c.docs[0].doc.content.blocks().unwrap(), vec![Block::Paragraph { children: vec![Inline::Node(link)] }]);
}

#[test]
fn trailing_slash_on_a_site_link_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "content/docs/a.md", &format!("{PAGE}\n[x](/docs/b/)"));
    let e = load(root, &root.join("content")).unwrap_err();
    assert!(
        e[0].to_string().starts_with("content/docs/a.md:6: link `/docs/b/` ends with `/`: write `/docs/b`"),
        "{e:?}"
    );
}

#[test]
fn a_file_that_is_not_utf8_names_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let mut bytes = format!("{PAGE}第一行\n第二行 ").into_bytes();
    bytes.extend_from_slice(&[0xB5, 0xDA]); // GBK
    std::fs::create_dir_all(root.join("content/docs")).unwrap();
    std::fs::write(root.join("content/docs/gbk.md"), bytes).unwrap();
    let e = load(root, &root.join("content")).unwrap_err();
    let shown = e[0].to_string();
    assert!(shown.starts_with("content/docs/gbk.md:6: not valid UTF-8"), "{shown}");
    assert!(shown.contains("save the file as UTF-8"), "{shown}");
}

#[test]
fn a_file_past_the_size_limit_is_refused_before_it_is_read_whole() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let big = format!("{PAGE}{}", "段落。\n\n".repeat(site_markdown::limits::MAX_PAGE_BYTES / 10));
    write(root, "content/docs/big.md", &big);
    let e = load(root, &root.join("content")).unwrap_err();
    assert!(e[0].to_string().starts_with("content/docs/big.md:1: the file is larger than 512 KiB"), "{e:?}");
}

#[test]
fn a_cache_held_in_memory_answers_later_loads_and_keeps_only_what_the_last_load_used() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "content/docs/a.md", &format!("{PAGE}第一版。"));
    write(root, "content/docs/b.md", &format!("{PAGE}另一页。"));
    let kept = root.join("cache");
    let entries = || std::fs::read_dir(&kept).unwrap().count();
    let cache = CompileCache::new(kept.clone(), "engine").in_memory();
    let load = || load_cached(root, &root.join("content"), Some(&cache)).unwrap();
    let body = |c: &Content, i: usize| c.docs[i].doc.content.json();
    let first = load();
    assert_eq!(entries(), 2);
    // Without their files, the next load still finds both: in memory, writing nothing.
    for e in std::fs::read_dir(&kept).unwrap() {
        std::fs::remove_file(e.unwrap().path()).unwrap();
    }
    let second = load();
    assert_eq!((body(&second, 0), body(&second, 1)), (body(&first, 0), body(&first, 1)));
    assert_eq!(entries(), 0, "nothing compiled again");
    // An edit compiles that file alone.
    write(root, "content/docs/a.md", &format!("{PAGE}第二版。"));
    let third = load();
    assert!(body(&third, 0).contains("第二版") && body(&third, 1) == body(&first, 1));
    assert_eq!(entries(), 1);
    // The first version was not used by the last load: it is gone from memory too, so going
    // back compiles it again.
    write(root, "content/docs/a.md", &format!("{PAGE}第一版。"));
    let fourth = load();
    assert_eq!(body(&fourth, 0), body(&first, 0));
    assert_eq!(entries(), 1, "the first version written anew, the second pruned");
}

#[test]
fn a_cache_held_in_memory_sees_every_rewrite_of_the_same_length_new_or_settled() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "content/docs/a.md", &format!("{PAGE}第一版。"));
    write(root, "content/docs/b.md", &format!("{PAGE}另一页。"));
    let cache = CompileCache::new(root.join("cache"), "engine").in_memory();
    let load = || load_cached(root, &root.join("content"), Some(&cache)).unwrap();
    let body = |c: &Content, i: usize| c.docs[i].doc.content.json();
    // Read while new (perhaps in the clock tick it was written in): read again next time.
    load();
    write(root, "content/docs/a.md", &format!("{PAGE}第二版。"));
    assert!(body(&load(), 0).contains("第二版"));
    // Settled, then rewritten with its modification time put back: the change time tells.
    std::thread::sleep(site_on_disk::SETTLE + std::time::Duration::from_millis(50));
    let settled = load();
    let a = root.join("content/docs/a.md");
    let times = std::fs::metadata(&a).unwrap().modified().unwrap();
    write(root, "content/docs/a.md", &format!("{PAGE}第三版。"));
    std::fs::File::options().write(true).open(&a).unwrap().set_modified(times).unwrap();
    let after = load();
    assert!(body(&after, 0).contains("第三版"));
    assert_eq!(body(&after, 1), body(&settled, 1));
}
