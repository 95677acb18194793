//! How the searchable pages are split into shards: separate Pagefind indexes, which the browser
//! merges into one search (Pagefind's `mergeIndex`).
//!
//! Pagefind has no incremental mode and holds a whole index in memory while it writes it. In
//! shards, an edit re-indexes only the shard of the page it changed (the others come from the
//! cache), shards index side by side on every core, and the memory of one is bounded. The
//! browser pays one small request per shard to open each (its entry and metadata).
//!
//! A page's shard is a hash of its route. Pagefind ranks a shard's hits by that shard's own
//! statistics (how rare a word is among its pages, their average length), and the browser
//! compares hits across shards by those scores: shards must be alike, and large, for that to be
//! fair. Split by section, the API pages (where 原子 is everywhere, so weighs little) lost to
//! blog posts (where it is rare): 15 of the 104 quality queries (tests/search/queries.json)
//! missed their page in this site's five section shards. Mixed by hash, misses fell to 6 with
//! four shards of 26 pages and to 3 with two of 52; one shard misses none. So a site is split
//! only past [`DEFAULT_SHARD_PAGES`] pages (`[search] shard_pages` in site.toml); a hash also
//! keeps every other page in its shard when a page is added or removed.

use sha2::{Digest, Sha256};

/// The most pages a shard holds by default: large enough for even ranking (see above), small
/// enough for memory (Pagefind needs about 0.8 MB a page while it indexes: bench/RESULTS.md).
pub const DEFAULT_SHARD_PAGES: usize = 400;

/// The shards of pages with these routes (in index order), none over `shard_pages` pages on
/// average: each shard's pages as positions in that order, ascending.
pub fn plan(routes: &[&str], shard_pages: usize) -> Vec<Vec<usize>> {
    let count = routes.len().div_ceil(shard_pages.max(1)).max(1);
    let mut shards = vec![Vec::new(); count];
    for (position, route) in routes.iter().enumerate() {
        shards[shard_of(route, count)].push(position);
    }
    // A shard the hash left empty would be an index of nothing.
    shards.retain(|s| !s.is_empty());
    shards
}

fn shard_of(route: &str, count: usize) -> usize {
    let hash = Sha256::digest(route.as_bytes());
    (u64::from_le_bytes(hash[..8].try_into().expect("8 bytes")) % count as u64) as usize
}

/// The folder of shard `n` under the index's folder: the first is the index folder itself (it
/// holds the runtime the browser loads); the others are merged into it.
pub fn folder(n: usize) -> String {
    if n == 0 { String::new() } else { format!("shard-{n}/") }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn routes(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("/docs/section-{}/page-{i}", i % 7)).collect()
    }

    fn plan_of(routes: &[String], shard_pages: usize) -> Vec<Vec<usize>> {
        let refs: Vec<&str> = routes.iter().map(String::as_str).collect();
        let shards = plan(&refs, shard_pages);
        // Every page in exactly one shard, in index order within it.
        let mut all: Vec<usize> = shards.iter().flatten().copied().collect();
        assert!(shards.iter().all(|s| !s.is_empty() && s.windows(2).all(|w| w[0] < w[1])));
        all.sort_unstable();
        assert_eq!(all, (0..routes.len()).collect::<Vec<_>>());
        shards
    }

    #[test]
    fn a_site_within_one_shard_is_one_and_no_site_is_none_at_all() {
        assert_eq!(plan_of(&routes(104), DEFAULT_SHARD_PAGES).len(), 1);
        assert_eq!(plan_of(&routes(0), DEFAULT_SHARD_PAGES).len(), 0);
    }

    #[test]
    fn larger_sites_are_split_into_shards_of_about_the_size_asked() {
        assert_eq!(plan_of(&routes(104), 30).len(), 4);
        let huge = plan_of(&routes(10_000), DEFAULT_SHARD_PAGES);
        assert_eq!(huge.len(), 25);
        // A hash spreads pages evenly enough: no shard far past its share.
        let sizes: Vec<usize> = huge.iter().map(Vec::len).collect();
        assert!(sizes.iter().all(|&n| n < DEFAULT_SHARD_PAGES * 5 / 4), "{sizes:?}");
    }

    #[test]
    fn adding_a_page_moves_no_other_page() {
        let before = routes(104);
        let mut after = before.clone();
        after.insert(50, "/docs/new-page".into());
        let shard_of_route = |routes: &[String]| -> std::collections::HashMap<String, usize> {
            let plan = plan_of(routes, 30);
            plan.iter().enumerate().flat_map(|(n, s)| s.iter().map(move |&p| (routes[p].clone(), n))).collect()
        };
        let (b, a) = (shard_of_route(&before), shard_of_route(&after));
        assert!(before.iter().all(|r| b[r] == a[r]));
    }
}
