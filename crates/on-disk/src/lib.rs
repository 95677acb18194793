//! Whether a file changed since it was last read, told from its metadata alone. `dev` rebuilds
//! after every edit, and at 10 000 pages reading and hashing every unchanged file again (the
//! content's sources, the server's files) was most of an edit's rebuild.

use std::fs::Metadata;
use std::time::{Duration, SystemTime};

/// How old a file's last change must be for [`OnDisk::settled`]: longer than the coarsest
/// clock of a common file system (FAT's two seconds; Linux's own file systems tick every few
/// milliseconds).
pub const SETTLE: Duration = Duration::from_secs(2);

/// What tells a file's bytes apart without reading them: a file with the device, inode, length
/// and modification and change times it had when it was read is taken as the same bytes. An
/// editor's save or `dev`'s rewrite moves the times (nanoseconds here; a file system clock
/// ticks every few milliseconds, and `dev`'s rebuilds come at least its quiet time, 50 ms,
/// apart); a replaced file is another inode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnDisk {
    dev: u64,
    ino: u64,
    len: u64,
    mtime: (i64, i64),
    ctime: (i64, i64),
}

impl OnDisk {
    /// Take `m` from the open file before reading it, not after: a write in between then shows
    /// as a change the next time, instead of new bytes hiding behind the old times.
    #[cfg(unix)]
    pub fn of(m: &Metadata) -> Option<OnDisk> {
        use std::os::unix::fs::MetadataExt;
        Some(OnDisk {
            dev: m.dev(),
            ino: m.ino(),
            len: m.len(),
            mtime: (m.mtime(), m.mtime_nsec()),
            ctime: (m.ctime(), m.ctime_nsec()),
        })
    }

    /// Elsewhere every file counts as changed, and is read again.
    #[cfg(not(unix))]
    pub fn of(_: &Metadata) -> Option<OnDisk> {
        None
    }

    /// [`OnDisk::of`] for a file whose last change is at least [`SETTLE`] old, `None` for a
    /// newer one. A file read in the same tick of the file system's clock as it was written
    /// can be written again in that tick without its times moving (git's "racily clean"
    /// entries): for files written by others (sources, which editors and scripts save at any
    /// moment), only a settled file is taken as unchanged later; a newer one is read again.
    pub fn settled(m: &Metadata) -> Option<OnDisk> {
        let on_disk = OnDisk::of(m)?;
        let now = SystemTime::now();
        let settled = |secs: i64, nanos: i64| {
            let (Ok(secs), Ok(nanos)) = (u64::try_from(secs), u32::try_from(nanos)) else { return false };
            // A time ahead of the clock is not settled either.
            now.duration_since(SystemTime::UNIX_EPOCH + Duration::new(secs, nanos)).is_ok_and(|age| age >= SETTLE)
        };
        (settled(on_disk.mtime.0, on_disk.mtime.1) && settled(on_disk.ctime.0, on_disk.ctime.1)).then_some(on_disk)
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn at(path: &std::path::Path) -> Option<OnDisk> {
        OnDisk::of(&std::fs::metadata(path).unwrap())
    }

    #[test]
    fn a_rewrite_of_the_same_length_and_a_replacement_are_changes() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.md");
        std::fs::write(&file, "one").unwrap();
        let first = at(&file);
        assert!(first.is_some());
        assert_eq!(at(&file), first, "nothing happened to it");

        // The same length, a later time (set, so that a coarse clock cannot hide it).
        std::fs::write(&file, "two").unwrap();
        let later = SystemTime::now() + Duration::from_secs(2);
        std::fs::File::options().write(true).open(&file).unwrap().set_modified(later).unwrap();
        let rewritten = at(&file);
        assert_ne!(rewritten, first);

        // Replaced by another file, as editors save: another inode.
        let other = dir.path().join("a.md.tmp");
        std::fs::write(&other, "two").unwrap();
        std::fs::File::options().write(true).open(&other).unwrap().set_modified(later).unwrap();
        std::fs::rename(&other, &file).unwrap();
        assert_ne!(at(&file), rewritten);
    }
}

#[cfg(all(test, unix))]
mod settled {
    use super::*;

    #[test]
    fn a_file_changed_within_the_settling_time_is_not_settled_and_one_older_is() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.md");
        std::fs::write(&file, "one").unwrap();
        let m = std::fs::metadata(&file).unwrap();
        assert_eq!(OnDisk::settled(&m), None, "just written");
        // Its change time cannot be set back: wait it out.
        std::thread::sleep(SETTLE + Duration::from_millis(50));
        let m = std::fs::metadata(&file).unwrap();
        assert_eq!(OnDisk::settled(&m), OnDisk::of(&m));
    }
}
