//! Writing the twins, llms.txt and llms-full.txt into the built site, the pages in parallel.

use crate::llms::{ReadingOrder, llms_full_txt, llms_txt};
use crate::page::page_markdown_under;
use crate::{LLMS_FULL_TXT, LLMS_TXT, Words, urls};
use anyhow::{Context, Result};
use rayon::prelude::*;
use site_model::Site;
use site_schema::route_files::markdown_file;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// What [`write`] wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    /// Markdown twins (one per doc and post).
    pub twins: usize,
    /// Bytes of every file written, llms.txt and llms-full.txt included.
    pub bytes: usize,
}

/// Writes every doc's and post's twin at `out/<markdown_file(route)>`, then `out/llms.txt` and
/// `out/llms-full.txt`.
pub fn write(site: &Site, words: &Words, out: &Path) -> Result<Stats> {
    write_with(site, words, out, |path, bytes| std::fs::write(path, bytes).map_err(Into::into))
}

/// [`write`], each file written by `put(path, bytes)` (the build puts files in place from its
/// cache, as links: creating files is much of a small build's time).
pub fn write_with(
    site: &Site,
    words: &Words,
    out: &Path,
    put: impl Fn(&Path, &[u8]) -> Result<()> + Sync,
) -> Result<Stats> {
    let write_file =
        |path: &Path, text: &str| put(path, text.as_bytes()).with_context(|| format!("writing {}", path.display()));
    let root = urls::site_root(&site.data);
    let twins =
        site.pages.par_iter().map(|page| page_markdown_under(page, words, &root)).collect::<Result<Vec<_>>>()?;
    let files: Vec<(PathBuf, &str)> = site
        .pages
        .iter()
        .zip(&twins)
        .filter_map(|(page, twin)| Some((out.join(markdown_file(&page.route)), twin.as_deref()?)))
        .collect();
    // Folders first, once each, so the parallel writes do not race to create them.
    let folders: BTreeSet<&Path> = files.iter().filter_map(|(path, _)| path.parent()).collect();
    for folder in folders {
        std::fs::create_dir_all(folder).with_context(|| format!("creating {}", folder.display()))?;
    }
    files.par_iter().try_for_each(|(path, text)| write_file(path, text))?;

    let order = ReadingOrder::of(site);
    let index = llms_txt(site, &order, words, &root);
    let full = llms_full_txt(site, &order, &twins, words, &root);
    write_file(&out.join(LLMS_TXT), &index)?;
    write_file(&out.join(LLMS_FULL_TXT), &full)?;
    let bytes = files.iter().map(|(_, text)| text.len()).sum::<usize>() + index.len() + full.len();
    Ok(Stats { twins: files.len(), bytes })
}
