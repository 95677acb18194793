//! One line of a highlighted code block: its text, and the runs of that text that have a
//! highlight class.
//!
//! On the wire a line is a bare string when nothing in it is styled, else
//! `[text, [gap, length, class, …]]`: for each styled run, the unstyled text before it and its
//! own length, both in UTF-16 code units (what the front end slices its strings by), then its
//! class. One string a line and one flat list, not a `[class, text]` pair for every token:
//! readers that want only the text (the Markdown twin, the search index) read one string, and
//! `JSON.parse` in the prerender and the browser makes a few values a line instead of three a
//! token (code is most of a doc page's data).

use crate::TokenClass;
use serde::de::{self, Deserialize, Deserializer, IgnoredAny, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeSeq, SerializeTuple, Serializer};
use std::fmt;
use ts_rs::TS;

/// A line of code and its styled runs.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CodeLine {
    pub text: String,
    /// In order along the text, none overlapping; the text around them is unstyled.
    pub runs: Vec<Run>,
}

/// A styled run: `gap` UTF-16 units after the previous run's end (or the line's start), `len`
/// units long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    pub gap: u32,
    pub len: u32,
    pub class: TokenClass,
}

/// A piece of a line, unstyled or with a class: how the highlighter writes a line and how tests
/// read one back ([`CodeLine::tokens`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Token {
    Plain(String),
    Styled(TokenClass, String),
}

/// The UTF-16 code units of `s`.
pub fn utf16_len(s: &str) -> u32 {
    let units = if s.is_ascii() { s.len() } else { s.chars().map(char::len_utf16).sum() };
    units as u32
}

impl CodeLine {
    /// A line with nothing styled.
    pub fn plain(text: impl Into<String>) -> CodeLine {
        CodeLine { text: text.into(), runs: Vec::new() }
    }

    /// The line made of `tokens`, in order.
    pub fn from_tokens(tokens: impl IntoIterator<Item = Token>) -> CodeLine {
        let mut b = LineWriter::default();
        for t in tokens {
            match &t {
                Token::Plain(text) => b.push(None, text),
                Token::Styled(class, text) => b.push(Some(*class), text),
            }
        }
        b.finish()
    }

    /// The line as tokens: each run, and the unstyled text between them. Runs that reach past
    /// the text (never written so) are cut at its end.
    pub fn tokens(&self) -> Vec<Token> {
        let mut out = Vec::new();
        let mut rest = self.text.as_str();
        for run in &self.runs {
            let (before, after) = split_units(rest, run.gap);
            let (styled, after) = split_units(after, run.len);
            if !before.is_empty() {
                out.push(Token::Plain(before.to_owned()));
            }
            out.push(Token::Styled(run.class, styled.to_owned()));
            rest = after;
        }
        if !rest.is_empty() {
            out.push(Token::Plain(rest.to_owned()));
        }
        out
    }
}

/// `s` cut after `units` UTF-16 units (at its end if shorter, before a character cut in two).
fn split_units(s: &str, units: u32) -> (&str, &str) {
    let mut seen = 0;
    for (at, c) in s.char_indices() {
        if seen >= units {
            return s.split_at(at);
        }
        seen += c.len_utf16() as u32;
    }
    (s, "")
}

/// Writes one [`CodeLine`] piece by piece; a styled piece right after a run of its class
/// lengthens that run.
#[derive(Default)]
pub struct LineWriter {
    line: CodeLine,
    /// UTF-16 units of unstyled text since the last run.
    gap: u32,
}

impl LineWriter {
    pub fn push(&mut self, class: Option<TokenClass>, text: &str) {
        if text.is_empty() {
            return;
        }
        self.line.text.push_str(text);
        let units = utf16_len(text);
        match (class, self.line.runs.last_mut()) {
            (None, _) => self.gap += units,
            (Some(c), Some(last)) if last.class == c && self.gap == 0 => last.len += units,
            (Some(class), _) => {
                self.line.runs.push(Run { gap: self.gap, len: units, class });
                self.gap = 0;
            }
        }
    }

    pub fn finish(self) -> CodeLine {
        self.line
    }
}

impl Serialize for CodeLine {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.runs.is_empty() {
            return s.serialize_str(&self.text);
        }
        let mut pair = s.serialize_tuple(2)?;
        pair.serialize_element(&self.text)?;
        pair.serialize_element(&FlatRuns(&self.runs))?;
        pair.end()
    }
}

/// Runs as one flat list: `gap, len, class` for each.
struct FlatRuns<'a>(&'a [Run]);

impl Serialize for FlatRuns<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(3 * self.0.len()))?;
        for run in self.0 {
            seq.serialize_element(&run.gap)?;
            seq.serialize_element(&run.len)?;
            seq.serialize_element(&run.class)?;
        }
        seq.end()
    }
}

// The JSON type tells the two shapes apart: no buffering and trying each (see `untagged.rs`).
impl<'de> Deserialize<'de> for CodeLine {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CodeLine, D::Error> {
        struct Shape;
        impl<'de> Visitor<'de> for Shape {
            type Value = CodeLine;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a line of code, or a [text, runs] pair")
            }

            fn visit_str<E: de::Error>(self, s: &str) -> Result<CodeLine, E> {
                Ok(CodeLine::plain(s))
            }

            fn visit_string<E: de::Error>(self, s: String) -> Result<CodeLine, E> {
                Ok(CodeLine::plain(s))
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<CodeLine, A::Error> {
                let text: String = seq.next_element()?.ok_or_else(|| de::Error::invalid_length(0, &self))?;
                let FlatRunsOwned(runs) = seq.next_element()?.ok_or_else(|| de::Error::invalid_length(1, &self))?;
                if seq.next_element::<IgnoredAny>()?.is_some() {
                    return Err(de::Error::invalid_length(3, &self));
                }
                Ok(CodeLine { text, runs })
            }
        }
        d.deserialize_any(Shape)
    }
}

struct FlatRunsOwned(Vec<Run>);

impl<'de> Deserialize<'de> for FlatRunsOwned {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<FlatRunsOwned, D::Error> {
        struct Flat;
        impl<'de> Visitor<'de> for Flat {
            type Value = FlatRunsOwned;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of runs: gap, length and class for each")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<FlatRunsOwned, A::Error> {
                let mut runs = Vec::with_capacity(seq.size_hint().unwrap_or(0) / 3);
                while let Some(gap) = seq.next_element::<u32>()? {
                    let len = seq.next_element()?.ok_or_else(|| de::Error::custom("a run without its length"))?;
                    let class = seq.next_element()?.ok_or_else(|| de::Error::custom("a run without its class"))?;
                    runs.push(Run { gap, len, class });
                }
                Ok(FlatRunsOwned(runs))
            }
        }
        d.deserialize_seq(Flat)
    }
}

/// The wire form of a [`CodeLine`], for its TypeScript declaration only.
#[derive(TS)]
#[ts(rename = "CodeLine", untagged)]
#[allow(dead_code)]
pub(crate) enum CodeLineWire {
    Plain(String),
    Styled(String, Vec<RunPart>),
}

/// An entry of a line's flat list of runs, for the TypeScript declaration only.
#[derive(TS)]
#[ts(untagged)]
#[allow(dead_code)]
pub(crate) enum RunPart {
    Units(u32),
    Class(TokenClass),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Block, CodeBlock};

    fn line() -> CodeLine {
        CodeLine::from_tokens([
            Token::Styled(TokenClass::Keyword, "const".into()),
            Token::Plain(" 名字 = ".into()),
            Token::Styled(TokenClass::String, "'😀'".into()),
            Token::Styled(TokenClass::String, ";".into()),
            Token::Plain(" ".into()),
        ])
    }

    #[test]
    fn runs_count_utf16_units_and_neighbours_of_one_class_are_one_run() {
        let l = line();
        assert_eq!(l.text, "const 名字 = '😀'; ");
        let runs = [(0, 5, TokenClass::Keyword), (6, 5, TokenClass::String)];
        assert_eq!(l.runs, runs.map(|(gap, len, class)| Run { gap, len, class }));
        assert_eq!(
            l.tokens(),
            [
                Token::Styled(TokenClass::Keyword, "const".into()),
                Token::Plain(" 名字 = ".into()),
                Token::Styled(TokenClass::String, "'😀';".into()),
                Token::Plain(" ".into()),
            ]
        );
    }

    #[test]
    fn a_line_is_a_string_or_its_text_and_flat_runs_and_comes_back_in_every_shape() {
        assert_eq!(serde_json::to_string(&CodeLine::plain("a < b")).unwrap(), r#""a < b""#);
        let json = serde_json::to_string(&line()).unwrap();
        assert_eq!(json, r#"["const 名字 = '😀'; ",[0,5,"k",6,5,"s"]]"#);
        assert_eq!(serde_json::from_str::<CodeLine>(&json).unwrap(), line());
        // Inside a block (read tag first, or buffered), from a string and from a value.
        let block = Block::Code(CodeBlock {
            lang: "js".into(),
            title: None,
            lines: vec![line(), CodeLine::default(), CodeLine::plain("x")],
            highlight: vec![],
            line_numbers: false,
        });
        let json = serde_json::to_string(&block).unwrap();
        assert_eq!(serde_json::from_str::<Block>(&json).unwrap(), block);
        let value = serde_json::to_value(&block).unwrap();
        assert_eq!(serde_json::from_value::<Block>(value).unwrap(), block);
    }

    #[test]
    fn other_shapes_are_errors_not_guesses() {
        for bad in
            ["1", "null", "[]", "[\"x\"]", "[\"x\",[0]]", "[\"x\",[0,1]]", "[\"x\",[0,1,\"nope\"]]", "[\"x\",[],1]"]
        {
            assert!(serde_json::from_str::<CodeLine>(bad).is_err(), "line {bad}");
        }
    }

    #[test]
    fn runs_past_the_text_are_cut_not_a_panic() {
        let l = CodeLine { text: "ab😀".into(), runs: vec![Run { gap: 3, len: 9, class: TokenClass::Keyword }] };
        assert_eq!(l.tokens(), [Token::Plain("ab😀".into()), Token::Styled(TokenClass::Keyword, String::new())]);
    }
}
