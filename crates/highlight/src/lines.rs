//! Collects styled runs of text into lines of tokens, merging neighbours of the same class.

use site_schema::{Token, TokenClass};

#[derive(Default)]
pub struct LineBuilder {
    lines: Vec<Vec<Token>>,
    current: Vec<Token>,
}

impl LineBuilder {
    pub fn push(&mut self, class: Option<TokenClass>, text: &str) {
        let mut parts = text.split('\n');
        if let Some(first) = parts.next() {
            self.add(class, first);
        }
        for part in parts {
            self.lines.push(std::mem::take(&mut self.current));
            self.add(class, part);
        }
    }

    fn add(&mut self, class: Option<TokenClass>, text: &str) {
        if text.is_empty() {
            return;
        }
        // Whitespace carries no colour; keep it plain so runs merge.
        let class = if text.trim().is_empty() { None } else { class };
        match (self.current.last_mut(), class) {
            (Some(Token::Plain(s)), None) => s.push_str(text),
            (Some(Token::Styled(c, s)), Some(k)) if *c == k => s.push_str(text),
            _ => self.current.push(match class {
                None => Token::Plain(text.to_string()),
                Some(c) => Token::Styled(c, text.to_string()),
            }),
        }
    }

    pub fn finish(mut self) -> Vec<Vec<Token>> {
        self.lines.push(self.current);
        self.lines
    }
}
