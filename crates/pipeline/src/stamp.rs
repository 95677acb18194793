//! The build stamp, `build/.build-stamp`: what a build was made from and for (a hash of every
//! input, the engine, the mode, the base URL), so `serve` can tell a current production build
//! from a stale one, a `dev` build or one made for another base URL.

use crate::Options;
use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use site_frontend::{Digests, Frontend, Sources};
use std::path::Path;

const FILE: &str = ".build-stamp";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// `build`: compressed, indexed, ready to deploy.
    Production,
    /// `dev`: uncompressed, pages listen for rebuilds; never to be served or deployed as is.
    Dev,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stamp {
    pub mode: Mode,
    pub base_url: String,
    /// Hash of every input file's name and contents.
    pub inputs: String,
    /// The engine binary that built it (a rebuilt engine may build differently).
    pub engine: String,
}

impl Stamp {
    /// A short name of the build: another build of other inputs, by another engine, for another
    /// base URL or mode has another (the service worker's caches are named after it).
    pub fn build_id(&self) -> String {
        let json = serde_json::to_string(self).unwrap_or_default();
        Sha256::digest(json.as_bytes()).iter().take(8).map(|b| format!("{b:02x}")).collect()
    }
}

/// Every input of a build: configuration, content, static files and the front end's sources.
pub fn sources(opts: &Options) -> Sources {
    let mut s =
        Sources { dirs: vec![opts.root.join("content"), opts.root.join("static")], files: vec![opts.config_file()] };
    s.extend(Frontend::new(&opts.frontend).sources());
    s
}

/// The engine binary's identity: its version, and the time and size of the file.
pub(crate) fn engine() -> String {
    let exe = std::env::current_exe().ok().and_then(|e| std::fs::metadata(e).ok());
    let identity = exe.map(|m| format!("{:?} {}", m.modified().ok(), m.len())).unwrap_or_default();
    format!("{} {identity}", env!("CARGO_PKG_VERSION"))
}

/// The stamp a build of the current inputs would have; `kept` holds the inputs' digests from
/// the last time (see [`Digests`]).
pub fn current(opts: &Options, mode: Mode, base_url: &str, kept: &mut Digests) -> Result<Stamp> {
    let inputs = sources(opts).hash_kept(&opts.root, "", kept)?;
    Ok(Stamp { mode, base_url: base_url.to_string(), inputs, engine: engine() })
}

pub fn write(out: &Path, stamp: &Stamp) -> Result<()> {
    let path = out.join(FILE);
    std::fs::write(&path, serde_json::to_string(stamp)?).with_context(|| format!("writing {}", path.display()))
}

/// The stamp of the build in `out`, if it has a readable one.
pub fn read(out: &Path) -> Option<Stamp> {
    serde_json::from_str(&std::fs::read_to_string(out.join(FILE)).ok()?).ok()
}
