//! Build-time syntax highlighting: code text in, lines of typed tokens out.
//!
//! JavaScript, TypeScript (with JSX), JSON, shell and CSS use tree-sitter grammars; GraphQL and
//! diff are simple enough for the small hand-written lexers in this crate. The browser gets
//! tokens with classes and never runs a highlighter.

mod graphql;
mod lines;

use lines::LineBuilder;
use site_schema::{Token, TokenClass};
use std::sync::OnceLock;
use tree_sitter_highlight::{HighlightConfiguration, HighlightEvent, Highlighter};

/// Languages a code fence may name, with their aliases.
pub const LANGUAGES: &[&str] = &[
    "js",
    "javascript",
    "jsx",
    "mjs",
    "ts",
    "typescript",
    "tsx",
    "json",
    "bash",
    "shell",
    "sh",
    "console",
    "graphql",
    "gql",
    "css",
    "diff",
    "md",
    "markdown",
    "mdx",
    "text",
    "txt",
    "plaintext",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Grammar {
    Js,
    Ts,
    Tsx,
    Json,
    Bash,
    Css,
}

/// The canonical name of a fence language, or `None` when we do not know it.
pub fn canonical_language(lang: &str) -> Option<&'static str> {
    Some(match lang.to_ascii_lowercase().as_str() {
        "js" | "javascript" | "mjs" => "js",
        "jsx" => "jsx",
        "ts" | "typescript" => "ts",
        "tsx" => "tsx",
        "json" => "json",
        "bash" | "shell" | "sh" | "console" => "bash",
        "graphql" | "gql" => "graphql",
        "css" => "css",
        "diff" => "diff",
        "md" | "markdown" | "mdx" => "md",
        "text" | "txt" | "plaintext" => "text",
        _ => return None,
    })
}

/// Capture names we colour, and the class each becomes. tree-sitter matches the longest
/// prefix, so `string.special.key` (JSON keys) is told apart from `string`.
const NAMES: &[(&str, Option<TokenClass>)] = &[
    ("attribute", Some(TokenClass::Property)),
    ("comment", Some(TokenClass::Comment)),
    ("constant", Some(TokenClass::Constant)),
    ("constant.builtin", Some(TokenClass::Constant)),
    ("constructor", Some(TokenClass::Type)),
    ("embedded", None),
    ("escape", Some(TokenClass::String)),
    ("function", Some(TokenClass::Function)),
    ("function.builtin", Some(TokenClass::Builtin)),
    ("keyword", Some(TokenClass::Keyword)),
    ("import", Some(TokenClass::Keyword)),
    ("media", Some(TokenClass::Keyword)),
    ("keyframes", Some(TokenClass::Keyword)),
    ("supports", Some(TokenClass::Keyword)),
    ("charset", Some(TokenClass::Keyword)),
    ("namespace", Some(TokenClass::Type)),
    ("number", Some(TokenClass::Constant)),
    ("operator", Some(TokenClass::Operator)),
    ("property", Some(TokenClass::Property)),
    ("punctuation", Some(TokenClass::Punctuation)),
    ("punctuation.special", Some(TokenClass::Keyword)),
    ("string", Some(TokenClass::String)),
    ("string.special", Some(TokenClass::String)),
    ("string.special.key", Some(TokenClass::Property)),
    ("tag", Some(TokenClass::Tag)),
    ("type", Some(TokenClass::Type)),
    ("type.builtin", Some(TokenClass::Type)),
    ("variable", None),
    ("variable.builtin", Some(TokenClass::Builtin)),
    ("variable.parameter", Some(TokenClass::Variable)),
];

fn configuration(grammar: Grammar) -> &'static HighlightConfiguration {
    static CONFIGS: [OnceLock<HighlightConfiguration>; 6] = [const { OnceLock::new() }; 6];
    CONFIGS[grammar as usize].get_or_init(|| {
        let js = tree_sitter_javascript::HIGHLIGHT_QUERY;
        let jsx = tree_sitter_javascript::JSX_HIGHLIGHT_QUERY;
        let ts = tree_sitter_typescript::HIGHLIGHTS_QUERY;
        let (language, query): (tree_sitter::Language, String) = match grammar {
            Grammar::Js => (tree_sitter_javascript::LANGUAGE.into(), format!("{js}\n{jsx}")),
            Grammar::Ts => (tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(), format!("{ts}\n{js}")),
            Grammar::Tsx => (tree_sitter_typescript::LANGUAGE_TSX.into(), format!("{ts}\n{js}\n{jsx}")),
            Grammar::Json => (tree_sitter_json::LANGUAGE.into(), tree_sitter_json::HIGHLIGHTS_QUERY.into()),
            Grammar::Bash => (tree_sitter_bash::LANGUAGE.into(), tree_sitter_bash::HIGHLIGHT_QUERY.into()),
            Grammar::Css => (tree_sitter_css::LANGUAGE.into(), tree_sitter_css::HIGHLIGHTS_QUERY.into()),
        };
        let mut config = HighlightConfiguration::new(language, format!("{grammar:?}"), &query, "", "")
            .expect("bundled highlight queries are valid");
        let names: Vec<&str> = NAMES.iter().map(|(n, _)| *n).collect();
        config.configure(&names);
        config
    })
}

/// Highlights `code` written in `lang` (any name [`canonical_language`] accepts; unknown
/// languages come back unstyled). Never fails: a grammar that cannot parse a fragment still
/// yields every character of the input, in order.
pub fn highlight(lang: &str, code: &str) -> Vec<Vec<Token>> {
    let code = code.strip_suffix('\n').unwrap_or(code);
    match canonical_language(lang) {
        Some("js") | Some("jsx") => tree_sitter_tokens(Grammar::Js, code),
        Some("ts") => tree_sitter_tokens(Grammar::Ts, code),
        Some("tsx") => tree_sitter_tokens(Grammar::Tsx, code),
        Some("json") => tree_sitter_tokens(Grammar::Json, code),
        Some("bash") => tree_sitter_tokens(Grammar::Bash, code),
        Some("css") => tree_sitter_tokens(Grammar::Css, code),
        Some("graphql") => graphql::tokens(code),
        Some("diff") => diff_tokens(code),
        _ => plain(code),
    }
}

fn plain(code: &str) -> Vec<Vec<Token>> {
    let mut b = LineBuilder::default();
    b.push(None, code);
    b.finish()
}

fn tree_sitter_tokens(grammar: Grammar, code: &str) -> Vec<Vec<Token>> {
    thread_local! {
        static HIGHLIGHTER: std::cell::RefCell<Highlighter> = std::cell::RefCell::new(Highlighter::new());
    }
    let config = configuration(grammar);
    HIGHLIGHTER.with_borrow_mut(|highlighter| {
        let mut b = LineBuilder::default();
        let events = match highlighter.highlight(config, code.as_bytes(), None, None, |_| None) {
            Ok(events) => events,
            Err(_) => return plain(code),
        };
        let mut stack: Vec<Option<TokenClass>> = Vec::new();
        let mut written = 0;
        for event in events {
            match event {
                Ok(HighlightEvent::Source { start, end }) => {
                    // The innermost capture that has a colour decides the class.
                    let class = stack.iter().rev().flatten().next().copied();
                    b.push(class, &code[start..end]);
                    written = end;
                }
                Ok(HighlightEvent::HighlightStart(h)) => stack.push(NAMES[h.0].1),
                Ok(HighlightEvent::HighlightEnd) => {
                    stack.pop();
                }
                Err(_) => break,
            }
        }
        // A cancelled or failed highlight still shows the whole code.
        if written < code.len() {
            b.push(None, &code[written..]);
        }
        b.finish()
    })
}

fn diff_tokens(code: &str) -> Vec<Vec<Token>> {
    code.split('\n')
        .map(|line| {
            let class = if line.starts_with("+++") || line.starts_with("---") || line.starts_with("@@") {
                Some(TokenClass::Keyword)
            } else if line.starts_with('+') {
                Some(TokenClass::Inserted)
            } else if line.starts_with('-') {
                Some(TokenClass::Deleted)
            } else {
                None
            };
            match (class, line.is_empty()) {
                (_, true) => vec![],
                (Some(c), _) => vec![Token::Styled(c, line.to_string())],
                (None, _) => vec![Token::Plain(line.to_string())],
            }
        })
        .collect()
}

/// The text of a highlighted line (what the copy button copies).
pub fn line_text(tokens: &[Token]) -> String {
    tokens
        .iter()
        .map(|t| match t {
            Token::Plain(s) | Token::Styled(_, s) => s.as_str(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classes(lines: &[Vec<Token>]) -> Vec<(Option<TokenClass>, String)> {
        lines
            .iter()
            .flatten()
            .map(|t| match t {
                Token::Plain(s) => (None, s.clone()),
                Token::Styled(c, s) => (Some(*c), s.clone()),
            })
            .collect()
    }

    fn class_of(lines: &[Vec<Token>], text: &str) -> Option<TokenClass> {
        classes(lines).into_iter().find(|(_, s)| s == text).and_then(|(c, _)| c)
    }

    #[test]
    fn every_language_round_trips_its_text() {
        let samples = [
            ("jsx", "const a = <div className=\"x\">{b}</div>;\n// done"),
            ("ts", "function atom<T>(o: AtomOptions<T>): RecoilState<T>;"),
            ("tsx", "const C: React.FC = () => <p>hi</p>;"),
            ("json", "{\"a\": [1, true, null]}"),
            ("bash", "npm install recoil # comment"),
            ("css", ".a { color: red; }"),
            ("graphql", "query Q($id: ID!) { user(id: $id) { name } }"),
            ("diff", "+ added\n- removed\n same"),
            ("text", "plain\ntext"),
            ("jsx", "this is { not valid ( js"),
        ];
        for (lang, code) in samples {
            let lines = highlight(lang, code);
            let text: Vec<String> = lines.iter().map(|l| line_text(l)).collect();
            assert_eq!(text.join("\n"), code, "{lang}");
        }
    }

    #[test]
    fn javascript_classes() {
        let lines = highlight("jsx", "import {x} from 'recoil';\nconst y = atom({key: 'k'}); // c\n<App />;");
        assert_eq!(class_of(&lines, "import"), Some(TokenClass::Keyword));
        assert_eq!(class_of(&lines, "'recoil'"), Some(TokenClass::String));
        assert_eq!(class_of(&lines, "// c"), Some(TokenClass::Comment));
        assert_eq!(class_of(&lines, "atom"), Some(TokenClass::Function));
        // Components take the type colour, like other capitalised names; host tags are tags.
        assert_eq!(class_of(&lines, "App"), Some(TokenClass::Type));
        assert_eq!(class_of(&highlight("jsx", "<div />"), "div"), Some(TokenClass::Tag));
        assert_eq!(lines.len(), 3);
    }

    #[test]
    fn typescript_types() {
        let lines = highlight("ts", "type A = RecoilState<number>;");
        assert_eq!(class_of(&lines, "RecoilState"), Some(TokenClass::Type));
        assert_eq!(class_of(&lines, "number"), Some(TokenClass::Type));
    }

    #[test]
    fn tsx_has_types_and_tags() {
        let lines = highlight("tsx", "const a: Foo = <div>{b}</div>;");
        assert_eq!(class_of(&lines, "Foo"), Some(TokenClass::Type));
        assert_eq!(class_of(&lines, "div"), Some(TokenClass::Tag));
    }

    #[test]
    fn multi_line_tokens_are_split_per_line() {
        let lines = highlight("js", "/* a\nb */ x");
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0], vec![Token::Styled(TokenClass::Comment, "/* a".into())]);
        assert_eq!(lines[1][0], Token::Styled(TokenClass::Comment, "b */".into()));
    }

    #[test]
    fn diff_lines() {
        let lines = highlight("diff", "+a\n-b\nc");
        assert_eq!(lines[0], vec![Token::Styled(TokenClass::Inserted, "+a".into())]);
        assert_eq!(lines[1], vec![Token::Styled(TokenClass::Deleted, "-b".into())]);
    }

    #[test]
    fn graphql_classes() {
        let lines = highlight("graphql", "query UserQuery($id: ID!) {\n  user(id: $id) { name } # c\n}");
        assert_eq!(class_of(&lines, "query"), Some(TokenClass::Keyword));
        assert_eq!(class_of(&lines, "$id"), Some(TokenClass::Variable));
        assert_eq!(class_of(&lines, "ID"), Some(TokenClass::Type));
        assert_eq!(class_of(&lines, "# c"), Some(TokenClass::Comment));
        assert_eq!(class_of(&lines, "name"), Some(TokenClass::Property));
    }

    #[test]
    fn aliases() {
        assert_eq!(canonical_language("shell"), Some("bash"));
        assert_eq!(canonical_language("JavaScript"), Some("js"));
        assert_eq!(canonical_language("cobol"), None);
    }
}
