//! Build-time syntax highlighting: code text in, lines with styled runs out.
//!
//! Every language with colours is a tree-sitter grammar: JavaScript, TypeScript (with JSX),
//! JSON, shell, CSS, GraphQL and diff. GraphQL in `graphql`/`gql` tagged templates of JS and TS
//! blocks is highlighted as GraphQL through an injection query. The browser gets tokens with
//! classes and never runs a highlighter.

mod kept;
mod lines;

use kept::Kept;
use lines::LineBuilder;
use site_schema::{CodeLine, TokenClass};
use std::borrow::Cow;
use std::sync::{LazyLock, Mutex, OnceLock};
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
    GraphQl,
    Diff,
}

const GRAMMAR_COUNT: usize = Grammar::Diff as usize + 1;

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
    ("diff.minus", Some(TokenClass::Deleted)),
    ("diff.plus", Some(TokenClass::Inserted)),
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

/// Our queries for grammars whose crates ship none we can use (see each file's header).
const GRAPHQL_HIGHLIGHTS: &str = include_str!("../queries/graphql-highlights.scm");
const DIFF_HIGHLIGHTS: &str = include_str!("../queries/diff-highlights.scm");
const JS_INJECTIONS: &str = include_str!("../queries/js-injections.scm");

/// A grammar's language, highlights query and injections query.
fn grammar_parts(grammar: Grammar) -> (tree_sitter::Language, String, &'static str) {
    let js = tree_sitter_javascript::HIGHLIGHT_QUERY;
    let jsx = tree_sitter_javascript::JSX_HIGHLIGHT_QUERY;
    let ts = tree_sitter_typescript::HIGHLIGHTS_QUERY;
    match grammar {
        Grammar::Js => (tree_sitter_javascript::LANGUAGE.into(), format!("{js}\n{jsx}"), JS_INJECTIONS),
        Grammar::Ts => (tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(), format!("{ts}\n{js}"), JS_INJECTIONS),
        Grammar::Tsx => (tree_sitter_typescript::LANGUAGE_TSX.into(), format!("{ts}\n{js}\n{jsx}"), JS_INJECTIONS),
        Grammar::Json => (tree_sitter_json::LANGUAGE.into(), tree_sitter_json::HIGHLIGHTS_QUERY.into(), ""),
        Grammar::Bash => (tree_sitter_bash::LANGUAGE.into(), tree_sitter_bash::HIGHLIGHT_QUERY.into(), ""),
        Grammar::Css => (tree_sitter_css::LANGUAGE.into(), tree_sitter_css::HIGHLIGHTS_QUERY.into(), ""),
        Grammar::GraphQl => (tree_sitter_graphql::LANGUAGE.into(), GRAPHQL_HIGHLIGHTS.into(), ""),
        Grammar::Diff => (tree_sitter_diff::LANGUAGE.into(), DIFF_HIGHLIGHTS.into(), ""),
    }
}

fn configuration(grammar: Grammar) -> &'static HighlightConfiguration {
    static CONFIGS: [OnceLock<HighlightConfiguration>; GRAMMAR_COUNT] = [const { OnceLock::new() }; GRAMMAR_COUNT];
    CONFIGS[grammar as usize].get_or_init(|| {
        let (language, highlights, injections) = grammar_parts(grammar);
        let mut config = HighlightConfiguration::new(language, format!("{grammar:?}"), &highlights, injections, "")
            .unwrap_or_else(|e| panic!("the {grammar:?} queries in crates/highlight do not compile: {e}"));
        let names: Vec<&str> = NAMES.iter().map(|(n, _)| *n).collect();
        config.configure(&names);
        config
    })
}

/// The grammar for a language an injection query names (only `graphql` templates today).
fn injected<'a>(language: &str) -> Option<&'a HighlightConfiguration> {
    (canonical_language(language) == Some("graphql")).then(|| configuration(Grammar::GraphQl))
}

/// Highlights `code` written in `lang` (any name [`canonical_language`] accepts; unknown
/// languages come back unstyled). Never fails: a grammar that cannot parse a fragment still
/// yields every character of the input, in order.
pub fn highlight(lang: &str, code: &str) -> Vec<CodeLine> {
    let code = code.strip_suffix('\n').unwrap_or(code);
    let grammar = match canonical_language(lang) {
        Some("js") | Some("jsx") => Grammar::Js,
        Some("ts") => Grammar::Ts,
        Some("tsx") => Grammar::Tsx,
        Some("json") => Grammar::Json,
        Some("bash") => Grammar::Bash,
        Some("css") => Grammar::Css,
        Some("graphql") => Grammar::GraphQl,
        Some("diff") => Grammar::Diff,
        _ => return plain(code),
    };
    tree_sitter_tokens(grammar, code)
}

fn plain(code: &str) -> Vec<CodeLine> {
    let mut b = LineBuilder::default();
    b.push(None, code);
    b.finish()
}

static KEPT: LazyLock<Mutex<Kept>> = LazyLock::new(|| Mutex::new(Kept::new(GRAMMAR_COUNT)));

fn tree_sitter_tokens(grammar: Grammar, code: &str) -> Vec<CodeLine> {
    if let Some(lines) = KEPT.lock().unwrap_or_else(|e| e.into_inner()).get(grammar as usize, code) {
        return lines;
    }
    let lines = highlighted(grammar, code);
    KEPT.lock().unwrap_or_else(|e| e.into_inner()).keep(grammar as usize, code, &lines);
    lines
}

fn highlighted(grammar: Grammar, code: &str) -> Vec<CodeLine> {
    thread_local! {
        static HIGHLIGHTER: std::cell::RefCell<Highlighter> = std::cell::RefCell::new(Highlighter::new());
    }
    let config = configuration(grammar);
    let source = if grammar == Grammar::Bash { bash_safe(code) } else { Cow::Borrowed(code.as_bytes()) };
    HIGHLIGHTER.with_borrow_mut(|highlighter| {
        let mut b = LineBuilder::default();
        let events = match highlighter.highlight(config, &source, None, None, injected) {
            Ok(events) => events,
            Err(_) => return plain(code),
        };
        // Injected layers nest inside the outer capture (a GraphQL keyword inside a JS string).
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

/// `code` as the Bash grammar may safely read it. Its scanner (tree-sitter-bash 0.25.1,
/// `brace_start`) calls C's `isdigit` on the character after `{` and its digits, and after
/// `{1..` and its digits; for a character above U+00FF that reads outside C's table, and from
/// about U+65E20 up the process dies of SIGSEGV (tree-sitter/tree-sitter-bash#337; the fix,
/// #348, is not released). Such a `{` is given to the parser as `_`: one ASCII byte for
/// another, so every byte offset, and the text sliced from `code`, stays the same; only that
/// brace loses its colour. Remove when a release of the grammar uses `iswdigit` there.
fn bash_safe(code: &str) -> Cow<'_, [u8]> {
    let bytes = code.as_bytes();
    let digits = |from: usize| from + bytes[from..].iter().take_while(|b| b.is_ascii_digit()).count();
    // The first character `isdigit` would be asked about after the `{` at `at`, that is not a digit.
    let unsafe_after = |at: usize| {
        let mut i = digits(at + 1);
        if bytes[i..].starts_with(b"..") {
            i = digits(i + 2);
        }
        code[i..].chars().next().is_some_and(|c| u32::from(c) > 0xFF)
    };
    let risky: Vec<usize> =
        bytes.iter().enumerate().filter(|&(i, &b)| b == b'{' && unsafe_after(i)).map(|(i, _)| i).collect();
    if risky.is_empty() {
        return Cow::Borrowed(bytes);
    }
    let mut safe = bytes.to_vec();
    for i in risky {
        safe[i] = b'_';
    }
    Cow::Owned(safe)
}

#[cfg(test)]
mod tests {
    use super::*;

    use site_schema::Token;

    fn classes(lines: &[CodeLine]) -> Vec<(Option<TokenClass>, String)> {
        lines
            .iter()
            .flat_map(CodeLine::tokens)
            .map(|t| match t {
                Token::Plain(s) => (None, s),
                Token::Styled(c, s) => (Some(c), s),
            })
            .collect()
    }

    fn class_of(lines: &[CodeLine], text: &str) -> Option<TokenClass> {
        classes(lines).into_iter().find(|(_, s)| s == text).and_then(|(c, _)| c)
    }

    /// tree-sitter-bash#337: these killed the process (SIGSEGV) before `bash_safe`; the
    /// property tests drew the first of them (`{` and U+10FFFF inside a ```bash block).
    #[test]
    fn bash_braces_before_characters_beyond_latin_1_do_not_crash() {
        for code in ["{\u{10ffff}", "x{12\u{F0000}}", "echo {1..\u{80000}", "{1..23\u{E0100}", "a\n{\u{65E20}b\n{1..2}"]
        {
            let text: String = highlight("bash", code).iter().map(|l| l.text.as_str()).collect::<Vec<_>>().join("\n");
            assert_eq!(text, code);
        }
        // Ordinary braces keep their colours: nothing to make safe.
        assert!(matches!(bash_safe("echo {1..3} ${A}"), Cow::Borrowed(_)));
        assert_eq!(&*bash_safe("{中"), "_中".as_bytes());
        assert_eq!(&*bash_safe("{1.中"), "{1.中".as_bytes());
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
            let text: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
            assert_eq!(text.join("\n"), code, "{lang}");
        }
    }

    #[test]
    fn a_block_highlighted_again_comes_back_the_same_and_per_language() {
        let code = "type Kept = { n: number };\nconst kept: Kept = { n: 1 };";
        let ts = highlight("ts", code);
        let js = highlight("js", code);
        assert_ne!(ts, js, "TypeScript's types are not JavaScript's");
        assert_eq!(highlight("ts", code), ts);
        assert_eq!(highlight("typescript", code), ts);
        assert_eq!(highlight("js", code), js);
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
        assert_eq!(lines[0].tokens(), vec![Token::Styled(TokenClass::Comment, "/* a".into())]);
        assert_eq!(lines[1].tokens()[0], Token::Styled(TokenClass::Comment, "b */".into()));
    }

    #[test]
    fn graphql_template_in_javascript_is_graphql() {
        let code = "const q = graphql`\n  query CityQuery($id: ID!) {\n    city(id: $id) { name }\n  }\n`;";
        for lang in ["js", "jsx", "ts", "tsx"] {
            let lines = highlight(lang, code);
            assert_eq!(class_of(&lines, "query"), Some(TokenClass::Keyword), "{lang}");
            assert_eq!(class_of(&lines, "CityQuery"), Some(TokenClass::Function), "{lang}");
            assert_eq!(class_of(&lines, "$id"), Some(TokenClass::Variable), "{lang}");
            assert_eq!(class_of(&lines, "ID"), Some(TokenClass::Type), "{lang}");
            assert_eq!(class_of(&lines, "city"), Some(TokenClass::Property), "{lang}");
            assert_eq!(class_of(&lines, "name"), Some(TokenClass::Property), "{lang}");
            // The JavaScript around it keeps its classes; the backticks stay a string.
            assert_eq!(class_of(&lines, "const"), Some(TokenClass::Keyword), "{lang}");
            assert_eq!(lines[0].tokens().last(), Some(&Token::Styled(TokenClass::String, "`".into())), "{lang}");
        }
    }

    #[test]
    fn relay_mutation_with_member_tag_and_directive() {
        let code = "commit(Relay.graphql`mutation M($in: In!) { set(input: $in) @include(if: true) { ...F } }`);";
        let lines = highlight("jsx", code);
        assert_eq!(class_of(&lines, "mutation"), Some(TokenClass::Keyword));
        assert_eq!(class_of(&lines, "$in"), Some(TokenClass::Variable));
        assert_eq!(class_of(&lines, "set"), Some(TokenClass::Property));
        assert_eq!(class_of(&lines, "@include"), Some(TokenClass::Builtin));
        assert_eq!(class_of(&lines, "..."), Some(TokenClass::Operator));
        assert_eq!(class_of(&lines, "F"), Some(TokenClass::Function));
    }

    #[test]
    fn other_tagged_templates_stay_strings() {
        // In one block with a GraphQL template, so a combined injection would swallow them.
        let code = "const a = css`query { x }`;\nconst b = graphql`query Q { x }`;\nconst c = `query`;\nnotgql`query`;\ngraphqlx`query`;";
        let lines = highlight("js", code);
        let tokens: Vec<Vec<Token>> = lines.iter().map(CodeLine::tokens).collect();
        assert_eq!(tokens[0][tokens[0].len() - 2], Token::Styled(TokenClass::String, "`query { x }`".into()));
        assert_eq!(tokens[2][tokens[2].len() - 2], Token::Styled(TokenClass::String, "`query`".into()));
        assert_eq!(tokens[3][tokens[3].len() - 2], Token::Styled(TokenClass::String, "`query`".into()));
        assert_eq!(tokens[4][tokens[4].len() - 2], Token::Styled(TokenClass::String, "`query`".into()));
        assert_eq!(class_of(&lines[1..2], "query"), Some(TokenClass::Keyword));
    }

    #[test]
    fn standalone_graphql_schema_and_query() {
        let code = "# weather\ntype City implements Node {\n  temp(unit: Unit = CELSIUS): Float!\n  \"doc\"\n  \
                    near: [City!]!\n}\nenum Unit { CELSIUS }\nquery Q($n: Int = 3) { city { ... on City { temp } } }";
        let lines = highlight("graphql", code);
        assert_eq!(lines[0].tokens(), vec![Token::Styled(TokenClass::Comment, "# weather".into())]);
        assert_eq!(class_of(&lines, "type"), Some(TokenClass::Keyword));
        assert_eq!(class_of(&lines, "implements"), Some(TokenClass::Keyword));
        assert_eq!(class_of(&lines, "Node"), Some(TokenClass::Type));
        assert_eq!(class_of(&lines, "Float"), Some(TokenClass::Type));
        assert_eq!(class_of(&lines, "unit"), Some(TokenClass::Property));
        assert_eq!(class_of(&lines, "CELSIUS"), Some(TokenClass::Constant));
        assert_eq!(class_of(&lines, "\"doc\""), Some(TokenClass::String));
        assert_eq!(class_of(&lines, "3"), Some(TokenClass::Constant));
        assert_eq!(class_of(&lines, "on"), Some(TokenClass::Keyword));
        assert_eq!(class_of(&lines, "$n"), Some(TokenClass::Variable));
        assert_eq!(class_of(&lines, "Q"), Some(TokenClass::Function));
    }

    #[test]
    fn diff_lines_and_headers() {
        let code = "diff --git a/x.js b/x.js\n--- a/x.js\n+++ b/x.js\n@@ -1,2 +1,2 @@\n-a\n+ b\n c\n\n-d";
        let lines = highlight("diff", code);
        assert_eq!(lines[0].tokens(), vec![Token::Styled(TokenClass::Keyword, "diff --git a/x.js b/x.js".into())]);
        assert_eq!(lines[1].tokens(), vec![Token::Styled(TokenClass::Keyword, "--- a/x.js".into())]);
        assert_eq!(lines[3].tokens(), vec![Token::Styled(TokenClass::Keyword, "@@ -1,2 +1,2 @@".into())]);
        assert_eq!(lines[4].tokens(), vec![Token::Styled(TokenClass::Deleted, "-a".into())]);
        assert_eq!(lines[5].tokens(), vec![Token::Styled(TokenClass::Inserted, "+ b".into())]);
        assert_eq!(lines[6].tokens(), vec![Token::Plain(" c".into())]);
        assert_eq!(lines[7].tokens(), vec![]);
        assert_eq!(lines[8].tokens(), vec![Token::Styled(TokenClass::Deleted, "-d".into())]);
    }

    #[test]
    fn diff_without_headers() {
        // The site's diffs are bare hunks: indented context, `-`/`+` lines.
        let lines = highlight("diff", " const a = atom({\n-  effects_UNSTABLE: [e],\n+  effects: [e],\n });");
        assert_eq!(lines[0].tokens(), vec![Token::Plain(" const a = atom({".into())]);
        assert_eq!(lines[1].tokens(), vec![Token::Styled(TokenClass::Deleted, "-  effects_UNSTABLE: [e],".into())]);
        assert_eq!(lines[2].tokens(), vec![Token::Styled(TokenClass::Inserted, "+  effects: [e],".into())]);
    }

    #[test]
    fn malformed_input_keeps_every_character() {
        let junk: String = (0u32..600).filter_map(|i| char::from_u32((i * 7919) % 0x2_0000)).collect();
        let samples = [
            ("js", "const q = graphql`query Q { a { b "),
            ("jsx", "graphql`query { ${x} a(b: ) ... }`; graphql`"),
            ("ts", "gql`\u{0}\u{1}}}}{{{ $ @ \"\"\" \"` + `"),
            ("graphql", "query { a(b: \"unterminated\n} \"\"\" fragment on"),
            ("graphql", "}}}} ))) $$$ @@@ ... 0x12 -.5e"),
            ("diff", "@@ nonsense\n+++\n---\n\u{0}\r\n+\r\n"),
            ("graphql", junk.as_str()),
            ("diff", junk.as_str()),
            ("tsx", junk.as_str()),
        ];
        for (lang, code) in samples {
            let lines = highlight(lang, code);
            let text: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
            assert_eq!(text.join("\n"), code.strip_suffix('\n').unwrap_or(code), "{lang}: {code:?}");
        }
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
