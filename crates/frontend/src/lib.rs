//! The Rust side of the React front end (`frontend/`): installs its packages when missing,
//! bundles it with Vite (cached by a hash of its sources), and runs the prerender process that
//! turns page data into HTML with React's server renderer.

mod renderer;
mod sources;

pub use renderer::{PageFailed, Renderer, Warm};
pub use sources::{Digests, Sources};

use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The service worker's source, in the front end: the build fills in the build's id and its
/// assets and writes it at the site root as `sw.js`.
pub const SERVICE_WORKER_TEMPLATE: &str = "src/serviceWorker/sw.template.js";

/// Paths of the front-end project.
#[derive(Debug, Clone)]
pub struct Frontend {
    pub dir: PathBuf,
}

/// What the bundle stage produced.
#[derive(Debug, Clone)]
pub struct Bundle {
    /// `dist/<hash>/client`: `index.html` (the HTML template) and `assets/` (hashed JS and CSS).
    pub client_dir: PathBuf,
    /// The server-render entry, imported by the prerender process.
    pub server_entry: PathBuf,
    /// True when the cached bundle was reused.
    pub cached: bool,
    /// The hash of the sources it was built from (for the base URL): what the pages' cache
    /// entries depend on.
    pub hash: String,
}

impl Frontend {
    pub fn new(dir: &Path) -> Frontend {
        Frontend { dir: dir.to_path_buf() }
    }

    /// The service worker's template ([`SERVICE_WORKER_TEMPLATE`]).
    pub fn service_worker_template(&self) -> PathBuf {
        self.dir.join(SERVICE_WORKER_TEMPLATE)
    }

    /// The bundles, one folder for each source hash (`dist/<hash>/client`, `dist/<hash>/server`):
    /// builds under other base URLs, or running beside this one, never write where it reads.
    fn dist(&self) -> PathBuf {
        self.dir.join("dist")
    }

    /// Runs `npm ci` unless `node_modules` was installed from a `package-lock.json` with the
    /// same contents. Decided by content, not file times: a fresh clone or a branch switch that
    /// rewrites the lock file with the same contents installs nothing. One process at a time:
    /// `npm ci` empties `node_modules` first, under any other build reading it.
    pub fn ensure_packages(&self) -> Result<bool> {
        let lock = self.dir.join("package-lock.json");
        let hash = lock_hash(&lock)?;
        let stamp = self.dir.join(INSTALLED_STAMP);
        let installed = || std::fs::read_to_string(&stamp).is_ok_and(|s| s.trim() == hash);
        if installed() {
            return Ok(false);
        }
        let _turn = self.exclusive(".install.lock")?;
        if installed() {
            return Ok(false); // another process installed them while this one waited
        }
        check_node()?;
        eprintln!("  installing front-end packages (npm ci in {}) …", self.dir.display());
        let status = Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund", "--loglevel=error"])
            .current_dir(&self.dir)
            .status()
            .context("could not run npm")?;
        if !status.success() {
            bail!("`npm ci` failed in {}; run it there by hand to see why", self.dir.display());
        }
        std::fs::write(&stamp, hash).with_context(|| format!("writing {}", stamp.display()))?;
        Ok(true)
    }

    /// An exclusive lock on `dist/<name>`, held until dropped; the system releases it when the
    /// process dies, so a killed build never leaves it taken.
    fn exclusive(&self, name: &str) -> Result<std::fs::File> {
        let dist = self.dist();
        std::fs::create_dir_all(&dist).with_context(|| format!("creating {}", dist.display()))?;
        let path = dist.join(name);
        let file = std::fs::File::options().create(true).truncate(false).write(true).open(&path);
        let file = file.with_context(|| format!("opening {}", path.display()))?;
        file.lock().with_context(|| format!("locking {}", path.display()))?;
        Ok(file)
    }

    /// Everything the bundle is made from.
    pub fn sources(&self) -> Sources {
        let files = ["index.html", "vite.config.ts", "tsconfig.json", "package.json", "package-lock.json"];
        Sources {
            dirs: vec![self.dir.join("src"), self.dir.join("scripts")],
            files: files.iter().map(|f| self.dir.join(f)).collect(),
        }
    }

    /// Hash of everything the bundle is made from, for a site under `base_url`.
    pub fn source_hash(&self, base_url: &str) -> Result<String> {
        self.sources().hash(&self.dir, base_url)
    }

    /// The client and server bundles for a site under `base_url`: the cached ones when their
    /// sources are the same, unless `force`. A bundle is built in a folder of its own and
    /// renamed into place whole, one build at a time, so a build killed midway (its Vite
    /// processes may outlive it) or one running beside it never leaves a half-written bundle.
    pub fn bundle(&self, force: bool, base_url: &str) -> Result<Bundle> {
        let hash = self.source_hash(base_url)?;
        let at = |dir: &Path, cached| Bundle {
            client_dir: dir.join("client"),
            server_entry: dir.join("server/entry-server.js"),
            cached,
            hash: hash.clone(),
        };
        let done = self.dist().join(&hash);
        let cached = at(&done, true);
        if !force && cached.server_entry.exists() {
            return Ok(cached);
        }
        let _turn = self.exclusive(".bundle.lock")?;
        if !force && cached.server_entry.exists() {
            return Ok(cached); // another process built it while this one waited
        }
        // Only the lock's holder builds: any partial folder is left by a build that died (its
        // Vite processes may still be writing there, hence a name of this build's own).
        remove_partials(&self.dist());
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        let partial = self.dist().join(format!("{PARTIAL}{}-{nanos}", std::process::id()));
        self.run_vite(&partial, base_url)?;
        if done.exists() {
            std::fs::remove_dir_all(&done).with_context(|| format!("removing {}", done.display()))?;
        }
        std::fs::rename(&partial, &done).with_context(|| format!("renaming {} into place", partial.display()))?;
        keep_newest_bundles(&self.dist(), KEPT_BUNDLES, &done);
        Ok(at(&done, false))
    }

    /// Builds the client and server bundles into `out/client` and `out/server` with one Vite
    /// process (the config's app builder, `vite.config.ts`).
    fn run_vite(&self, out: &Path, base_url: &str) -> Result<()> {
        let vite = self.dir.join("node_modules/vite/bin/vite.js");
        let output = Command::new("node")
            .arg(&vite)
            .arg("build")
            .arg("--outDir")
            .arg(out)
            .args(["--emptyOutDir", "--logLevel", "warn", "--base", base_url])
            .current_dir(&self.dir)
            // The output is read back into messages (terminal, dev overlay): no colour codes.
            .env("NO_COLOR", "1")
            // Vite's bundler (Rolldown, native) allocates with mimalloc, which asks for
            // transparent huge pages: each first touch of its arenas zeroed 2 MB, about a
            // third of Vite's CPU time as system time here (Vite alone: 0.94-1.37 s, system
            // 0.39-0.79 s; without: 0.80-0.87 s, 0.16-0.27 s; 290 -> 170 MB resident). The
            // engine's own allocator is set the same way (src/alloc.rs).
            .env("MIMALLOC_ALLOW_THP", "0")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .output()
            .with_context(|| format!("could not start Vite. {NODE_HINT}"))?;
        if !output.status.success() {
            let _ = std::fs::remove_dir_all(out);
            bail!("the front end does not compile:\n{}", vite_message(&output));
        }
        let warnings = vite_message(&output);
        if !warnings.is_empty() {
            eprintln!("{warnings}");
        }
        Ok(())
    }

    /// Starts the prerender processes for `bundle`: one per core, or `workers` when given; the
    /// `warm` one (see [`Frontend::warm_renderer`]) among them.
    pub fn renderer(
        &self,
        bundle: &Bundle,
        site_json: &str,
        workers: Option<usize>,
        warm: Option<Warm>,
    ) -> Result<Renderer> {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Renderer::start(&self.prerender_script(), bundle, site_json, workers.unwrap_or(cores), warm)
    }

    /// One prerender process for `bundle`, started now, before the site data is known.
    pub fn warm_renderer(&self, bundle: &Bundle) -> Result<Warm> {
        Warm::start(&self.prerender_script(), bundle)
    }

    fn prerender_script(&self) -> PathBuf {
        self.dir.join("scripts/prerender.mjs")
    }
}

/// What Vite printed, without the bundler's own stack (`at …` frames into node_modules) and the
/// object dump after it: the file, line and message are what a maintainer needs.
fn vite_message(output: &std::process::Output) -> String {
    let text = String::from_utf8_lossy(&output.stderr).into_owned() + &String::from_utf8_lossy(&output.stdout);
    let text = without_colour_codes(&text);
    let mut lines = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("at ") && (trimmed.contains("node_modules") || trimmed.contains("node:")) {
            continue;
        }
        if trimmed.starts_with('{') && lines.last().is_some_and(|l: &&str| l.trim_start().starts_with("at ")) {
            break;
        }
        let noise = trimmed.starts_with("✗ Build failed in") || trimmed == "error during build:";
        if noise || trimmed == "errors: [Getter/Setter]" || trimmed == "}" {
            continue;
        }
        lines.push(line);
    }
    lines.join("\n").trim().to_string()
}

/// Removes terminal colour sequences (`ESC [ … m`), which the bundler writes even into a pipe.
fn without_colour_codes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The name a bundle is built under in `dist/`, before it is renamed to its hash.
const PARTIAL: &str = ".partial-";

/// How many bundles `dist/` keeps: a few base URLs (the tests build under four) and a branch
/// switch back and forth stay cached.
const KEPT_BUNDLES: usize = 6;

/// Best effort: a folder still being written by a dead build's Vite is left for a later build.
fn remove_partials(dist: &Path) {
    let Ok(entries) = std::fs::read_dir(dist) else { return };
    for path in entries.filter_map(Result::ok).map(|e| e.path()) {
        if path.file_name().is_some_and(|n| n.to_string_lossy().starts_with(PARTIAL)) {
            let _ = std::fs::remove_dir_all(&path);
        }
    }
}

/// Removes all but the `keep` most recently built bundles (never `current`), and what an older
/// engine left in `dist/` (`client/`, `server/`, `.source-hash`: one bundle, built in place).
/// Best effort: what is left behind costs only disk.
fn keep_newest_bundles(dist: &Path, keep: usize, current: &Path) {
    let Ok(entries) = std::fs::read_dir(dist) else { return };
    let is_bundle = |name: &str| name.len() == 64 && name.bytes().all(|b| b.is_ascii_hexdigit());
    let mut bundles = Vec::new();
    for e in entries.filter_map(Result::ok) {
        let name = e.file_name().to_string_lossy().into_owned();
        if is_bundle(&name) {
            bundles.extend(e.metadata().ok().and_then(|m| m.modified().ok()).map(|t| (t, e.path())));
        } else if matches!(name.as_str(), "client" | "server") {
            let _ = std::fs::remove_dir_all(e.path());
        } else if name == ".source-hash" {
            let _ = std::fs::remove_file(e.path());
        }
    }
    bundles.sort_by_key(|b| std::cmp::Reverse(b.0));
    for (_, old) in bundles.into_iter().skip(keep).filter(|(_, p)| p != current) {
        let _ = std::fs::remove_dir_all(old);
    }
}

/// Where `ensure_packages` notes the hash of the lock file it installed from (inside
/// `node_modules`, so removing that folder forgets it).
const INSTALLED_STAMP: &str = "node_modules/.docsite-lock-sha256";

/// The SHA-256 of `package-lock.json`'s contents.
fn lock_hash(lock: &Path) -> Result<String> {
    use sha2::{Digest, Sha256};
    let bytes = std::fs::read(lock).with_context(|| format!("reading {}", lock.display()))?;
    Ok(Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect())
}

/// What to do when `node` or `npm` cannot be run.
pub const NODE_HINT: &str = "Node.js (20 or newer) with npm is needed to build the front end and was not found.\n\
     Install it, for example on Debian: `apt-get update && apt-get install -y nodejs npm`";

fn check_node() -> Result<()> {
    let ok = Command::new("node").arg("--version").output().map(|o| o.status.success()).unwrap_or(false)
        && Command::new("npm").arg("--version").output().map(|o| o.status.success()).unwrap_or(false);
    if !ok {
        bail!(NODE_HINT);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packages_installed_from_the_same_lock_contents_are_kept_whatever_the_file_times() {
        let dir = std::env::temp_dir().join(format!("frontend-lock-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("node_modules")).unwrap();
        let lock = dir.join("package-lock.json");
        std::fs::write(&lock, "{\"lockfileVersion\": 3}").unwrap();
        std::fs::write(dir.join(INSTALLED_STAMP), lock_hash(&lock).unwrap()).unwrap();
        // Rewritten with the same contents (a checkout): newer than anything installed.
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(&lock, "{\"lockfileVersion\": 3}").unwrap();
        assert!(!Frontend::new(&dir).ensure_packages().unwrap(), "no install for the same contents");
        // The test script notes the hash with the shell, perhaps with a line end.
        std::fs::write(dir.join(INSTALLED_STAMP), lock_hash(&lock).unwrap() + "\n").unwrap();
        assert!(!Frontend::new(&dir).ensure_packages().unwrap(), "no install for a stamp ending in a newline");
        std::fs::write(&lock, "{\"lockfileVersion\": 2}").unwrap();
        assert_ne!(std::fs::read_to_string(dir.join(INSTALLED_STAMP)).unwrap(), lock_hash(&lock).unwrap());
        let _ = std::fs::remove_dir_all(dir);
    }
}
