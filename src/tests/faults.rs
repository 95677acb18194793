//! Build faults, on the command line with a copy of the fixture site: a build killed with
//! SIGKILL at any moment leaves the previous `build/` complete, and the next build cleans up
//! after it; an output folder on a read-only file system, a full disk and a missing `node`
//! each give one clear error and leave the previous build as it was. The file-system faults
//! need a tmpfs mount (root on Linux); without one those tests say so and pass.

use site_testkit::fixture_copy;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn docsite(root: &Path, args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_docsite"));
    c.arg("--root").arg(root).args(args);
    c
}

fn build(root: &Path, out: &Path) -> (bool, String) {
    let o = docsite(root, &["build", "--out"]).arg(out).output().unwrap();
    (o.status.success(), String::from_utf8_lossy(&o.stderr).into_owned())
}

/// Every file under `dir` with its contents.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(Result::unwrap)
        .filter(|e| e.file_type().is_file())
        .map(|e| (e.path().strip_prefix(dir).unwrap().to_path_buf(), std::fs::read(e.path()).unwrap()))
        .collect()
}

fn names(dir: &Path) -> Vec<PathBuf> {
    snapshot(dir).into_keys().collect()
}

/// Every route's HTML and page data, as `routes --json` lists them.
fn route_files(root: &Path) -> Vec<String> {
    let o = docsite(root, &["routes", "--json"]).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let routes: Vec<serde_json::Value> = serde_json::from_slice(&o.stdout).unwrap();
    let files = routes.iter().flat_map(|r| [&r["html"], &r["data"]]).map(|f| f.as_str().unwrap().to_string());
    files.collect()
}

/// `out` holds a whole build: the stamp, every route's files, and the same files as `complete`.
fn assert_complete(out: &Path, complete: &[PathBuf], routes: &[String], moment: &str) {
    assert!(out.join(".build-stamp").is_file(), "killed {moment}: build/ has no stamp");
    for f in routes {
        assert!(out.join(f.trim_start_matches('/')).is_file(), "killed {moment}: build/{f} is missing");
    }
    assert_eq!(names(out), complete, "killed {moment}: build/ is not the complete earlier build");
}

/// Starts a build and kills it (SIGKILL) when `when` says so; false if it finished first.
fn kill_build(root: &Path, out: &Path, mut when: impl FnMut(Duration) -> bool) -> bool {
    let mut child =
        docsite(root, &["build", "--out"]).arg(out).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return false;
        }
        if when(start.elapsed()) {
            child.kill().unwrap();
            child.wait().unwrap();
            return true;
        }
        std::thread::sleep(Duration::from_micros(200));
    }
}

#[test]
fn a_build_killed_at_any_moment_leaves_the_previous_build_complete() {
    let d = fixture_copy();
    let (root, out) = (d.path(), d.path().join("build"));
    let (ok, err) = build(root, &out);
    assert!(ok, "{err}");
    let complete = names(&out);
    let routes = route_files(root);
    let mut killed = Vec::new();
    // Without its cache every build does the whole work again: a cached build of the fixture
    // ends too soon to be killed in the middle.
    let uncached = || {
        let _ = std::fs::remove_dir_all(root.join(".cache"));
    };
    let mut kill_at = |moment: String, when: &mut dyn FnMut(Duration) -> bool| {
        uncached();
        if kill_build(root, &out, when) {
            killed.push(moment.clone());
        }
        assert_complete(&out, &complete, &routes, &moment);
    };
    for ms in [50, 150, 400] {
        kill_at(format!("after {ms} ms"), &mut |t| t >= Duration::from_millis(ms));
    }
    // Just before the swap (the staged stamp is the last file written) and just after it
    // (while the previous build, swapped out, is being removed).
    let staged_stamp = d.path().join("build.partial/.build-stamp");
    kill_at("at the swap".into(), &mut |_| staged_stamp.exists());
    let inode = || std::fs::metadata(&out).map(|m| std::os::unix::fs::MetadataExt::ino(&m)).ok();
    let before = inode();
    kill_at("after the swap".into(), &mut |_| inode() != before);
    // Then halfway through and late in a build, as long as a whole one takes on this machine.
    uncached();
    let start = Instant::now();
    let (ok, err) = build(root, &out);
    assert!(ok, "{err}");
    let whole = start.elapsed();
    assert_complete(&out, &complete, &routes, "(no: a whole build)");
    for part in [0.5, 0.8] {
        kill_at(format!("after {:.0} ms", whole.as_millis() as f64 * part), &mut |t| t >= whole.mul_f64(part));
    }
    eprintln!("a whole build took {whole:?}; killed {killed:?}");
    assert!(killed.len() >= 4, "too few builds were killed before they finished: {killed:?}");

    let (ok, err) = build(root, &out);
    assert!(ok, "{err}");
    assert_complete(&out, &complete, &routes, "(no: the last build)");
    for leftover in ["build.partial", "build.old"] {
        assert!(!d.path().join(leftover).exists(), "{leftover} was left behind");
    }
}

/// A tmpfs mounted for one test, unmounted when dropped.
struct Tmpfs(PathBuf);

impl Tmpfs {
    /// None (with the reason printed) where mounting is not allowed.
    fn mount(dir: &Path, size: &str) -> Option<Tmpfs> {
        std::fs::create_dir_all(dir).unwrap();
        let o = Command::new("mount").args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"]).arg(dir).output();
        match o {
            Ok(o) if o.status.success() => Some(Tmpfs(dir.to_path_buf())),
            Ok(o) => skip(&String::from_utf8_lossy(&o.stderr)),
            Err(e) => skip(&e.to_string()),
        }
    }

    fn remount(&self, options: &str) {
        let st = Command::new("mount").args(["-o", &format!("remount,{options}")]).arg(&self.0).status().unwrap();
        assert!(st.success(), "remounting {} with {options}", self.0.display());
    }

    /// Bytes in use, as the file system counts them.
    fn used_kb(&self) -> u64 {
        let o = Command::new("df").args(["-k", "--output=used"]).arg(&self.0).output().unwrap();
        String::from_utf8_lossy(&o.stdout).lines().nth(1).unwrap().trim().parse().unwrap()
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.0).status();
    }
}

fn skip<T>(why: &str) -> Option<T> {
    eprintln!("skipped: a tmpfs cannot be mounted here ({}), so this fault is not simulated", why.trim());
    None
}

/// The one error line of a failed build.
fn error_line(stderr: &str) -> String {
    let errors: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error")).collect();
    assert_eq!(errors.len(), 1, "one error, not {}:\n{stderr}", errors.len());
    errors[0].to_string()
}

/// A complete build of the site at `root` on a tmpfs of its own: the disk, the output folder and
/// its contents. None (with the reason printed) where mounting is not allowed.
fn built_on_tmpfs(root: &Path) -> Option<(Tmpfs, PathBuf, BTreeMap<PathBuf, Vec<u8>>)> {
    let disk = Tmpfs::mount(&root.join("disk"), "64m")?;
    let out = disk.0.join("build");
    let (ok, err) = build(root, &out);
    assert!(ok, "{err}");
    let previous = snapshot(&out);
    Some((disk, out, previous))
}

#[test]
fn a_full_disk_fails_the_build_clearly_and_keeps_the_previous_one() {
    let d = fixture_copy();
    let Some((disk, out, previous)) = built_on_tmpfs(d.path()) else { return };
    // Room for half of another build.
    let used = disk.used_kb();
    disk.remount(&format!("size={}k", used + used / 2));

    let (ok, err) = build(d.path(), &out);
    assert!(!ok, "the build should fail on a full disk");
    let line = error_line(&err);
    let partial = disk.0.join("build.partial");
    let want = format!("error: the disk ran out of space while the new build was written into {}", partial.display());
    assert!(line.starts_with(&want), "{line}");
    assert!(line.contains("free some space on it") && line.contains("No space left on device"), "{line}");
    assert!(line.contains(&format!("the previous build in {} is unchanged", out.display())), "{line}");
    assert!(snapshot(&out) == previous, "the previous build changed");
    assert!(!partial.exists(), "the failed build's staging folder was left behind");
}

#[test]
fn a_read_only_output_folder_fails_the_build_clearly_and_keeps_the_previous_one() {
    let d = fixture_copy();
    let Some((disk, out, previous)) = built_on_tmpfs(d.path()) else { return };
    disk.remount("ro");

    let (ok, err) = build(d.path(), &out);
    assert!(!ok, "the build should fail on a read-only file system");
    let line = error_line(&err);
    let want = format!(
        "error: the output folder {} is on a read-only file system: mount it read-write or choose another output \
         with --out; the previous build in {} is unchanged: creating {}",
        disk.0.display(),
        out.display(),
        disk.0.join("build.partial").display()
    );
    assert!(line.starts_with(&want), "{line}");
    assert!(snapshot(&out) == previous, "the previous build changed");
}

#[test]
fn a_missing_node_fails_the_build_clearly_and_keeps_the_previous_one() {
    let d = fixture_copy();
    let out = d.path().join("build");
    let (ok, err) = build(d.path(), &out);
    assert!(ok, "{err}");
    let previous = snapshot(&out);
    let empty = tempfile::tempdir().unwrap();
    // A page to render: with nothing changed, the build would come whole from the cache, which
    // needs no node.
    site_testkit::edit(d.path(), "content/docs/intro.md", |s| s + "\n又一段。\n");

    let o = docsite(d.path(), &["build"]).env("PATH", empty.path()).output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "the build should fail without node");
    let line = error_line(&err);
    assert!(
        line.starts_with("error: ") && line.contains("Node.js (20 or newer) with npm is needed to build the front end"),
        "{err}"
    );
    assert!(
        err.contains("Install it, for example on Debian: `apt-get update && apt-get install -y nodejs npm`"),
        "{err}"
    );
    assert!(snapshot(&out) == previous, "the previous build changed");
    assert!(!d.path().join("build.partial").exists());
}
