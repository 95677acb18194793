//! One page as Markdown: its title, its description, the date of a post, then its content.

use crate::Words;
use crate::blocks::sequence;
use crate::printer::{Context, Printer};
use site_model::fill;
use site_schema::{Block, Page, PageData};

/// What the header of a twin shows besides the title.
struct Header<'a> {
    title: &'a str,
    description: &'a str,
    /// A post's ISO date and authors.
    post: Option<(&'a str, &'a [String])>,
}

/// The page as Markdown, for docs and blog posts; `None` for every other kind of page.
/// `root` is the site's origin and base URL (`crate::urls::site_root`).
pub(crate) fn page_markdown_under(page: &PageData, words: &Words, root: &str) -> Option<String> {
    let (header, content) = match &page.page {
        Page::Doc(d) => (Header { title: &d.title, description: &d.description, post: None }, &d.content),
        Page::BlogPost(b) => {
            let post = Some((b.date.as_str(), b.authors.as_slice()));
            (Header { title: &b.title, description: &b.description, post }, &b.content)
        }
        _ => return None,
    };
    // Room for a typical page, so the buffer seldom grows.
    let capacity = 1024 + 400 * content.len();
    let mut p = Printer::new(words, root, &page.route, capacity);
    print_header(&mut p, &header);
    print_content(&mut p, content);
    Some(p.out)
}

fn print_header(p: &mut Printer, h: &Header) {
    p.raw("# ");
    p.text(h.title, Context::Heading);
    let description = h.description.trim();
    if !description.is_empty() {
        p.end_block();
        let mark = p.open("> ", "> ");
        p.text(description, Context::Paragraph);
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
