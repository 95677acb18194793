//! The blog: paginated lists, posts, the archive, and the blog tag pages.

use crate::pages::{Origin, Pages};
use crate::tags::{self, TagIndex};
use crate::{fill, text};
use site_content::Post;
use site_schema::*;

const BLOG_ROUTE: &str = "/blog";
const TAGS_ROUTE: &str = "/blog/tags";

pub fn blog_pages(pages: &mut Pages) {
    let inputs = pages.inputs;
    let summaries: Vec<BlogPostSummary> = inputs.content.posts.iter().map(post_summary).collect();
    let blog = &inputs.config.blog;
    let list = List { base: BLOG_ROUTE, title: &blog.title, description: &blog.description, tag: None };
    paginate(pages, &list, &summaries, Origin::Generated("the blog list"));
    posts(pages);
    archive(pages);
    tag_pages(pages, &summaries);
}

fn posts(pages: &mut Pages) {
    let inputs = pages.inputs;
    let posts = &inputs.content.posts;
    let toc_levels = text::toc_levels(inputs.config);
    let neighbour =
        |p: &Post| PageLink { title: p.doc.front_matter.title.clone().unwrap_or_default(), route: p.route.clone() };
    for (i, post) in posts.iter().enumerate() {
        let fm = &post.doc.front_matter;
        let title = fm.title.clone().unwrap_or_default();
        let description = text::description_of(&post.doc);
        pages.anchors.insert(post.route.clone(), post.doc.anchor_ids().map(str::to_string).collect());
        let page = Page::BlogPost(BlogPostPage {
            title: title.clone(),
            description: description.clone(),
            date: post.date.to_string(),
            reading_minutes: post.doc.reading_minutes(),
            authors: fm.authors.clone(),
            tags: tags::links(TAGS_ROUTE, &fm.tags),
            keywords: fm.keywords.clone(),
            content: post.doc.content.clone(),
            toc: text::toc(&post.doc, toc_levels),
            hide_toc: fm.hide_table_of_contents,
            newer: i.checked_sub(1).map(|j| neighbour(&posts[j])),
            older: posts.get(i + 1).map(neighbour),
            source: crate::pages::source_info(inputs, &post.source),
        });
        pages.push(Origin::File(post.source.clone()), post.route.clone(), title, description, page);
    }
}

/// Every post by year, newest first.
fn archive(pages: &mut Pages) {
    let inputs = pages.inputs;
    let mut years: Vec<ArchiveYear> = Vec::new();
    for p in &inputs.content.posts {
        let year = p.date.year().to_string();
        if years.last().is_none_or(|y| y.year != year) {
            years.push(ArchiveYear { year: year.clone(), posts: Vec::new() });
        }
        years.last_mut().unwrap().posts.push(ArchivePost {
            title: p.doc.front_matter.title.clone().unwrap_or_default(),
            route: p.route.clone(),
            date: p.date.to_string(),
        });
    }
    let words = inputs.words;
    let description = fill(&words.archive_description, &[("n", &inputs.content.posts.len().to_string())]);
    let page = Page::BlogArchive { years };
    pages.push(
        Origin::Generated("the blog archive"),
        "/blog/archive".into(),
        words.archive_title.clone(),
        description,
        page,
    );
}

/// The blog tag index and a paginated list per tag.
fn tag_pages(pages: &mut Pages, summaries: &[BlogPostSummary]) {
    let inputs = pages.inputs;
    let mut index: TagIndex<BlogPostSummary> = TagIndex::new();
    for (post, summary) in inputs.content.posts.iter().zip(summaries) {
        tags::index(&mut index, &post.doc.front_matter.tags, &summary.tags, summary);
    }
    if index.is_empty() {
        return;
    }
    let words = inputs.words;
    let page = Page::BlogTags { tags: tags::counts(&index) };
    let (title, description) = (words.blog_tags.clone(), words.blog_tags_description.clone());
    pages.push(Origin::Generated("the blog tag index"), TAGS_ROUTE.into(), title, description, page);
    for (route, (label, posts)) in &index {
        let title = fill(&words.tag_title, &[("tag", label)]);
        let description = fill(&words.blog_tag_description, &[("tag", label), ("n", &posts.len().to_string())]);
        let list = List { base: route, title: &title, description: &description, tag: Some(label) };
        paginate(pages, &list, posts, Origin::Generated("a blog tag page"));
    }
}

fn post_summary(p: &Post) -> BlogPostSummary {
    let (summary, truncated) = match &p.doc.summary {
        Some(summary) => (summary.clone(), true),
        None => (p.doc.content.clone(), false),
    };
    BlogPostSummary {
        title: p.doc.front_matter.title.clone().unwrap_or_default(),
        route: p.route.clone(),
        date: p.date.to_string(),
        reading_minutes: p.doc.reading_minutes(),
        tags: tags::links(TAGS_ROUTE, &p.doc.front_matter.tags),
        summary,
        truncated,
    }
}

/// A list of posts split into pages: `base`, `base/page/2`, …
struct List<'a> {
    base: &'a str,
    title: &'a str,
    description: &'a str,
    tag: Option<&'a String>,
}

fn paginate(pages: &mut Pages, list: &List, posts: &[BlogPostSummary], origin: Origin) {
    let words = pages.inputs.words;
    let per_page = pages.inputs.config.blog.posts_per_page as usize;
    let total_pages = posts.len().div_ceil(per_page).max(1);
    let route_of = |n: usize| if n == 1 { list.base.to_string() } else { format!("{}/page/{n}", list.base) };
    for n in 1..=total_pages {
        let chunk = posts.iter().skip((n - 1) * per_page).take(per_page).cloned().collect();
        let title = if n == 1 {
            list.title.to_string()
        } else {
            fill(&words.list_page_title, &[("title", list.title), ("n", &n.to_string())])
        };
        let page = Page::BlogList(BlogListPage {
            tag: list.tag.cloned(),
            posts: chunk,
            page: n as u32,
            total_pages: total_pages as u32,
            total_posts: posts.len() as u32,
            newer_route: (n > 1).then(|| route_of(n - 1)),
            older_route: (n < total_pages).then(|| route_of(n + 1)),
        });
        pages.push(origin.clone(), route_of(n), title, list.description.to_string(), page);
    }
}
