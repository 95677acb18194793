//! Blocks highlighted before, by grammar and code, for the process. The same block recurs
//! across a site's versions and languages (every copy of the 10 000-page benchmark's: 6 % of its
//! CPU went to highlighting them again), and across `dev`'s rebuilds.
//!
//! A block is kept as its code (the key) and each line's styled runs: the lines' text is the
//! code's, so it is not held twice. Held as tokens (a string each), the blocks of a
//! 10 000-page site whose blocks all differ (`SCALE_UNIQUE_CODE=1 bench/scale`) took about
//! 220 MB at the limit, for no hit.

use site_schema::{CodeLine, Run};
use std::collections::HashMap;

/// What the kept blocks may take, code and tokens (see [`Block::bytes`]). Past it, blocks
/// are highlighted without being kept.
const LIMIT_BYTES: usize = 24 << 20;

/// Kept blocks, one map per grammar (looked up by `&str`, without copying the code).
pub struct Kept {
    blocks: Vec<HashMap<Box<str>, Block>>,
    bytes: usize,
    limit: usize,
}

/// One block's lines without their text: every line's runs, one after another.
struct Block {
    runs: Box<[Run]>,
    /// How many runs each line has.
    per_line: Box<[u32]>,
}

impl Kept {
    /// Empty, for `grammars` grammars.
    pub fn new(grammars: usize) -> Kept {
        Kept::with_limit(grammars, LIMIT_BYTES)
    }

    fn with_limit(grammars: usize, limit: usize) -> Kept {
        Kept { blocks: (0..grammars).map(|_| HashMap::new()).collect(), bytes: 0, limit }
    }

    /// The lines kept for `code` in `grammar`, made anew.
    pub fn get(&self, grammar: usize, code: &str) -> Option<Vec<CodeLine>> {
        self.blocks[grammar].get(code).map(|b| b.lines(code))
    }

    /// Keeps `lines`, the highlighted lines of `code` in `grammar`, while there is room.
    pub fn keep(&mut self, grammar: usize, code: &str, lines: &[CodeLine]) {
        // Full: the code alone would not fit (on a site whose blocks all differ, most of them).
        if self.bytes + code.len() > self.limit {
            return;
        }
        let block = Block::of(lines);
        let bytes = block.bytes() + code.len();
        if self.bytes + bytes <= self.limit && self.blocks[grammar].insert(code.into(), block).is_none() {
            self.bytes += bytes;
        }
    }
}

impl Block {
    fn of(lines: &[CodeLine]) -> Block {
        Block {
            runs: lines.iter().flat_map(|l| l.runs.iter().copied()).collect(),
            per_line: lines.iter().map(|l| l.runs.len() as u32).collect(),
        }
    }

    /// What it holds, about: its two lists and the map's entry.
    fn bytes(&self) -> usize {
        std::mem::size_of::<Run>() * self.runs.len() + 4 * self.per_line.len() + 64
    }

    /// The lines again, their text cut from `code` (whose lines they are, in order).
    fn lines(&self, code: &str) -> Vec<CodeLine> {
        let mut at = 0;
        code.split('\n')
            .zip(self.per_line.iter())
            .map(|(text, &count)| {
                let runs = self.runs[at..at + count as usize].to_vec();
                at += count as usize;
                CodeLine { text: text.to_owned(), runs }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_block_comes_back_run_for_run_and_the_limit_counts_code_and_runs() {
        let samples = [
            ("jsx", "const a = <div className=\"x\">{b}</div>;\n\n  // 注释：中文\n\t"),
            ("ts", "function atom<T>(o: AtomOptions<T>): RecoilState<T>;"),
            ("bash", "npm install recoil # 安装\n"),
            ("text", "plain\n\ntext\n"),
            ("diff", "+ added\n- removed\n same"),
            ("js", ""),
        ];
        let mut kept = Kept::new(1);
        for (lang, code) in samples {
            let code = code.strip_suffix('\n').unwrap_or(code);
            let lines = crate::highlight(lang, code);
            kept.keep(0, code, &lines);
            assert_eq!(kept.get(0, code).as_ref(), Some(&lines), "{lang}: {code:?}");
        }
        assert!(kept.get(0, "not kept").is_none());

        let code = "const x = 1;\nconst y = 2;";
        let lines = crate::highlight("js", code);
        let size = Block::of(&lines).bytes() + code.len();
        let mut small = Kept::with_limit(2, 2 * size);
        small.keep(1, code, &lines);
        small.keep(1, code, &lines);
        assert_eq!(small.bytes, size, "a block kept again is counted once");
        small.keep(0, code, &lines);
        small.keep(0, "let z;", &crate::highlight("js", "let z;"));
        assert_eq!((small.bytes, small.get(0, "let z;")), (2 * size, None), "past the limit, nothing is kept");
        assert_eq!(small.get(0, code), Some(lines));
    }
}
