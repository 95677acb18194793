//! The components a page embeds, found when its body was packed ([`site_schema::Body`]).

use site_schema::Page;
use std::collections::BTreeSet;

/// The registry names of the components in a page's content or its posts' summaries.
pub fn of(page: &Page) -> Vec<String> {
    let bodies: Vec<&site_schema::Body> = match page {
        Page::Doc(d) => vec![&d.content],
        Page::BlogPost(p) => vec![&p.content],
        Page::Standalone(s) => vec![&s.content],
        Page::BlogList(l) => l.posts.iter().map(|p| &p.summary).collect(),
        _ => vec![],
    };
    let names: BTreeSet<&String> = bodies.into_iter().flat_map(|b| b.components()).collect();
    names.into_iter().cloned().collect()
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
            content: Body::new(&[tabs, note, Block::Component(Component::CharacterCounterDemo)]),
            toc: vec![],
            hide_toc: false,
        });
        assert_eq!(of(&page), ["CharacterCounterDemo", "TodoListDemo"]);
        assert!(of(&Page::Search).is_empty());
    }
}
