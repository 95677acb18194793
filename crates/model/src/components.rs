//! The components a page embeds: the one walk over the document tree that finds them.

use site_schema::{Block, Page};
use std::collections::BTreeSet;

/// The registry names of the components in a page's content or its posts' summaries.
pub fn of(page: &Page) -> Vec<String> {
    let mut names = BTreeSet::new();
    match page {
        Page::Doc(d) => walk(&d.content, &mut names),
        Page::BlogPost(p) => walk(&p.content, &mut names),
        Page::Standalone(s) => walk(&s.content, &mut names),
        Page::BlogList(l) => l.posts.iter().for_each(|p| walk(&p.summary, &mut names)),
        _ => {}
    }
    names.into_iter().map(str::to_string).collect()
}

fn walk(blocks: &[Block], names: &mut BTreeSet<&'static str>) {
    for b in blocks {
        match b {
            Block::Component(c) => {
                names.insert(c.name());
            }
            Block::Admonition { children, .. } | Block::Quote { children } | Block::Details { children, .. } => {
                walk(children, names)
            }
            Block::Tabs { items, .. } => items.iter().for_each(|i| walk(&i.children, names)),
            Block::List { items, .. } => items.iter().for_each(|i| walk(&i.children, names)),
            Block::Footnotes { items } => items.iter().for_each(|f| walk(&f.children, names)),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use site_schema::*;

    #[test]
    fn finds_components_anywhere_in_a_page() {
        let tabs = Block::Tabs {
            group_id: None,
            items: vec![TabItem {
                value: "a".into(),
                label: "a".into(),
                default: false,
                children: vec![Block::Component(Component::TodoListDemo { stage: TodoStage::Atoms })],
            }],
        };
        let note = Block::Admonition {
            kind: AdmonitionKind::Note,
            title: None,
            children: vec![Block::Component(Component::CharacterCounterDemo)],
        };
        let page = Page::Standalone(StandalonePage {
            title: String::new(),
            description: String::new(),
            content: vec![tabs, note, Block::Component(Component::CharacterCounterDemo)].into(),
            toc: vec![],
            hide_toc: false,
        });
        assert_eq!(of(&page), ["CharacterCounterDemo", "TodoListDemo"]);
        assert!(of(&Page::Search).is_empty());
    }
}
