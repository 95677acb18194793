//! `serve` picks up a newly completed build without a restart. The build writes
//! `build.partial/` and then moves it into place, so `build/` may be a different directory
//! from one moment to the next; its `.build-stamp` changes with every build. The stamp is
//! polled; a new one means the whole new build is read into memory, and only then swapped in,
//! so no request sees half of one build and half of another. A build that cannot be read
//! leaves the previous one served, and says why once.

use crate::{Server, SiteFiles};
use std::path::Path;
use std::time::SystemTime;
use tokio::sync::watch;

/// Which build is on disk: the stamp's text, and which file it is (a rebuild of the same
/// inputs writes the same text into a new file).
#[derive(Clone, PartialEq, Eq, Debug)]
struct Stamp {
    text: String,
    modified: Option<SystemTime>,
    inode: u64,
}

fn stamp(dir: &Path) -> Option<Stamp> {
    let path = dir.join(".build-stamp");
    let meta = std::fs::metadata(&path).ok()?;
    #[cfg(unix)]
    let inode = std::os::unix::fs::MetadataExt::ino(&meta);
    #[cfg(not(unix))]
    let inode = 0;
    Some(Stamp { text: std::fs::read_to_string(&path).ok()?, modified: meta.modified().ok(), inode })
}

pub async fn follow(server: Server, mut stop: watch::Receiver<bool>) {
    let dir = server.dir().to_path_buf();
    let mut serving = stamp(&dir);
    let mut refused: Option<Stamp> = None;
    loop {
        tokio::select! {
            _ = tokio::time::sleep(server.limits.build_poll) => {}
            _ = crate::serve::stopped(&mut stop) => return,
        }
        // No stamp: a build is being swapped in, or `build/` was removed. Keep serving.
        let Some(seen) = stamp(&dir) else { continue };
        if serving.as_ref() == Some(&seen) || refused.as_ref() == Some(&seen) {
            continue;
        }
        let load_dir = dir.clone();
        let loaded = tokio::task::spawn_blocking(move || SiteFiles::load(&load_dir)).await;
        // The build moved again while it was read: read it again on the next look.
        if stamp(&dir).as_ref() != Some(&seen) {
            continue;
        }
        match loaded {
            Ok(Ok(files)) => {
                eprintln!("serving the new build in {} ({} files)", dir.display(), files.len());
                server.swap(files);
                serving = Some(seen);
                refused = None;
            }
            Ok(Err(e)) => {
                eprintln!(
                    "error: a new build in {} cannot be read, so the previous one is still served: {e:#}",
                    dir.display()
                );
                refused = Some(seen);
            }
            Err(e) => eprintln!("error: reading the new build in {} failed: {e}", dir.display()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rebuild_with_the_same_inputs_is_a_new_stamp() {
        let d = tempfile::tempdir().unwrap();
        assert_eq!(stamp(d.path()), None);
        std::fs::write(d.path().join(".build-stamp"), "abc").unwrap();
        let first = stamp(d.path()).unwrap();
        assert_eq!(stamp(d.path()), Some(first.clone()));
        // What the build does: a new file with the same text, moved over the old one.
        std::fs::write(d.path().join(".stamp.new"), "abc").unwrap();
        std::fs::rename(d.path().join(".stamp.new"), d.path().join(".build-stamp")).unwrap();
        assert_ne!(stamp(d.path()), Some(first));
    }
}
