//! Rendering many cards at once: in parallel, each distinct card once, and none whose file an
//! earlier build left in the cache directory.

use std::collections::HashSet;
use std::fs;
use std::path::Path;

use anyhow::{Context, Result};
use rayon::prelude::*;

use crate::{CardText, Renderer};

/// What [`render_missing`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Batch {
    /// The key of each card, in the order of the input (the file is `<dir>/<key>.png`).
    pub keys: Vec<String>,
    /// Cards drawn now.
    pub rendered: usize,
    /// Distinct cards whose file was already in the directory.
    pub reused: usize,
}

/// Makes sure `dir` holds `<key>.png` for every card, drawing only the missing ones, in
/// parallel. Files are written under a temporary name and renamed, so an interrupted build
/// never leaves a partial PNG that a later build would take for a finished one.
pub fn render_missing(renderer: &Renderer, cards: &[CardText], dir: &Path) -> Result<Batch> {
    fs::create_dir_all(dir).with_context(|| format!("{}: cannot create the card directory", dir.display()))?;
    let existing = existing_keys(dir)?;
    let keys: Vec<String> = cards.par_iter().map(|card| renderer.key(card)).collect();
    let mut seen = HashSet::new();
    let distinct: Vec<(&String, &CardText)> = keys.iter().zip(cards).filter(|(key, _)| seen.insert(*key)).collect();
    let missing: Vec<_> = distinct.iter().filter(|(key, _)| !existing.contains(*key)).collect();
    missing.par_iter().try_for_each(|(key, card)| write_card(renderer, card, &dir.join(format!("{key}.png"))))?;
    Ok(Batch { rendered: missing.len(), reused: distinct.len() - missing.len(), keys })
}

/// The keys of the `<key>.png` files in `dir`, read in one listing rather than a look-up each.
fn existing_keys(dir: &Path) -> Result<HashSet<String>> {
    let mut keys = HashSet::new();
    for entry in fs::read_dir(dir).with_context(|| format!("{}: cannot list the card directory", dir.display()))? {
        let name = entry.with_context(|| format!("{}: cannot list the card directory", dir.display()))?.file_name();
        if let Some(key) = name.to_str().and_then(|n| n.strip_suffix(".png")) {
            keys.insert(key.to_string());
        }
    }
    Ok(keys)
}

fn write_card(renderer: &Renderer, card: &CardText, path: &Path) -> Result<()> {
    let png = renderer.render(card).with_context(|| format!("rendering the card of “{}”", card.title))?;
    let temporary = path.with_extension(format!("png.{}.tmp", std::process::id()));
    fs::write(&temporary, png).with_context(|| format!("{}: cannot write the card", temporary.display()))?;
    fs::rename(&temporary, path).with_context(|| format!("{}: cannot move the card into place", path.display()))
}
