//! Finds the content files (`content/docs`, `content/blog`, `content/pages`), gives each file
//! its route, and compiles them all in parallel. Links are resolved to routes here and recorded,
//! so the build can check them once every page and heading is known.

mod cache;
mod resolve;

pub use cache::CompileCache;
pub use resolve::{LinkKind, LinkRecord, Resolver};

use cache::Compiled;
use rayon::prelude::*;
use site_markdown::{Diagnostic, Document, SourceKind};
use site_on_disk::OnDisk;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone)]
pub struct Doc {
    /// `introduction/motivation`
    pub id: String,
    /// `/docs/introduction/motivation`
    pub route: String,
    pub source: PathBuf,
    pub doc: Document,
}

#[derive(Debug, Clone)]
pub struct Post {
    pub slug: String,
    /// `2022-10-11`
    pub date: jiff::civil::Date,
    /// `/blog/2022/10/11/recoil-0.7.6-release`
    pub route: String,
    pub source: PathBuf,
    pub doc: Document,
}

#[derive(Debug, Clone)]
pub struct StandalonePage {
    pub route: String,
    pub source: PathBuf,
    pub doc: Document,
}

/// Everything under `content/`, compiled.
#[derive(Debug, Default)]
pub struct Content {
    pub docs: Vec<Doc>,
    /// Newest first.
    pub posts: Vec<Post>,
    pub pages: Vec<StandalonePage>,
    pub links: Vec<LinkRecord>,
    pub warnings: Vec<Diagnostic>,
}

struct Source {
    kind: SourceKind,
    path: PathBuf,
    route: String,
    id: String,
    date: Option<jiff::civil::Date>,
}

/// Loads and compiles everything under `content_dir`. `root` makes paths in diagnostics
/// relative (`content/docs/x.md:12: …`).
pub fn load(root: &Path, content_dir: &Path) -> Result<Content, Vec<Diagnostic>> {
    load_cached(root, content_dir, None)
}

/// [`load`], reading back from `cache` every file compiled before from the same inputs.
pub fn load_cached(root: &Path, content_dir: &Path, cache: Option<&CompileCache>) -> Result<Content, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let sources = discover(root, content_dir, &mut errors);
    if !errors.is_empty() {
        return Err(errors);
    }
    // Which route each source file has, for relative `.md` links.
    let by_file: HashMap<PathBuf, String> = sources.iter().map(|s| (s.path.clone(), s.route.clone())).collect();
    let site_routes = cache::routes_digest(
        &sources.iter().flat_map(|s| format!("{}\0{}\0", s.path.display(), s.route).into_bytes()).collect::<Vec<u8>>(),
    );
    let results: Vec<Result<Compiled, Vec<Diagnostic>>> = sources
        .par_iter()
        .map(|s| {
            let about = format!("{:?} {} {} {} {:?}", s.kind, s.path.display(), s.route, s.id, s.date);
            let full = root.join(&s.path);
            if let Some(cache) = cache {
                let known = cache.known_key(&full, &about, &site_routes);
                if let Some(compiled) = known.and_then(|k| cache.get(&k)) {
                    return Ok(compiled);
                }
            }
            let (bytes, on_disk) = read(&full, &s.path)?;
            let key = cache.map(|c| c.key(&about, &site_routes, &bytes));
            if let (Some(cache), Some(key)) = (cache, &key) {
                cache.remember(&full, on_disk, &about, &site_routes, key);
                if let Some(compiled) = cache.get(key) {
                    return Ok(compiled);
                }
            }
            let text = site_markdown::source_text(&s.path, &bytes).map_err(|d| vec![d])?;
            let mut resolver = Resolver::new(&s.path, &s.route, &by_file);
            let mut warnings = Vec::new();
            let doc = site_markdown::compile(&s.path, text, s.kind, &mut resolver, &mut warnings)?;
            let compiled = Compiled { doc, links: resolver.records, warnings };
            if let (Some(cache), Some(key)) = (cache, &key) {
                cache.put(key, &compiled);
            }
            Ok(compiled)
        })
        .collect();
    if let Some(cache) = cache {
        cache.prune();
    }

    let mut content = Content::default();
    for (s, r) in sources.into_iter().zip(results) {
        let Compiled { doc, links, warnings } = match r {
            Ok(v) => v,
            Err(e) => {
                errors.extend(e);
                continue;
            }
        };
        content.links.extend(links);
        content.warnings.extend(warnings);
        match s.kind {
            SourceKind::Doc => content.docs.push(Doc { id: s.id, route: s.route, source: s.path, doc }),
            SourceKind::BlogPost => content.posts.push(Post {
                slug: s.id,
                date: s.date.expect("posts have dates"),
                route: s.route,
                source: s.path,
                doc,
            }),
            SourceKind::Standalone => content.pages.push(StandalonePage { route: s.route, source: s.path, doc }),
        }
    }
    if !errors.is_empty() {
        errors.sort_by(|a, b| (&a.file, a.line).cmp(&(&b.file, b.line)));
        return Err(errors);
    }
    content.docs.sort_by(|a, b| a.id.cmp(&b.id));
    // Newest first; same-day posts by slug, for a stable order.
    content.posts.sort_by(|a, b| b.date.cmp(&a.date).then(b.slug.cmp(&a.slug)));
    Ok(content)
}

/// The bytes of a content file (`full`; `path` names it in diagnostics), at most one byte past
/// the page size limit (enough for `source_text` to refuse it without reading a huge file
/// whole), and where it was on disk before they were read, if its last change is settled
/// ([`OnDisk::settled`]).
fn read(full: &Path, path: &Path) -> Result<(Vec<u8>, Option<OnDisk>), Vec<Diagnostic>> {
    use std::io::Read;
    let limit = site_markdown::limits::MAX_PAGE_BYTES as u64 + 1;
    std::fs::File::open(full)
        .and_then(|f| {
            // Sized from the start: through `take`, the reader no longer knows the file's length
            // and grew the buffer from nothing, a read call at each step.
            let metadata = f.metadata()?;
            let len = metadata.len().min(limit);
            let mut bytes = Vec::with_capacity(len as usize + 1);
            f.take(limit).read_to_end(&mut bytes)?;
            Ok((bytes, OnDisk::settled(&metadata)))
        })
        .map_err(|e| vec![Diagnostic { file: path.to_path_buf(), line: None, message: format!("cannot read: {e}") }])
}

fn discover(root: &Path, content_dir: &Path, errors: &mut Vec<Diagnostic>) -> Vec<Source> {
    let mut out = Vec::new();
    for (sub, kind) in [("docs", SourceKind::Doc), ("blog", SourceKind::BlogPost), ("pages", SourceKind::Standalone)] {
        let dir = content_dir.join(sub);
        if !dir.is_dir() {
            continue;
        }
        let mut files: Vec<PathBuf> = walkdir::WalkDir::new(&dir)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .map(|e| e.into_path())
            .filter(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("md" | "mdx")))
            .collect();
        files.sort();
        for path in files {
            let rel_to_root = path.strip_prefix(root).unwrap_or(&path).to_path_buf();
            let rel = path.strip_prefix(&dir).unwrap().with_extension("");
            let rel = rel.to_string_lossy().replace('\\', "/");
            if rel == "README" {
                continue;
            }
            let mut err = |m: String| errors.push(Diagnostic { file: rel_to_root.clone(), line: None, message: m });
            if let Some(bad) = rel.split('/').find(|seg| !valid_segment(seg)) {
                err(format!("`{bad}`: file and folder names may use letters, digits, `-`, `_` and `.` only"));
                continue;
            }
            match kind {
                SourceKind::Doc => {
                    let id = rel.strip_suffix("/index").unwrap_or(&rel).to_string();
                    out.push(Source { kind, route: format!("/docs/{id}"), id, path: rel_to_root, date: None });
                }
                SourceKind::Standalone => {
                    let route = if rel == "index" { "/".to_string() } else { format!("/{rel}") };
                    out.push(Source { kind, route, id: rel, path: rel_to_root, date: None });
                }
                SourceKind::BlogPost => match blog_file_name(&rel) {
                    Some((date, slug)) => out.push(Source {
                        kind,
                        route: format!("/blog/{:04}/{:02}/{:02}/{slug}", date.year(), date.month(), date.day()),
                        id: slug,
                        path: rel_to_root,
                        date: Some(date),
                    }),
                    None => err("blog post file names are `YYYY-MM-DD-slug.md` with a real date".into()),
                },
            }
        }
    }
    out
}

fn valid_segment(s: &str) -> bool {
    !s.is_empty() && !s.starts_with('.') && s.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

fn blog_file_name(name: &str) -> Option<(jiff::civil::Date, String)> {
    if name.contains('/') || name.len() < 12 || name.as_bytes().get(10) != Some(&b'-') {
        return None;
    }
    let date: jiff::civil::Date = name[..10].parse().ok()?;
    let slug = &name[11..];
    (!slug.is_empty()).then(|| (date, slug.to_string()))
}
