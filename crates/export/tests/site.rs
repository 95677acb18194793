//! The export of the real site: every doc and post has a twin that renders as its document
//! tree, every link in a twin leads to a page of the site, and llms.txt (read with the grammar
//! of the llmstxt.org reference parser) links every doc and post.

use pulldown_cmark::{Event, Options, Parser, Tag};
use regex::Regex;
use site_export::Words;
use site_model::Site;
use site_pipeline::Options as BuildOptions;
use site_schema::route_files::markdown_file;
use site_schema::{Block, Component, Inline, InlineNode, Page, PageData};
use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::OnceLock;

fn real_site() -> &'static Site {
    static SITE: OnceLock<Site> = OnceLock::new();
    SITE.get_or_init(|| {
        let root = site_testkit::repo_root();
        site_pipeline::check(&BuildOptions::new(&root)).unwrap_or_else(|e| panic!("the site does not load: {e:#}")).site
    })
}

fn words() -> Words {
    Words::load(&site_testkit::frontend().join("src/i18n/zh-hans.json")).unwrap_or_else(|e| panic!("{e}"))
}

fn has_twin(p: &PageData) -> bool {
    matches!(p.page, Page::Doc(_) | Page::BlogPost(_))
}

fn root(site: &Site) -> String {
    format!("{}{}", site.data.url, site.data.base_url.trim_end_matches('/'))
}

#[test]
fn every_doc_and_post_is_written_with_llms_txt_and_llms_full_txt() {
    let site = real_site();
    let out = tempfile::tempdir().unwrap();
    let stats = site_export::write(site, &words(), out.path()).unwrap();
    let expected: Vec<&PageData> = site.pages.iter().filter(|p| has_twin(p)).collect();
    assert!(expected.len() >= 100, "80 docs and 23 posts, found {}", expected.len());
    assert_eq!(stats.twins, expected.len());
    let mut bytes = 0;
    for page in &expected {
        let path = out.path().join(markdown_file(&page.route));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(text.starts_with("# ") && text.ends_with('\n'), "{}", path.display());
        bytes += text.len();
    }
    let index = std::fs::read_to_string(out.path().join("llms.txt")).unwrap();
    let full = std::fs::read_to_string(out.path().join("llms-full.txt")).unwrap();
    assert_eq!(stats.bytes, bytes + index.len() + full.len());
    let written: Vec<_> = walk(out.path()).into_iter().filter(|f| f.ends_with(".md")).collect();
    assert_eq!(written.len(), expected.len(), "no twins of other pages");
}

fn walk(dir: &Path) -> Vec<String> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path.to_string_lossy().into_owned());
        }
    }
    files
}

/// The llms.txt grammar of the reference parser (AnswerDotAI/llms-txt, `miniparse.py`):
/// sections split at `## `, then the H1, the blockquote summary and the link lists.
struct LlmsTxt {
    title: String,
    summary: String,
    sections: Vec<(String, Vec<LinkLine>)>,
}

/// `- [title](url): description`
type LinkLine = (String, String, Option<String>);

fn read_llms_txt(text: &str) -> LlmsTxt {
    let section = Regex::new(r"(?m)^##\s*(.*?)$").unwrap();
    let link = Regex::new(r"^-\s*\[(?P<title>[^\]]+)\]\((?P<url>[^\)]+)\)(?::\s*(?P<desc>.*))?$").unwrap();
    let head = Regex::new(r"(?ms)^#\s*(?P<title>.+?)$\n+(?:^>\s*(?P<summary>.+?)$)?\n+(?P<info>.*)").unwrap();
    let start = section.find(text).map_or(text.len(), |m| m.start());
    let top = head.captures(text[..start].trim()).expect("an H1 and a summary");
    let names: Vec<_> = section.captures_iter(text).collect();
    let mut sections = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let body_end = names.get(i + 1).map_or(text.len(), |n| n.get(0).unwrap().start());
        let body = &text[name.get(0).unwrap().end()..body_end];
        let links = body
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                let c = link.captures(l).unwrap_or_else(|| panic!("not a link line: {l}"));
                (c["title"].to_string(), c["url"].to_string(), c.name("desc").map(|d| d.as_str().to_string()))
            })
            .collect();
        sections.push((name[1].to_string(), links));
    }
    LlmsTxt { title: top["title"].to_string(), summary: top["summary"].to_string(), sections }
}

#[test]
fn llms_txt_links_every_doc_and_post_by_sidebar() {
    let site = real_site();
    let llms = read_llms_txt(&site_export::llms_txt(site, &words()));
    assert_eq!(llms.title, site.data.title);
    assert!(llms.summary.contains("React"), "{}", llms.summary);
    let names: Vec<&str> = llms.sections.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["文档", "Recoil Sync", "Refine", "GraphQL", "博客", "Optional"]);
    let root = root(site);
    let linked: HashSet<&str> =
        llms.sections.iter().flat_map(|(_, links)| links).map(|(_, url, _)| url.as_str()).collect();
    for page in site.pages.iter().filter(|p| has_twin(p)) {
        let url = format!("{root}/{}", markdown_file(&page.route));
        assert!(linked.contains(url.as_str()), "llms.txt does not link {url}");
    }
    // Each sidebar's section lists its docs in sidebar order; posts newest first.
    let docs_section = &llms.sections[0].1;
    assert_eq!(docs_section[0].1, format!("{root}/docs/introduction/motivation.md"));
    assert!(docs_section.iter().all(|(_, _, d)| d.as_deref().is_some_and(|d| !d.is_empty())));
    let blog = &llms.sections[4].1;
    assert_eq!(blog.len(), site.pages.iter().filter(|p| matches!(p.page, Page::BlogPost(_))).count());
    assert!(blog[0].1.contains("/blog/2023/03/01/"), "newest first: {}", blog[0].1);
    let optional: Vec<&str> = llms.sections[5].1.iter().map(|(_, u, _)| u.as_str()).collect();
    assert!(optional.contains(&format!("{root}/docs/mdx.md").as_str()), "{optional:?}");
}

#[test]
fn llms_full_txt_holds_every_twin_under_its_page_url() {
    let site = real_site();
    let words = words();
    let full = site_export::llms_full_txt(site, &words).unwrap();
    let urls: Vec<&str> = full.lines().filter_map(|l| l.strip_prefix("url: ")).collect();
    let pages: Vec<&PageData> = site.pages.iter().filter(|p| has_twin(p)).collect();
    assert_eq!(urls.len(), pages.len(), "each page once");
    let canonical: HashSet<&str> = pages.iter().map(|p| p.head.canonical.as_str()).collect();
    assert_eq!(urls.iter().copied().collect::<HashSet<_>>(), canonical, "page URLs are the canonical URLs");
    assert!(urls[0].ends_with("/docs/introduction/motivation"), "sidebar order first: {}", urls[0]);
    for page in pages {
        let twin = site_export::page_markdown(page, &site.data, &words).unwrap().unwrap();
        assert!(full.contains(&format!("url: {}\n---\n\n{twin}", page.head.canonical)), "{}", page.route);
    }
}

/// The text a Markdown reader shows, and the blocks it sees.
#[derive(Default, Debug, PartialEq)]
struct Shape {
    headings: usize,
    code_blocks: usize,
    tables: usize,
    footnotes: usize,
    images: usize,
    list_items: usize,
    links: usize,
    em: usize,
    /// Strong text, and the labels of admonitions, tabs and collapsible sections.
    strong: usize,
    del: usize,
}

fn rendered(md: &str) -> (String, Shape) {
    let options = Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_GFM;
    let mut text = String::new();
    let mut shape = Shape::default();
    for event in Parser::new_ext(md, options) {
        match event {
            Event::Text(t) | Event::Code(t) => text.push_str(&t),
            Event::SoftBreak | Event::HardBreak => text.push(' '),
            Event::Start(Tag::Heading { .. }) => shape.headings += 1,
            Event::Start(Tag::CodeBlock(_)) => shape.code_blocks += 1,
            Event::Start(Tag::Table(_)) => shape.tables += 1,
            Event::Start(Tag::FootnoteDefinition(_)) => shape.footnotes += 1,
            Event::Start(Tag::Image { .. }) => shape.images += 1,
            Event::Start(Tag::Item) => shape.list_items += 1,
            Event::Start(Tag::Link { .. }) => shape.links += 1,
            Event::Start(Tag::Emphasis) => shape.em += 1,
            Event::Start(Tag::Strong) => shape.strong += 1,
            Event::Start(Tag::Strikethrough) => shape.del += 1,
            Event::InlineHtml(h) if &*h == "<em>" => shape.em += 1,
            Event::InlineHtml(h) if &*h == "<strong>" => shape.strong += 1,
            Event::InlineHtml(h) if &*h == "<del>" => shape.del += 1,
            _ => {}
        }
    }
    (text, shape)
}

/// The runs of text the tree holds (text, code, alt text), and its blocks.
fn tree(blocks: &[Block], runs: &mut Vec<String>, shape: &mut Shape) {
    for b in blocks {
        match b {
            Block::Heading { children, .. } => {
                shape.headings += 1;
                inline_runs(children, runs, shape);
            }
            Block::Paragraph { children } => inline_runs(children, runs, shape),
            Block::Code(c) => {
                shape.code_blocks += 1;
                let lines: Vec<&str> = c.lines.iter().map(|l| l.text.as_str()).collect();
                runs.push(lines.join("\n"));
            }
            Block::List { items, .. } => items.iter().for_each(|i| {
                shape.list_items += 1;
                tree(&i.children, runs, shape)
            }),
            Block::Quote { children } => tree(children, runs, shape),
            Block::Admonition { title, children, .. } => {
                shape.strong += 1;
                inline_runs(title.as_deref().unwrap_or_default(), runs, shape);
                tree(children, runs, shape);
            }
            Block::Tabs { items, .. } => items.iter().for_each(|t| {
                shape.strong += 1;
                runs.push(t.label.clone());
                tree(&t.children, runs, shape)
            }),
            Block::Details { summary, children } => {
                shape.strong += 1;
                inline_runs(summary, runs, shape);
                tree(children, runs, shape);
            }
            Block::Table { head, rows, .. } => {
                shape.tables += 1;
                head.iter().chain(rows.iter().flatten()).for_each(|c| inline_runs(c, runs, shape));
            }
            Block::Footnotes { items } => items.iter().for_each(|f| {
                shape.footnotes += 1;
                tree(&f.children, runs, shape)
            }),
            Block::Component(Component::Highlight { text, .. }) => runs.push(text.clone()),
            Block::Component(Component::LinkButton { label, .. }) => {
                shape.links += 1;
                runs.push(label.clone());
            }
            // A live demo is a sentence linking to its page.
            Block::Component(Component::CharacterCounterDemo | Component::TodoListDemo { .. }) => shape.links += 1,
            Block::Rule => {}
        }
    }
}

fn inline_runs(inlines: &[Inline], runs: &mut Vec<String>, shape: &mut Shape) {
    for i in inlines {
        match i {
            Inline::Text(t) => runs.push(t.clone()),
            Inline::Node(n) => match n {
                InlineNode::Code { text } => runs.push(text.clone()),
                InlineNode::Image { alt, .. } => {
                    shape.images += 1;
                    runs.push(alt.clone());
                }
                InlineNode::Em { children } => {
                    shape.em += 1;
                    inline_runs(children, runs, shape);
                }
                InlineNode::Strong { children } => {
                    shape.strong += 1;
                    inline_runs(children, runs, shape);
                }
                InlineNode::Del { children } => {
                    shape.del += 1;
                    inline_runs(children, runs, shape);
                }
                InlineNode::Link { children, .. } => {
                    shape.links += 1;
                    inline_runs(children, runs, shape);
                }
                InlineNode::Kbd { children } | InlineNode::Sup { children } | InlineNode::Sub { children } => {
                    inline_runs(children, runs, shape)
                }
                InlineNode::Break | InlineNode::FootnoteRef { .. } => {}
            },
        }
    }
}

/// Each twin, read back as GFM, shows every run of the tree's text in order (nothing escaped
/// too much), and as many headings, code blocks, tables, footnotes, images, list items, links
/// and emphasised runs (nothing escaped too little, no delimiter left unread).
#[test]
fn every_twin_renders_as_its_document_tree() {
    let site = real_site();
    let words = words();
    for page in site.pages.iter().filter(|p| has_twin(p)) {
        let twin = site_export::page_markdown(page, &site.data, &words).unwrap().unwrap();
        let content = match &page.page {
            Page::Doc(d) => &d.content,
            Page::BlogPost(b) => &b.content,
            _ => unreachable!(),
        };
        let (mut runs, mut expected) = (Vec::new(), Shape::default());
        tree(&content.blocks().unwrap(), &mut runs, &mut expected);
        expected.headings += 1; // the title
        let (text, shape) = rendered(&twin);
        assert_eq!(shape, expected, "{}:\n{twin}", page.route);
        let mut at = 0;
        for run in runs.iter().map(|r| r.trim()).filter(|r| !r.is_empty()) {
            match text[at..].find(run) {
                Some(i) => at += i + run.len(),
                None => panic!("{}: `{run}` does not render as itself; the twin reads\n{twin}", page.route),
            }
        }
    }
}

/// The destinations of the links and images of `md`.
fn links(md: &str) -> Vec<String> {
    Parser::new_ext(md, Options::ENABLE_TABLES | Options::ENABLE_FOOTNOTES)
        .filter_map(|e| match e {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => Some(dest_url.to_string()),
            _ => None,
        })
        .collect()
}

/// Every link into the site names a route of the site (or one of its files) under the site's
/// origin: the twins work wherever they are read.
#[test]
fn links_in_twins_lead_to_the_site() {
    let site = real_site();
    let words = words();
    let root = root(site);
    let routes: HashSet<&str> = site.pages.iter().map(|p| p.route.as_str()).collect();
    let mut checked = HashMap::new();
    for page in site.pages.iter().filter(|p| has_twin(p)) {
        let twin = site_export::page_markdown(page, &site.data, &words).unwrap().unwrap();
        for url in links(&twin) {
            let url = url.as_str();
            if url.contains(":") && !url.starts_with(&root) {
                continue;
            }
            let path = url.strip_prefix(&root).unwrap_or_else(|| panic!("{}: relative link {url}", page.route));
            let route = path.split('#').next().unwrap();
            let is_file = site_testkit::repo_root().join("static").join(route.trim_start_matches('/')).is_file();
            assert!(routes.contains(route) || is_file, "{}: {url} leads nowhere", page.route);
            *checked.entry(page.route.as_str()).or_insert(0) += 1;
        }
    }
    assert!(checked.len() > 50, "most pages link into the site: {}", checked.len());
}

#[test]
fn a_base_url_is_in_every_link() {
    let mut opts = BuildOptions::new(&site_testkit::repo_root());
    opts.base_url = Some("/zh/".into());
    let site = site_pipeline::check(&opts).unwrap().site;
    let page = site.pages.iter().find(|p| p.route == "/docs/introduction/getting-started").unwrap();
    let twin = site_export::page_markdown(page, &site.data, &words()).unwrap().unwrap();
    assert!(twin.contains("<https://recoil-zh.pages.dev/zh/docs/introduction/getting-started>"), "{twin}");
    assert!(!twin.contains("](https://recoil-zh.pages.dev/docs/"), "{twin}");
    let llms = site_export::llms_txt(&site, &words());
    assert!(llms.contains("](https://recoil-zh.pages.dev/zh/docs/introduction/motivation.md)"), "{llms}");
}
