//! One page as Markdown: its title, its description, the date of a post, then its content.

use crate::Words;
use crate::blocks::sequence;
use crate::printer::{Context, Printer};
use anyhow::Context as _;
use site_model::fill;
use site_schema::{Block, Page, PageData};

/// What the header of a twin shows besides the title.
struct Header<'a> {
    title: &'a str,
    description: &'a str,
    /// A post's ISO date and authors.
    post: Option<(&'a str, &'a [String])>,
}

/// Whether the page has a twin: docs and blog posts do.
pub(crate) fn has_twin(page: &PageData) -> bool {
    matches!(page.page, Page::Doc(_) | Page::BlogPost(_))
}

/// The page as Markdown, for docs and blog posts; `None` for every other kind of page.
/// `root` is the site's origin and base URL (`crate::urls::site_root`). An error, naming the
/// page, when its body does not parse (a damaged build cache).
pub(crate) fn page_markdown_under(page: &PageData, words: &Words, root: &str) -> anyhow::Result<Option<String>> {
    has_twin(page).then(|| twin(page, words, root)).transpose()
}

/// The twin of a page that has one ([`has_twin`]).
pub(crate) fn twin(page: &PageData, words: &Words, root: &str) -> anyhow::Result<String> {
    let (header, content) = match &page.page {
        Page::Doc(d) => (Header { title: &d.title, description: &d.description, post: None }, &d.content),
        Page::BlogPost(b) => {
            let post = Some((b.date.as_str(), b.authors.as_slice()));
            (Header { title: &b.title, description: &b.description, post }, &b.content)
        }
        _ => anyhow::bail!("{}: only docs and blog posts have a Markdown twin", page.route),
    };
    let content = content.blocks().with_context(|| page.route.clone())?;
    // Room for a typical page, so the buffer seldom grows.
    let capacity = 1024 + 400 * content.len();
    let mut p = Printer::new(words, root, &page.route, capacity);
    print_header(&mut p, &header);
    print_content(&mut p, &content);
    Ok(p.out)
}

fn print_header(p: &mut Printer, h: &Header) {
    p.raw("# ");
    p.text_on_one_line(h.title, Context::Heading);
    let description = h.description.trim();
    if !description.is_empty() {
        p.end_block();
        let mark = p.open("> ", "> ");
        p.text_on_one_line(description, Context::Paragraph);
        p.close(mark);
    }
    if let Some((date, authors)) = h.post {
        p.end_block();
        p.text(&fill(&p.words.markdown_post_date, &[("date", date)]), Context::Paragraph);
        if !authors.is_empty() {
            p.raw("\\");
            p.newline();
            p.text(&fill(&p.words.markdown_post_authors, &[("authors", &authors.join("、"))]), Context::Paragraph);
        }
    }
}

fn print_content(p: &mut Printer, content: &[Block]) {
    if !content.is_empty() {
        p.end_block();
        sequence(p, content, false);
    }
    p.newline();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{para, text, words};
    use site_schema::{BlogPostPage, Head};

    fn post(authors: &[&str], description: &str) -> PageData {
        let page = Page::BlogPost(BlogPostPage {
            title: "Recoil 0.7 发布".into(),
            description: description.into(),
            date: "2022-03-25".into(),
            reading_minutes: 1,
            authors: authors.iter().map(|a| a.to_string()).collect(),
            tags: vec![],
            keywords: vec![],
            content: vec![para(vec![text("正文。")])].into(),
            toc: vec![],
            hide_toc: false,
            newer: None,
            older: None,
            source: Default::default(),
        });
        let head = Head {
            title: String::new(),
            description: String::new(),
            canonical: String::new(),
            og_type: "article".into(),
            noindex: false,
            image: None,
            json_ld: None,
        };
        PageData { route: "/blog/2022/03/25/0.7.0-release".into(), head, page, components: vec![] }
    }

    #[test]
    fn a_post_shows_its_date_and_authors() {
        let md = page_markdown_under(&post(&["甲", "乙"], "第一行\n- 第二行"), &words(), "https://example.com")
            .unwrap()
            .unwrap();
        assert_eq!(md, "# Recoil 0.7 发布\n\n> 第一行 - 第二行\n\n发布日期：2022-03-25\\\n作者：甲、乙\n\n正文。\n");
        let md = page_markdown_under(&post(&[], ""), &words(), "https://example.com").unwrap().unwrap();
        assert_eq!(md, "# Recoil 0.7 发布\n\n发布日期：2022-03-25\n\n正文。\n");
    }
}
