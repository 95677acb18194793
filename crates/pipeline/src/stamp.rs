//! The build stamp: a fingerprint of every input, written into `build/` so that `serve` can
//! tell whether the site on disk is stale.

use anyhow::Result;
use sha2::{Digest, Sha256};
use std::path::Path;

const STAMP: &str = ".build-stamp";

/// Fingerprint of the inputs: names, sizes and modification times of the configuration,
/// content, static files and front-end sources, plus the engine's own version.
pub fn fingerprint(root: &Path) -> String {
    let mut h = Sha256::new();
    h.update(env!("CARGO_PKG_VERSION"));
    // The engine binary itself: a rebuilt engine may build differently.
    if let Ok(exe) = std::env::current_exe()
        && let Ok(m) = std::fs::metadata(exe)
    {
        h.update(format!("{:?}{}", m.modified().ok(), m.len()));
    }
    let mut entries = Vec::new();
    for dir in ["content", "static", "frontend/src", "frontend/scripts"] {
        for e in walkdir::WalkDir::new(root.join(dir)).into_iter().filter_map(Result::ok) {
            if e.file_type().is_file() {
                entries.push(e.into_path());
            }
        }
    }
    for f in ["site.toml", "frontend/index.html", "frontend/vite.config.ts", "frontend/package-lock.json"] {
        entries.push(root.join(f));
    }
    entries.sort();
    for p in entries {
        if let Ok(m) = std::fs::metadata(&p) {
            h.update(p.to_string_lossy().as_bytes());
            h.update(format!("{:?}{}", m.modified().ok(), m.len()));
        }
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

pub fn write(root: &Path, out: &Path) -> Result<()> {
    std::fs::write(out.join(STAMP), fingerprint(root))?;
    Ok(())
}

/// True when `out` holds a build of exactly the current inputs.
pub fn is_current(root: &Path, out: &Path) -> bool {
    std::fs::read_to_string(out.join(STAMP)).is_ok_and(|s| s == fingerprint(root))
}
