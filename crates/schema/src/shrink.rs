//! Gives a finished document tree back the room its lists and strings grew into.
//!
//! The tree is built by pushing (Markdown's inlines, the highlighter's tokens, text merged into
//! the run before it) and read back from JSON without size hints, so most lists and strings
//! hold spare capacity, and every page keeps its tree until the build ends. Massif on `check`
//! of a 1 043-page site: the highlighter's lines and the inline lists were half the heap at
//! its peak, most of it grown by doubling.

use crate::{Block, CodeBlock, Component, Footnote, Inline, InlineNode, ListItem, TabItem, Token};

/// Shrinks every list and string of `blocks`, recursively, to its length.
pub fn shrink_blocks(blocks: &mut Vec<Block>) {
    blocks.shrink_to_fit();
    blocks.iter_mut().for_each(shrink_block);
}

fn shrink_block(block: &mut Block) {
    match block {
        Block::Heading { id, children, .. } => {
            id.shrink_to_fit();
            shrink_inlines(children);
        }
        Block::Paragraph { children } => shrink_inlines(children),
        Block::Code(code) => shrink_code(code),
        Block::List { items, .. } => {
            items.shrink_to_fit();
            for ListItem { children, .. } in items {
                shrink_blocks(children);
            }
        }
        Block::Quote { children } => shrink_blocks(children),
        Block::Admonition { title, children, .. } => {
            if let Some(title) = title {
                shrink_inlines(title);
            }
            shrink_blocks(children);
        }
        Block::Tabs { items, .. } => {
            items.shrink_to_fit();
            for TabItem { children, .. } in items {
                shrink_blocks(children);
            }
        }
        Block::Details { summary, children } => {
            shrink_inlines(summary);
            shrink_blocks(children);
        }
        Block::Table { align, head, rows } => {
            align.shrink_to_fit();
            shrink_cells(head);
            rows.shrink_to_fit();
            rows.iter_mut().for_each(shrink_cells);
        }
        Block::Footnotes { items } => {
            items.shrink_to_fit();
            for Footnote { children, .. } in items {
                shrink_blocks(children);
            }
        }
        Block::Rule | Block::Component(Component::CharacterCounterDemo | Component::TodoListDemo { .. }) => {}
        Block::Component(Component::LinkButton { href: a, label: b } | Component::Highlight { color: a, text: b }) => {
            a.shrink_to_fit();
            b.shrink_to_fit();
        }
    }
}

fn shrink_cells(cells: &mut Vec<Vec<Inline>>) {
    cells.shrink_to_fit();
    cells.iter_mut().for_each(shrink_inlines);
}

fn shrink_inlines(inlines: &mut Vec<Inline>) {
    inlines.shrink_to_fit();
    for inline in inlines {
        match inline {
            Inline::Text(text) => text.shrink_to_fit(),
            Inline::Node(node) => shrink_node(node),
        }
    }
}

fn shrink_node(node: &mut InlineNode) {
    match node {
        InlineNode::Code { text } => text.shrink_to_fit(),
        InlineNode::Em { children }
        | InlineNode::Strong { children }
        | InlineNode::Del { children }
        | InlineNode::Kbd { children }
        | InlineNode::Sup { children }
        | InlineNode::Sub { children } => shrink_inlines(children),
        InlineNode::Link { href, children, .. } => {
            href.shrink_to_fit();
            shrink_inlines(children);
        }
        InlineNode::Image { src, alt, title } => {
            src.shrink_to_fit();
            alt.shrink_to_fit();
            if let Some(title) = title {
                title.shrink_to_fit();
            }
        }
        InlineNode::Break => {}
        InlineNode::FootnoteRef { id, .. } => id.shrink_to_fit(),
    }
}

fn shrink_code(code: &mut CodeBlock) {
    code.lines.shrink_to_fit();
    for line in &mut code.lines {
        line.shrink_to_fit();
        for token in line {
            match token {
                Token::Plain(text) | Token::Styled(_, text) => text.shrink_to_fit(),
            }
        }
    }
    code.highlight.shrink_to_fit();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_and_strings_keep_their_contents_and_lose_their_spare_room() {
        let grown = || {
            let mut text = String::with_capacity(64);
            text.push_str("原子");
            text
        };
        let mut line = Vec::with_capacity(16);
        line.push(Token::Plain(grown()));
        let mut inlines = Vec::with_capacity(8);
        inlines.push(Inline::Text(grown()));
        let mut blocks = Vec::with_capacity(8);
        blocks.push(Block::Paragraph { children: inlines });
        blocks.push(Block::Code(CodeBlock {
            lang: "js".into(),
            title: None,
            lines: vec![line],
            highlight: Vec::new(),
            line_numbers: false,
        }));
        let before = blocks.clone();
        shrink_blocks(&mut blocks);
        assert_eq!(blocks, before);
        assert_eq!(blocks.capacity(), 2);
        let Block::Paragraph { children } = &blocks[0] else { unreachable!() };
        let Inline::Text(t) = &children[0] else { unreachable!() };
        assert_eq!((children.capacity(), t.capacity()), (1, "原子".len()));
        let Block::Code(code) = &blocks[1] else { unreachable!() };
        let Token::Plain(t) = &code.lines[0][0] else { unreachable!() };
        assert_eq!((code.lines[0].capacity(), t.capacity()), (1, "原子".len()));
    }
}
