//! Writing the twins, llms.txt and llms-full.txt into the built site, the pages in parallel.

use crate::llms::{ReadingOrder, llms_full_txt, llms_txt};
use crate::page::{has_twin, twin};
use crate::{LLMS_FULL_TXT, LLMS_TXT, Words, urls};
use anyhow::{Context, Result};
use rayon::prelude::*;
use site_model::Site;
use site_schema::PageData;
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

/// Where [`write_with`] puts the files it makes.
pub trait Files: Sync {
    /// Writes `bytes` at `path`.
    fn put(&self, path: &Path, bytes: &[u8]) -> Result<()>;

    /// Puts the twin of `page` at `path` and returns its text, printed by `print`. A build cache
    /// keeps twins by the page's data, and prints only the pages that changed.
    fn twin(&self, _page: &PageData, path: &Path, print: &dyn Fn() -> Result<String>) -> Result<String> {
        let text = print()?;
        self.put(path, text.as_bytes()).with_context(|| format!("writing {}", path.display()))?;
        Ok(text)
    }
}

/// Files written as they are.
struct Plain;

impl Files for Plain {
    fn put(&self, path: &Path, bytes: &[u8]) -> Result<()> {
        std::fs::write(path, bytes).map_err(Into::into)
    }
}

/// Writes every doc's and post's twin at `out/<markdown_file(route)>`, then `out/llms.txt` and
/// `out/llms-full.txt`.
pub fn write(site: &Site, words: &Words, out: &Path) -> Result<Stats> {
    write_with(site, words, out, &Plain)
}

/// [`write`], each file put in place by `files` (the build puts them in place from its cache, as
/// links: creating files is much of a small build's time).
pub fn write_with(site: &Site, words: &Words, out: &Path, files: &impl Files) -> Result<Stats> {
    let root = urls::site_root(&site.data);
    let twinned: Vec<(usize, PathBuf)> = (site.pages.iter().enumerate())
        .filter(|(_, page)| has_twin(page))
        .map(|(i, page)| (i, out.join(markdown_file(&page.route))))
        .collect();
    // Folders first, once each, so the parallel writes do not race to create them.
    let folders: BTreeSet<&Path> = twinned.iter().filter_map(|(_, path)| path.parent()).collect();
    for folder in folders {
        std::fs::create_dir_all(folder).with_context(|| format!("creating {}", folder.display()))?;
    }
    let texts = twinned
        .par_iter()
        .map(|(i, path)| {
            let page = &site.pages[*i];
            let print = || twin(page, words, &root);
            files.twin(page, path, &print)
        })
        .collect::<Result<Vec<String>>>()?;
    let mut twins: Vec<Option<String>> = vec![None; site.pages.len()];
    for ((i, _), text) in twinned.iter().zip(texts) {
        twins[*i] = Some(text);
    }

    let order = ReadingOrder::of(site);
    let index = llms_txt(site, &order, words, &root);
    let full = llms_full_txt(site, &order, &twins, words, &root);
    for (name, text) in [(LLMS_TXT, &index), (LLMS_FULL_TXT, &full)] {
        let path = out.join(name);
        files.put(&path, text.as_bytes()).with_context(|| format!("writing {}", path.display()))?;
    }
    let bytes = twins.iter().flatten().map(String::len).sum::<usize>() + index.len() + full.len();
    Ok(Stats { twins: twinned.len(), bytes })
}
