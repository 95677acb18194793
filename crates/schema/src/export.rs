//! Renders the TypeScript declarations of every contract type into one module.

use crate::*;
use ts_rs::{Config, TS};

macro_rules! decls {
    ($cfg:expr; $($t:ty),* $(,)?) => {
        vec![$(format!("export {}", <$t as TS>::decl($cfg))),*]
    };
}

/// The contents of `frontend/src/schema.ts`.
pub fn typescript_declarations() -> String {
    let cfg = Config::default();
    let decls = decls!(&cfg;
        Block, Inline, InlineNode, ListItem, Footnote, AdmonitionKind, Align, TabItem, CodeBlock,
        code_line::CodeLineWire, code_line::Piece, TokenClass, Component, TodoStage, TocItem,
        SiteData, Navbar, Logo, Position, NavItem, NavIcon, DropdownItem, LinkTarget, Footer,
        FooterGroup, Announcement, ThemeName, ColorMode, TocLevels, DocsSettings, DocsVersion,
        VersionBanner, BlogSettings, SearchSettings, Analytics,
        PageData, Head, Page, DocPage, Breadcrumb, SourceInfo, Sidebar, SidebarItem, PageLink, TagLink, TagCount,
        DocSummary, BlogListPage, BlogPostSummary, BlogPostPage, ArchiveYear, ArchivePost,
        HomePage, Hero, Feature, StandalonePage, SearchTitle, SearchKind,
        SearchManifest,
    );
    let mut out =
        String::from("// Generated from crates/schema by `UPDATE_TYPES=1 cargo test -p site-schema`. Do not edit.\n\n");
    for d in decls {
        out.push_str(&d);
        out.push_str("\n\n");
    }
    let classes: Vec<String> = TokenClass::ALL.iter().map(|c| serde_json::to_string(c).unwrap()).collect();
    out.push_str("/** Highlight classes by their number in a code line (`TokenClass::ALL`). */\n");
    out.push_str(&format!("export const TOKEN_CLASSES: TokenClass[] = [{}];\n", classes.join(", ")));
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// The front end's copies of the contract (types, the route ↔ file rules) must be the ones
    /// generated from the Rust code.
    #[test]
    fn generated_files_are_current() {
        let frontend = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../frontend/src");
        let generated = [
            ("schema.ts", typescript_declarations()),
            ("generated/routeFiles.js", crate::route_files::javascript()),
            ("generated/routeFiles.d.ts", crate::route_files::typescript_declarations()),
        ];
        let mut stale = Vec::new();
        for (rel, want) in generated {
            let path = frontend.join(rel);
            if std::env::var_os("UPDATE_TYPES").is_some() {
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(&path, &want).unwrap();
            }
            if std::fs::read_to_string(&path).unwrap_or_default() != want {
                stale.push(format!("frontend/src/{rel}"));
            }
        }
        assert!(stale.is_empty(), "{} out of date; run `UPDATE_TYPES=1 cargo test -p site-schema`", stale.join(", "));
    }

    #[test]
    fn component_names_are_the_json_names() {
        for c in [
            Component::CharacterCounterDemo,
            Component::TodoListDemo { stage: TodoStage::Atoms },
            Component::LinkButton { href: "/".into(), label: "x".into() },
            Component::Highlight { color: "red".into(), text: "x".into() },
        ] {
            assert_eq!(serde_json::to_value(&c).unwrap()["name"], c.name());
        }
    }

    #[test]
    fn text_inlines_are_bare_strings_and_tokens_are_compact() {
        let p = Block::Paragraph { children: vec![Inline::Text("你好".into())] };
        assert_eq!(serde_json::to_string(&p).unwrap(), r#"{"t":"paragraph","children":["你好"]}"#);
        let line =
            CodeLine::from_tokens([Token::Styled(TokenClass::Keyword, "const".into()), Token::Plain(" x".into())]);
        assert_eq!(serde_json::to_string(&line).unwrap(), r#"[0,"const"," x"]"#);
        let c = Component::TodoListDemo { stage: TodoStage::Atoms };
        assert_eq!(serde_json::to_string(&c).unwrap(), r#"{"name":"TodoListDemo","stage":"atoms"}"#);
    }
}
