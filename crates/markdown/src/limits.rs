//! Structural limits of a content file. Past any of them the page could not go safely through
//! the rest of the pipeline (page data JSON read back in Rust, rendered recursively by React in
//! Node at build time and in the browser), so `compile` stops with an error naming the line.
//! Each limit is far above what a real page needs: the largest page in `content/` is
//! 29 KB; the most code lines on a page are 468, headings 26, and blocks and inline markup
//! are nested at most 2 deep.
//! `content/README.md` ("Limits") documents them for writers.

/// Source bytes of one file. 18 times the largest real page; keeps the worst case of every
/// later stage (highlighting, page data of a few MB, one HTML file) well under a second.
pub const MAX_PAGE_BYTES: usize = 512 * 1024;

/// Block containers nested in each other: admonitions, tabs, collapsible sections, block
/// quotes, lists and footnotes, all kinds counted together. Each level costs at most 4 levels
/// of JSON (a list: object, `items`, item, `children`), so 16 levels are 64; with the deepest
/// inline nesting (below, 32 more) and the page wrappers (6) a page stays under serde_json's
/// recursion limit of 128, and far under what the JavaScript stack can render.
pub const MAX_BLOCK_NESTING: usize = 16;

/// Inline markup nested in itself: emphasis, strong, strikethrough, links, images, `<kbd>`,
/// `<sup>`, `<sub>`. Each level costs 2 levels of JSON (object, `children`); see above.
pub const MAX_INLINE_NESTING: usize = 16;

/// Headings on one page. Each is a table-of-contents entry in the page and an anchor the link
/// check holds; 38 times the most any real page has.
pub const MAX_HEADINGS: usize = 1_000;

/// Code lines on one page, all blocks together. Every line is highlighted at build time and
/// becomes a string and its styled runs in the page data and a row of spans in the HTML; 21 times the
/// most any real page has. Also bounds line ranges such as `{1-5}`, which are expanded to
/// line numbers.
pub const MAX_CODE_LINES: usize = 10_000;

/// YAML aliases (`*name`) in front matter. No field needs one; a handful is tolerated, and the
/// cap stops an alias bomb ("billion laughs": aliases of aliases that expand a few lines into
/// gigabytes) before it is expanded.
pub const MAX_YAML_ALIASES: usize = 10;

/// Nesting of YAML collections in front matter. A field is at most a list of strings (depth
/// 2); the cap keeps the YAML parser's recursion short.
pub const MAX_YAML_DEPTH: usize = 8;

/// Errors reported per file. A broken file (say, 10 000 lines of raw HTML) would otherwise
/// print one error per line; the first ones say what is wrong.
pub const MAX_ERRORS_PER_FILE: usize = 50;

/// Where the limits are explained for writers.
pub(crate) const SEE: &str = "see \"Limits\" in content/README.md";
