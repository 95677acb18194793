//! Kill-safe output. A build is written to `<out>.partial/` beside the output and swapped into
//! place only once complete, so a build killed at any moment (even SIGKILL) leaves the
//! previous `<out>/` complete and servable.
//!
//! - On Linux and macOS the swap is one `renameat2(RENAME_EXCHANGE)` (`renamex_np(RENAME_SWAP)`):
//!   `<out>` names the old build, then the new one, and is never missing. The old build, now
//!   at `<out>.partial/`, is removed afterwards.
//! - Elsewhere, or on a file system without the exchange, two renames: `<out>` to `<out>.old`,
//!   then `<out>.partial` to `<out>`. Between the two `<out>` is missing (a server following the
//!   build keeps serving what it holds in memory); a build killed in that gap is repaired by
//!   the next one, which moves `<out>.old` back first.
//!
//! Leftovers of a killed build (`<out>.partial/`, `<out>.old/`) are removed by the next build.
//! A failed build removes its own staging folder.

use anyhow::{Context, Result};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

/// `build` → `build.partial`: a sibling of `out` (same file system, so a rename moves it).
pub fn sibling(out: &Path, suffix: &str) -> PathBuf {
    let mut name = out.file_name().map(|n| n.to_os_string()).unwrap_or_else(|| "build".into());
    name.push(format!(".{suffix}"));
    out.with_file_name(name)
}

/// The staging folder of a build into `out`: removed again when dropped unless published.
pub struct Staging {
    pub dir: PathBuf,
    out: PathBuf,
    published: bool,
}

impl Staging {
    /// Cleans up after a killed build and creates an empty `<out>.partial/`.
    pub fn create(out: &Path) -> Result<Staging> {
        recover(out)?;
        let dir = sibling(out, "partial");
        remove(&dir)?;
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        Ok(Staging { dir, out: out.to_path_buf(), published: false })
    }

    /// Moves the finished build into place (see the module's comment).
    pub fn publish(mut self) -> Result<()> {
        swap_in(&self.dir, &self.out)?;
        self.published = true;
        Ok(())
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.published {
            // Best effort: the next build removes what is left.
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// A fallback swap killed between its renames left `<out>` missing and the previous build at
/// `<out>.old`: put it back. Otherwise `<out>.old` is a leftover to remove.
fn recover(out: &Path) -> Result<()> {
    let old = sibling(out, "old");
    if !old.exists() {
        return Ok(());
    }
    if !out.exists() {
        return std::fs::rename(&old, out)
            .with_context(|| format!("restoring the previous build from {} to {}", old.display(), out.display()));
    }
    remove(&old)
}

fn remove(dir: &Path) -> Result<()> {
    match std::fs::remove_dir_all(dir) {
        Err(e) if e.kind() != ErrorKind::NotFound => Err(e).with_context(|| format!("removing {}", dir.display())),
        _ => Ok(()),
    }
}

/// `staged` becomes `out`; the previous `out` is removed.
fn swap_in(staged: &Path, out: &Path) -> Result<()> {
    swap_with(staged, out, exchange)
}

fn swap_with(staged: &Path, out: &Path, exchange: fn(&Path, &Path) -> std::io::Result<()>) -> Result<()> {
    let moving = || format!("moving the new build from {} to {}", staged.display(), out.display());
    if std::fs::symlink_metadata(out).is_err() {
        return std::fs::rename(staged, out).with_context(moving);
    }
    match exchange(staged, out) {
        // `staged` now holds the previous build. The new one is in place whatever happens next.
        Ok(()) => {
            remove_or_warn(staged);
            return Ok(());
        }
        Err(e) if !exchange_unsupported(&e) => return Err(e).with_context(moving),
        Err(_) => {}
    }
    let old = sibling(out, "old");
    remove(&old)?;
    std::fs::rename(out, &old).with_context(|| format!("moving the previous build to {}", old.display()))?;
    // The gap: `out` is missing until the next rename.
    std::fs::rename(staged, out).with_context(moving)?;
    remove_or_warn(&old);
    Ok(())
}

/// Removing the previous build once the new one is in place: a failure leaves a leftover for
/// the next build to remove, not a failed build.
fn remove_or_warn(dir: &Path) {
    if let Err(e) = remove(dir) {
        eprintln!(
            "warning: the previous build was left in {} and will be removed by the next build: {e:#}",
            dir.display()
        );
    }
}

/// Swaps the two paths in one step.
#[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
fn exchange(a: &Path, b: &Path) -> std::io::Result<()> {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE).map_err(std::io::Error::from)
}

#[cfg(not(any(target_os = "linux", target_os = "android", target_vendor = "apple")))]
fn exchange(_: &Path, _: &Path) -> std::io::Result<()> {
    Err(ErrorKind::Unsupported.into())
}

/// The kernel or the file system has no exchange (old kernel: ENOSYS; some network and FUSE
/// file systems: EINVAL or EOPNOTSUPP).
fn exchange_unsupported(e: &std::io::Error) -> bool {
    matches!(e.kind(), ErrorKind::Unsupported | ErrorKind::InvalidInput)
}

/// A build that failed to write its output, said once with what to do: the disk is full, or
/// the output's folder cannot be written. Other errors are returned as they are.
pub fn explain_write_fault(e: anyhow::Error, out: &Path) -> anyhow::Error {
    let Some(io) = e.chain().find_map(|c| c.downcast_ref::<std::io::Error>()) else { return e };
    let folder = out.parent().unwrap_or(out).display().to_string();
    // A permission error while reading an input is not a fault of the output.
    let in_output = e.chain().any(|c| c.to_string().contains(&out.display().to_string()));
    let what = match io.kind() {
        ErrorKind::StorageFull | ErrorKind::QuotaExceeded => format!(
            "the disk ran out of space while the new build was written into {}: free some space on it (the \
             previous build takes {}) or build elsewhere with --out, then build again",
            sibling(out, "partial").display(),
            size_text(out)
        ),
        ErrorKind::ReadOnlyFilesystem => format!(
            "the output folder {folder} is on a read-only file system: mount it read-write or choose another \
             output with --out"
        ),
        ErrorKind::PermissionDenied if in_output => format!(
            "the output folder {folder} cannot be written (permission denied): make it writable for this user or \
             choose another output with --out"
        ),
        _ => return e,
    };
    let kept =
        if out.exists() { format!("; the previous build in {} is unchanged", out.display()) } else { String::new() };
    e.context(format!("{what}{kept}"))
}

/// The size of everything under `dir`, such as `3.2 MB`.
fn size_text(dir: &Path) -> String {
    let bytes: u64 = walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter_map(|e| e.metadata().ok())
        .filter(|m| m.is_file())
        .map(|m| m.len())
        .sum();
    format!("{:.1} MB", bytes as f64 / 1e6)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn site(dir: &Path, text: &str) {
        fs::create_dir_all(dir.join("docs")).unwrap();
        fs::write(dir.join("docs/a.html"), text).unwrap();
        fs::write(dir.join(".build-stamp"), text).unwrap();
    }

    fn read(dir: &Path) -> String {
        fs::read_to_string(dir.join("docs/a.html")).unwrap()
    }

    #[test]
    fn siblings_keep_the_whole_name() {
        assert_eq!(sibling(Path::new("/x/build"), "partial"), Path::new("/x/build.partial"));
        assert_eq!(sibling(Path::new("/x/site.v2"), "old"), Path::new("/x/site.v2.old"));
    }

    #[test]
    fn a_published_build_replaces_the_previous_one_and_leaves_nothing_beside_it() {
        let d = tempfile::tempdir().unwrap();
        let out = d.path().join("build");
        site(&out, "old");
        let staging = Staging::create(&out).unwrap();
        site(&staging.dir, "new");
        staging.publish().unwrap();
        assert_eq!(read(&out), "new");
        assert_eq!(fs::read_dir(d.path()).unwrap().count(), 1, "only build/ is left");
    }

    #[test]
    fn the_first_build_is_moved_into_place() {
        let d = tempfile::tempdir().unwrap();
        let out = d.path().join("build");
        let staging = Staging::create(&out).unwrap();
        site(&staging.dir, "new");
        staging.publish().unwrap();
        assert_eq!(read(&out), "new");
    }

    #[test]
    fn without_the_exchange_two_renames_do_the_swap() {
        let d = tempfile::tempdir().unwrap();
        let (out, staged) = (d.path().join("build"), d.path().join("build.partial"));
        site(&out, "old");
        site(&staged, "new");
        swap_with(&staged, &out, |_, _| Err(ErrorKind::Unsupported.into())).unwrap();
        assert_eq!(read(&out), "new");
        assert_eq!(fs::read_dir(d.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_failed_build_removes_its_staging_folder() {
        let d = tempfile::tempdir().unwrap();
        let out = d.path().join("build");
        site(&out, "old");
        let staging = Staging::create(&out).unwrap();
        site(&staging.dir, "half");
        drop(staging);
        assert_eq!(read(&out), "old");
        assert!(!d.path().join("build.partial").exists());
    }

    #[test]
    fn leftovers_of_a_killed_build_are_removed_and_a_missing_output_restored() {
        let d = tempfile::tempdir().unwrap();
        let out = d.path().join("build");
        // Killed between the fallback's two renames: no build/, the previous one in build.old/.
        site(&d.path().join("build.old"), "previous");
        site(&d.path().join("build.partial"), "half");
        let staging = Staging::create(&out).unwrap();
        assert_eq!(read(&out), "previous");
        assert!(!d.path().join("build.old").exists());
        assert_eq!(fs::read_dir(&staging.dir).unwrap().count(), 0, "the staging folder starts empty");
    }

    #[test]
    fn a_full_disk_is_explained_once_with_what_to_do() {
        // /dev/full answers every write with ENOSPC.
        let full = Path::new("/dev/full");
        if !full.exists() {
            eprintln!("skipped: this platform has no /dev/full to simulate a full disk");
            return;
        }
        let e = crate::output::write(Path::new("/dev"), Path::new("full"), b"page").unwrap_err();
        let d = tempfile::tempdir().unwrap();
        let out = d.path().join("build");
        site(&out, "old");
        let text = format!("{:#}", explain_write_fault(e, &out));
        assert!(text.starts_with("the disk ran out of space while the new build was written into "), "{text}");
        assert!(text.contains("free some space on it (the previous build takes 0.0 MB)"), "{text}");
        assert!(text.contains(&format!("the previous build in {} is unchanged", out.display())), "{text}");
        assert!(text.contains("writing /dev/full"), "{text}");
    }

    #[test]
    fn other_errors_are_left_as_they_are() {
        let e = anyhow::anyhow!("content/docs/a.md:3: unknown component");
        assert_eq!(explain_write_fault(e, Path::new("/x/build")).to_string(), "content/docs/a.md:3: unknown component");
        let read = anyhow::Error::from(std::io::Error::from(ErrorKind::PermissionDenied)).context("reading /src/a.md");
        assert_eq!(explain_write_fault(read, Path::new("/x/build")).to_string(), "reading /src/a.md");
    }
}
