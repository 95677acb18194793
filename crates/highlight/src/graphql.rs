//! A small GraphQL lexer: GraphQL's lexical grammar is regular, so a hand-written scanner
//! colours it as well as a parser would.

use crate::lines::LineBuilder;
use site_schema::{Token, TokenClass};

const KEYWORDS: &[&str] = &[
    "query",
    "mutation",
    "subscription",
    "fragment",
    "on",
    "type",
    "interface",
    "union",
    "enum",
    "input",
    "scalar",
    "schema",
    "extend",
    "directive",
    "implements",
    "repeatable",
];
const CONSTANTS: &[&str] = &["true", "false", "null"];

pub fn tokens(code: &str) -> Vec<Vec<Token>> {
    let mut b = LineBuilder::default();
    let bytes = code.as_bytes();
    let mut i = 0;
    // After `:` or inside a type position, names are types.
    let mut expect_type = false;
    // The name after `query`, `mutation`, `subscription` or `fragment` names an operation.
    let mut after_operation = false;
    while i < bytes.len() {
        let c = bytes[i];
        let start = i;
        if c == b'#' {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
            b.push(Some(TokenClass::Comment), &code[start..i]);
        } else if code[i..].starts_with("\"\"\"") {
            i += 3;
            while i < bytes.len() && !code[i..].starts_with("\"\"\"") {
                i += 1;
            }
            i = (i + 3).min(bytes.len());
            b.push(Some(TokenClass::String), &code[start..i]);
        } else if c == b'"' {
            i += 1;
            while i < bytes.len() && bytes[i] != b'"' && bytes[i] != b'\n' {
                if bytes[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i = (i + 1).min(bytes.len());
            b.push(Some(TokenClass::String), &code[start..i]);
        } else if c == b'$' || c == b'@' || c.is_ascii_alphabetic() || c == b'_' {
            i += 1;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            let word = &code[start..i];
            let class = if c == b'$' {
                TokenClass::Variable
            } else if c == b'@' {
                TokenClass::Builtin
            } else if KEYWORDS.contains(&word) {
                TokenClass::Keyword
            } else if after_operation {
                TokenClass::Function
            } else if CONSTANTS.contains(&word) {
                TokenClass::Constant
            } else if expect_type || next_non_space(bytes, i) == Some(b'{') && is_definition_name(code, start) {
                TokenClass::Type
            } else {
                TokenClass::Property
            };
            if class != TokenClass::Variable {
                expect_type = false;
            }
            after_operation = matches!(word, "query" | "mutation" | "subscription" | "fragment");
            b.push(Some(class), word);
        } else if c.is_ascii_digit() || (c == b'-' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)) {
            i += 1;
            while i < bytes.len() && (bytes[i].is_ascii_digit() || matches!(bytes[i], b'.' | b'e' | b'E')) {
                i += 1;
            }
            b.push(Some(TokenClass::Constant), &code[start..i]);
        } else if c == b':' {
            i += 1;
            expect_type = true;
            b.push(Some(TokenClass::Punctuation), ":");
        } else if matches!(c, b'{' | b'}' | b'(' | b')' | b'[' | b']' | b'!' | b'=' | b'|' | b'&') {
            i += 1;
            if matches!(c, b'{' | b'}' | b')') {
                expect_type = false;
            }
            b.push(Some(TokenClass::Punctuation), &code[start..i]);
        } else if code[i..].starts_with("...") {
            i += 3;
            b.push(Some(TokenClass::Operator), "...");
        } else {
            // Whitespace, commas and anything unknown, one UTF-8 character at a time.
            let len = code[i..].chars().next().map_or(1, char::len_utf8);
            i += len;
            b.push(None, &code[start..i]);
        }
    }
    // A `:` inside a selection means an alias, not a type; the heuristic above treats the
    // next name as a type only until the next brace, which is right for argument and field
    // definitions and harmless elsewhere.
    b.finish()
}

fn next_non_space(bytes: &[u8], mut i: usize) -> Option<u8> {
    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
        i += 1;
    }
    bytes.get(i).copied()
}

/// `type User {`, `fragment F on User {`: the name right after a definition keyword.
fn is_definition_name(code: &str, start: usize) -> bool {
    let before = code[..start].trim_end();
    ["type", "interface", "input", "enum", "on", "union", "extend type"].iter().any(|k| before.ends_with(k))
}
