//! The output buffer of one Markdown document: line prefixes of the containers around the
//! current block (`> ` of quotes, the indent of list items and footnotes), and text escaped so
//! that it renders as the characters the document tree holds.

use crate::Words;
use std::borrow::Cow;

/// Where text is being written; decides which characters need a backslash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Context {
    Paragraph,
    Heading,
    TableCell,
}

pub(crate) struct Printer<'a> {
    pub out: String,
    pub words: &'a Words,
    /// The route of the page being printed, for `#anchor` links and demo links.
    pub route: &'a str,
    /// The site's origin and base URL (`crate::urls::site_root`).
    pub root: &'a str,
    /// Written at the start of every line: the markers of the enclosing containers.
    prefix: String,
    /// The prefix of the current line is still to be written.
    prefix_pending: bool,
    /// Nothing but container markers on this line so far: block syntax would start here.
    pub(crate) at_block_start: bool,
}

impl<'a> Printer<'a> {
    pub fn new(words: &'a Words, root: &'a str, route: &'a str, capacity: usize) -> Self {
        Printer {
            out: String::with_capacity(capacity),
            words,
            route,
            root,
            prefix: String::new(),
            prefix_pending: false,
            at_block_start: true,
        }
    }

    /// Writes `s` as Markdown syntax (no escaping).
    pub fn raw(&mut self, s: &str) {
        if s.is_empty() {
            return;
        }
        self.flush_prefix();
        self.out.push_str(s);
        self.at_block_start = false;
    }

    /// Ends the line; the next one starts with the containers' prefix. A line left empty still
    /// gets the `>` of enclosing quotes, so the quote (and a code block in it) goes on.
    pub fn newline(&mut self) {
        if self.prefix_pending {
            self.out.push_str(self.prefix.trim_end());
        }
        self.out.push('\n');
        self.prefix_pending = true;
        self.at_block_start = true;
    }

    /// Ends the block: a blank line follows it.
    pub fn end_block(&mut self) {
        self.newline();
        self.newline();
    }

    /// Writes a container marker (`> `, `- `, `[^1]: `) and indents the lines that follow by
    /// `indent` until [`Printer::close`] with the returned mark.
    pub fn open(&mut self, marker: &str, indent: &str) -> usize {
        self.raw(marker);
        self.at_block_start = true;
        let mark = self.prefix.len();
        self.prefix.push_str(indent);
        mark
    }

    pub fn close(&mut self, mark: usize) {
        self.prefix.truncate(mark);
    }

    /// The last character written on this line, `None` at its start.
    pub fn last_char(&self) -> Option<char> {
        if self.prefix_pending || self.at_block_start { None } else { self.out.chars().next_back() }
    }

    /// Writes document text so that it renders as itself.
    pub fn text(&mut self, text: &str, cx: Context) {
        if text.is_empty() {
            return;
        }
        let block_start = self.at_block_start;
        let mut prev = self.last_char();
        self.flush_prefix();
        // Runs without syntax characters are copied whole.
        let mut copied = 0;
        let mut chars = text.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            let next = chars.peek().map(|&(_, n)| n);
            if needs_escape(c, prev, next, block_start && i == 0, cx) || (block_start && ends_list_number(text, i)) {
                self.out.push_str(&text[copied..i]);
                self.out.push('\\');
                copied = i;
            }
            prev = Some(c);
        }
        self.out.push_str(&text[copied..]);
        self.at_block_start = false;
    }

    /// [`Printer::text`] with every run of whitespace (a line break in front matter) as one
    /// space: titles, descriptions and list entries are one line.
    pub fn text_on_one_line(&mut self, text: &str, cx: Context) {
        for (i, word) in text.split_whitespace().enumerate() {
            if i > 0 {
                self.raw(" ");
            }
            self.text(word, cx);
        }
    }

    /// Writes a number as Markdown syntax (a list item's, a footnote's).
    pub fn number(&mut self, n: usize) {
        use std::fmt::Write;
        self.flush_prefix();
        let _ = write!(self.out, "{n}");
        self.at_block_start = false;
    }

    fn flush_prefix(&mut self) {
        if self.prefix_pending {
            self.out.push_str(&self.prefix);
            self.prefix_pending = false;
        }
    }
}

/// `n` times `c` (a fence, a heading's hashes), without allocating for the usual lengths.
pub(crate) fn repeated(c: char, n: usize) -> Cow<'static, str> {
    const BACKTICKS: &str = "````````````````";
    const TILDES: &str = "~~~~~~~~~~~~~~~~";
    const HASHES: &str = "######";
    let run = match c {
        '`' => BACKTICKS,
        '~' => TILDES,
        '#' => HASHES,
        _ => "",
    };
    if n <= run.len() { Cow::Borrowed(&run[..n]) } else { Cow::Owned(std::iter::repeat_n(c, n).collect()) }
}

/// Whether `c` (between `prev` and `next`) would be read as Markdown syntax.
fn needs_escape(c: char, prev: Option<char>, next: Option<char>, at_start: bool, cx: Context) -> bool {
    match c {
        '\\' | '`' | '*' | '[' | ']' | '~' => true,
        // Inside a word `_` cannot open or close emphasis (snake_case stays readable).
        '_' => !(prev.is_some_and(char::is_alphanumeric) && next.is_some_and(char::is_alphanumeric)),
        // Only a tag or an autolink starts with `<` and a letter, `/`, `!` or `?`.
        '<' => next.is_some_and(|n| n.is_ascii_alphabetic() || matches!(n, '/' | '!' | '?')),
        '&' => next.is_some_and(|n| n.is_ascii_alphanumeric() || n == '#'),
        '|' => cx == Context::TableCell,
        // A closing sequence of a heading, or a heading at the start of a line.
        '#' => at_start || (cx == Context::Heading && prev.is_none_or(char::is_whitespace)),
        '>' | '-' | '+' | '=' => at_start,
        _ => false,
    }
}

/// `1.` or `1)` at the start of a line would begin an ordered list: the `.` or `)` at byte `i`
/// ends such a number.
fn ends_list_number(text: &str, i: usize) -> bool {
    let c = text.as_bytes()[i];
    (c == b'.' || c == b')') && i > 0 && i <= 9 && text.as_bytes()[..i].iter().all(u8::is_ascii_digit)
}

/// CommonMark's punctuation for delimiter runs, approximated: anything neither a letter, a digit
/// nor whitespace (CJK punctuation and symbols included).
pub(crate) fn is_punctuation(c: char) -> bool {
    !c.is_alphanumeric() && !c.is_whitespace()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn escaped(text: &str, at_start: bool, cx: Context) -> String {
        let words = crate::tests::words();
        let mut p = Printer::new(&words, "https://example.com", "/", 64);
        if !at_start {
            p.raw("x ");
        }
        p.text(text, cx);
        p.out.trim_start_matches("x ").to_string()
    }

    #[test]
    fn syntax_characters_get_a_backslash() {
        let cx = Context::Paragraph;
        assert_eq!(escaped("a*b*c [d](e) `f` ~g~ \\", false, cx), "a\\*b\\*c \\[d\\](e) \\`f\\` \\~g\\~ \\\\");
        assert_eq!(escaped("<div> a < b &amp; c & d", false, cx), "\\<div> a < b \\&amp; c & d");
        assert_eq!(escaped("snake_case _x_ 中_文", false, cx), "snake_case \\_x\\_ 中_文");
    }

    #[test]
    fn block_syntax_is_escaped_only_at_the_start_of_a_line() {
        let cx = Context::Paragraph;
        assert_eq!(escaped("# 标题 - a + b = c > d", true, cx), "\\# 标题 - a + b = c > d");
        assert_eq!(escaped("- 项", true, cx), "\\- 项");
        assert_eq!(escaped("2022. 年", true, cx), "2022\\. 年");
        assert_eq!(escaped("3) 项", true, cx), "3\\) 项");
        assert_eq!(escaped("2022. 年", false, cx), "2022. 年");
    }

    #[test]
    fn pipes_in_tables_and_hashes_in_headings() {
        assert_eq!(escaped("a | b", false, Context::TableCell), "a \\| b");
        assert_eq!(escaped("a | b", false, Context::Paragraph), "a | b");
        assert_eq!(escaped("C# 与 #", false, Context::Heading), "C# 与 \\#");
    }

    #[test]
    fn one_line_text() {
        let words = crate::tests::words();
        let mut p = Printer::new(&words, "https://example.com", "/", 64);
        p.text_on_one_line(" 一行\n- 两行\t三 ", Context::Paragraph);
        assert_eq!(p.out, "一行 - 两行 三");
    }

    #[test]
    fn runs_of_a_character() {
        assert_eq!(repeated('`', 3), "```");
        assert_eq!(repeated('#', 2), "##");
        assert_eq!(repeated('`', 20), "`".repeat(20));
    }
}
