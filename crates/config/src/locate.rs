//! Where each field is written in the file, so that every error can name its line, including the
//! errors the build finds later (a sidebar entry naming a missing doc, a broken navbar link).

use crate::ConfigError;
use std::collections::HashMap;
use std::path::Path;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// The line of every key, table header and array element of a configuration file, by field path
/// in the shape errors use: `site.url`, `navbar.items[3].doc_id`, `sidebars[0].items[1].items[1]`.
///
/// Kept in [`Config`](crate::Config) ([`Config::locator`](crate::Config::locator)), so checks
/// that need the content can report lines too.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Locator {
    lines: HashMap<String, usize>,
}

/// Short, so that a printed `Config` stays readable.
impl std::fmt::Debug for Locator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Locator {{ {} fields }}", self.lines.len())
    }
}

impl Locator {
    /// Records the line of every field of a parsed document.
    pub(crate) fn new(text: &str, document: &Spanned<DeTable<'_>>) -> Locator {
        let starts = LineStarts::new(text);
        let mut lines = HashMap::new();
        record_table(&starts, "", document.get_ref(), &mut lines);
        Locator { lines }
    }

    /// The line of `field`: of its key, of its `[[table]]` header for an element of an array of
    /// tables, of the element itself in an inline array. A field the file leaves out (a default)
    /// gets the line of the nearest enclosing field the file writes; `None` when there is none.
    pub fn line_of(&self, field: &str) -> Option<usize> {
        let mut field = field;
        loop {
            if let Some(&line) = self.lines.get(field) {
                return Some(line);
            }
            field = parent(field)?;
        }
    }

    /// The line of `field` only if the file writes that very field.
    pub fn exact_line_of(&self, field: &str) -> Option<usize> {
        self.lines.get(field).copied()
    }

    /// An error at `field`, with its line: for problems found after loading, such as a doc id
    /// with no doc. `file` names the configuration file as the reader should see it.
    pub fn error(&self, file: &Path, field: impl Into<String>, message: impl Into<String>) -> ConfigError {
        let field = field.into();
        ConfigError { file: file.to_path_buf(), line: self.line_of(&field), field, message: message.into() }
    }
}

/// `a.b[2]` → `a.b`, `a.b` → `a`, `a` → none.
fn parent(field: &str) -> Option<&str> {
    if field.ends_with(']') {
        return field.rfind('[').map(|i| &field[..i]);
    }
    field.rfind('.').map(|i| &field[..i])
}

fn record_table(starts: &LineStarts, prefix: &str, table: &DeTable<'_>, lines: &mut HashMap<String, usize>) {
    for (key, value) in table {
        let path = if prefix.is_empty() { key.get_ref().to_string() } else { format!("{prefix}.{}", key.get_ref()) };
        // A key split over several headers keeps the first line it appears on.
        lines.entry(path.clone()).or_insert_with(|| starts.line_at(key.span().start));
        record_value(starts, &path, value.get_ref(), lines);
    }
}

fn record_value(starts: &LineStarts, path: &str, value: &DeValue<'_>, lines: &mut HashMap<String, usize>) {
    match value {
        DeValue::Table(table) => record_table(starts, path, table, lines),
        DeValue::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let path = format!("{path}[{i}]");
                lines.insert(path.clone(), starts.line_at(item.span().start));
                record_value(starts, &path, item.get_ref(), lines);
            }
        }
        _ => {}
    }
}

/// Byte offsets where lines start, to turn a span into a line number by binary search.
pub(crate) struct LineStarts(Vec<usize>);

impl LineStarts {
    pub(crate) fn new(text: &str) -> LineStarts {
        LineStarts(std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect())
    }

    /// The 1-based line holding byte `offset`.
    pub(crate) fn line_at(&self, offset: usize) -> usize {
        self.0.partition_point(|&start| start <= offset).max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn locator(text: &str) -> Locator {
        Locator::new(text, &DeTable::parse(text).unwrap())
    }

    #[test]
    fn parent_strips_the_last_key_or_index() {
        assert_eq!(parent("a.b[2]"), Some("a.b"));
        assert_eq!(parent("a.b[2].c"), Some("a.b[2]"));
        assert_eq!(parent("a.b"), Some("a"));
        assert_eq!(parent("a[0][1]"), Some("a[0]"));
        assert_eq!(parent("a"), None);
    }

    #[test]
    fn line_starts_count_from_one() {
        let starts = LineStarts::new("a\nbc\n\nd");
        assert_eq!([0, 1, 2, 3, 4, 5, 6, 99].map(|o| starts.line_at(o)), [1, 1, 2, 2, 2, 3, 4, 4]);
        assert_eq!(LineStarts::new("").line_at(0), 1);
    }

    #[test]
    fn headers_keys_and_elements_have_their_own_lines() {
        let l = locator("[a]\nx = 1\n\n[[a.t]]\ny = [\n  1,\n  { z = 2 },\n]\n\n[[a.t]]\nw = 3\n");
        assert_eq!(l.exact_line_of("a"), Some(1));
        assert_eq!(l.exact_line_of("a.x"), Some(2));
        assert_eq!(l.exact_line_of("a.t[0]"), Some(4));
        assert_eq!(l.exact_line_of("a.t[0].y"), Some(5));
        assert_eq!(l.exact_line_of("a.t[0].y[1]"), Some(7));
        assert_eq!(l.exact_line_of("a.t[0].y[1].z"), Some(7));
        assert_eq!(l.exact_line_of("a.t[1]"), Some(10));
        assert_eq!(l.exact_line_of("a.t[1].w"), Some(11));
    }

    #[test]
    fn an_unwritten_field_falls_back_to_its_table() {
        let l = locator("[a]\nx = 1\n[b]\n");
        assert_eq!(l.line_of("b.missing"), Some(3));
        assert_eq!(l.exact_line_of("b.missing"), None);
        assert_eq!(l.line_of("c.d"), None);
    }
}
