//! The Rust side of the React front end (`frontend/`): installs its packages when missing,
//! bundles it with Vite (cached by a hash of its sources), and runs the prerender process that
//! turns page data into HTML with React's server renderer.

mod renderer;
mod sources;

pub use renderer::{PageFailed, Renderer};
pub use sources::Sources;

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
    /// `dist/client`: `index.html` (the HTML template) and `assets/` (hashed JS and CSS).
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

    fn dist(&self) -> PathBuf {
        self.dir.join("dist")
    }

    /// Runs `npm ci` unless `node_modules` was installed from a `package-lock.json` with the
    /// same contents. Decided by content, not file times: a fresh clone or a branch switch that
    /// rewrites the lock file with the same contents installs nothing.
    pub fn ensure_packages(&self) -> Result<bool> {
        let lock = self.dir.join("package-lock.json");
        let hash = lock_hash(&lock)?;
        let stamp = self.dir.join(INSTALLED_STAMP);
        if std::fs::read_to_string(&stamp).ok().as_deref() == Some(hash.as_str()) {
            return Ok(false);
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

    /// Builds the client and server bundles for a site under `base_url`, unless the cached
    /// ones match the sources.
    pub fn bundle(&self, force: bool, base_url: &str) -> Result<Bundle> {
        let dist = self.dist();
        let hash = self.source_hash(base_url)?;
        let bundle = Bundle {
            client_dir: dist.join("client"),
            server_entry: dist.join("server/entry-server.js"),
            cached: false,
            hash: hash.clone(),
        };
        let stamp = dist.join(".source-hash");
        if !force
            && std::fs::read_to_string(&stamp).ok().as_deref() == Some(hash.as_str())
            && bundle.server_entry.exists()
        {
            return Ok(Bundle { cached: true, ..bundle });
        }
        let _ = std::fs::remove_file(&stamp);
        let vite = self.dir.join("node_modules/vite/bin/vite.js");
        let run = |args: &[&str]| {
            Command::new("node")
                .arg(&vite)
                .args(args)
                .args(["--logLevel", "warn", "--base", base_url])
                .current_dir(&self.dir)
                // The output is read back into messages (terminal, dev overlay): no colour codes.
                .env("NO_COLOR", "1")
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .with_context(|| format!("could not start Vite. {NODE_HINT}"))
        };
        // The two bundles are independent; build them side by side.
        let client = run(&["build", "--outDir", "dist/client", "--emptyOutDir"])?;
        let server = run(&["build", "--ssr", "src/entry-server.tsx", "--outDir", "dist/server", "--emptyOutDir"])?;
        let (c, s) = std::thread::scope(|scope| {
            let s = scope.spawn(|| server.wait_with_output());
            (client.wait_with_output(), s.join().expect("the waiting thread does not panic"))
        });
        let (c, s) = (c?, s?);
        // A broken source breaks both bundles with the same message: say it once.
        if let Some(failed) = [&c, &s].into_iter().find(|o| !o.status.success()) {
            bail!("the front end does not compile:\n{}", vite_message(failed));
        }
        for warnings in
            [&c, &s].map(vite_message).into_iter().filter(|m| !m.is_empty()).collect::<std::collections::BTreeSet<_>>()
        {
            eprintln!("{warnings}");
        }
        std::fs::write(&stamp, hash)?;
        Ok(bundle)
    }

    /// Starts the prerender processes for `bundle`: one per core, or `workers` when given.
    pub fn renderer(&self, bundle: &Bundle, site_json: &str, workers: Option<usize>) -> Result<Renderer> {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Renderer::start(&self.dir.join("scripts/prerender.mjs"), bundle, site_json, workers.unwrap_or(cores))
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
        std::fs::write(&lock, "{\"lockfileVersion\": 2}").unwrap();
        assert_ne!(std::fs::read_to_string(dir.join(INSTALLED_STAMP)).unwrap(), lock_hash(&lock).unwrap());
        let _ = std::fs::remove_dir_all(dir);
    }
}
