//! Collects styled runs of text into code lines, merging neighbours of the same class.

use site_schema::{CodeLine, LineWriter, TokenClass};

#[derive(Default)]
pub struct LineBuilder {
    lines: Vec<CodeLine>,
    current: LineWriter,
}

impl LineBuilder {
    pub fn push(&mut self, class: Option<TokenClass>, text: &str) {
        let mut parts = text.split('\n');
        if let Some(first) = parts.next() {
            self.add(class, first);
        }
        for part in parts {
            self.lines.push(std::mem::take(&mut self.current).finish());
            self.add(class, part);
        }
    }

    fn add(&mut self, class: Option<TokenClass>, text: &str) {
        // Whitespace carries no colour; keep it plain so runs merge.
        let class = if text.trim().is_empty() { None } else { class };
        self.current.push(class, text);
    }

    pub fn finish(mut self) -> Vec<CodeLine> {
        self.lines.push(self.current.finish());
        self.lines
    }
}
