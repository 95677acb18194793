//! When each content file last changed, from the repository's history: one `git log` for the
//! whole site per build (not one process per page). Outside a git checkout, or without git,
//! there are no dates and pages show none.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The date (`2023-03-01`, committer date) of the newest commit that touched each file under
/// `root/content`, by its path relative to `root`.
pub fn last_updated(root: &Path) -> HashMap<PathBuf, String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["log", "--format=%x00%cs", "--name-only", "--no-renames", "--relative", "--", "content"])
        .output();
    match out {
        Ok(o) if o.status.success() => parse(&String::from_utf8_lossy(&o.stdout)),
        _ => HashMap::new(),
    }
}

/// Newest commit first: the first date a file is seen with is its last change.
fn parse(log: &str) -> HashMap<PathBuf, String> {
    let mut dates = HashMap::new();
    for commit in log.split('\0').filter(|c| !c.trim().is_empty()) {
        let mut lines = commit.lines();
        let Some(date) = lines.next().map(str::trim) else { continue };
        for file in lines.map(str::trim).filter(|l| !l.is_empty()) {
            dates.entry(PathBuf::from(file)).or_insert_with(|| date.to_string());
        }
    }
    dates
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_newest_commit_wins() {
        let log = "\x002024-05-02\n\ncontent/docs/a.md\n\x002023-01-01\n\ncontent/docs/a.md\ncontent/docs/b.md\n";
        let d = parse(log);
        assert_eq!(d[Path::new("content/docs/a.md")], "2024-05-02");
        assert_eq!(d[Path::new("content/docs/b.md")], "2023-01-01");
    }

    #[test]
    fn this_repository_has_dates_and_a_plain_folder_has_none() {
        let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let dates = last_updated(&repo);
        let date = dates.get(Path::new("content/docs/introduction/motivation.md")).expect("a date from git");
        assert!(date.len() == 10 && date.as_bytes()[4] == b'-', "{date}");
        let plain = std::env::temp_dir().join(format!("no-git-{}", std::process::id()));
        std::fs::create_dir_all(plain.join("content")).unwrap();
        assert!(last_updated(&plain).is_empty());
        let _ = std::fs::remove_dir_all(plain);
    }
}
