//! The local search index: Pagefind's extended build (it segments Chinese) run over the
//! prerendered HTML. Pages mark what to index themselves (`data-pagefind-body` on the main
//! content of docs and blog posts, `data-pagefind-meta` and `data-pagefind-filter`), so this
//! crate only finds the binary and runs it.

use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The `pagefind_extended` binary shipped in the front end's npm packages
/// (`@pagefind/<platform>`).
pub fn binary(frontend_dir: &Path) -> Result<PathBuf> {
    let scope = frontend_dir.join("node_modules/@pagefind");
    let entries = std::fs::read_dir(&scope)
        .with_context(|| format!("{} is missing; the front-end packages are not installed", scope.display()))?;
    for e in entries.flatten() {
        for name in ["pagefind_extended", "pagefind_extended.exe"] {
            let p = e.path().join("bin").join(name);
            if p.is_file() {
                return Ok(p);
            }
        }
    }
    bail!("no pagefind_extended binary under {}; run `npm ci` in frontend/", scope.display())
}

/// Indexes the site in `site_dir`, writing `site_dir/pagefind/`.
pub fn index(frontend_dir: &Path, site_dir: &Path) -> Result<()> {
    let bin = binary(frontend_dir)?;
    let out = Command::new(&bin)
        .arg("--site")
        .arg(site_dir)
        .args(["--output-subdir", "pagefind", "--silent"])
        .output()
        .with_context(|| format!("could not run {}", bin.display()))?;
    if !out.status.success() {
        bail!(
            "Pagefind failed: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    Ok(())
}

/// Removes the parts of the Pagefind bundle this site does not use (its prebuilt UIs: the
/// site has its own search interface), so they are neither compressed nor deployed.
pub fn prune(site_dir: &Path) -> Result<()> {
    let dir = site_dir.join("pagefind");
    for e in std::fs::read_dir(&dir)?.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let unused = ["pagefind-ui.", "pagefind-component-ui.", "pagefind-modular-ui.", "pagefind-highlight."]
            .iter()
            .any(|p| name.starts_with(p));
        if unused {
            std::fs::remove_file(e.path())?;
        }
    }
    Ok(())
}
